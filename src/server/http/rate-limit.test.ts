import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { postJson, randomAddress, randomEmail, requestMagicLink, signIn } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';
import { CLIENT_ADDRESS_HEADER } from '../auth/auth';
import { isDatabaseUnavailableError, RETRY_AFTER_SECONDS } from '../errors';
import { addressBucket, emailBucket, RATE_LIMIT_TABLE, RATE_LIMITS, RateLimiter } from './rate-limit';

describe.each(testDialects())('rate limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function expectRateLimited(response: Response) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/);
    return retryAfter;
  }

  it('answers the 6th magic-link request from one address within 10 minutes with 429, whatever X-Forwarded-For says', async () => {
    const address = randomAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await requestMagicLink(t, randomEmail('burst'), { address })).status).toBe(200);
    }
    const spoofed = await requestMagicLink(t, randomEmail('burst'), {
      address,
      headers: {
        'x-forwarded-for': randomAddress(),
        'x-real-ip': randomAddress(),
        [CLIENT_ADDRESS_HEADER]: randomAddress(),
      },
    });
    const retryAfter = await expectRateLimited(spoofed);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another address is not affected.
    expect((await requestMagicLink(t, randomEmail('other'), { address: randomAddress() })).status).toBe(200);
  });

  it('limits one email to 5 links per 10 minutes whatever the address, and lets it in again after the window', async () => {
    const email = randomEmail('target');
    for (let i = 0; i < 5; i += 1) {
      expect((await requestMagicLink(t, email, { address: randomAddress() })).status).toBe(200);
    }
    await expectRateLimited(await requestMagicLink(t, email.toUpperCase(), { address: randomAddress() }));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1000 });
    expect((await requestMagicLink(t, email, { address: randomAddress() })).status).toBe(200);
  });

  it('counts the recovery tool with the magic links', async () => {
    const address = randomAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await requestMagicLink(t, randomEmail('mix'), { address })).status).toBe(200);
    }
    const recovery = await t.request('/api/dev/recovery-email', postJson({ email: randomEmail('mix') }), { address });
    await expectRateLimited(recovery);
  });

  it('limits provider sign-in starts to 20 a minute per address', async () => {
    const address = randomAddress();
    for (let i = 0; i < 20; i += 1) {
      // Not configured here: 503, but each start still counts.
      expect((await t.request('/api/session/oauth/google', postJson({}), { address })).status).toBe(503);
    }
    await expectRateLimited(await t.request('/api/session/oauth/google', postJson({ link: true }), { address }));
  });

  it('limits support messages to 5 an hour per address', async () => {
    const address = randomAddress();
    const message = { email: 'someone@example.test', message: 'The shaker emoji is missing.' };
    for (let i = 0; i < 5; i += 1) {
      expect((await t.request('/api/support', postJson(message), { address })).status).toBe(201);
    }
    const retryAfter = await expectRateLimited(await t.request('/api/support', postJson(message), { address }));
    expect(retryAfter).toBeGreaterThan(600);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it("answers better-auth's own limits (two-factor: 10 a minute) in the API's error shape", async () => {
    const address = randomAddress();
    const jar = await signIn(t, randomEmail('tf'), address);
    let last: Response | null = null;
    for (let i = 0; i < 11; i += 1) {
      last = await t.request('/api/auth/two-factor/verify-totp', postJson({ code: '000000' }, jar), { address });
      if (i < 10) expect(last.status, `call ${i + 1}`).not.toBe(429);
    }
    await expectRateLimited(last!);
    // better-auth counts per client address (the one the server hands it), not in one shared bucket.
    const elsewhere = await t.request('/api/auth/two-factor/verify-totp', postJson({ code: '000000' }, jar), {
      address: randomAddress(),
    });
    expect(elsewhere.status).not.toBe(429);
    const sessions = await t.database.db.selectFrom('session').select('ipAddress').execute();
    expect(sessions.map((session) => session.ipAddress)).toContain(address);
  });
});

describe('rate limits behind a trusted proxy', () => {
  it('key on the address the trusted proxy added to TRUST_PROXY_HEADER, whatever the client wrote before it', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY_HEADER: 'x-forwarded-for' } });
    try {
      const proxy = randomAddress();
      const client = randomAddress();
      // The client writes its own X-Forwarded-For; our one proxy (TRUST_PROXY_HOPS=1) appends the address it saw.
      for (let i = 0; i < 5; i += 1) {
        const response = await requestMagicLink(t, randomEmail('proxied'), {
          address: proxy,
          headers: { 'x-forwarded-for': `${randomAddress()}, ${client}` },
        });
        expect(response.status).toBe(200);
      }
      const sixth = await requestMagicLink(t, randomEmail('proxied'), {
        address: proxy,
        headers: { 'x-forwarded-for': `${randomAddress()}, ${randomAddress()}, ${client}` },
      });
      expect(sixth.status).toBe(429);
      const otherClient = await requestMagicLink(t, randomEmail('proxied'), {
        address: proxy,
        headers: { 'x-forwarded-for': `${client}, ${randomAddress()}` },
      });
      expect(otherClient.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it.each(testDialects())(
    'on %s, keeps a direct client that writes a made-up header in its own socket bucket',
    async (dialect) => {
      const t = await createTestApp({ dialect, env: { TRUST_PROXY_HEADER: 'x-forwarded-for' } });
      try {
        const direct = randomAddress();
        const madeUp = ['x', 'unknown', 'a'.repeat(300), '203.0.113.9:80', 'localhost'];
        for (const value of madeUp) {
          const response = await requestMagicLink(t, randomEmail('direct'), {
            address: direct,
            headers: { 'x-forwarded-for': value },
          });
          expect(response.status).toBe(200);
        }
        const sixth = await requestMagicLink(t, randomEmail('direct'), {
          address: direct,
          headers: { 'x-forwarded-for': 'y' },
        });
        expect(sixth.status).toBe(429);
        // Another socket is its own bucket.
        expect((await requestMagicLink(t, randomEmail('direct'), { address: randomAddress() })).status).toBe(200);
      } finally {
        await t.close();
      }
    },
  );
});

describe.each(testDialects())("the database counters on %s (rate-limiter-flexible's store)", (dialect) => {
  let database: TestDatabase;
  let setTimeoutSpy: MockInstance<typeof setTimeout>;
  beforeAll(async () => {
    // Watches every timer from before the first limiter of this database is built.
    setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    setTimeoutSpy?.mockRestore();
    await database?.drop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function counter(key: string) {
    const row = await database.db
      .selectFrom('rate_limit_counter')
      .select(['points', 'expire'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row && { points: Number(row.points), expire: Number(row.expire) };
  }

  it('keeps a fixed window: refused requests count without moving it, Retry-After counts down, then it resets', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const limiter = new RateLimiter(database.driver);
    const bucket = addressBucket(randomAddress());
    for (let i = 0; i < 5; i += 1) {
      expect(await limiter.consume(RATE_LIMITS.magicLink, [bucket]), `request ${i + 1}`).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
    }
    expect(await limiter.consume(RATE_LIMITS.magicLink, [bucket])).toEqual({ allowed: false, retryAfterSeconds: 600 });
    vi.setSystemTime(start + 4 * 60_000);
    expect(await limiter.consume(RATE_LIMITS.magicLink, [bucket])).toEqual({ allowed: false, retryAfterSeconds: 360 });
    // One row in the library's layout: seven requests counted, the window still ends where the first request set it.
    expect(await counter(`magic-link:${bucket}`)).toEqual({ points: 7, expire: start + 10 * 60_000 });

    vi.setSystemTime(start + 10 * 60_000 + 1);
    expect(await limiter.consume(RATE_LIMITS.magicLink, [bucket])).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await counter(`magic-link:${bucket}`)).toEqual({ points: 1, expire: start + 20 * 60_000 + 1 });
  });

  it('refuses when any bucket is over, with the longest wait, and counts the request in every bucket', async () => {
    const limiter = new RateLimiter(database.driver);
    const address = addressBucket(randomAddress());
    const email = emailBucket(randomEmail('multi'));
    for (let i = 0; i < 5; i += 1) await limiter.consume(RATE_LIMITS.support, [address]);
    const decision = await limiter.consume(RATE_LIMITS.support, [email, address]);
    expect(decision.allowed).toBe(false);
    expect(decision.retryAfterSeconds).toBeGreaterThan(3500);
    expect(decision.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect((await counter(`support:${email}`))?.points).toBe(1);
  });

  it('forgets a bucket under every rule, and prunes only counters whose window has ended', async () => {
    const limiter = new RateLimiter(database.driver);
    const email = emailBucket(randomEmail('forget'));
    const other = addressBucket(randomAddress());
    for (let i = 0; i < 6; i += 1) await limiter.consume(RATE_LIMITS.magicLink, [email]);
    await limiter.consume(RATE_LIMITS.support, [email, other]);
    expect((await limiter.consume(RATE_LIMITS.magicLink, [email])).allowed).toBe(false);

    expect(await limiter.forget([email])).toBe(2);
    expect(await counter(`magic-link:${email}`)).toBeUndefined();
    expect(await counter(`support:${email}`)).toBeUndefined();
    expect((await limiter.consume(RATE_LIMITS.magicLink, [email])).allowed).toBe(true);

    await limiter.prune(Date.now() + 30 * 60_000);
    // The magic-link window (10 minutes) has ended by then, the support one (an hour) has not.
    expect(await counter(`magic-link:${email}`)).toBeUndefined();
    expect((await counter(`support:${other}`))?.points).toBe(1);
  });

  it("starts none of the library's cleanup timers (the table is the migration's; prune clears it)", () => {
    expect(setTimeoutSpy.mock.calls.filter(([, ms]) => ms === 300_000)).toEqual([]);
    expect(RATE_LIMIT_TABLE).toBe('rate_limit_counter');
  });

  it('rejects with an error the server answers 503 for when the database is away, and the route says so', async () => {
    const gone = await createTestDatabase(dialect);
    await gone.destroy();
    const error = await new RateLimiter(gone.driver)
      .consume(RATE_LIMITS.support, [addressBucket(randomAddress())])
      .catch((caught: unknown) => caught);
    expect(isDatabaseUnavailableError(error)).toBe(true);
    await gone.drop();

    const app = await createTestApp({ dialect });
    try {
      await app.database.destroy();
      const message = { email: 'someone@example.test', message: 'The shaker emoji is missing.' };
      const response = await app.request('/api/support', postJson(message), { address: randomAddress() });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(((await response.json()) as ApiErrorBody).error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await app.close();
    }
  });
});
