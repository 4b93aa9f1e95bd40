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

  it('never hands the enrolled secret to a session alone: only with a current code from the app', async () => {
    const { address, jar, totpURI, backupCodes } = await enrol();
    const ask = (body: Record<string, unknown>) =>
      t.request('/api/auth/two-factor/get-totp-uri', postJson(body, jar), { address });
    for (const [body, status, code] of [
      [{}, 400, 'TWO_FACTOR_CODE_REQUIRED'],
      [{ password: 'anything' }, 400, 'TWO_FACTOR_CODE_REQUIRED'],
      [{ code: totpFromUri(totpURI) === '000000' ? '111111' : '000000' }, 401, 'INVALID_CODE'],
      // A backup code would stay unspent: it turns two-factor off, it does not copy the secret.
      [{ code: backupCodes[0] }, 401, 'INVALID_CODE'],
    ] as const) {
      const refused = await ask(body);
      expect(refused.status).toBe(status);
      const text = await refused.text();
      expect(JSON.parse(text)).toMatchObject({ code });
      expect(text).not.toMatch(/otpauth|secret=/);
    }
    const shown = await ask({ code: totpFromUri(totpURI) });
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as { totpURI: string }).totpURI).toBe(totpURI);
  });

  it('lets a stolen session neither copy the second factor nor remove it, nor enrol a secret of its own', async () => {
    const { email, address, jar } = await enrol();
    // The thief holds the session cookie only.
    const stolen = new CookieJar();
    stolen.set(SESSION_COOKIE, jar.get(SESSION_COOKIE) ?? '');
    const uri = await t.request('/api/auth/two-factor/get-totp-uri', postJson({}, stolen), { address });
    expect(uri.status).toBe(400);
    expect(await uri.text()).not.toContain('secret=');
    const reenrol = await t.request('/api/auth/two-factor/enable', postJson({}, stolen), { address });
    expect(reenrol.status).toBe(400);
    expect(await reenrol.text()).not.toContain('otpauth');
    const off = await t.request('/api/auth/two-factor/disable', postJson({ code: '123456' }, stolen), { address });
    expect(off.status).toBe(401);
    const codes = await t.request('/api/auth/two-factor/generate-backup-codes', postJson({}, stolen), { address });
    expect(codes.status).toBe(400);
    const me = await t.json<{ user: { twoFactorEnabled: boolean } }>('/api/me', { headers: jar.headers() });
    expect(me.body.user.twoFactorEnabled).toBe(true);
    expect((await firstFactor(email, randomAddress())).location).toContain('twoFactor=1');
  });

  it('answers a verified code without the session token in the body (the cookie carries it)', async () => {
    const { email, address, totpURI, backupCodes } = await enrol();
    for (const [path, code] of [
      ['/api/auth/two-factor/verify-totp', totpFromUri(totpURI)],
      ['/api/auth/two-factor/verify-backup-code', backupCodes[1] ?? ''],
    ] as const) {
      const { jar } = await firstFactor(email, address);
      const verified = await t.request(path, postJson({ code }, jar), { address: randomAddress() });
      expect(verified.status).toBe(200);
      const text = await verified.text();
      jar.take(verified);
      const token = decodeURIComponent(jar.get(SESSION_COOKIE) ?? '').split('.')[0] ?? '';
      expect(token.length).toBeGreaterThanOrEqual(20);
      expect(text).not.toContain(token);
      expect(JSON.parse(text)).not.toHaveProperty('token');
      expect(JSON.parse(text)).toMatchObject({ user: { email } });
    }
  });

  it('turns two-factor off again only with a current code, not with the session alone', async () => {
    const { email, address, jar, totpURI } = await enrol();
    const without = await t.request('/api/auth/two-factor/disable', postJson({}, jar), { address });
    expect(without.status).toBe(400);
    expect(((await without.json()) as { code: string }).code).toBe('TWO_FACTOR_CODE_REQUIRED');
    const wrong = await t.request('/api/auth/two-factor/disable', postJson({ code: '000000' }, jar), { address });
    expect(wrong.status).toBe(401);
    expect((await firstFactor(email, randomAddress())).location).toContain('twoFactor=1');

    const disabled = await t.request('/api/auth/two-factor/disable', postJson({ code: totpFromUri(totpURI) }, jar), {
      address,
    });
    expect(disabled.status).toBe(200);
    const { jar: next, location } = await firstFactor(email, randomAddress());
    expect(location).toBe('http://localhost:3000/auth/callback');
    expect(next.get(SESSION_COOKIE)).toBeTruthy();
  });

  it('replaces the backup codes only with a current code or a backup code', async () => {
    const { address, jar, backupCodes } = await enrol();
    const regenerate = (body: Record<string, unknown>) =>
      t.request('/api/auth/two-factor/generate-backup-codes', postJson(body, jar), { address });
    expect((await regenerate({})).status).toBe(400);
    expect((await regenerate({ code: 'nope-nope' })).status).toBe(401);
    const fresh = await regenerate({ code: backupCodes[0] });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('no-store');
    const { backupCodes: next } = (await fresh.json()) as { backupCodes: string[] };
    expect(next).toHaveLength(10);
    expect(next).not.toContain(backupCodes[0]);
    // The old set no longer proves anything.
    expect((await regenerate({ code: backupCodes[1] })).status).toBe(401);
  });

  it('keeps session tokens out of what a page can read, and out of caches', async () => {
    const { address, jar } = await enrol();
    const session = await t.request('/api/auth/get-session', { headers: jar.headers() }, { address });
    const body = (await session.json()) as { session: Record<string, unknown> };
    expect(body.session.id).toEqual(expect.any(String));
    expect(body.session).not.toHaveProperty('token');
    expect(session.headers.get('cache-control')).toBe('no-store');
    const sessions = await t.request('/api/auth/list-sessions', { headers: jar.headers() }, { address });
    const list = (await sessions.json()) as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    for (const entry of list) expect(entry).not.toHaveProperty('token');
    expect(sessions.headers.get('cache-control')).toBe('no-store');
    const accounts = await t.request('/api/auth/list-accounts', { headers: jar.headers() }, { address });
    expect(accounts.headers.get('cache-control')).toBe('no-store');
  });
});
