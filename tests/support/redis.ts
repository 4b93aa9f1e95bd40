import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createSilentLogger } from '@/server/logger';
import { connectRedis, type RedisHandle } from '@/server/redis';
import { freePort } from './free-port';

/** Re-exported for the Redis and scale-out tests. */
export { freePort };

/**
 * Redis for tests: REDIS_TEST_URL (default redis://127.0.0.1:6379; .ci/run exports it). Each test file works under its
 * own random key prefix and deletes its keys afterwards, so runs never see each other's counters or sessions.
 */

/** The Redis the tests use. */
export function redisTestUrl(): string {
  return process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';
}

/**
 * Null when Redis answers PING at `url` within a second, else why not (for a skip message).
 */
export async function redisUnavailableReason(url = redisTestUrl()): Promise<string | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  let lastError: Error | null = null;
  client.on('error', (error: Error) => (lastError = error));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    // connect() rejects with "Connection is closed."; the 'error' event before it names the cause.
    const reason = (lastError ?? (error as Error)).message;
    return `Redis is not reachable at ${url} (${reason}); set REDIS_TEST_URL or start redis-server`;
  } finally {
    client.disconnect();
  }
}

/** A fresh key prefix, e.g. `bbtest:3f9a1c2e:`. */
export function testKeyPrefix(): string {
  return `bbtest:${randomBytes(4).toString('hex')}:`;
}

/** A test's Redis connection under a fresh prefix; `drop()` deletes every key under it and closes the connection. */
export interface TestRedis extends RedisHandle {
  drop(): Promise<void>;
}

/** Every key under `prefix` on `url` is deleted (SCAN + UNLINK with a plain client). */
export async function deleteKeysWithPrefix(url: string, prefix: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  await client.connect();
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await client.unlink(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    client.disconnect();
  }
}

/** Connects the way main.ts does, under a fresh key prefix (or `url`'s Redis when given). */
export async function openTestRedis(url = redisTestUrl()): Promise<TestRedis> {
  const keyPrefix = testKeyPrefix();
  const handle = await connectRedis({ url, keyPrefix, logger: createSilentLogger() });
  let dropped: Promise<void> | null = null;
  return {
    ...handle,
    drop: () =>
      (dropped ??= (async () => {
        await handle.close();
        await deleteKeysWithPrefix(url, keyPrefix).catch(() => 0);
      })()),
  };
}

/** A private redis-server (no persistence) that a test may stop and start again on the same port, to play an outage. */
export interface PrivateRedis {
  url: string;
  /** Starts it (again) and waits until it answers PING. */
  start(): Promise<void>;
  /** Kills it (SIGKILL: connections drop at once) and waits for the exit. */
  stop(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing answers; `resume()` (SIGCONT) thaws it. */
  pause(): void;
  resume(): void;
}

/** True when a `redis-server` binary is on the PATH. */
export async function hasRedisServerBinary(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('redis-server', ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** Prepares (does not start) a private redis-server on a free loopback port. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  return {
    url,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
        { stdio: 'ignore' },
      );
      const deadline = Date.now() + 10_000;
      while ((await redisUnavailableReason(url)) !== null) {
        if (Date.now() > deadline) throw new Error(`private redis-server on ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
