import { logDiagnostic } from '@/client/lib/diagnostic-log';
import { isDebugMode } from '@/client/lib/debug-mode';
import { postToNative } from '@/client/lib/native-bridge';
import { RC_REQUEST_TYPE, rcEventSchema, type RcEvent, type RcRequest } from '@/shared/schemas/payments';

/**
 * The page's side of the native wrapper's purchase messages (docs/product.md, Calls, "Native wrapper messages"):
 * - outgoing: `{type: 'RC_REQUEST', action, productId?}` as a window message and, when the iOS app's script handler is
 *   present, to `window.webkit.messageHandlers.revenueCat`;
 * - incoming: window messages `{type: 'RC_EVENT', name, data}` of exactly the shapes of `rcEventSchema`, from this page's own
 *   origin; anything else is ignored (and written to the diagnostic log in debug mode).
 * These messages only ever trigger a refresh from the server: no event grants anything on its own.
 */

/** Name of the iOS app's script message handler for purchases. */
export const REVENUECAT_HANDLER = 'revenueCat';

let ready: Promise<void> | null = null;

/**
 * Makes {@link sendWrapperRequest} wait for `whenReady` (the wrapper simulator registers its start-up here, so a request
 * sent while it is still starting is not lost). A failed start-up is logged and requests go out anyway.
 */
export function setWrapperReady(whenReady: Promise<void>): void {
  ready = whenReady.catch((error: unknown) => {
    logDiagnostic('warn', 'Wrapper did not start', { error: String(error) });
  });
}

/** A request to the wrapper without its `type` (added by {@link sendWrapperRequest}). */
export type WrapperRequest = RcRequest extends infer R ? (R extends RcRequest ? Omit<R, 'type'> : never) : never;

/**
 * Sends a request to the native wrapper: a same-origin window message and, when present, the iOS script handler.
 * @returns once sent (after the wrapper is ready). Never throws.
 */
export async function sendWrapperRequest(request: WrapperRequest): Promise<void> {
  if (ready) await ready;
  const message = { type: RC_REQUEST_TYPE, ...request } as RcRequest;
  try {
    window.postMessage(message, window.location.origin);
  } catch {
    // a detached window: the script handler below still gets it
  }
  postToNative(REVENUECAT_HANDLER, message);
}

/** Message types other parts of the app send on the same channel, never logged as ignored. */
const OTHER_MESSAGE_TYPES = new Set([RC_REQUEST_TYPE, 'APP_ENV']);

/**
 * Reads a window message as a wrapper event.
 * @returns the event when it has exactly one of the RC_EVENT shapes; null otherwise.
 */
export function parseWrapperEvent(data: unknown): RcEvent | null {
  const parsed = rcEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * Calls `onEvent` for every well-formed RC_EVENT message from this page's origin. In debug mode, RC_EVENT messages of
 * another shape and unknown message types are written to the diagnostic log as ignored.
 * @returns a function that removes the listener.
 */
export function listenForWrapperEvents(onEvent: (event: RcEvent) => void, target: Window = window): () => void {
  const onMessage = (message: MessageEvent) => {
    if (message.origin !== target.location.origin) return;
    const event = parseWrapperEvent(message.data);
    if (event) {
      onEvent(event);
      return;
    }
    const type = (message.data as { type?: unknown } | null)?.type;
    if (typeof type === 'string' && OTHER_MESSAGE_TYPES.has(type)) return;
    if (isDebugMode()) logDiagnostic('debug', 'Ignored a window message', { data: safeClone(message.data) });
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}

/** `value` as plain JSON for the log (or a note when it cannot be serialized). */
function safeClone(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value ?? null)) as unknown;
  } catch {
    return '[unserializable]';
  }
}
