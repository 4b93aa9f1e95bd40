import { apiFetch } from '@/client/lib/api-client';
import { logDiagnostic } from '@/client/lib/diagnostic-log';
import { readJson, writeJson } from '@/client/lib/storage';
import {
  RC_EVENT_TYPE,
  rcRequestSchema,
  simulatedStoreResultSchema,
  wrapperSimulatorInfoSchema,
  type RcEvent,
  type SimulatedReceipt,
} from '@/shared/schemas/payments';
import { REVENUECAT_HANDLER, setWrapperReady } from './wrapper-bridge';

/**
 * The wrapper simulator (development and tests): it plays the iOS app's side of the purchase messages in a plain browser.
 * Turned on with `?app=ios&wrapper=sim` (remembered for the tab), it asks the server whether its simulator is on
 * (`GET /api/wrapper-sim`: development, or WRAPPER_SIMULATOR=1), then installs itself as
 * `window.webkit.messageHandlers.revenueCat`, exactly where the iOS app's handler would be:
 * - GET_OFFERINGS -> an OFFERINGS event with the server's simulated prices;
 * - PURCHASE -> the server sends itself a correctly authorised RevenueCat webhook for the signed-in user, then
 *   PURCHASE_UPDATED (or ERROR with the server's message); the receipt is remembered for this browser, like an Apple ID's;
 * - RESTORE -> the server transfers this browser's receipts bought by another account, then RESTORE_COMPLETED with the
 *   entitlements the server now holds for the user.
 * The page never learns anything from the simulator that the server did not decide.
 */

/** localStorage key of the simulated device's receipts. */
export const WRAPPER_SIM_RECEIPTS_KEY = 'bb:wrapper-sim-receipts';
/** How long the simulated store sheet "takes", ms: long enough to see the processing state, short for tests. */
export const SIMULATED_STORE_DELAY_MS = 400;

function readReceipts(): SimulatedReceipt[] {
  const stored = readJson(WRAPPER_SIM_RECEIPTS_KEY);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (receipt): receipt is SimulatedReceipt =>
      typeof receipt === 'object' &&
      receipt !== null &&
      typeof (receipt as SimulatedReceipt).productId === 'string' &&
      typeof (receipt as SimulatedReceipt).appUserId === 'string' &&
      typeof (receipt as SimulatedReceipt).signature === 'string',
  );
}

function post(event: RcEvent): void {
  window.postMessage(event, window.location.origin);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function handle(message: unknown): Promise<void> {
  const parsed = rcRequestSchema.safeParse(message);
  if (!parsed.success) return;
  const request = parsed.data;
  try {
    if (request.action === 'GET_OFFERINGS') {
      const info = await apiFetch('/api/wrapper-sim', wrapperSimulatorInfoSchema);
      post({ type: RC_EVENT_TYPE, name: 'OFFERINGS', data: info.offerings });
      return;
    }
    await pause(SIMULATED_STORE_DELAY_MS);
    if (request.action === 'PURCHASE') {
      const result = await apiFetch('/api/wrapper-sim/purchase', simulatedStoreResultSchema, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ productId: request.productId }),
      });
      const { receipt } = result;
      if (receipt) {
        const others = readReceipts().filter((stored) => stored.productId !== receipt.productId);
        writeJson(WRAPPER_SIM_RECEIPTS_KEY, [...others, receipt]);
      }
      post({ type: RC_EVENT_TYPE, name: 'PURCHASE_UPDATED', data: { productId: request.productId } });
      return;
    }
    const result = await apiFetch('/api/wrapper-sim/restore', simulatedStoreResultSchema, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ receipts: readReceipts().slice(-20) }),
    });
    post({ type: RC_EVENT_TYPE, name: 'RESTORE_COMPLETED', data: { activeEntitlements: result.activeEntitlements } });
  } catch (error) {
    logDiagnostic('warn', 'Wrapper simulator failed', { action: request.action, error: String(error) });
    post({ type: RC_EVENT_TYPE, name: 'ERROR', data: { message: (error as Error).message || 'Purchase error' } });
  }
}

let started: Promise<boolean> | null = null;

/**
 * Starts the simulator once per page: asks the server whether its simulator is on and, if so, installs the script handler.
 * Requests sent meanwhile wait for it (see setWrapperReady).
 * @returns true when the simulator runs; false when the server has it off (logged to the diagnostic log).
 */
export function startWrapperSimulator(): Promise<boolean> {
  started ??= (async () => {
    try {
      await apiFetch('/api/wrapper-sim', wrapperSimulatorInfoSchema);
    } catch (error) {
      logDiagnostic('warn', 'Wrapper simulator is off on this server', { error: String(error) });
      return false;
    }
    window.webkit ??= {};
    window.webkit.messageHandlers ??= {};
    window.webkit.messageHandlers[REVENUECAT_HANDLER] = { postMessage: (message) => void handle(message) };
    logDiagnostic('info', 'Wrapper simulator ready');
    return true;
  })();
  setWrapperReady(started.then(() => undefined));
  return started;
}
