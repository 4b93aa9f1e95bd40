import { apiFetch } from '@/client/lib/api-client';

/** The provider sign-ins Barback offers (spec section 1). */
export type OAuthProvider = 'google' | 'facebook';

/** The people's name of a provider. */
export const PROVIDER_LABEL: Record<OAuthProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** Where every sign-in returns (spec section 2: /auth/callback is the sign-in return target). */
export const AUTH_CALLBACK_PATH = '/auth/callback';

/** Body of `POST /api/session/oauth/:provider` (all optional; paths are same-origin paths starting with '/'). */
export interface OAuthStartOptions {
  /** Where the browser lands after success; default '/auth/callback'. */
  callbackURL?: string;
  /** Where it lands after a failure (with `?error=...`); default the callbackURL. */
  errorCallbackURL?: string;
  /** 'select_account' forces Google's account chooser; 'consent' asks for consent again. */
  prompt?: 'select_account' | 'consent';
  /** Extra OAuth scopes, e.g. ['email', 'profile']. */
  scopes?: string[];
  /** 'offline' asks Google for a refresh token. */
  accessType?: 'offline';
  /** true: link the provider to the signed-in user instead of signing in (settings). */
  link?: boolean;
}

/** The callback URL of a provider sign-in: /auth/callback?method=<provider>, so the callback can name the method. */
export function providerCallbackURL(provider: OAuthProvider): string {
  return `${AUTH_CALLBACK_PATH}?method=${provider}`;
}

/**
 * Starts a Google or Facebook sign-in (or link) on the server and returns the provider's authorize URL, which the caller
 * navigates to. The server decides how the provider is wired (real client or the test issuer); the client never needs to.
 * @throws ApiError: 503 PROVIDER_NOT_CONFIGURED ('Google sign-in is not available on this server.'), 429 RATE_LIMITED,
 *   401 UNAUTHORIZED (link while signed out), 400 for a refused body, 403 cross-site, NETWORK_ERROR offline.
 */
export async function startOAuth(provider: OAuthProvider, options: OAuthStartOptions = {}): Promise<string> {
  const body: OAuthStartOptions = { callbackURL: providerCallbackURL(provider), ...options };
  const { url } = await apiFetch<{ url: string }>(`/api/session/oauth/${provider}`, null, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (typeof url !== 'string' || url === '') throw new Error('The server did not return a sign-in address.');
  return url;
}
