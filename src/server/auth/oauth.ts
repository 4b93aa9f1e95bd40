import { AUTH_CALLBACK_PATH, type OAuthStart } from '@/shared/schemas/session';
import type { Config } from '../config';
import { AppError } from '../errors';
import { providerMode, type Auth, type OAuthProviderId } from './auth';

/**
 * `url` with each scope of its `scope` parameter once, in first-seen order: better-auth appends the scopes a start asks
 * for to the provider's defaults (Google's email and profile among them), which the consent screen would list twice.
 */
function withEachScopeOnce(url: string): string {
  const parsed = new URL(url);
  const scope = parsed.searchParams.get('scope');
  if (!scope) return url;
  const once = [...new Set(scope.split(' ').filter((entry) => entry !== ''))].join(' ');
  if (once === scope) return url;
  parsed.searchParams.set('scope', once);
  return parsed.toString();
}

/** Where the browser lands after a provider sign-in when the caller names no callbackURL. */
export const DEFAULT_CALLBACK_PATH = AUTH_CALLBACK_PATH;

/** The people's name of a provider. */
export function providerLabel(provider: OAuthProviderId): string {
  return provider === 'google' ? 'Google' : 'Facebook';
}

/** The 503 thrown when a provider has no client here. */
export function providerNotConfigured(provider: OAuthProviderId): AppError {
  return new AppError('PROVIDER_NOT_CONFIGURED', `${providerLabel(provider)} sign-in is not available on this server.`);
}

/** A started provider sign-in: the authorize URL and the cookies (OAuth state) the browser must keep. */
export interface StartedOAuth {
  url: string;
  setCookies: string[];
}

/**
 * Starts a provider sign-in (or, with `link`, links the provider to the signed-in user) through better-auth: social
 * sign-in when the provider's client is configured, the genericOAuth provider of the same id in test configuration. The
 * prompt and offline access travel as extra authorize parameters; failures come back to `errorCallbackURL` (default: the
 * callbackURL) with `?error=...`.
 * @param headers the caller's request headers (cookies: the session for `link`).
 * @throws AppError PROVIDER_NOT_CONFIGURED (503) when the provider is off (or its test issuer could not be discovered);
 *   UNAUTHORIZED when `link` is asked without a session; BAD_REQUEST with better-auth's message for anything it refuses.
 */
export async function startOAuth({
  auth,
  config,
  provider,
  start,
  headers,
}: {
  auth: Auth;
  config: Config;
  provider: OAuthProviderId;
  start: OAuthStart;
  headers: Headers;
}): Promise<StartedOAuth> {
  if (providerMode(config, provider) === 'off') throw providerNotConfigured(provider);
  const additionalParams: Record<string, string> = {};
  if (start.prompt) additionalParams.prompt = start.prompt;
  if (start.accessType) additionalParams.access_type = start.accessType;
  const common = {
    provider,
    callbackURL: start.callbackURL,
    errorCallbackURL: start.errorCallbackURL ?? start.callbackURL,
    scopes: start.scopes,
    additionalParams: Object.keys(additionalParams).length > 0 ? additionalParams : undefined,
    disableRedirect: true,
  };
  const response = start.link
    ? await auth.api.linkSocialAccount({ body: common, headers, asResponse: true })
    : await auth.api.signInSocial({ body: common, headers, asResponse: true });
  const text = await response.text();
  const body = (text ? JSON.parse(text) : {}) as { url?: unknown; message?: unknown; code?: unknown };
  if (response.ok && typeof body.url === 'string' && body.url) {
    return { url: withEachScopeOnce(body.url), setCookies: response.headers.getSetCookie() };
  }
  if (response.status === 401) throw new AppError('UNAUTHORIZED', 'Sign in before linking an account.');
  if (response.status === 404) throw providerNotConfigured(provider);
  const message = typeof body.message === 'string' && body.message ? body.message : 'could not start the sign-in';
  throw new AppError('BAD_REQUEST', message);
}
