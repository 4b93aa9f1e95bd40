import { routePaths } from './routes';

/**
 * The recovery link's shape, shared by the server that mails it and the client that lands on it. No zod here: the client's
 * entry reads it before anything else loads (that entry is kept small).
 */

/**
 * Where a recovery link lands: `/auth/callback?type=recovery#token=<magic-link token>` (docs/product.md, States,
 * "Password recovery mode": type=recovery with a token, query or hash). The token rides in the fragment, which browsers
 * never send to a server or in a Referer; the client strips it before anything else reads the URL.
 */
export const RECOVERY_LINK = {
  path: routePaths.authCallback,
  type: 'recovery',
  tokenParam: 'token',
  /**
   * Every parameter that carries a credential in a recovery URL (ours, and the access and refresh tokens of
   * docs/product.md, States).
   */
  credentialParams: ['token', 'access_token', 'refresh_token'],
} as const;

/**
 * The address that exchanges a magic-link token for a session (better-auth's `GET /api/auth/magic-link/verify`), landing on
 * `callbackPath` afterwards (with `?error=` when the token was spent or expired, `?twoFactor=1` when a code is still due).
 * @param token the one-time token from a recovery link's fragment
 * @param callbackPath a path on this site, with its own query if any
 */
export function magicLinkVerifyPath(token: string, callbackPath: string): string {
  const query = new URLSearchParams({ token, callbackURL: callbackPath, errorCallbackURL: callbackPath });
  return `/api/auth/magic-link/verify?${query.toString()}`;
}
