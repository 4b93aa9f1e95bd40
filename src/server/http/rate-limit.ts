import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/types';
import { errorBody } from '../errors';

/**
 * What the limiter needs of a Redis connection (redis/client.ts `RedisHandle` is one): the ioredis client, and `run`,
 * which turns a failure of the connection into RedisUnavailableError.
 */
export interface RateLimitRedis {
  client: Redis;
  run<T>(command: (client: Redis) => Promise<T>): Promise<T>;
}

/** A limit: at most `max` requests per fixed window of `windowMs` milliseconds. */
export interface RateLimitRule {
  /** Names the limit in the bucket key, e.g. 'magic-link'. */
  name: string;
  windowMs: number;
  max: number;
}

/**
 * The limits (docs/product.md, Constants and limits; ms windows):
 * - magic-link: sign-in links (and recovery links), 5 per 10 minutes per client address and, separately, per email;
 * - oauth-start: starting a provider sign-in or link, 20 per minute per address;
 * - support: Contact Support messages, 5 per hour per address.
 */
export const RATE_LIMITS = {
  magicLink: { name: 'magic-link', windowMs: 10 * 60_000, max: 5 },
  oauthStart: { name: 'oauth-start', windowMs: 60_000, max: 20 },
  support: { name: 'support', windowMs: 60 * 60_000, max: 5 },
  /** Restore's reconciliation calls RevenueCat's API: 10 a minute per address is plenty for people and spares its quota. */
  purchaseSync: { name: 'purchase-sync', windowMs: 60_000, max: 10 },
} as const satisfies Record<string, RateLimitRule>;

/** The outcome of counting one request. retryAfterSeconds: whole seconds until the window resets (0 when allowed). */
export interface RateLimitDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counters older than this are pruned, ms (longer than any window). */
const PRUNE_AGE_MS = 24 * 60 * 60_000;
/** One in this many counted requests also prunes stale counters. */
const PRUNE_EVERY = 200;

/** A bucket key for an email address: hashed, so the counters table never holds the address itself. */
export function emailBucket(email: string): string {
  return `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
}

/** A bucket key for a client address. */
export function addressBucket(address: string): string {
  return `ip:${address}`;
}

/** Prefix of the rate-limit counters in Redis, after REDIS_KEY_PREFIX: `<prefix>rl:<rule>:<bucket>`. */
export const REDIS_RATE_LIMIT_PREFIX = 'rl';

/** Where the counters live: the database table, or Redis through rate-limiter-flexible. */
interface CounterStore {
  /** Counts one request for `bucket` under `rule`; returns null when allowed, else whole seconds until the window resets. */
  hit(rule: RateLimitRule, bucket: string, now: number): Promise<number | null>;
  forget(keys: readonly { rule: RateLimitRule; bucket: string }[]): Promise<void>;
}

/** One atomic upsert per bucket in `rate_limit_bucket`: a row past its window restarts at 1, otherwise it grows by one. */
function databaseCounters(db: Kysely<Database>): CounterStore {
  return {
    async hit(rule, bucket, now) {
      const restart = now - rule.windowMs;
      const row = await db
        .insertInto('rate_limit_bucket')
        .values({ key: `${rule.name}:${bucket}`, count: 1, window_start: now })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when rate_limit_bucket.window_start <= ${restart} then 1 else rate_limit_bucket.count + 1 end`,
            window_start: sql<number>`case when rate_limit_bucket.window_start <= ${restart} then ${now} else rate_limit_bucket.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      if (Number(row.count) <= rule.max) return null;
      return Math.max(1, Math.ceil((Number(row.window_start) + rule.windowMs - now) / 1000));
    },
    async forget(keys) {
      if (keys.length === 0) return;
      const names = keys.map(({ rule, bucket }) => `${rule.name}:${bucket}`);
      await db.deleteFrom('rate_limit_bucket').where('key', 'in', names).execute();
    },
  };
}

/** rate-limiter-flexible's Redis limiters of one connection, one per rule (they are cheap, but built once). */
const redisLimiters = new WeakMap<RateLimitRedis, Map<string, RateLimiterRedis>>();

function redisLimiterFor(redis: RateLimitRedis, rule: RateLimitRule): RateLimiterRedis {
  let byRule = redisLimiters.get(redis);
  if (!byRule) redisLimiters.set(redis, (byRule = new Map()));
  let limiter = byRule.get(rule.name);
  if (!limiter) {
    if (rule.windowMs % 1000 !== 0) throw new Error(`rate limit ${rule.name}: the window must be whole seconds`);
    limiter = new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: `${REDIS_RATE_LIMIT_PREFIX}:${rule.name}`,
      points: rule.max,
      duration: rule.windowMs / 1000,
      // Fail at once while the connection is down instead of queueing (the client has no offline queue either).
      rejectIfRedisNotReady: true,
    });
    byRule.set(rule.name, limiter);
  }
  return limiter;
}

/**
 * rate-limiter-flexible's RateLimiterRedis: the same fixed window (the first request sets the key's expiry, later ones
 * only increment, refused ones included), kept by Redis itself, so counters expire without pruning. Its clock is Redis's:
 * the `now` the caller passes is not used.
 */
function redisCounters(redis: RateLimitRedis): CounterStore {
  return {
    async hit(rule, bucket) {
      try {
        await redis.run(() => redisLimiterFor(redis, rule).consume(bucket, 1));
        return null;
      } catch (outcome) {
        // The library rejects with a RateLimiterRes when the limit is reached; a Redis failure arrives as
        // RedisUnavailableError (redis.run).
        if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
        throw outcome;
      }
    },
    async forget(keys) {
      for (const { rule, bucket } of keys) await redis.run(() => redisLimiterFor(redis, rule).delete(bucket));
    },
  };
}

/** Where a {@link RateLimiter} keeps its counters. */
export interface RateLimiterOptions {
  /**
   * The server's Redis connection (REDIS_URL): counters live there, shared by every process, through
   * rate-limiter-flexible. Absent or null: in the database.
   */
  redis?: RateLimitRedis | null;
}

/**
 * Fixed-window request counters shared by every server process: in Redis when the server has one (REDIS_URL), else in the
 * database table `rate_limit_bucket`. A request is allowed while its bucket's count in the current window is at most the
 * rule's max; refused requests still count (they do not extend the window).
 *
 * Redis goes through rate-limiter-flexible's RateLimiterRedis (one atomic Lua script per hit, expiry kept by Redis). The
 * database keeps this module's own upsert rather than the library's RateLimiterPostgres / RateLimiterSQLite: those take
 * the raw driver (a pg Pool, a better-sqlite3 handle) that Kysely hides, create and clean their own tables from timers
 * outside the migrations, and cannot run inside a caller's transaction, which account deletion needs (its counters go
 * with the account, atomically; on SQLite a second connection would wait on that transaction's write lock). The upsert
 * below is one atomic statement with the same fixed-window semantics on both dialects.
 */
export class RateLimiter {
  private counted = 0;
  private readonly counters: CounterStore;

  /**
   * @param db the database (or a transaction of it): the counters' home without Redis; with Redis, {@link forget} also
   *   clears rows the database kept from before Redis was configured.
   * @param options.redis the Redis connection that holds the counters, when the server has one.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: RateLimiterOptions = {},
  ) {
    this.counters = options.redis ? redisCounters(options.redis) : databaseCounters(db);
  }

  /**
   * Counts one request against `rule` for each bucket (e.g. the client address and the email) and decides.
   * @param now the time, ms since the epoch (database counters only; Redis keeps its own clock).
   * @returns allowed only when every bucket is within its limit; retryAfterSeconds is the longest wait among the buckets.
   * @throws RedisUnavailableError (503) when the counters are in Redis and it cannot be reached; the database's error when
   *   they are in the database.
   */
  async consume(rule: RateLimitRule, buckets: readonly string[], now = Date.now()): Promise<RateLimitDecision> {
    let allowed = true;
    let retryAfterSeconds = 0;
    for (const bucket of buckets) {
      const wait = await this.counters.hit(rule, bucket, now);
      if (wait !== null) {
        allowed = false;
        retryAfterSeconds = Math.max(retryAfterSeconds, wait);
      }
    }
    this.counted += 1;
    if (!this.options.redis && this.counted % PRUNE_EVERY === 0) await this.prune(now);
    return { allowed, retryAfterSeconds };
  }

  /** Deletes database counters whose window started more than a day before `now` (Redis expires its own). */
  async prune(now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_bucket')
      .where('window_start', '<', now - PRUNE_AGE_MS)
      .execute();
  }

  /**
   * Deletes every counter of these buckets under every rule (account deletion removes the hashed-email counters): the
   * Redis keys when the counters are in Redis, and the database rows in every case.
   * @throws RedisUnavailableError (503) when Redis cannot be reached; the database's error.
   */
  async forget(buckets: readonly string[]): Promise<void> {
    const keys = Object.values(RATE_LIMITS).flatMap((rule) => buckets.map((bucket) => ({ rule, bucket })));
    await this.counters.forget(keys);
    if (this.options.redis) await databaseCounters(this.db).forget(keys);
  }
}

/** The 429 answer: `{"error": {"code": "RATE_LIMITED", message}}` with Retry-After in seconds. */
export function rateLimitedResponse(c: Context, retryAfterSeconds: number): Response {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${minutes} minutes`;
  return c.json(errorBody('RATE_LIMITED', `Too many requests. Please try again in ${wait}.`), 429, {
    'Retry-After': String(retryAfterSeconds),
  });
}

/**
 * Hono middleware counting each request against `rule` for the buckets `bucketsOf` returns (it may read a clone of the
 * body); over the limit it answers 429 without calling the route.
 */
export function rateLimit(
  limiter: RateLimiter,
  rule: RateLimitRule,
  bucketsOf: (c: Context) => Promise<string[]> | string[],
): MiddlewareHandler {
  return async (c, next) => {
    const decision = await limiter.consume(rule, await bucketsOf(c));
    if (!decision.allowed) return rateLimitedResponse(c, decision.retryAfterSeconds);
    await next();
  };
}
