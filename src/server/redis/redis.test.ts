import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAPIError } from 'better-auth/api';
import { createSilentLogger } from '../logger';
import { main } from '../main';
import { connectRedis, RedisUnavailableError, REDIS_COMMAND_TIMEOUT_MS, type RedisHandle } from './client';
import { AUTH_KEY_PREFIX, purgeUserFromAuthStore, redisSecondaryStorage } from './secondary-storage';
import {
  freePort,
  hasRedisServerBinary,
  openTestRedis,
  privateRedis,
  redisUnavailableReason,
  type PrivateRedis,
  type TestRedis,
} from '../../../tests/support/redis';

const unavailable = await redisUnavailableReason();
const serverBinary = await hasRedisServerBinary();

describe('connectRedis at boot', () => {
  it('keeps the server from starting when REDIS_URL does not answer', async () => {
    const port = await freePort();
    const started = main({
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: ':memory:',
        REDIS_URL: `redis://127.0.0.1:${port}`,
      },
      handleSignals: false,
    });
    await expect(started).rejects.toThrow(/^REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+\/?: /);
  });

  it('fails with a message naming REDIS_URL, without the password, when nothing answers', async () => {
    const port = await freePort();
    const started = Date.now();
    const error = await connectRedis({
      url: `redis://barback:s3cret@127.0.0.1:${port}`,
      logger: createSilentLogger(),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      new RegExp(`^REDIS_URL: cannot reach Redis at redis://barback:\\*\\*\\*@127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    );
    expect((error as Error).message).not.toContain('s3cret');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe.skipIf(unavailable !== null)(
  `better-auth's secondary storage on Redis${unavailable ? ` (${unavailable})` : ''}`,
  () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await openTestRedis();
    });
    afterAll(() => redis?.drop());

    it('keeps values under <prefix>auth:, with their TTL in seconds, and deletes them', async () => {
      const storage = redisSecondaryStorage(redis);
      await storage.set('token-a', '{"session":1}', 60);
      await storage.set('forever', 'x');
      expect(await storage.get('token-a')).toBe('{"session":1}');
      const ttl = await redis.client.ttl(`${AUTH_KEY_PREFIX}token-a`);
      expect(ttl).toBeGreaterThan(55);
      expect(ttl).toBeLessThanOrEqual(60);
      expect(await redis.client.ttl(`${AUTH_KEY_PREFIX}forever`)).toBe(-1);
      expect(await redis.scanKeys(`${AUTH_KEY_PREFIX}*`)).toEqual(
        expect.arrayContaining([`${AUTH_KEY_PREFIX}token-a`, `${AUTH_KEY_PREFIX}forever`]),
      );
      await storage.delete('token-a');
      expect(await storage.get('token-a')).toBeNull();
    });

    it('gives a fraction of a second or 0 at least one second (Redis wants whole seconds)', async () => {
      const storage = redisSecondaryStorage(redis);
      await storage.set('short', 'v', 0.2);
      expect(await redis.client.ttl(`${AUTH_KEY_PREFIX}short`)).toBe(1);
    });

    it('getAndDelete hands a value out once', async () => {
      const storage = redisSecondaryStorage(redis);
      await storage.set('verification:once', 'v', 60);
      expect(await storage.getAndDelete('verification:once')).toBe('v');
      expect(await storage.getAndDelete('verification:once')).toBeNull();
    });

    it('increment counts from 1 and only the first increment sets the window', async () => {
      const storage = redisSecondaryStorage(redis);
      expect(await storage.increment('rl-key', 30)).toBe(1);
      await redis.client.expire(`${AUTH_KEY_PREFIX}rl-key`, 5);
      expect(await storage.increment('rl-key', 30)).toBe(2);
      expect(await storage.increment('rl-key', 30)).toBe(3);
      expect(await redis.client.ttl(`${AUTH_KEY_PREFIX}rl-key`)).toBeLessThanOrEqual(5);
    });

    it("purges a deleted user's cached sessions, their list and the verification values naming them", async () => {
      const storage = redisSecondaryStorage(redis);
      const userId = 'user-to-delete';
      const expiresAt = Date.now() + 60_000;
      await storage.set(`active-sessions-${userId}`, JSON.stringify([{ token: 'tok1', expiresAt }]), 60);
      await storage.set('tok1', JSON.stringify({ session: { userId }, user: { id: userId } }), 60);
      await storage.set('tok2', JSON.stringify({ session: { userId }, user: { id: userId } }), 60);
      await storage.set('tok-other', JSON.stringify({ session: { userId: 'other' } }), 60);
      await storage.set('verification:2fa-abc', JSON.stringify({ identifier: '2fa-abc', value: userId }), 60);
      await storage.set(
        'verification:magic-link:h1',
        JSON.stringify({ identifier: 'magic-link:h1', value: JSON.stringify({ email: 'gone@example.test' }) }),
        60,
      );
      await storage.set(
        'verification:magic-link:h2',
        JSON.stringify({ identifier: 'magic-link:h2', value: JSON.stringify({ email: 'stays@example.test' }) }),
        60,
      );

      const deleted = await purgeUserFromAuthStore(redis, { userId, email: 'gone@example.test', tokens: ['tok2'] });

      expect(deleted).toBe(5);
      for (const gone of [
        `active-sessions-${userId}`,
        'tok1',
        'tok2',
        'verification:2fa-abc',
        'verification:magic-link:h1',
      ])
        expect(await storage.get(gone), gone).toBeNull();
      expect(await storage.get('tok-other')).not.toBeNull();
      expect(await storage.get('verification:magic-link:h2')).not.toBeNull();
    });
  },
);

describe.skipIf(!serverBinary)('a Redis outage', () => {
  let server: PrivateRedis;
  let redis: RedisHandle;
  beforeAll(async () => {
    server = await privateRedis();
    await server.start();
    redis = await connectRedis({ url: server.url, logger: createSilentLogger() });
  });
  afterAll(async () => {
    await redis?.close();
    await server?.stop();
  });

  it('fails a command after the command timeout when Redis hangs, and works again when it answers', async () => {
    await redis.run((client) => client.set('hang', 'v'));
    server.pause();
    try {
      const started = Date.now();
      const error = await redis.run((client) => client.get('hang')).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedisUnavailableError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 1000);
    } finally {
      server.resume();
    }
    expect(await redis.run((client) => client.get('hang'))).toBe('v');
  });

  it('fails commands fast while Redis is away, as 503 errors, and reconnects by itself when it is back', async () => {
    const storage = redisSecondaryStorage(redis);
    await storage.set('k', 'before', 60);
    await server.stop();

    const started = Date.now();
    const direct = await redis.run((client) => client.get('k')).catch((caught: unknown) => caught);
    expect(direct).toBeInstanceOf(RedisUnavailableError);
    expect((direct as RedisUnavailableError).status).toBe(503);
    const viaAuth = await Promise.resolve(storage.get('k')).catch((caught: unknown) => caught);
    expect(isAPIError(viaAuth)).toBe(true);
    expect((viaAuth as { statusCode: number }).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);

    await server.start();
    const deadline = Date.now() + 10_000;
    while (!redis.isReady() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(redis.isReady()).toBe(true);
    // A fresh server (no persistence): the value is gone, and the connection works again.
    expect(await storage.get('k')).toBeNull();
    await storage.set('k', 'after', 60);
    expect(await storage.get('k')).toBe('after');
  });
});
