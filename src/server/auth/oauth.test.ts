import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { randomEmail, SESSION_COOKIE, TWO_FACTOR_COOKIE } from '../../../tests/support/auth';
import { CookieJar } from '../../../tests/support/cookie-jar';
import { startOAuthMock, type OAuthMock } from '../../../tests/support/oauth-mock';
import { createTestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { follow, startTestServer, type RunningTestServer } from '../../../tests/support/test-server';
import { totpFromUri } from '../../../tests/support/totp';
import type { MeResponse } from '@/shared/schemas/account';

describe.each(testDialects())('Google and Facebook sign-in against an OAuth mock, on %s', (dialect) => {
  let mock: OAuthMock;
  let s: RunningTestServer;
  beforeAll(async () => {
    mock = await startOAuthMock();
    s = await startTestServer({ dialect, env: { AUTH_TEST_OAUTH_ISSUER: mock.issuer } });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await mock?.stop();
  });

  /** `POST /api/session/oauth/:provider` from the app's own origin. */
  function start(provider: string, body: unknown, jar = new CookieJar(), origin = s.base) {
    return fetch(`${s.base}/api/session/oauth/${provider}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...jar.headers() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Starts a provider sign-in and follows it through the mock back to the app; returns the jar and the hops. */
  async function signInWith(provider: string, body: Record<string, unknown> = {}, jar = new CookieJar()) {
    const started = await start(provider, body, jar);
    expect(started.status).toBe(200);
    jar.take(started);
    const { url } = (await started.json()) as { url: string };
    const { hops, response } = await follow(url, jar, s.base);
    return { jar, authorizeUrl: url, hops, response };
  }

  async function me(jar: CookieJar) {
    const response = await fetch(`${s.base}/api/me`, { headers: jar.headers() });
    return { status: response.status, body: (await response.json()) as MeResponse };
  }

  it('signs in with Google: authorize at the provider with the account chooser, back through the callback', async () => {
    const email = randomEmail('google');
    mock.setIdentity({ sub: `google-${email}`, email, name: 'Gina Google' });
    const { jar, authorizeUrl, hops } = await signInWith('google', { prompt: 'select_account' });
    const authorize = new URL(authorizeUrl);
    expect(authorize.origin).toBe(new URL(mock.issuer).origin);
    expect(authorize.searchParams.get('client_id')).toBe('barback-test');
    expect(authorize.searchParams.get('prompt')).toBe('select_account');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${s.base}/api/auth/callback/google`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(hops.map((hop) => hop.status)).toEqual([302, 302, 200]);
    expect(hops[2]!.url).toBe(`${s.base}/auth/callback`);
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();

    const { status, body } = await me(jar);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ email, name: 'Gina Google', emailVerified: true, twoFactorEnabled: false });
    expect(body.accounts.map((account) => [account.providerId, account.accountId])).toEqual([
      ['google', `google-${email}`],
    ]);
    expect(body.providers).toEqual({ google: true, facebook: true });
    const events = await s.database.db
      .selectFrom('analytics_event')
      .select('type')
      .where('user_id', '=', body.user.id)
      .execute();
    expect(events.map((event) => event.type)).toEqual(['registration']);
  });

  it('asks Google for email and profile, consent and offline access on the /auth/google route', async () => {
    const email = randomEmail('consent');
    mock.setIdentity({ sub: `consent-${email}`, email, name: 'Connie Consent' });
    const { jar, authorizeUrl } = await signInWith('google', {
      scopes: ['email', 'profile'],
      prompt: 'consent',
      accessType: 'offline',
    });
    const authorize = new URL(authorizeUrl);
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    const scopes = authorize.searchParams.get('scope')?.split(' ') ?? [];
    expect(scopes).toEqual(expect.arrayContaining(['email', 'profile']));
    // Each scope once, though the provider asks for email and profile by default too.
    expect(scopes).toEqual([...new Set(scopes)]);
    expect((await me(jar)).status).toBe(200);
  });

  it('signs in with Facebook, and the same verified email from both providers is one account', async () => {
    const email = randomEmail('both');
    mock.setIdentity({ sub: `fb-${email}`, email, name: 'Fay Facebook' });
    const facebook = await signInWith('facebook');
    const first = await me(facebook.jar);
    expect(first.body.accounts.map((account) => account.providerId)).toEqual(['facebook']);

    mock.setIdentity({ sub: `g-${email}`, email, name: 'Fay Facebook' });
    const google = await signInWith('google');
    const second = await me(google.jar);
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(second.body.accounts.map((account) => account.providerId).sort()).toEqual(['facebook', 'google']);
  });

  it('sends a refused authorization back to the error callback with the error, and signs nobody in', async () => {
    mock.failNextAuthorize('access_denied', 'The person declined to sign in');
    const { jar, hops } = await signInWith('google', { errorCallbackURL: '/auth/callback?from=google' });
    const last = hops[hops.length - 1]!;
    expect(new URL(last.url).pathname).toBe('/auth/callback');
    expect(new URL(last.url).searchParams.get('error')).toBe('access_denied');
    expect(new URL(last.url).searchParams.get('from')).toBe('google');
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it('links Google to a signed-in user (link: true) and keeps the last way in', async () => {
    // A Facebook user links Google with the same email.
    const email = randomEmail('link');
    mock.setIdentity({ sub: `fb-link-${email}`, email, name: 'Lin Link' });
    const { jar } = await signInWith('facebook');
    mock.setIdentity({ sub: `g-link-${email}`, email, name: 'Lin Link' });
    const linked = await signInWith('google', { link: true, callbackURL: '/settings' }, jar);
    expect(linked.hops[linked.hops.length - 1]!.url).toBe(`${s.base}/settings`);
    const { body } = await me(jar);
    expect(body.accounts.map((account) => account.providerId).sort()).toEqual(['facebook', 'google']);

    const unlink = (accountId: string) =>
      fetch(`${s.base}/api/auth/unlink-account`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.base, ...jar.headers() },
        body: JSON.stringify({ accountId }),
      });
    const google = body.accounts.find((account) => account.providerId === 'google')!;
    const facebook = body.accounts.find((account) => account.providerId === 'facebook')!;
    expect((await unlink(google.id)).status).toBe(200);
    const lastOne = await unlink(facebook.id);
    expect(lastOne.status).toBe(400);
    expect(((await lastOne.json()) as { code: string }).code).toBe('FAILED_TO_UNLINK_LAST_ACCOUNT');
    expect((await me(jar)).body.accounts.map((account) => account.providerId)).toEqual(['facebook']);
  });

  it('refuses to link without a session', async () => {
    const response = await start('google', { link: true });
    expect(response.status).toBe(401);
  });

  it('asks a user with two-factor on for the code after the provider, then signs in', async () => {
    const email = randomEmail('otp');
    mock.setIdentity({ sub: `otp-${email}`, email, name: 'Otto Otp' });
    const { jar } = await signInWith('google');
    const post = (path: string, body: unknown, cookies: CookieJar) =>
      fetch(`${s.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.base, ...cookies.headers() },
        body: JSON.stringify(body),
      });
    const enabled = await post('/api/auth/two-factor/enable', {}, jar);
    expect(enabled.status).toBe(200);
    jar.take(enabled);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const confirmed = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, jar);
    expect(confirmed.status).toBe(200);

    const fresh = new CookieJar();
    const { hops } = await signInWith('google', {}, fresh);
    expect(hops[hops.length - 1]!.url).toBe(`${s.base}/auth/callback?twoFactor=1`);
    expect(fresh.get(SESSION_COOKIE)).toBeUndefined();
    expect(fresh.get(TWO_FACTOR_COOKIE)).toBeTruthy();
    expect((await me(fresh)).status).toBe(401);

    const verified = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, fresh);
    expect(verified.status).toBe(200);
    fresh.take(verified);
    expect((await me(fresh)).body.user.email).toBe(email);
  });

  it.each([
    ['an unknown provider', 'github', {}, 'provider must be google or facebook'],
    ['a callbackURL on another site', 'google', { callbackURL: 'https://evil.example/' }, 'callbackURL'],
    ['a protocol-relative callbackURL', 'google', { callbackURL: '//evil.example/' }, 'callbackURL'],
    ['an unknown prompt', 'google', { prompt: 'none' }, 'prompt'],
    ['an unknown field', 'google', { redirectTo: '/x' }, 'redirectTo'],
  ])('answers 400 for %s', async (_, provider, body, message) => {
    const response = await start(provider, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.message).toContain(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await fetch(`${s.base}/api/session/oauth/google`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.base },
      body: '{"prompt": ',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe('BAD_REQUEST');
  });

  it('refuses a start from another site', async () => {
    const response = await start('google', {}, new CookieJar(), 'https://evil.example');
    expect(response.status).toBe(403);
  });
});

describe('a server without provider clients', () => {
  it('answers 503 PROVIDER_NOT_CONFIGURED for Google and Facebook, and says so in /api/me', async () => {
    const t = await createTestApp();
    try {
      for (const [provider, label] of [
        ['google', 'Google'],
        ['facebook', 'Facebook'],
      ]) {
        const { status, body } = await t.json<ApiErrorBody>(`/api/session/oauth/${provider}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({}),
        });
        expect(status).toBe(503);
        expect(body).toEqual({
          error: { code: 'PROVIDER_NOT_CONFIGURED', message: `${label} sign-in is not available on this server.` },
        });
      }
      // better-auth's own start route is not served (auth/served-routes.ts): a clean 404, never a crash.
      const direct = await t.request('/api/auth/sign-in/social', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'google', callbackURL: '/auth/callback' }),
      });
      expect(direct.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
