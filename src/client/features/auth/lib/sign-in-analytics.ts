import { track } from '@/client/lib/analytics';
import { readItem, writeItem } from '@/client/lib/storage';
import { COUNTED_SIGN_IN_KEY } from './local-auth-state';

/**
 * Registration vs login (spec section 4 "Auth": on a first sign-in where created_at equals updated_at the user counts as
 * newly registered, otherwise as a login). A user record that was never updated is also what a returning user who never
 * changed anything looks like, so the rule is narrowed to users created within the last {@link NEW_USER_WINDOW_MS}; the
 * magic link's `?new=1` (better-auth's newUserCallbackURL) says "new" outright.
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
 * Tracks `registration` or `login` for the sign-in that produced session `sessionId`, once: a reload of the callback page
 * does not count it again (the counted session id is kept in sessionStorage).
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
  if (sessionId !== '' && readItem(COUNTED_SIGN_IN_KEY, 'session') === sessionId) return null;
  const type = isNewRegistration(user, { newUserHint, now }) ? 'registration' : 'login';
  track(type, { method, source: 'client' });
  if (sessionId !== '') writeItem(COUNTED_SIGN_IN_KEY, sessionId, 'session');
  return type;
}
