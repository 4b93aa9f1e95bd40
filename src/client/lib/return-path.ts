import { safeReturnPath } from '@/client/config/paths';

/** localStorage key of the page to open after the next sign-in (e.g. a venue's join page). */
export const RETURN_PATH_KEY = 'bb:return-after-sign-in';
/** How long a remembered page stays wanted: 30 minutes (a magic link lives 15; the rest is reading the mail). */
export const RETURN_PATH_TTL_MS = 30 * 60 * 1000;

/**
 * Remembers `path` (a path on this site) as the page to open once the sign-in that is starting has finished, in
 * localStorage because a magic link usually opens in another tab. Storage that throws is ignored (the sign-in then ends
 * on the home page, as usual).
 */
export function rememberReturnPath(path: string, now = Date.now()): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    localStorage.setItem(RETURN_PATH_KEY, JSON.stringify({ path: safe, at: now }));
  } catch {
    // Private mode or full storage: nothing to remember.
  }
}

/**
 * The remembered page, once: it is forgotten as it is read. Null when none, when older than {@link RETURN_PATH_TTL_MS},
 * or when what is stored is not a path on this site.
 */
export function takeReturnPath(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(RETURN_PATH_KEY);
    localStorage.removeItem(RETURN_PATH_KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > RETURN_PATH_TTL_MS || at > now) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}
