// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForWrapperEvents, parseWrapperEvent, sendWrapperRequest } from './wrapper-bridge';

afterEach(() => {
  delete window.webkit;
});

describe('wrapper messages', () => {
  it('acts only on RC_EVENT messages of exactly the documented shapes', () => {
    const offerings = {
      type: 'RC_EVENT',
      name: 'OFFERINGS',
      data: { monthly: { price: '$4.99', productId: 'm' }, annual: { price: '$45.00', productId: 'a' } },
    };
    expect(parseWrapperEvent(offerings)).toEqual(offerings);
    expect(parseWrapperEvent({ type: 'RC_EVENT', name: 'ERROR', data: { message: 'x' } })).not.toBeNull();
    expect(parseWrapperEvent({ type: 'RC_EVENT', name: 'PURCHASE_UPDATED' })).not.toBeNull();
    expect(
      parseWrapperEvent({ type: 'RC_EVENT', name: 'RESTORE_COMPLETED', data: { activeEntitlements: [] } }),
    ).not.toBeNull();
    // Extra fields, wrong names and missing data are ignored.
    expect(parseWrapperEvent({ ...offerings, entitlements: ['pro'] })).toBeNull();
    expect(parseWrapperEvent({ type: 'RC_EVENT', name: 'GRANT_PRO' })).toBeNull();
    expect(parseWrapperEvent({ type: 'RC_EVENT', name: 'RESTORE_COMPLETED' })).toBeNull();
    expect(parseWrapperEvent({ type: 'RC_EVENT', name: 'OFFERINGS', data: { monthly: { price: '$1' } } })).toBeNull();
    expect(parseWrapperEvent('RC_EVENT')).toBeNull();
    expect(parseWrapperEvent(null)).toBeNull();
  });

  it('sends a request as a window message and to the iOS script handler', async () => {
    const handler = vi.fn();
    window.webkit = { messageHandlers: { revenueCat: { postMessage: handler } } };
    const seen: unknown[] = [];
    const onMessage = (message: MessageEvent) => seen.push(message.data);
    window.addEventListener('message', onMessage);
    await sendWrapperRequest({ action: 'PURCHASE', productId: 'app.barback.pro.annual' });
    expect(handler).toHaveBeenCalledWith({
      type: 'RC_REQUEST',
      action: 'PURCHASE',
      productId: 'app.barback.pro.annual',
    });
    await vi.waitFor(() =>
      expect(seen).toContainEqual({ type: 'RC_REQUEST', action: 'PURCHASE', productId: 'app.barback.pro.annual' }),
    );
    window.removeEventListener('message', onMessage);
  });

  it('hears well-formed events from its own origin only', async () => {
    const heard: unknown[] = [];
    const stop = listenForWrapperEvents((event) => heard.push(event.name));
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'RC_EVENT', name: 'PURCHASE_UPDATED' },
        origin: 'https://evil.test',
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'RC_EVENT', name: 'NOPE' }, origin: window.location.origin }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'RC_EVENT', name: 'PURCHASE_UPDATED' },
        origin: window.location.origin,
      }),
    );
    stop();
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'RC_EVENT', name: 'PURCHASE_UPDATED' },
        origin: window.location.origin,
      }),
    );
    expect(heard).toEqual(['PURCHASE_UPDATED']);
  });
});
