import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  postJson,
  randomAddress,
  randomEmail,
  requestMagicLink,
  SESSION_COOKIE,
  signIn,
  userIdOf,
} from '../../../tests/support/auth';
import { CookieJar } from '../../../tests/support/cookie-jar';
import {
  hasRedisServerBinary,
  openTestRedis,
  privateRedis,
  redisUnavailableReason,
  type PrivateRedis,
  type TestRedis,
} from '../../../tests/support/redis';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';
import { addressBucket, emailBucket, RATE_LIMITS, RateLimiter } from '../http/rate-limit';
import { createSilentLogger } from '../logger';
import { connectRedis, type RedisHandle } from './client';
import { AUTH_KEY_PREFIX } from './secondary-storage';

/**
 * The server with REDIS_URL: rate-limit counters and better-auth's secondary storage in Redis, what a caller sees, and what
 * happens when Redis goes away and comes back.
 */

const unavailable = await redisUnavailableReason();
const serverBinary = await hasRedisServerBinary();

describe.skipIf(unavailable !== null)(`RateLimiter on Redis${unavailable ? ` (${unavailable})` : ''}`, () => {
  let redis: TestRedis;
  let databases: TestDatabase[];
  beforeAll(async () => {
    redis = await openTestRedis();
    databases = [await createTestDatabase('sqlite'), await createTestDatabase('sqlite')];
  });
  afterAll(async () => {
    await redis?.drop();
    for (const database of databases ?? []) await database.drop();
  });

  it('shares one count between limiters of different processes (here: different databases) on one Redis', async () => {
    const [one, two] = databases.map((database) => new RateLimiter(database.driver, { redis })) as [
      RateLimiter,
      RateLimiter,
    ];
    const bucket = addressBucket(randomAddress());
    for (let i = 0; i < 5; i += 1) {
      const decision = await (i % 2 === 0 ? one : two).consume(RATE_LIMITS.magicLink, [bucket]);
      expect(decision, `request ${i + 1}`).toEqual({ allowed: true, retryAfterSeconds: 0 });
    }
    const sixth = await two.consume(RATE_LIMITS.magicLink, [bucket]);
    expect(sixth.allowed).toBe(false);
    expect(sixth.retryAfterSeconds).toBeGreaterThan(590);
    expect(sixth.retryAfterSeconds).toBeLessThanOrEqual(600);
    // The counter is Redis's (with the window as its TTL), not a database row.
    const key = `rl:magic-link:${bucket}`;
    expect(await redis.client.get(key)).toBe('6');
    expect(await redis.client.pttl(key)).toBeGreaterThan(590_000);
    for (const database of databases) {
      expect(await database.db.selectFrom('rate_limit_counter').selectAll().execute()).toEqual([]);
    }
  });

  it('refuses when any bucket is over, with the longest wait among them', async () => {
    const limiter = new RateLimiter(databases[0]!.driver, { redis });
    const address = addressBucket(randomAddress());
    const email = emailBucket(randomEmail('multi'));
    for (let i = 0; i < 5; i += 1) await limiter.consume(RATE_LIMITS.support, [address]);
    const decision = await limiter.consume(RATE_LIMITS.support, [email, address]);
    expect(decision.allowed).toBe(false);
    expect(decision.retryAfterSeconds).toBeGreaterThan(3500);
    // The email bucket counted this request (1 of 5) although the address refused it.
    expect(await redis.client.get(`rl:support:${email}`)).toBe('1');
  });

  it('forget deletes the Redis counters of the buckets under every rule (and the database rows of before Redis)', async () => {
    const database = databases[0]!;
    const limiter = new RateLimiter(database.driver, { redis });
    const email = emailBucket(randomEmail('forget'));
    for (let i = 0; i < 6; i += 1) await limiter.consume(RATE_LIMITS.magicLink, [email]);
    await limiter.consume(RATE_LIMITS.support, [email]);
    await new RateLimiter(database.driver).consume(RATE_LIMITS.magicLink, [email]);
    expect((await limiter.consume(RATE_LIMITS.magicLink, [email])).allowed).toBe(false);

    expect(await limiter.forget([email])).toBe(3);

    expect(await redis.client.exists(`rl:magic-link:${email}`, `rl:support:${email}`)).toBe(0);
    expect(
      await database.db.selectFrom('rate_limit_counter').select('key').where('key', 'like', `%${email}`).execute(),
    ).toEqual([]);
    expect((await limiter.consume(RATE_LIMITS.magicLink, [email])).allowed).toBe(true);
  });
});

describe.skipIf(unavailable !== null).each(testDialects())('the app with Redis on %s', (dialect) => {
  let redis: TestRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = await openTestRedis();
    t = await createTestApp({ dialect, redis });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.drop();
  });

  it('answers the 6th magic-link request from one address with 429 and Retry-After, counted in Redis', async () => {
    const address = randomAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await requestMagicLink(t, randomEmail('burst'), { address })).status).toBe(200);
    }
    const sixth = await requestMagicLink(t, randomEmail('burst'), { address });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await sixth.json()) as ApiErrorBody).error.code).toBe('RATE_LIMITED');
    expect(await redis.client.get(`rl:magic-link:${addressBucket(address)}`)).toBe('6');
  });

  it('keeps magic-link tokens in Redis, caches sessions there and keeps them in the database too', async () => {
    const email = randomEmail('cached');
    const jar = await signIn(t, email);
    const userId = await userIdOf(t, jar);
    const listed = JSON.parse((await redis.client.get(`${AUTH_KEY_PREFIX}active-sessions-${userId}`)) ?? '[]') as {
      token: string;
    }[];
    expect(listed).toHaveLength(1);
    const cached = JSON.parse((await redis.client.get(`${AUTH_KEY_PREFIX}${listed[0]!.token}`)) ?? 'null') as {
      user: { email: string };
    };
    expect(cached.user.email).toBe(email);
    const rows = await t.database.db.selectFrom('session').select('token').where('userId', '=', userId).execute();
    expect(rows.map((row) => row.token)).toEqual([listed[0]!.token]);
    // Verification values (the used link is gone; none is left in the database table).
    expect(await t.database.db.selectFrom('verification').selectAll().execute()).toEqual([]);
  });

  it('still knows a session whose Redis copy was lost (the database copy answers)', async () => {
    const jar = await signIn(t, randomEmail('lost'));
    const userId = await userIdOf(t, jar);
    const keys = await redis.scanKeys(`${AUTH_KEY_PREFIX}*`);
    const tokens = (
      await t.database.db.selectFrom('session').select('token').where('userId', '=', userId).execute()
    ).map((row) => `${AUTH_KEY_PREFIX}${row.token}`);
    expect(keys).toEqual(expect.arrayContaining(tokens));
    await redis.client.del(...tokens);
    expect(await userIdOf(t, jar)).toBe(userId);
  });

  it('signs every device out when the account is deleted (the Redis copies go with the rows)', async () => {
    const email = randomEmail('leaving');
    const phone = await signIn(t, email);
    const laptop = await signIn(t, email);
    const userId = await userIdOf(t, phone);
    expect(await userIdOf(t, laptop)).toBe(userId);

    const deleted = await t.request('/api/me', postJson({ confirm: 'DELETE' }, phone, 'DELETE'));
    expect(deleted.status).toBe(200);

    const after = await t.json<ApiErrorBody>('/api/me', { headers: laptop.headers() });
    expect(after.status).toBe(401);
    expect(await redis.scanKeys(`${AUTH_KEY_PREFIX}active-sessions-${userId}`)).toEqual([]);
    expect(await redis.client.exists(`rl:magic-link:${emailBucket(email)}`)).toBe(0);
  });

  it('serves a bearer token of a Redis-cached session, and ends it when the session signs out or the account goes', async () => {
    const email = randomEmail('token');
    const phone = await signIn(t, email);
    const laptop = await signIn(t, email);
    const userId = await userIdOf(t, phone);
    const tokenOf = async (jar: typeof phone) =>
      (await t.json<{ token: string }>('/api/auth/token', { headers: jar.headers() })).body.token;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const phoneToken = await tokenOf(phone);
    const laptopToken = await tokenOf(laptop);
    const me = await t.json<{ user: { id: string } }>('/api/me', { headers: bearer(phoneToken) });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(userId);

    expect((await t.request('/api/auth/sign-out', postJson({}, phone))).status).toBe(200);
    expect((await t.request('/api/me', { headers: bearer(phoneToken) })).status).toBe(401);
    expect((await t.request('/api/me', { headers: bearer(laptopToken) })).status).toBe(200);

    expect((await t.request('/api/me', postJson({ confirm: 'DELETE' }, laptop, 'DELETE'))).status).toBe(200);
    expect((await t.request('/api/me', { headers: bearer(laptopToken) })).status).toBe(401);
  });

  it("counts better-auth's own limits in Redis (two-factor: 10 a minute per address)", async () => {
    const address = randomAddress();
    const jar = await signIn(t, randomEmail('tf'), address);
    let last: Response | null = null;
    for (let i = 0; i < 11; i += 1) {
      last = await t.request('/api/auth/two-factor/verify-totp', postJson({ code: '000000' }, jar), { address });
      if (i < 10) expect(last.status, `call ${i + 1}`).not.toBe(429);
    }
    expect(last!.status).toBe(429);
    const counters = await redis.scanKeys(`${AUTH_KEY_PREFIX}*${address}*`);
    expect(counters.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!serverBinary)('the app when Redis goes away and comes back', () => {
  let server: PrivateRedis;
  let redis: RedisHandle;
  let t: TestApp;
  beforeAll(async () => {
    server = await privateRedis();
    await server.start();
    redis = await connectRedis({ url: server.url, logger: createSilentLogger() });
    t = await createTestApp({ redis });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.close();
    await server?.stop();
  });

  async function expectUnavailable(response: Response) {
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await response.json()) as ApiErrorBody | { code: string };
    expect('error' in body ? body.error.code : body.code).toBe('SERVICE_UNAVAILABLE');
  }

  it('answers 503 with Retry-After where Redis is needed, serves the rest (cached sessions too), and recovers by itself', async () => {
    const jar = await signIn(t, randomEmail('outage'));
    const userId = await userIdOf(t, jar);
    await server.stop();

    await expectUnavailable(await requestMagicLink(t, randomEmail('outage')));
    // A signed-in browser's session cache cookie is checked against the database's session row, not Redis.
    expect((await t.request('/api/me', { headers: jar.headers() })).status).toBe(200);
    const uncached = new CookieJar().set(SESSION_COOKIE, jar.get(SESSION_COOKIE)!);
    await expectUnavailable(await t.request('/api/me', { headers: uncached.headers() }));
    await expectUnavailable(await t.request('/api/auth/sign-out', postJson({}, jar)));
    await expectUnavailable(await t.request('/api/support', postJson({ email: 'a@example.test', message: 'Hello.' })));
    // What does not need Redis keeps answering.
    expect((await t.request('/api/cocktails')).status).toBe(200);
    expect((await t.request('/api/health')).status).toBe(200);

    await server.start();
    const deadline = Date.now() + 10_000;
    while (!redis.isReady() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // The restarted Redis is empty: the session is found in the database, and the refused sign-out changed nothing.
    expect(await userIdOf(t, jar)).toBe(userId);
    expect((await requestMagicLink(t, randomEmail('after'))).status).toBe(200);
  });
});
