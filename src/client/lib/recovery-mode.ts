import { RECOVERY_LINK } from '@/shared/recovery-link';

/**
 * Recovery mode (docs/product.md, States, "Password recovery mode"): entered when the page's URL carries
 * `type=recovery` with a token (`token`, `access_token` or `refresh_token`, in the query or the fragment). The flag and
 * the time it was set are kept in sessionStorage (docs/product.md, Records, "Local flags"), the token parameters are
 * stripped from the address at once (history replaced), and the mode ends after {@link RECOVERY_MODE_TTL_MS}, when the
 * user leaves it, or at sign-out (its key has the 'bb:auth' prefix sign-out clears). No dependency: the client's entry
 * calls {@link captureRecoveryUrl} before anything else reads the URL.
 */

/** sessionStorage key of the flag: JSON `{ enteredAt }` (ms since the epoch). */
export const RECOVERY_MODE_KEY = 'bb:auth:recovery-mode';
/** How long recovery mode lasts: 60 minutes (docs/product.md, Constants and limits, "Recovery mode expiry"), ms. */
export const RECOVERY_MODE_TTL_MS = 60 * 60 * 1000;

/** Recovery mode as the page sees it: inactive, or active since `enteredAt` until `expiresAt` (ms since the epoch). */
export type RecoveryModeState = { active: false } | { active: true; enteredAt: number; expiresAt: number };

const INACTIVE: RecoveryModeState = { active: false };

/** What the recovery helpers touch: the browser's by default, fakes in tests. */
export interface RecoveryEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now: () => number;
}

function browserStorage(): RecoveryEnvironment['storage'] {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const defaultEnvironment = (): RecoveryEnvironment => ({ storage: browserStorage(), now: Date.now });

const listeners = new Set<() => void>();
let snapshot: RecoveryModeState | null = null;

function changed(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

/** A URL's recovery parameters: whether it is a recovery URL, the magic-link token if any, and the URL without them. */
export interface RecoveryUrl {
  /** The one-time token to exchange for a session (`token`), or null when only other credentials were given. */
  token: string | null;
  /** The same URL (path, other query parameters, other fragment parameters) without `type` and the token parameters. */
  cleaned: string;
}

/**
 * Reads a recovery URL: `type=recovery` and at least one of RECOVERY_LINK.credentialParams, each in the query or the
 * fragment. @returns null when `href` is not one.
 */
export function parseRecoveryUrl(href: string): RecoveryUrl | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const fragment = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  const read = (name: string) => url.searchParams.get(name) ?? fragment.get(name);
  if (read('type') !== RECOVERY_LINK.type) return null;
  if (!RECOVERY_LINK.credentialParams.some((name) => read(name))) return null;
  const token = read(RECOVERY_LINK.tokenParam);
  for (const name of ['type', ...RECOVERY_LINK.credentialParams, 'expires_in', 'expires_at', 'token_type']) {
    url.searchParams.delete(name);
    fragment.delete(name);
  }
  const rest = fragment.toString();
  url.hash = rest ? `#${rest}` : '';
  return { token: token || null, cleaned: `${url.pathname}${url.search}${url.hash}` };
}

/** Enters recovery mode now: stores the flag with the time. @returns false when session storage is unavailable. */
export function enterRecoveryMode(env: RecoveryEnvironment = defaultEnvironment()): boolean {
  try {
    if (!env.storage) return false;
    env.storage.setItem(RECOVERY_MODE_KEY, JSON.stringify({ enteredAt: env.now() }));
    return true;
  } catch {
    return false;
  } finally {
    changed();
  }
}

/** Leaves recovery mode (the user is done, the sign-in failed, or it expired). Never throws. */
export function leaveRecoveryMode(env: RecoveryEnvironment = defaultEnvironment()): void {
  try {
    env.storage?.removeItem(RECOVERY_MODE_KEY);
  } catch {
    // Storage unavailable: there was no flag to remove.
  }
  changed();
}

/**
 * Recovery mode now: active from the stored flag until 60 minutes after it was set. An expired (or unreadable, or
 * future-dated) flag is cleared as it is read.
 */
export function readRecoveryMode(env: RecoveryEnvironment = defaultEnvironment()): RecoveryModeState {
  let raw: string | null;
  try {
    raw = env.storage?.getItem(RECOVERY_MODE_KEY) ?? null;
  } catch {
    return INACTIVE;
  }
  if (raw === null) return INACTIVE;
  let enteredAt: unknown;
  try {
    enteredAt = (JSON.parse(raw) as { enteredAt?: unknown } | null)?.enteredAt;
  } catch {
    enteredAt = undefined;
  }
  const now = env.now();
  if (typeof enteredAt !== 'number' || enteredAt > now || now - enteredAt >= RECOVERY_MODE_TTL_MS) {
    try {
      env.storage?.removeItem(RECOVERY_MODE_KEY);
    } catch {
      // Nothing to clear.
    }
    return INACTIVE;
  }
  return { active: true, enteredAt, expiresAt: enteredAt + RECOVERY_MODE_TTL_MS };
}

/**
 * Handles a recovery URL on arrival, before anything else reads the address: enters recovery mode and replaces the
 * history entry with the address stripped of its token parameters.
 * @param location the page's location (`href`)
 * @param history where the stripped address replaces the current entry
 * @param env storage and clock (default: sessionStorage and Date.now, read only when the URL is a recovery link)
 * @returns the magic-link token to exchange for a session (null when the URL held none), or null when it is no recovery URL
 */
export function captureRecoveryUrl(
  location: Pick<Location, 'href'>,
  history: Pick<History, 'replaceState' | 'state'>,
  env?: RecoveryEnvironment,
): RecoveryUrl | null {
  const recovery = parseRecoveryUrl(location.href);
  if (!recovery) return null;
  history.replaceState(history.state, '', recovery.cleaned);
  // sessionStorage only for a recovery link: its first use in a page is a synchronous call to the browser, which
  // the entry's start-up task would otherwise pay on every page load.
  enterRecoveryMode(env ?? defaultEnvironment());
  return recovery;
}

/** Subscribes to changes of recovery mode made by this page (enter, leave). @returns the unsubscribe function. */
export function subscribeRecoveryMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current state, kept between changes so React's useSyncExternalStore sees a stable value. */
export function recoveryModeSnapshot(): RecoveryModeState {
  snapshot ??= readRecoveryMode();
  return snapshot;
}

/** Forgets the kept state (when the clock passed the expiry), so the next snapshot reads storage again. */
export function refreshRecoveryMode(): void {
  changed();
}
