import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postJson, randomEmail, SESSION_COOKIE, signIn } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';

const DAY_MS = 24 * 60 * 60_000;

describe.each(testDialects())('sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function expiryOf(token: string): Promise<number> {
    const row = await t.database.db
      .selectFrom('session')
      .select('expiresAt')
      .where('token', '=', token.split('.')[0]!)
      .executeTakeFirstOrThrow();
    return new Date(row.expiresAt).getTime();
  }

  it('lasts 7 days and is extended to 7 days from now when used more than a day later', async () => {
    const start = Date.now();
    const jar = await signIn(t, randomEmail('keep'));
    const token = decodeURIComponent(jar.get(SESSION_COOKIE)!);
    const first = await expiryOf(token);
    expect(first - start).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(first - start).toBeLessThan(7 * DAY_MS + 60_000);

    vi.useFakeTimers({ toFake: ['Date'], now: start + 2 * DAY_MS });
    const used = await t.request('/api/me', { headers: jar.headers() });
    expect(used.status).toBe(200);
    const refreshed = used.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(refreshed).toMatch(/Max-Age=604800/);
    expect(await expiryOf(token)).toBeGreaterThan(first + DAY_MS);
  });

  it('is not extended within a day of its last extension', async () => {
    const jar = await signIn(t, randomEmail('fresh'));
    const token = decodeURIComponent(jar.get(SESSION_COOKIE)!);
    const first = await expiryOf(token);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60 * 60_000 });
    const used = await t.request('/api/me', { headers: jar.headers() });
    expect(used.status).toBe(200);
    // The session cache cookie is renewed (its 5 minutes are over); the session cookie itself is not re-issued.
    expect(used.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`))).toEqual([]);
    expect(await expiryOf(token)).toBe(first);
  });

  it('signs out cleanly once expired: 401 from the API and no session from better-auth', async () => {
    const jar = await signIn(t, randomEmail('expired'));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * DAY_MS });
    expect((await t.request('/api/me', { headers: jar.headers() })).status).toBe(401);
    const session = await t.request('/api/auth/get-session', { headers: jar.headers() });
    expect(await session.json()).toBeNull();
  });

  it('ends the session on the server at sign-out', async () => {
    const jar = await signIn(t, randomEmail('out'));
    const token = decodeURIComponent(jar.get(SESSION_COOKIE)!).split('.')[0]!;
    const out = await t.request('/api/auth/sign-out', postJson({}, jar));
    expect(out.status).toBe(200);
    expect(await t.database.db.selectFrom('session').select('id').where('token', '=', token).executeTakeFirst()).toBe(
      undefined,
    );
    expect((await t.request('/api/me', { headers: jar.headers() })).status).toBe(401);
  });

  describe('the signed session cache (ADR 002)', () => {
    const CACHE_COOKIE = 'barback.session_data';
    const nameOf = async (jar: Awaited<ReturnType<typeof signIn>>) =>
      ((await (await t.request('/api/me', { headers: jar.headers() })).json()) as { user: { name: string } }).user.name;

    it('is handed out at sign-in and answers with the session', async () => {
      const jar = await signIn(t, randomEmail('cached'));
      expect(jar.get(CACHE_COOKIE)).toBeTruthy();
      const me = await t.request('/api/me', { headers: jar.headers() });
      expect(me.status).toBe(200);
    });

    it('ends with its session at once: signed out on another device, the cached copy answers 401', async () => {
      const email = randomEmail('cached-out');
      const phone = await signIn(t, email);
      const laptop = await signIn(t, email);
      expect((await t.request('/api/me', { headers: phone.headers() })).status).toBe(200);
      const phoneToken = decodeURIComponent(phone.get(SESSION_COOKIE)!).split('.')[0]!;
      await t.database.db.deleteFrom('session').where('token', '=', phoneToken).execute();
      expect((await t.request('/api/me', { headers: phone.headers() })).status).toBe(401);
      expect((await t.request('/api/auth/get-session', { headers: phone.headers() })).status).toBe(200);
      expect(await (await t.request('/api/auth/get-session', { headers: phone.headers() })).json()).toBeNull();
      expect((await t.request('/api/me', { headers: laptop.headers() })).status).toBe(200);
    });

    it("shows a change made on another device at once (the user's new name)", async () => {
      const email = randomEmail('cached-name');
      const phone = await signIn(t, email);
      const laptop = await signIn(t, email);
      expect(await nameOf(phone)).not.toBe('Renamed on the laptop');
      const renamed = await t.request('/api/auth/update-user', postJson({ name: 'Renamed on the laptop' }, laptop));
      expect(renamed.status).toBe(200);
      expect(await nameOf(phone)).toBe('Renamed on the laptop');
    });

    it("trusts no other session's cached copy: another user's cache cookie is ignored", async () => {
      const alice = await signIn(t, randomEmail('cached-alice'));
      const bob = await signIn(t, randomEmail('cached-bob'));
      alice.set(CACHE_COOKIE, bob.get(CACHE_COOKIE)!);
      const me = (await (await t.request('/api/me', { headers: alice.headers() })).json()) as {
        user: { email: string };
      };
      expect(me.user.email).toContain('cached-alice');
    });

    it("answers get-session with exactly the body better-auth's own route sends, signed in or not", async () => {
      const jar = await signIn(t, randomEmail('cached-same'));
      for (const headers of [jar.headers(), { cookie: `${SESSION_COOKIE}=forged.value` }]) {
        const served = await t.request('/api/auth/get-session', { headers });
        const own = await t.auth.handler(new Request(`${t.config.appUrl}/api/auth/get-session`, { headers }));
        expect(served.status).toBe(own.status);
        expect(await served.json()).toEqual(await own.json());
        expect(served.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('refuses a forged cache cookie and reads the session from the database', async () => {
      const jar = await signIn(t, randomEmail('cached-forged'));
      const cached = JSON.parse(Buffer.from(jar.get(CACHE_COOKIE)!, 'base64url').toString('utf8')) as {
        session: { user: { name: string } };
      };
      cached.session.user.name = 'Forged';
      jar.set(CACHE_COOKIE, Buffer.from(JSON.stringify(cached)).toString('base64url'));
      expect(await nameOf(jar)).not.toBe('Forged');
    });
  });

  it('refuses a cookie-carrying sign-out from another site', async () => {
    const jar = await signIn(t, randomEmail('csrf'));
    const response = await t.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { ...jar.headers(), origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect((await t.request('/api/me', { headers: jar.headers() })).status).toBe(200);
  });
});
