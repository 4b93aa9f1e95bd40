import { readItem, removeItem, writeItem } from './storage';

/** sessionStorage key remembering debug mode for the tab session. */
export const DEBUG_SESSION_KEY = 'bb:debug';

/**
 * Decides debug mode (docs/product.md, What Barback is: on when the query parameter debug equals 1).
 * `?debug=1` turns it on and remembers it for the tab session; `?debug=0` turns it off and forgets it; otherwise the
 * remembered value applies. Writes sessionStorage as a side effect.
 * @param search `location.search`, e.g. '?debug=1'
 * @returns true when debug mode is on
 */
export function resolveDebugMode(search: string): boolean {
  const param = new URLSearchParams(search).get('debug');
  if (param === '1') {
    writeItem(DEBUG_SESSION_KEY, '1', 'session');
    return true;
  }
  if (param === '0') {
    removeItem(DEBUG_SESSION_KEY, 'session');
    return false;
  }
  return readItem(DEBUG_SESSION_KEY, 'session') === '1';
}

let debugOn: boolean | null = null;
const listeners = new Set<() => void>();

/** Current debug mode; resolved from the page URL and session on first call. False outside a browser. */
export function isDebugMode(): boolean {
  if (debugOn === null) {
    if (typeof window === 'undefined') return false;
    debugOn = resolveDebugMode(window.location.search);
  }
  return debugOn;
}

/** Re-evaluates debug mode for a new URL (client-side navigation); notifies subscribers when it changes. */
export function syncDebugMode(search: string): boolean {
  const param = new URLSearchParams(search).get('debug');
  if (param !== '1' && param !== '0' && debugOn !== null) return debugOn;
  const next = resolveDebugMode(search);
  if (next !== debugOn) {
    debugOn = next;
    for (const listener of listeners) listener();
  }
  return next;
}

/** Subscribes to debug-mode changes; returns the unsubscribe function. */
export function subscribeDebugMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
