import { getStorage, writeItem, type StorageArea } from '@/client/lib/storage';
import { SIGNED_IN_HINT_ATTRIBUTE } from '@/shared/first-paint';

/**
 * Local traces of a sign-in (docs/product.md, States, "Sign-out": clear the stored auth keys from local and session
 * storage). Barback's own auth keys start with 'bb:auth'; better-auth's browser client keeps its keys under
 * 'better-auth'.
 */
export const AUTH_STORAGE_PREFIXES = ['bb:auth', 'better-auth'] as const;

/**
 * localStorage key: the id of the last session whose sign-in was counted (registration/login), so it counts once, in
 * every tab.
 */
export const COUNTED_SIGN_IN_KEY = 'bb:auth:counted-session';

/**
 * localStorage key: 'signed-in' or 'signed-out', the last known state, so the shell's placeholder has the right size. It
 * names no one and holds no credential, and it lives outside the 'bb:auth' prefix on purpose: sign-out sets it to
 * 'signed-out' rather than removing it.
 */
export const AUTH_HINT_KEY = 'bb:shell:auth-hint';

function clearArea(area: StorageArea): string[] {
  const storage = getStorage(area);
  if (!storage) return [];
  const removed: string[] = [];
  try {
    for (let index = storage.length - 1; index >= 0; index -= 1) {
      const key = storage.key(index);
      if (key && AUTH_STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix))) removed.push(key);
    }
    for (const key of removed) storage.removeItem(key);
  } catch {
    // Storage unavailable (private mode, denied): nothing of ours can be in it.
  }
  return removed;
}

/**
 * Removes every auth key (prefixes {@link AUTH_STORAGE_PREFIXES}) from localStorage and sessionStorage. Never throws.
 * @returns the keys removed, local first.
 */
export function clearLocalAuthState(): string[] {
  return [...clearArea('local'), ...clearArea('session')];
}

/**
 * Remembers the last known auth state ({@link AUTH_HINT_KEY}) and tells the page at once: `<html>` carries
 * SIGNED_IN_HINT_ATTRIBUTE exactly while signed in, so what the first paint hid for a signed-in visitor (the home
 * page's Sign Up and favorites prompt) shows again as soon as they sign out, not at the next load.
 */
export function rememberAuthHint(hint: 'signed-in' | 'signed-out'): void {
  writeItem(AUTH_HINT_KEY, hint);
  if (typeof document !== 'undefined') {
    document.documentElement.toggleAttribute(SIGNED_IN_HINT_ATTRIBUTE, hint === 'signed-in');
  }
}
