import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * Google and Facebook as the browser journeys see them: one oauth2-mock-server (a real OpenID Connect issuer: discovery,
 * authorize redirect, token endpoint with PKCE, signed id_tokens, userinfo) on a random loopback port. The app, started with
 * NODE_ENV=test and AUTH_TEST_OAUTH_ISSUER=`issuer`, signs in against it through better-auth's genericOAuth providers
 * `google` and `facebook`. The mock has no login screen: its authorize endpoint answers at once with a code for the user
 * set here for that provider, or with the error set by {@link OAuthMock.failNextAuthorize}.
 */

/** The person a provider says signed in. `sub` is the provider's stable account id. */
export interface MockOAuthUser {
  sub: string;
  email: string;
  name: string;
}

/** The providers the app's test configuration wires to this issuer. */
export type MockProvider = 'google' | 'facebook';

/** Default people: distinct per provider so a journey can tell which provider signed it in. */
export const DEFAULT_OAUTH_USERS: Record<MockProvider, MockOAuthUser> = {
  google: { sub: 'google-ada-0001', email: 'ada@example.com', name: 'Ada Lovelace' },
  facebook: { sub: 'facebook-grace-0002', email: 'grace@example.com', name: 'Grace Hopper' },
};

/** The running mock. */
export interface OAuthMock {
  /** Issuer URL (no trailing slash): the value of AUTH_TEST_OAUTH_ISSUER. */
  issuer: string;
  /** Sets who signs in next through `provider` (kept until changed). */
  setUser(provider: MockProvider, user: MockOAuthUser): void;
  /** Sets who signs in next through either provider (kept until changed). */
  setIdentity(user: MockOAuthUser): void;
  /**
   * Makes the next authorize request come back to the app with `?error=<error>&error_description=<description>` instead of a
   * code, as a provider does when the person cancels (access_denied).
   */
  failNextAuthorize(error: string, description: string): void;
  /** The authorize requests seen so far (their query parameters), oldest first. */
  authorizeRequests: URLSearchParams[];
  stop(): Promise<void>;
}

/** Which provider a request belongs to, from the app's redirect_uri (…/callback/google or …/callback/facebook). */
function providerOf(redirectUri: unknown): MockProvider | null {
  if (typeof redirectUri !== 'string') return null;
  if (/\/google\/?$/.test(redirectUri)) return 'google';
  if (/\/facebook\/?$/.test(redirectUri)) return 'facebook';
  return null;
}

/** Query parameters of an incoming request. */
function queryOf(req: IncomingMessage): URLSearchParams {
  return new URL(req.url ?? '/', 'http://mock.invalid').searchParams;
}

/**
 * Starts the mock on 127.0.0.1 and a free port with one RS256 signing key.
 * Hooks: beforeAuthorizeRedirect (records the request; turns it into an error when asked), beforeTokenSigning (puts the
 * provider's user into the id_token and access token: sub, email, email_verified, name), beforeUserinfo (the same user).
 */
export async function startOAuthMock(): Promise<OAuthMock> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The mock names itself http://localhost:<port>; spell the address it listens on, so no resolver picks ::1.
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;
  const users: Record<MockProvider, MockOAuthUser> = { ...DEFAULT_OAUTH_USERS };
  const authorizeRequests: URLSearchParams[] = [];
  let pendingError: { error: string; description: string } | null = null;
  /** The provider of each access token handed out, so userinfo answers with the right person. */
  const userByAccessSubject = new Map<string, MockOAuthUser>();

  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    authorizeRequests.push(queryOf(req));
    if (!pendingError) return;
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', pendingError.error);
    redirect.url.searchParams.set('error_description', pendingError.description);
    pendingError = null;
  });

  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: Record<string, unknown> }) => {
      const provider = providerOf(req.body?.redirect_uri);
      if (!provider) return;
      const user = users[provider];
      Object.assign(token.payload, { sub: user.sub, email: user.email, email_verified: true, name: user.name });
      userByAccessSubject.set(user.sub, user);
    },
  );

  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }, req: IncomingMessage) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    let user: MockOAuthUser | undefined;
    if (bearer) {
      try {
        const payload = JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
          sub?: string;
        };
        user = payload.sub ? userByAccessSubject.get(payload.sub) : undefined;
      } catch {
        user = undefined;
      }
    }
    if (user) response.body = { sub: user.sub, email: user.email, email_verified: true, name: user.name };
  });

  return {
    issuer,
    setUser: (provider, user) => {
      users[provider] = user;
    },
    setIdentity: (user) => {
      users.google = user;
      users.facebook = user;
    },
    failNextAuthorize: (error, description) => {
      pendingError = { error, description };
    },
    authorizeRequests,
    stop: () => server.stop(),
  };
}
