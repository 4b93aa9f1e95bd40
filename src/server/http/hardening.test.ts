import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  latestMailTo,
  postJson,
  randomAddress,
  randomEmail,
  requestMagicLink,
  signIn,
  TEST_ORIGIN,
  userIdOf,
} from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { grantEntitlement } from '../payments/entitlements';
import { DEFAULT_API_BODY_LIMIT_BYTES, holdsNul } from './request-guards';

/** A batch of one event (POST /api/events) with `overrides` on the event. */
function eventBatch(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    events: [{ type: 'search_performed', timestamp: new Date().toISOString(), props: { q: 'gin' }, ...overrides }],
  });
}

/** `{a: {a: {... depth levels ...}}}` written as text, so building it needs no recursion. */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const jsonHeaders = { 'content-type': 'application/json', origin: TEST_ORIGIN };

describe('NUL detection', () => {
  it('finds raw NUL and the JSON escape, not the escaped text \\\\u0000', () => {
    expect(holdsNul(JSON.stringify({ name: 'a\u0000b' }))).toBe(true);
    expect(holdsNul('{"name":"a\\u0000b"}')).toBe(true);
    expect(holdsNul('{"name":"\\\\\\u0000"}')).toBe(true);
    expect(holdsNul(JSON.stringify({ name: 'a\\u0000b' }))).toBe(false);
    expect(holdsNul('{"name":"plain"}')).toBe(false);
  });
});

describe.each(testDialects())('hostile input on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    email = randomEmail('hardened');
    jar = await signIn(t, email);
  });
  afterAll(() => t?.close());

  it('refuses deeply nested event props with 400, not a stack overflow', async () => {
    for (const depth of [9, 10_000]) {
      const body = `{"events":[{"type":"search_performed","timestamp":"${new Date().toISOString()}","props":${nestedJson(depth)}}]}`;
      const { status, body: answer } = await t.json<ApiErrorBody>('/api/events', {
        method: 'POST',
        headers: jsonHeaders,
        body,
      });
      expect(status, `depth ${depth}`).toBe(400);
      expect(answer.error.message).toMatch(/nest at most 8 levels/);
    }
    const ok = await t.json('/api/events', { method: 'POST', headers: jsonHeaders, body: eventBatch() });
    expect(ok.status).toBe(202);
  });

  it.each(['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '9999-12-31T23:59:59Z', '-000001-01-01T00:00:00Z'])(
    'refuses an event timestamp of %s with 400',
    async (timestamp) => {
      const { status, body } = await t.json<ApiErrorBody>('/api/events', {
        method: 'POST',
        headers: jsonHeaders,
        body: eventBatch({ timestamp }),
      });
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    },
  );

  it('refuses NUL in any text with 400 before it reaches the database: support, magic-link name, query, cookie', async () => {
    const answers = [
      await t.json<ApiErrorBody>(
        '/api/support',
        postJson({ email: 'someone@example.com', message: 'hello\u0000there', page: '/x\u0000' }),
        { address: randomAddress() },
      ),
      await requestMagicLink(t, randomEmail('nul'), { body: { name: 'Ada\u0000' } }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as ApiErrorBody,
      })),
      await t.json<ApiErrorBody>('/api/cocktails?q=gin%00tonic'),
      await t.json<ApiErrorBody>('/api/cocktails?q=%ZZ%00'),
      await t.json<ApiErrorBody>('/api/auth/magic-link/verify?token=abc%00def&callbackURL=/'),
      await t.json<ApiErrorBody>('/api/me', { headers: { cookie: 'barback.session_token=abc%00def' } }),
    ];
    for (const { status, body } of answers) {
      expect(status).toBe(400);
      expect(body.error.message).toMatch(/NUL/);
    }
    const stored = await t.database.db.selectFrom('support_message').select('message').execute();
    expect(stored.filter((row) => row.message.includes('\u0000'))).toEqual([]);
  });

  it('refuses ids past the SQL integer range with 400 (PostgreSQL cannot compare them), in paths, queries and bodies', async () => {
    // Collections are a Pro feature: without it the gate would answer 403 before the id is read.
    await grantEntitlement({ db: t.database.db, userId: await userIdOf(t, jar), name: 'pro' });
    const tooBig = '8640000000000001';
    const put = (body: unknown) => ({
      method: 'PUT',
      headers: { ...jar.headers(), ...jsonHeaders },
      body: JSON.stringify(body),
    });
    const answers: [string, Awaited<ReturnType<typeof t.json<ApiErrorBody>>>][] = [
      ['order path', await t.json<ApiErrorBody>(`/api/me/collections/${tooBig}/order`, put({ cocktailIds: [1] }))],
      ['order body', await t.json<ApiErrorBody>('/api/me/collections/1/order', put({ cocktailIds: [2_147_483_648] }))],
      ['cocktail', await t.json<ApiErrorBody>(`/api/cocktails/${tooBig}`)],
      ['favorite', await t.json<ApiErrorBody>(`/api/me/favorites/2147483648`, put({}))],
      ['bar', await t.json<ApiErrorBody>(`/api/me/bar/${tooBig}`, put({}))],
      ['contains', await t.json<ApiErrorBody>(`/api/me/collections?cocktailId=${tooBig}`, { headers: jar.headers() })],
      [
        'made',
        await t.json<ApiErrorBody>('/api/me/made', {
          method: 'POST',
          headers: { ...jar.headers(), ...jsonHeaders },
          body: JSON.stringify({ cocktailId: 2_147_483_648 }),
        }),
      ],
    ];
    for (const [label, { status, body }] of answers) {
      expect(status, label).toBe(400);
      expect(body.error.message, label).toMatch(/out of range/);
    }
    // The largest id an integer column holds is a real lookup: no such cocktail.
    expect((await t.json<ApiErrorBody>('/api/cocktails/2147483647')).status).toBe(404);
  });

  it('answers 413 for a body over the route limit before reading it, and takes a normal one', async () => {
    const big = JSON.stringify({ email: 'big@example.com', message: 'x'.repeat(DEFAULT_API_BODY_LIMIT_BYTES) });
    const { status, body } = await t.json<ApiErrorBody>('/api/support', postJson(JSON.parse(big)), {
      address: randomAddress(),
    });
    expect(status).toBe(413);
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    // A declared length far past the limit is refused without a body arriving at all.
    const declared = await t.request(
      '/api/support',
      {
        method: 'POST',
        headers: { ...jsonHeaders, 'content-length': String(200 * 1024 * 1024) },
        body: '{}',
      },
      { address: randomAddress() },
    );
    expect(declared.status).toBe(413);
  });

  it('refuses a cross-site analytics post carrying the victim cookie (forged Recent Activity)', async () => {
    const forged = await t.json<ApiErrorBody>('/api/events', {
      method: 'POST',
      headers: { ...jar.headers(), 'content-type': 'text/plain', origin: 'https://evil.example' },
      body: eventBatch({ props: { q: 'forged search' } }),
    });
    expect(forged.status).toBe(403);
    const activity = await t.json<{ searches: { q: string }[] }>('/api/me/activity', { headers: jar.headers() });
    expect(activity.body.searches.map((search) => search.q)).not.toContain('forged search');
  });

  it('checks update-user field types (better-auth does not) and keeps the name as it was', async () => {
    for (const body of [{ name: 'Fuzz', image: {} }, { name: null, image: [] }, { name: 42 }, { role: 'admin' }]) {
      const response = await t.request('/api/auth/update-user', postJson(body, jar));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    }
    const ok = await t.request('/api/auth/update-user', postJson({ name: 'Ada Lovelace' }, jar));
    expect(ok.status).toBe(200);
  });

  it('answers every auth refusal with {code, message}: unknown paths and methods, bare 401s, overlong paths', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/api/auth/magic-link/verify', { method: 'PROPFIND' }, 404],
      ['/api/auth/no-such-route', {}, 404],
      ['/api/auth/list-accounts', {}, 401],
      ['/api/auth/account-info?accountId=abc', {}, 404],
      [`/api/auth/sign-in/magic-link/${'q'.repeat(3000)}`, postJson({}), 404],
    ];
    for (const [path, init, status] of cases) {
      const response = await t.request(path, init, { address: randomAddress() });
      expect(response.status, path.slice(0, 60)).toBe(status);
      const body = (await response.json()) as { code?: string; message?: string; error?: { code: string } };
      expect(body.code ?? body.error?.code, path.slice(0, 60)).toEqual(expect.any(String));
    }
  });

  it("answers a signed-in sender at their account's email, whatever the form said", async () => {
    const { status } = await t.json(
      '/api/support',
      postJson({ email: 'someone-else@example.com', message: 'Please call me back.' }, jar),
      { address: randomAddress() },
    );
    expect(status).toBe(201);
    const row = await t.database.db
      .selectFrom('support_message')
      .select('email')
      .where('message', '=', 'Please call me back.')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
    expect((await latestMailTo(t, 'support@barback.app')).text).toContain(email);
  });
});

describe('developer tools in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', APP_URL: 'http://localhost:3000' } });
  });
  afterAll(() => t?.close());

  it('auth-health, recovery-email and mailbox answer 404 without DEV_TOOLS=1', async () => {
    for (const [path, init] of [
      ['/api/dev/auth-health', {}],
      ['/api/dev/mailbox', {}],
      ['/api/dev/recovery-email', postJson({ email: 'someone@example.com' })],
    ] as const) {
      const { status, body } = await t.json<ApiErrorBody>(path, init, { address: '127.0.0.1' });
      expect(status, path).toBe(404);
      expect(body.error.code).toBe('NOT_FOUND');
    }
  });

  it('with DEV_TOOLS=1 the recovery tool answers known and unknown emails after the same time', async () => {
    const dev = await createTestApp({ env: { DEV_TOOLS: '1' } });
    try {
      const known = randomEmail('known');
      await signIn(dev, known);
      const timed = async (address: string) => {
        const started = performance.now();
        const { status } = await dev.json('/api/dev/recovery-email', postJson({ email: address }), {
          address: randomAddress(),
        });
        expect(status).toBe(200);
        return performance.now() - started;
      };
      const [forKnown, forUnknown] = [await timed(known), await timed(randomEmail('unknown'))];
      // Both wait for the same fixed answer time (1.2 s); what differs is scheduling noise, far below a send's cost.
      expect(forKnown).toBeGreaterThanOrEqual(1150);
      expect(forUnknown).toBeGreaterThanOrEqual(1150);
      expect(Math.abs(forKnown - forUnknown)).toBeLessThan(300);
    } finally {
      await dev.close();
    }
  });
});
