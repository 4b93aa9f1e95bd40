import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSessionList, RevokeSessionsResponse } from '@/shared/schemas/account';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { magicLinkVerifyPath, type RecoveryEmailResponse } from '@/shared/schemas/session';
import {
  latestMailTo,
  magicLinkIn,
  pathOf,
  postJson,
  randomAddress,
  randomEmail,
  recoveryLinkIn,
  recoveryTokenOf,
  requestMagicLink,
  SESSION_COOKIE,
  TEST_ORIGIN,
} from '../../../tests/support/auth';
import { CookieJar } from '../../../tests/support/cookie-jar';
import { openTestRedis, redisUnavailableReason, type TestRedis } from '../../../tests/support/redis';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RECOVERY_SUBJECT } from '../mail';
import { CURRENT_SESSION_MESSAGE, describeDevice, SESSION_NOT_FOUND_MESSAGE } from './sessions';

/** 'Secure your account': the session list, ending sessions, and the recovery link that leads there. */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Signs `email` in through the magic link from a browser that says `userAgent`. */
async function signInFrom(t: TestApp, email: string, userAgent: string): Promise<CookieJar> {
  const address = randomAddress();
  const requested = await requestMagicLink(t, email, { address, headers: { 'user-agent': userAgent } });
  expect(requested.status).toBe(200);
  const jar = new CookieJar();
  const link = magicLinkIn((await latestMailTo(t, email)).text);
  jar.take(await t.request(pathOf(link), { headers: { 'user-agent': userAgent } }, { address }));
  expect(jar.get(SESSION_COOKIE)).toBeTruthy();
  return jar;
}

describe('describeDevice', () => {
  it('names the browser, system and form factor, and nothing for an empty agent', () => {
    expect(describeDevice(IPHONE)).toEqual({ browser: 'Safari', os: 'iOS', type: 'mobile' });
    expect(describeDevice(MAC_CHROME)).toEqual({ browser: 'Chrome', os: 'macOS', type: 'desktop' });
    expect(describeDevice(null)).toEqual({ browser: null, os: null, type: null });
    expect(describeDevice('curl/8.5.0').type).toBe(null);
  });
});

describe.each(testDialects())('account sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());

  const list = (jar: CookieJar) =>
    t.json<AccountSessionList & ApiErrorBody>('/api/me/sessions', { headers: jar.headers() });
  const me = (jar: CookieJar) => t.request('/api/me', { headers: jar.headers() });
  const revoke = (jar: CookieJar, id: string) =>
    t.json<RevokeSessionsResponse & ApiErrorBody>(
      `/api/me/sessions/${encodeURIComponent(id)}`,
      postJson({}, jar, 'DELETE'),
    );
  const revokeOthers = (jar: CookieJar) =>
    t.json<RevokeSessionsResponse & ApiErrorBody>('/api/me/sessions/revoke-others', postJson({}, jar));

  it('lists every session with its device, the current one first, and never a token', async () => {
    const email = randomEmail('devices');
    const phone = await signInFrom(t, email, IPHONE);
    const laptop = await signInFrom(t, email, MAC_CHROME);
    const { status, headers, body } = await list(laptop);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.sessions.map((session) => [session.current, session.device])).toEqual([
      [true, { browser: 'Chrome', os: 'macOS', type: 'desktop' }],
      [false, { browser: 'Safari', os: 'iOS', type: 'mobile' }],
    ]);
    for (const session of body.sessions) {
      expect(Date.parse(session.lastActiveAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
    }
    const text = JSON.stringify(body);
    for (const jar of [phone, laptop]) expect(text).not.toContain(jar.get(SESSION_COOKIE)!.split('.')[0]);
  });

  it('ends one other session, which answers 401 on its very next request', async () => {
    const email = randomEmail('lost-phone');
    const phone = await signInFrom(t, email, IPHONE);
    const laptop = await signInFrom(t, email, MAC_CHROME);
    expect((await me(phone)).status).toBe(200);
    const phoneSession = (await list(laptop)).body.sessions.find((session) => !session.current)!;
    expect(await revoke(laptop, phoneSession.id)).toMatchObject({ status: 200, body: { revoked: 1 } });
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    expect((await list(laptop)).body.sessions).toHaveLength(1);
    // Ending it again: it is gone.
    expect(await revoke(laptop, phoneSession.id)).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: SESSION_NOT_FOUND_MESSAGE } },
    });
  });

  it('refuses to end the current session here (Sign out does that)', async () => {
    const jar = await signInFrom(t, randomEmail('self'), MAC_CHROME);
    const [current] = (await list(jar)).body.sessions;
    expect(await revoke(jar, current!.id)).toMatchObject({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: CURRENT_SESSION_MESSAGE } },
    });
    expect((await me(jar)).status).toBe(200);
  });

  it("signs out everywhere else and keeps this session; another user's sessions are untouched", async () => {
    const email = randomEmail('everywhere');
    const others = [await signInFrom(t, email, IPHONE), await signInFrom(t, email, IPHONE)];
    const here = await signInFrom(t, email, MAC_CHROME);
    const bob = await signInFrom(t, randomEmail('bob'), MAC_CHROME);
    expect(await revokeOthers(here)).toMatchObject({ status: 200, body: { revoked: 2 } });
    for (const jar of others) expect((await me(jar)).status).toBe(401);
    expect((await me(here)).status).toBe(200);
    expect((await me(bob)).status).toBe(200);
    expect(await revokeOthers(here)).toMatchObject({ status: 200, body: { revoked: 0 } });
  });

  it("cannot see or end another user's sessions", async () => {
    const alice = await signInFrom(t, randomEmail('alice'), MAC_CHROME);
    const bob = await signInFrom(t, randomEmail('bob'), IPHONE);
    const bobSession = (await list(bob)).body.sessions[0]!;
    expect((await list(alice)).body.sessions.map((session) => session.id)).not.toContain(bobSession.id);
    expect(await revoke(alice, bobSession.id)).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: SESSION_NOT_FOUND_MESSAGE } },
    });
    expect((await me(bob)).status).toBe(200);
  });

  it('answers 401 signed out and 403 to a cross-site write', async () => {
    expect((await t.json<ApiErrorBody>('/api/me/sessions')).status).toBe(401);
    const jar = await signInFrom(t, randomEmail('csrf'), MAC_CHROME);
    const forged = await t.json<ApiErrorBody>('/api/me/sessions/revoke-others', {
      method: 'POST',
      headers: { ...jar.headers(), origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(forged.status).toBe(403);
    expect((await list(jar)).body.sessions).toHaveLength(1);
  });
});

describe.each(testDialects())('account recovery link on %s', (dialect) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({ dialect, logger: pino({ level: 'debug' }, sink) });
  });
  afterAll(() => t?.close());

  const recover = (email: unknown, address = randomAddress()) =>
    t.json<RecoveryEmailResponse & ApiErrorBody>('/api/session/recovery', postJson({ email }), { address });

  it('mails a recovery link whose token rides in the fragment and signs in once, never reaching the logs', async () => {
    const email = randomEmail('trouble');
    await signInFrom(t, email, MAC_CHROME);
    const { status, body, headers } = await recover(email);
    expect(status).toBe(200);
    expect(body).toEqual({ sent: true, email });
    expect(headers.get('cache-control')).toBe('no-store');
    const mail = await latestMailTo(t, email);
    expect(mail.subject).toBe(RECOVERY_SUBJECT);
    const link = recoveryLinkIn(mail.text);
    expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/auth/callback\\?type=recovery#token=`));
    const token = recoveryTokenOf(link);

    const jar = new CookieJar();
    const verified = await t.request(
      magicLinkVerifyPath(token, '/auth/callback?method=email'),
      {},
      {
        address: randomAddress(),
      },
    );
    expect(verified.headers.get('location')).toBe(`${TEST_ORIGIN}/auth/callback?method=email`);
    jar.take(verified);
    expect((await t.request('/api/me', { headers: jar.headers() })).status).toBe(200);
    // Spent: a second use lands on the callback with an error and no session.
    const again = await t.request(magicLinkVerifyPath(token, '/auth/callback'), {}, { address: randomAddress() });
    expect(again.headers.get('location')).toContain('error=');
    expect(new CookieJar().take(again).get(SESSION_COOKIE)).toBeFalsy();

    expect(logLines.some((line) => line.includes('/api/auth/magic-link/verify'))).toBe(true);
    const leaks = logLines.filter((line) => line.includes(token));
    expect(leaks).toEqual([]);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = randomEmail('stranger');
    expect(await recover(email)).toMatchObject({ status: 200, body: { sent: true, email } });
    await expect(latestMailTo(t, email)).rejects.toThrow(/no mail/);
  });

  it('says "Please enter an email address" for an empty one, and refuses cross-site posts', async () => {
    expect(await recover('  ')).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'Please enter an email address' } },
    });
    const forged = await t.json<ApiErrorBody>('/api/session/recovery', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: randomEmail() }),
    });
    expect(forged.status).toBe(403);
  });

  it('counts against the magic-link limit per email: the sixth request in ten minutes is 429', async () => {
    const email = randomEmail('flood');
    for (let i = 0; i < 5; i += 1) expect((await recover(email)).status).toBe(200);
    const sixth = await recover(email);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe('RATE_LIMITED');
  });
});

const redisUnavailable = await redisUnavailableReason();

describe.skipIf(redisUnavailable !== null)(
  `ending a session with Redis as the session cache${redisUnavailable ? ` (${redisUnavailable})` : ''}`,
  () => {
    let redis: TestRedis;
    let t: TestApp;
    beforeAll(async () => {
      redis = await openTestRedis();
      t = await createTestApp({ redis });
    });
    afterAll(async () => {
      await t?.close();
      await redis?.drop();
    });

    it('takes the cached copy too: the ended session answers 401 at once', async () => {
      const email = randomEmail('cached');
      const phone = await signInFrom(t, email, IPHONE);
      const laptop = await signInFrom(t, email, MAC_CHROME);
      expect((await t.request('/api/me', { headers: phone.headers() })).status).toBe(200);
      const revoked = await t.json<RevokeSessionsResponse>('/api/me/sessions/revoke-others', postJson({}, laptop));
      expect(revoked.body).toEqual({ revoked: 1 });
      expect((await t.request('/api/me', { headers: phone.headers() })).status).toBe(401);
      expect((await t.request('/api/me', { headers: laptop.headers() })).status).toBe(200);
    });
  },
);
