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
    expect(used.headers.getSetCookie()).toEqual([]);
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
