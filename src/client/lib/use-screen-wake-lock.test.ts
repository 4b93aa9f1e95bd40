// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useScreenWakeLock } from './use-screen-wake-lock';

/** A fake Screen Wake Lock API that records what was asked and released. */
function fakeWakeLock(refuse = false) {
  const locks: { released: boolean; release: () => Promise<void> }[] = [];
  const api = {
    request: vi.fn(async () => {
      if (refuse) throw new DOMException('not allowed', 'NotAllowedError');
      const lock = {
        released: false,
        release: vi.fn(async () => {
          lock.released = true;
        }),
      };
      locks.push(lock);
      return lock;
    }),
  };
  return { api, locks };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('useScreenWakeLock', () => {
  it('holds a screen lock while active and releases it when it stops', async () => {
    const { api, locks } = fakeWakeLock();
    const { rerender, unmount } = renderHook(({ active }) => useScreenWakeLock(active, api), {
      initialProps: { active: true },
    });
    await settle();
    expect(api.request).toHaveBeenCalledWith('screen');
    expect(locks).toHaveLength(1);
    rerender({ active: false });
    expect(locks[0]!.released).toBe(true);
    unmount();
  });

  it('asks again when the page comes back after the browser dropped the lock', async () => {
    const { api, locks } = fakeWakeLock();
    const { unmount } = renderHook(() => useScreenWakeLock(true, api));
    await settle();
    locks[0]!.released = true; // the browser releases it when the page is hidden
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(locks).toHaveLength(2);
    unmount();
    expect(locks[1]!.released).toBe(true);
  });

  it('asks for nothing when inactive, and a refusal changes nothing', async () => {
    const idle = fakeWakeLock();
    renderHook(() => useScreenWakeLock(false, idle.api));
    await settle();
    expect(idle.api.request).not.toHaveBeenCalled();
    const refusing = fakeWakeLock(true);
    const { unmount } = renderHook(() => useScreenWakeLock(true, refusing.api));
    await settle();
    expect(refusing.api.request).toHaveBeenCalledTimes(1);
    unmount();
  });
});
