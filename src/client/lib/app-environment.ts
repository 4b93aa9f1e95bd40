import { readJson, writeJson } from './storage';

/**
 * The environment the app runs in (docs/product.md: Screens, Records, States): the native iOS wrapper, a plain browser,
 * or a Toast device (a point-of-sale tablet where purchases are never offered).
 */
export const APP_PLATFORMS = ['ios', 'web', 'toast'] as const;
/** One of ios / web / toast. */
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** How the page is hosted: inside the iOS app's web view, a normal browser, or a Toast device's browser. */
export type AppWrapper = 'ios-webview' | 'browser' | 'toast-device';

/**
 * The persisted environment record (docs/product.md, Records, "App environment": platform, wrapper, isNativeApp,
 * isToast).
 */
export interface AppEnvironment {
  platform: AppPlatform;
  wrapper: AppWrapper;
  /** True only inside the native iOS wrapper. */
  isNativeApp: boolean;
  /** True on Toast devices. */
  isToast: boolean;
}

/** localStorage key holding the last resolved {@link AppEnvironment} as JSON. */
export const APP_ENV_STORAGE_KEY = 'bb:app-env';

/** `type` of the window message that sets the environment: `{ type: 'APP_ENV', env | app | platform: 'ios'|'web'|'toast' }`. */
export const APP_ENV_MESSAGE_TYPE = 'APP_ENV';

const WRAPPER_BY_PLATFORM: Record<AppPlatform, AppWrapper> = {
  ios: 'ios-webview',
  web: 'browser',
  toast: 'toast-device',
};

/** Normalizes a platform name ('iOS ', 'WEB') to an {@link AppPlatform}; null for anything else. */
export function parseAppPlatform(value: unknown): AppPlatform | null {
  if (typeof value !== 'string') return null;
  const normalized = value.trim().toLowerCase();
  return (APP_PLATFORMS as readonly string[]).includes(normalized) ? (normalized as AppPlatform) : null;
}

/** The full environment record for `platform`. */
export function environmentFor(platform: AppPlatform): AppEnvironment {
  return {
    platform,
    wrapper: WRAPPER_BY_PLATFORM[platform],
    isNativeApp: platform === 'ios',
    isToast: platform === 'toast',
  };
}

/** True when `value` is a well-formed stored environment record. */
function isAppEnvironment(value: unknown): value is AppEnvironment {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const platform = parseAppPlatform(record.platform);
  return (
    platform !== null &&
    record.wrapper === WRAPPER_BY_PLATFORM[platform] &&
    record.isNativeApp === (platform === 'ios') &&
    record.isToast === (platform === 'toast')
  );
}

/** Inputs of {@link resolveAppEnvironment}; every field is optional so callers pass what they have. */
export interface AppEnvironmentHints {
  /** `location.search`, e.g. '?app=ios'. */
  search?: string;
  /** `navigator.userAgent`. */
  userAgent?: string;
  /** `window.__BB_APP_ENV__`, set by a wrapper before the page loads (a platform name or any text containing 'toast'). */
  globalHint?: unknown;
  /** What localStorage 'bb:app-env' held (parsed JSON), if anything. */
  stored?: unknown;
}

/** True when a hint (a string, or an object serialized to text) mentions 'toast', case-insensitively. */
function mentionsToast(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return false;
  }
  return typeof text === 'string' && text.toLowerCase().includes('toast');
}

/**
 * Decides the environment from what the page can see, strongest signal first:
 * 1. the `app` query parameter (`?app=ios|web|toast`);
 * 2. a global hint (`window.__BB_APP_ENV__`): a platform name, or any text containing 'toast';
 * 3. a user agent containing 'toast';
 * 4. the persisted record from an earlier visit;
 * 5. otherwise 'web'.
 * A later `APP_ENV` window message may still override the result at run time (see {@link platformFromMessage}).
 * Pure: reads nothing global, never throws.
 */
export function resolveAppEnvironment(hints: AppEnvironmentHints): AppEnvironment {
  const fromQuery = parseAppPlatform(new URLSearchParams(hints.search ?? '').get('app'));
  if (fromQuery) return environmentFor(fromQuery);
  const fromGlobal = parseAppPlatform(hints.globalHint);
  if (fromGlobal) return environmentFor(fromGlobal);
  if (mentionsToast(hints.globalHint) || mentionsToast(hints.userAgent)) return environmentFor('toast');
  if (isAppEnvironment(hints.stored)) return environmentFor(hints.stored.platform);
  return environmentFor('web');
}

/**
 * Reads the platform from a window message: `{ type: 'APP_ENV', env | app | platform: 'ios' | 'web' | 'toast' }`.
 * @returns the platform, or null when the message is not a well-formed APP_ENV message.
 */
export function platformFromMessage(data: unknown): AppPlatform | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== APP_ENV_MESSAGE_TYPE) return null;
  return parseAppPlatform(message.env) ?? parseAppPlatform(message.app) ?? parseAppPlatform(message.platform);
}

/** The stored record in localStorage 'bb:app-env', or null when absent or malformed. */
export function readStoredAppEnvironment(): AppEnvironment | null {
  const stored = readJson(APP_ENV_STORAGE_KEY);
  return isAppEnvironment(stored) ? stored : null;
}

/** Persists `env` to localStorage 'bb:app-env'; false when storage is unavailable. */
export function persistAppEnvironment(env: AppEnvironment): boolean {
  return writeJson(APP_ENV_STORAGE_KEY, env);
}

declare global {
  interface Window {
    /** Set by a wrapper (e.g. a Toast device build) before the app loads; see {@link resolveAppEnvironment}. */
    __BB_APP_ENV__?: unknown;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Live store: one current environment for the page, observable from React through useSyncExternalStore.

let current: AppEnvironment | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * The current environment. On first call it resolves from the page (location, user agent, global hint, storage) and
 * persists the result. Falls back to 'web' outside a browser.
 */
export function getAppEnvironment(): AppEnvironment {
  if (current) return current;
  if (typeof window === 'undefined') return environmentFor('web');
  current = resolveAppEnvironment({
    search: window.location.search,
    userAgent: window.navigator.userAgent,
    globalHint: window.__BB_APP_ENV__,
    stored: readJson(APP_ENV_STORAGE_KEY),
  });
  persistAppEnvironment(current);
  return current;
}

/** Sets the environment to `platform`, persists it and notifies subscribers (no-op when unchanged). */
export function setAppPlatform(platform: AppPlatform): AppEnvironment {
  const next = environmentFor(platform);
  const before = getAppEnvironment();
  current = next;
  persistAppEnvironment(next);
  if (before.platform !== next.platform) notify();
  return next;
}

/** Subscribes to environment changes; returns the unsubscribe function. */
export function subscribeAppEnvironment(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Listens for `APP_ENV` window messages (sent by the native wrapper) and applies them.
 * @returns a function that removes the listener.
 */
export function listenForAppEnvironmentMessages(target: Window = window): () => void {
  const onMessage = (event: MessageEvent) => {
    const platform = platformFromMessage(event.data);
    if (platform) setAppPlatform(platform);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}

/** Forgets the resolved environment so the next {@link getAppEnvironment} re-reads the page. For tests. */
export function resetAppEnvironmentForTests(): void {
  current = null;
  listeners.clear();
}
