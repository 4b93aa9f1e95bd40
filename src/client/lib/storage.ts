/**
 * Safe wrappers around Web Storage. Private browsing modes, disabled cookies and sandboxed frames can make `localStorage`
 * throw on access or on write; these helpers turn such failures into `null` / `false` instead of crashing the app.
 */

/** Which Web Storage area to use. */
export type StorageArea = 'local' | 'session';

/** The Storage object for `area`, or null when storage is unavailable (no window, access denied). Never throws. */
export function getStorage(area: StorageArea = 'local'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads `key`; null when absent or when storage is unavailable. Never throws. */
export function readItem(key: string, area: StorageArea = 'local'): string | null {
  try {
    return getStorage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes `key` = `value`; returns false when storage is unavailable or full. Never throws. */
export function writeItem(key: string, value: string, area: StorageArea = 'local'): boolean {
  try {
    const storage = getStorage(area);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes `key`; returns false when storage is unavailable. Never throws. */
export function removeItem(key: string, area: StorageArea = 'local'): boolean {
  try {
    const storage = getStorage(area);
    if (!storage) return false;
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** Reads `key` and parses it as JSON; null when absent, unreadable or not valid JSON. Never throws. */
export function readJson(key: string, area: StorageArea = 'local'): unknown {
  const raw = readItem(key, area);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Serializes `value` as JSON under `key`; false when storage is unavailable or full. Never throws. */
export function writeJson(key: string, value: unknown, area: StorageArea = 'local'): boolean {
  try {
    return writeItem(key, JSON.stringify(value), area);
  } catch {
    return false;
  }
}
