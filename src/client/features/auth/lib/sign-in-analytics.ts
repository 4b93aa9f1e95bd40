import { paths } from '@/client/config/paths';
import { track } from '@/client/lib/analytics';
import { onAuthStateChange, type AuthEvent } from '@/client/lib/auth-events';
import { readItem, writeItem } from '@/client/lib/storage';
import type { SessionData } from '@/shared/schemas/session';
import { readCallbackParams, type CallbackParams } from './callback-params';
import { COUNTED_SIGN_IN_KEY } from './local-auth-state';

/**
 * Registration vs login (docs/product.md, States, "Auth": on a first sign-in where created_at equals updated_at the
 * user counts as newly registered, otherwise as a login). A user record that was never updated is also what a returning
 * user who never changed anything looks like, so the rule is narrowed to users created within the last {@link
 * NEW_USER_WINDOW_MS}; the magic link's `?new=1` (better-auth's newUserCallbackURL) says "new" outright.
 *
 * It is decided once, from the auth events ({@link startSignInAnalytics}): a SIGNED_IN heard while the sign-in callback
 * page's context is noted ({@link noteSignInContext}) is counted, once per session id. Every sign-in lands on that page
 * (magic links, providers, the second factor), so a SIGNED_IN anywhere else is not a sign-in: a page load or another
 * tab noticing an existing session, or the server replacing the session (turning two-factor on).
 */

/** How recent a user record must be to count as created by this sign-in, ms (a sign-in flow fits well inside it). */
export const NEW_USER_WINDOW_MS = 15 * 60 * 1000;

/** The user fields the rule reads (ISO 8601 strings). */
export interface SignInUser {
  createdAt: string;
  updatedAt: string;
}

/**
 * Decides whether a sign-in created the account.
 * @param user the signed-in user
 * @param options.newUserHint true when the callback URL says the user is new (`?new=1`)
 * @param options.now the current time, ms since the epoch
 */
export function isNewRegistration(
  user: SignInUser,
  { newUserHint = false, now = Date.now() }: { newUserHint?: boolean; now?: number } = {},
): boolean {
  if (newUserHint) return true;
  const created = Date.parse(user.createdAt);
  const updated = Date.parse(user.updatedAt);
  if (Number.isNaN(created) || Number.isNaN(updated)) return false;
  return Math.abs(updated - created) < 1000 && now - created < NEW_USER_WINDOW_MS;
}

/**
 * Tracks `registration` or `login` for the sign-in that produced session `sessionId`, once: a reload of the callback page,
 * or the same sign-in seen in another tab, does not count it again (the counted session id is kept in localStorage under
 * {@link COUNTED_SIGN_IN_KEY}, which sign-out clears).
 * @param method how the user signed in ('magic-link', 'google', 'facebook', 'two-factor', or 'unknown')
 * @returns the event tracked, or null when this session was already counted.
 */
export function trackSignIn(
  sessionId: string,
  user: SignInUser,
  {
    method = 'unknown',
    newUserHint = false,
    now = Date.now(),
  }: { method?: string; newUserHint?: boolean; now?: number } = {},
): 'registration' | 'login' | null {
  if (sessionId !== '' && readItem(COUNTED_SIGN_IN_KEY) === sessionId) return null;
  const type = isNewRegistration(user, { newUserHint, now }) ? 'registration' : 'login';
  track(type, { method, source: 'client' });
  if (sessionId !== '') writeItem(COUNTED_SIGN_IN_KEY, sessionId);
  return type;
}

/** What the sign-in callback page knows about the sign-in that brought the user to it (from its URL). */
export interface SignInContext {
  /** How the user signed in: 'magic-link', 'google', 'facebook', 'two-factor' or 'unknown'. */
  method: string;
  /** True when the URL says the user is new (`?new=1`). */
  newUserHint: boolean;
  /** True while the second factor is still owed (`?twoFactor=1`): no SIGNED_IN counts until MFA_CHALLENGE_VERIFIED. */
  secondFactor: boolean;
}

/** The sign-in the callback page is finishing, or null when no callback page is showing. */
let pendingContext: SignInContext | null = null;

/**
 * The context of the callback URL's sign-in, or null when the URL reports an error (no sign-in happened). A sign-in that
 * needed the second factor and names no method counts as 'two-factor'.
 */
export function signInContextFromCallback(params: CallbackParams): SignInContext | null {
  if (params.error) return null;
  return {
    method: params.twoFactor && params.method === 'unknown' ? 'two-factor' : params.method,
    newUserHint: params.newUser,
    secondFactor: params.twoFactor,
  };
}

/**
 * Notes the sign-in the callback page is finishing (or null when the page goes away): a SIGNED_IN heard while it is noted
 * is counted, with its method and `new=1` hint (once per session id). Called by the callback page while it shows, and at
 * app start when the page was loaded at /auth/callback (the page's code loads after the shell, and the shell's own
 * session read can answer first).
 */
export function noteSignInContext(context: SignInContext | null): void {
  pendingContext = context;
}

/** The one auth-event listener of the registration-or-login rule (see the module comment). */
function countSignIn(event: AuthEvent, session: SessionData | null): void {
  const context = pendingContext;
  if (!context) return;
  if (event === 'MFA_CHALLENGE_VERIFIED') {
    pendingContext = { ...context, secondFactor: false };
    return;
  }
  if (event !== 'SIGNED_IN' || !session || context.secondFactor) return;
  trackSignIn(session.session.id, session.user, { method: context.method, newUserHint: context.newUserHint });
}

/**
 * Starts counting sign-ins (registration or login) from the auth events; the app starts it once, with analytics, before
 * the first session answer can arrive (starting it again adds no second listener). When the page was loaded at
 * /auth/callback, notes that URL's {@link SignInContext} at once.
 * @param location where the page was loaded (default `window.location`)
 * @returns the function that stops counting.
 */
export function startSignInAnalytics(location: Pick<Location, 'pathname' | 'search'> = window.location): () => void {
  if (location.pathname === paths.authCallback) {
    noteSignInContext(signInContextFromCallback(readCallbackParams(new URLSearchParams(location.search))));
  }
  return onAuthStateChange(countSignIn);
}
