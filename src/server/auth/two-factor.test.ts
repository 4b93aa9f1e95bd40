import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestMailTo,
  magicLinkIn,
  pathOf,
  postJson,
  randomAddress,
  randomEmail,
  requestMagicLink,
  SESSION_COOKIE,
  signIn,
  TWO_FACTOR_COOKIE,
} from '../../../tests/support/auth';
import { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { totpFromUri } from '../../../tests/support/totp';

describe.each(testDialects())('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());

  /** Signs a new user in and turns TOTP on (enable, then confirm with a real code); returns what the user keeps. */
  async function enrol() {
    const email = randomEmail('2fa');
    const address = randomAddress();
    const jar = await signIn(t, email, address);
    const enabled = await t.request('/api/auth/two-factor/enable', postJson({}, jar), { address });
    expect(enabled.status).toBe(200);
    jar.take(enabled);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const confirmed = await t.request(
      '/api/auth/two-factor/verify-totp',
      postJson({ code: totpFromUri(totpURI) }, jar),
      { address },
    );
    expect(confirmed.status).toBe(200);
    jar.take(confirmed);
    return { email, address, jar, totpURI, backupCodes };
  }

  /** Follows a fresh magic link for `email`; returns the jar (pending two-factor state) and the redirect. */
  async function firstFactor(email: string, address: string) {
    await requestMagicLink(t, email, { address });
    const link = magicLinkIn((await latestMailTo(t, email)).text);
    const jar = new CookieJar();
    const followed = await t.request(pathOf(link), {}, { address });
    jar.take(followed);
    return { jar, location: followed.headers.get('location') };
  }

  it('enrols a passwordless user: an otpauth URI issued by Barback and ten backup codes', async () => {
    const { email, jar, totpURI, backupCodes } = await enrol();
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Barback');
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(backupCodes).toHaveLength(10);
    const again = await t.json<{ totpURI: string }>('/api/auth/two-factor/get-totp-uri', postJson({}, jar));
    expect(again.status).toBe(200);
    expect(again.body.totpURI).toBe(totpURI);
    const me = await t.json<{ user: { twoFactorEnabled: boolean } }>('/api/me', { headers: jar.headers() });
    expect(me.body.user.twoFactorEnabled).toBe(true);
  });

  it('after a magic link, asks for the code instead of signing in; a right code signs in', async () => {
    const { email, address, totpURI } = await enrol();
    const { jar, location } = await firstFactor(email, address);
    expect(location).toBe('http://localhost:3000/auth/callback?twoFactor=1');
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(jar.get(TWO_FACTOR_COOKIE)).toBeTruthy();
    expect((await t.request('/api/me', { headers: jar.headers() })).status).toBe(401);

    const wrong = totpFromUri(totpURI) === '000000' ? '111111' : '000000';
    const refused = await t.request('/api/auth/two-factor/verify-totp', postJson({ code: wrong }, jar), { address });
    expect(refused.status).toBe(401);
    jar.take(refused);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();

    const accepted = await t.request(
      '/api/auth/two-factor/verify-totp',
      postJson({ code: totpFromUri(totpURI) }, jar),
      { address: randomAddress() },
    );
    expect(accepted.status).toBe(200);
    jar.take(accepted);
    const me = await t.json<{ user: { email: string } }>('/api/me', { headers: jar.headers() });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
  });

  it('accepts a backup code once instead of the TOTP code', async () => {
    const { email, address, backupCodes } = await enrol();
    const { jar } = await firstFactor(email, address);
    const accepted = await t.request(
      '/api/auth/two-factor/verify-backup-code',
      postJson({ code: backupCodes[0] }, jar),
      { address },
    );
    expect(accepted.status).toBe(200);
    jar.take(accepted);
    expect((await t.request('/api/me', { headers: jar.headers() })).status).toBe(200);

    const again = await firstFactor(email, randomAddress());
    const reused = await t.request(
      '/api/auth/two-factor/verify-backup-code',
      postJson({ code: backupCodes[0] }, again.jar),
      { address: randomAddress() },
    );
    expect(reused.status).toBe(401);
  });

  it('counts the sign-in once, when the code is verified', async () => {
    const { email, address, totpURI, jar: enrolled } = await enrol();
    const userId = (await t.json<{ user: { id: string } }>('/api/me', { headers: enrolled.headers() })).body.user.id;
    const { jar } = await firstFactor(email, address);
    await t.request('/api/auth/two-factor/verify-totp', postJson({ code: totpFromUri(totpURI) }, jar), {
      address: randomAddress(),
    });
    const events = await t.database.db
      .selectFrom('analytics_event')
      .select(['type', 'props'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(events.map((event) => [event.type, JSON.parse(event.props).method])).toEqual([
      ['registration', 'magic-link'],
      ['login', 'two-factor'],
    ]);
  });

  it('turns two-factor off again for a passwordless user', async () => {
    const { email, address, jar } = await enrol();
    const disabled = await t.request('/api/auth/two-factor/disable', postJson({}, jar), { address });
    expect(disabled.status).toBe(200);
    const { jar: next, location } = await firstFactor(email, randomAddress());
    expect(location).toBe('http://localhost:3000/auth/callback');
    expect(next.get(SESSION_COOKIE)).toBeTruthy();
  });
});
