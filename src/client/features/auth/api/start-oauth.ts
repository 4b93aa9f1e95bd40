import { hrefs } from '@/client/config/paths';
import { apiFetch } from '@/client/lib/api-client';
import type { OAuthProvider, OAuthStartOptions, OAuthStartResponse } from '@/shared/schemas/session';

export type { OAuthProvider, OAuthStartOptions };

/** The people's name of a provider. */
export const PROVIDER_LABEL: Record<OAuthProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** The callback URL of a provider sign-in: /auth/callback?method=<provider>, so the callback can name the method. */
export function providerCallbackURL(provider: OAuthProvider): string {
  return hrefs.authCallback(provider);
}

/**
 * Starts a Google or Facebook sign-in (or link) on the server and returns the provider's authorize URL, which the caller
 * navigates to. The server decides how the provider is wired (real client or the test issuer); the client never needs to.
 * @throws ApiError: 503 PROVIDER_NOT_CONFIGURED ('Google sign-in is not available on this server.'), 429 RATE_LIMITED,
 *   401 UNAUTHORIZED (link while signed out), 400 for a refused body, 403 cross-site, NETWORK_ERROR offline.
 */
export async function startOAuth(provider: OAuthProvider, options: OAuthStartOptions = {}): Promise<string> {
  const body: OAuthStartOptions = { callbackURL: providerCallbackURL(provider), ...options };
  const { url } = await apiFetch<OAuthStartResponse>(`/api/session/oauth/${provider}`, null, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (typeof url !== 'string' || url === '') throw new Error('The server did not return a sign-in address.');
  return url;
}
