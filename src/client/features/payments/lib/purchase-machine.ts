import type { RcEvent } from '@/shared/schemas/payments';

/**
 * The purchase and restore state machine (docs/product.md, States): idle -> processing (purchase start or restore
 * start) -> done on PURCHASE_UPDATED or RESTORE_COMPLETED, or back to idle with the error on ERROR ('Purchase error'
 * when the message is empty). Pure: the hook (use-purchase-flow.ts) runs the side effects.
 */

/** What is being done: a purchase of a product, or a restore. */
export type PurchaseKind = 'purchase' | 'restore';

/** The machine's state. `error` is the last failure shown in the paywall footer (cleared by the next start). */
export type PurchaseState =
  | { status: 'idle'; error: string | null }
  | { status: 'processing'; kind: PurchaseKind; productId: string | null; error: null }
  | {
      status: 'done';
      kind: PurchaseKind;
      productId: string | null;
      /** For a restore: the entitlements the store reported (the server still decides what counts). */
      reported: string[];
      error: null;
    };

/** What can happen to the machine. */
export type PurchaseAction =
  | { type: 'start'; kind: PurchaseKind; productId?: string | null }
  | { type: 'wrapper'; event: RcEvent }
  | { type: 'fail'; message: string }
  | { type: 'reset' };

/** The footer's text for an ERROR event without a message (docs/product.md, Error messages). */
export const DEFAULT_PURCHASE_ERROR = 'Purchase error';

/** The state the machine starts in. */
export const INITIAL_PURCHASE_STATE: PurchaseState = { status: 'idle', error: null };

/**
 * The next state. A start while processing is ignored (one purchase at a time); an ERROR event returns to idle with its
 * message (unless a purchase is already done); PURCHASE_UPDATED and RESTORE_COMPLETED only move a machine that is
 * processing, and either ends whichever is running (the store may answer a purchase of an owned product with a restore);
 * OFFERINGS never changes the state.
 */
export function purchaseReducer(state: PurchaseState, action: PurchaseAction): PurchaseState {
  switch (action.type) {
    case 'start':
      if (state.status === 'processing') return state;
      return { status: 'processing', kind: action.kind, productId: action.productId ?? null, error: null };
    case 'fail':
      return { status: 'idle', error: action.message || DEFAULT_PURCHASE_ERROR };
    case 'reset':
      return state.status === 'processing' ? state : { status: 'idle', error: state.error };
    case 'wrapper': {
      const { event } = action;
      if (event.name === 'ERROR') {
        // The wrapper's error shows whenever it comes, except over a purchase that is already done.
        if (state.status === 'done') return state;
        const message = event.data?.message?.trim();
        return { status: 'idle', error: message ? message : DEFAULT_PURCHASE_ERROR };
      }
      if (state.status !== 'processing') return state;
      if (event.name === 'PURCHASE_UPDATED') {
        return { status: 'done', kind: state.kind, productId: state.productId, reported: [], error: null };
      }
      if (event.name === 'RESTORE_COMPLETED') {
        return {
          status: 'done',
          kind: state.kind,
          productId: state.productId,
          reported: event.data.activeEntitlements,
          error: null,
        };
      }
      return state;
    }
    default:
      return state;
  }
}
