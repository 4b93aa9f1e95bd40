import { useEffect } from 'react';

/** The part of the Screen Wake Lock API this hook uses (https://w3c.github.io/screen-wake-lock/). */
interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/**
 * Keeps the screen on while `active` (a kiosk menu on a bar's counter must not dim or lock): asks the browser for a
 * screen wake lock, asks again whenever the page becomes visible (browsers drop the lock when a page is hidden), and
 * releases it when `active` turns false or the component goes. Does nothing where the API is missing or refuses (no
 * permission, battery saver): the page works as before, only the screen may dim.
 * @param wakeLock the API to use (tests); default `navigator.wakeLock`.
 */
export function useScreenWakeLock(active: boolean, wakeLock?: WakeLockLike): void {
  useEffect(() => {
    const api = wakeLock ?? (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!active || !api) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      api.request('screen').then(
        (lock) => {
          if (stopped) void lock.release().catch(() => {});
          else sentinel = lock;
        },
        () => {},
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => {});
    };
  }, [active, wakeLock]);
}
