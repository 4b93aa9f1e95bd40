import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RcEvent } from '@/shared/schemas/payments';
import {
  DEFAULT_PURCHASE_ERROR,
  INITIAL_PURCHASE_STATE,
  purchaseReducer,
  type PurchaseAction,
} from './purchase-machine';

const event = (e: Omit<RcEvent, 'type'>): PurchaseAction => ({
  type: 'wrapper',
  event: { type: 'RC_EVENT', ...e } as RcEvent,
});

describe('the purchase state machine', () => {
  it('goes idle -> processing -> done on PURCHASE_UPDATED', () => {
    const processing = purchaseReducer(INITIAL_PURCHASE_STATE, { type: 'start', kind: 'purchase', productId: 'p' });
    expect(processing).toEqual({ status: 'processing', kind: 'purchase', productId: 'p', error: null });
    expect(purchaseReducer(processing, event({ name: 'PURCHASE_UPDATED' }))).toEqual({
      status: 'done',
      kind: 'purchase',
      productId: 'p',
      reported: [],
      error: null,
    });
  });

  it('ends a restore on RESTORE_COMPLETED with what the store reported', () => {
    const processing = purchaseReducer(INITIAL_PURCHASE_STATE, { type: 'start', kind: 'restore' });
    const done = purchaseReducer(
      processing,
      event({ name: 'RESTORE_COMPLETED', data: { activeEntitlements: ['pro'] } }),
    );
    expect(done).toMatchObject({ status: 'done', kind: 'restore', reported: ['pro'] });
  });

  it("goes back to idle with the wrapper's message, or 'Purchase error' when it is empty", () => {
    const processing = purchaseReducer(INITIAL_PURCHASE_STATE, { type: 'start', kind: 'purchase', productId: 'p' });
    expect(purchaseReducer(processing, event({ name: 'ERROR', data: { message: 'Card declined' } }))).toEqual({
      status: 'idle',
      error: 'Card declined',
    });
    expect(purchaseReducer(processing, event({ name: 'ERROR', data: { message: '  ' } }))).toEqual({
      status: 'idle',
      error: DEFAULT_PURCHASE_ERROR,
    });
    expect(purchaseReducer(processing, event({ name: 'ERROR' }))).toEqual({ status: 'idle', error: 'Purchase error' });
  });

  it('clears the last error on the next start and ignores a second start while processing', () => {
    const failed = purchaseReducer(INITIAL_PURCHASE_STATE, { type: 'fail', message: 'nope' });
    const started = purchaseReducer(failed, { type: 'start', kind: 'restore' });
    expect(started.error).toBeNull();
    expect(purchaseReducer(started, { type: 'start', kind: 'purchase', productId: 'x' })).toBe(started);
  });

  it('never reaches done from idle, whatever the wrapper sends (property)', () => {
    const events = fc.constantFrom<PurchaseAction>(
      event({ name: 'PURCHASE_UPDATED' }),
      event({ name: 'RESTORE_COMPLETED', data: { activeEntitlements: ['pro', 'enterprise'] } }),
      event({
        name: 'OFFERINGS',
        data: { monthly: { price: '$1', productId: 'a' }, annual: { price: '$2', productId: 'b' } },
      }),
      event({ name: 'ERROR', data: { message: 'x' } }),
      { type: 'reset' },
    );
    fc.assert(
      fc.property(fc.array(events, { maxLength: 20 }), (actions) => {
        const end = actions.reduce(purchaseReducer, INITIAL_PURCHASE_STATE);
        expect(end.status).toBe('idle');
      }),
    );
  });
});
