import { Redis } from 'ioredis';
import { DEFAULT_REDIS_KEY_PREFIX } from '../config';
import { AppError } from '../errors';
import type { Logger } from '../logger';

/**
 * The server's one Redis connection (REDIS_URL): rate-limit counters (http/rate-limit.ts) and better-auth's secondary
 * storage (redis/secondary-storage.ts) live there, so every server process shares them.
 *
 * Failure policy: Redis holds nothing that cannot be rebuilt (sessions are also in the database, counters and verification
 * values are short-lived), so an outage must cost availability of the requests that need it, never the process:
 * - no offline queue and no retries per command: while the connection is down a command fails at once, and a command in
 *   flight when it drops fails when it drops; a server that stops answering fails a command after
 *   {@link REDIS_COMMAND_TIMEOUT_MS};
 * - the failure reaches the caller as {@link RedisUnavailableError} (503 SERVICE_UNAVAILABLE, with Retry-After);
 * - the client reconnects by itself (backing off to {@link REDIS_MAX_RECONNECT_DELAY_MS}); connection errors are logged, at
 *   most one line per {@link REDIS_ERROR_LOG_INTERVAL_MS}, never thrown.
 */

/** Longest wait for one Redis command before it fails, ms. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Longest wait for the TCP connection (at boot and on each reconnection), ms. */
export const REDIS_CONNECT_TIMEOUT_MS = 2000;
/** Longest pause between two reconnection attempts, ms (the first ones come sooner: 100, 200, 300 ms...). */
export const REDIS_MAX_RECONNECT_DELAY_MS = 2000;
/** At most one connection-error log line per this many ms. */
export const REDIS_ERROR_LOG_INTERVAL_MS = 10_000;

/** The message of the 503 answer when Redis cannot be reached. */
export const REDIS_UNAVAILABLE_MESSAGE = 'The session and rate-limit store is unavailable; please try again shortly.';

/**
 * A Redis command failed because Redis cannot be reached (down, unreachable, too slow). An AppError of code
 * SERVICE_UNAVAILABLE, so the HTTP layer answers 503; `cause` holds the client's error.
 */
export class RedisUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('SERVICE_UNAVAILABLE', REDIS_UNAVAILABLE_MESSAGE, { cause });
    this.name = 'RedisUnavailableError';
  }
}

/** An open Redis connection and the prefix its keys carry. */
export interface RedisHandle {
  /**
   * The ioredis client. It adds {@link keyPrefix} to the keys of every command itself (not to SCAN patterns: see
   * {@link scanKeys}).
   */
  client: Redis;
  /** Prefix of every key, e.g. 'barback:'. */
  keyPrefix: string;
  /** True while the connection is up and ready for commands. */
  isReady(): boolean;
  /**
   * Runs `command` and turns any failure of the connection into {@link RedisUnavailableError}.
   * @throws RedisUnavailableError when Redis cannot be reached; other errors (e.g. a script error) as they are.
   */
  run<T>(command: (client: Redis) => Promise<T>): Promise<T>;
  /**
   * Every key (without the prefix) matching `pattern` (a Redis glob, also without the prefix), read with SCAN in batches.
   * @throws RedisUnavailableError when Redis cannot be reached.
   */
  scanKeys(pattern: string): Promise<string[]>;
  /** Closes the connection (QUIT, or a plain disconnect when Redis is away) and stops reconnecting. Idempotent. */
  close(): Promise<void>;
}

/** REDIS_URL without its password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://(unparsable)';
  }
}

/** True for errors that mean the connection, not the command, failed. */
function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true;
  return /connection is closed|connection is not ready|stream isn't writeable|command timed out|max retries per request|connect etimedout|reached the max retries/i.test(
    error.message,
  );
}

/**
 * Connects to Redis at `url` and waits until it answers PING. After boot the client reconnects by itself whenever the
 * connection drops (see the module comment for the failure policy).
 * @param options.url REDIS_URL (`redis://[user:password@]host:port[/db]` or `rediss://` for TLS).
 * @param options.keyPrefix prefix of every key (default {@link DEFAULT_REDIS_KEY_PREFIX}).
 * @param options.logger where connection errors and reconnections are reported.
 * @throws Error naming the (password-less) URL and the cause when Redis cannot be reached at boot; nothing keeps running
 *   then.
 */
export async function connectRedis(options: { url: string; keyPrefix?: string; logger: Logger }): Promise<RedisHandle> {
  const { url, logger } = options;
  const keyPrefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
  let booted = false;
  let closed = false;
  let lastError: Error | null = null;
  let lastLoggedAt = 0;
  const client = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // At boot one failed attempt is enough to report; afterwards keep trying, backing off.
    retryStrategy: (attempt) => (booted && !closed ? Math.min(attempt * 100, REDIS_MAX_RECONNECT_DELAY_MS) : null),
  });
  client.on('error', (error: Error) => {
    lastError = error;
    if (!booted) return;
    const now = Date.now();
    if (now - lastLoggedAt < REDIS_ERROR_LOG_INTERVAL_MS) return;
    lastLoggedAt = now;
    logger.warn({ err: error, redis: redactRedisUrl(url) }, 'redis connection error; reconnecting');
  });
  client.on('ready', () => {
    if (booted) logger.info({ redis: redactRedisUrl(url) }, 'redis connection ready');
  });

  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    closed = true;
    client.disconnect();
    // ioredis rejects connect() with "Connection is closed."; the 'error' event before it names the real cause.
    const reason = (lastError ?? (error as Error)).message;
    throw new Error(`REDIS_URL: cannot reach Redis at ${redactRedisUrl(url)}: ${reason}`, { cause: error });
  }
  booted = true;

  const run = async <T>(command: (redis: Redis) => Promise<T>): Promise<T> => {
    try {
      return await command(client);
    } catch (error) {
      if (isConnectionFailure(error)) throw new RedisUnavailableError(error);
      throw error;
    }
  };

  let closing: Promise<void> | null = null;
  return {
    client,
    keyPrefix,
    isReady: () => client.status === 'ready',
    run,
    async scanKeys(pattern) {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await run((redis) => redis.scan(cursor, 'MATCH', `${keyPrefix}${pattern}`, 'COUNT', 500));
        cursor = next;
        for (const key of batch) keys.push(key.slice(keyPrefix.length));
      } while (cursor !== '0');
      return keys;
    },
    close: () =>
      (closing ??= (async () => {
        closed = true;
        if (client.status === 'ready') {
          try {
            await client.quit();
            return;
          } catch {
            // Fall through to a plain disconnect.
          }
        }
        client.disconnect();
      })()),
  };
}
