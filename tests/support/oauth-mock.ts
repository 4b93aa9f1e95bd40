import { OAuth2Server } from 'oauth2-mock-server';

/** Who the mock provider says signed in: the OIDC claims put in its ID tokens. */
export interface MockIdentity {
  sub: string;
  email: string;
  name?: string;
  emailVerified?: boolean;
}

/** A running OAuth2/OIDC mock (oauth2-mock-server) that plays Google and Facebook for the test configuration. */
export interface OAuthMock {
  /** Issuer base URL: give it to the server as AUTH_TEST_OAUTH_ISSUER. */
  issuer: string;
  /** The identity the next token request signs in (kept until changed). */
  setIdentity(identity: MockIdentity): void;
  /** Makes the next authorization answer `error=<code>` instead of a code (the user refused, say). */
  failNextAuthorization(code?: string): void;
  /** Query parameters of every authorization request received, oldest first. */
  authorizations: URLSearchParams[];
  stop(): Promise<void>;
}

/**
 * Starts oauth2-mock-server on a free port of 127.0.0.1 with a fresh RS256 key. Its ID tokens carry the identity set with
 * `setIdentity` (sub, email, email_verified, name), the nonce of the authorization and the client id as audience, so
 * better-auth's genericOAuth accepts them after verifying the signature against the mock's JWKS.
 */
export async function startOAuthMock(initial?: MockIdentity): Promise<OAuthMock> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('the OAuth mock has no issuer URL');
  let identity: MockIdentity = initial ?? { sub: 'mock-user', email: 'mock-user@example.test', name: 'Mock User' };
  let failWith: string | null = null;
  const authorizations: URLSearchParams[] = [];

  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.sub = identity.sub;
    token.payload.email = identity.email;
    token.payload.email_verified = identity.emailVerified ?? true;
    token.payload.name = identity.name ?? identity.email;
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = {
      sub: identity.sub,
      email: identity.email,
      email_verified: identity.emailVerified ?? true,
      name: identity.name ?? identity.email,
    };
  });
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { url?: string }) => {
    authorizations.push(new URL(req.url ?? '/', issuer).searchParams);
    if (failWith) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', failWith);
      failWith = null;
    }
  });

  return {
    issuer: issuer.replace(/\/+$/, ''),
    setIdentity: (next) => {
      identity = next;
    },
    failNextAuthorization: (code = 'access_denied') => {
      failWith = code;
    },
    authorizations,
    stop: () => server.stop(),
  };
}
