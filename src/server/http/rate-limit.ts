import { createHash } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import type { Context, MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import {
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { errorBody } from '../errors';

/**
 * What the limiter needs of a Redis connection (redis/client.ts `RedisHandle` is one): the ioredis client, and `run`,
 * which turns a failure of the connection into RedisUnavailableError.
 */
export interface RateLimitRedis {
  client: Redis;
  run<T>(command: (client: Redis) => Promise<T>): Promise<T>;
}

/**
 * What the limiter needs of the database without Redis: the raw driver under the Kysely client, which
 * rate-limiter-flexible's stores take (db/database.ts `DatabaseHandle.driver` is one): the better-sqlite3 connection or
 * the pg pool.
 */
export type RateLimitDatabase =
  { dialect: 'sqlite'; sqlite: BetterSqlite3.Database } | { dialect: 'postgres'; pool: pg.Pool };

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

/** The database table of the counters without Redis (migration 0020-rate-limit-counter, in the library's layout). */
export const RATE_LIMIT_TABLE = 'rate_limit_counter';
/** One in this many counted requests also prunes expired database counters. */
const PRUNE_EVERY = 200;

/** A bucket key for an email address: hashed, so neither the counters table nor Redis ever holds the address itself. */
export function emailBucket(email: string): string {
  return `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
}

/** A bucket key for a client address. */
export function addressBucket(address: string): string {
  return `ip:${address}`;
}

/** Prefix of the rate-limit counters in Redis, after REDIS_KEY_PREFIX: `<prefix>rl:<rule>:<bucket>`. */
export const REDIS_RATE_LIMIT_PREFIX = 'rl';

/** Where the counters live: the database table or Redis, both through rate-limiter-flexible. */
interface CounterStore {
  /** Counts one request for `bucket` under `rule`; returns null when allowed, else whole seconds until the window resets. */
  hit(rule: RateLimitRule, bucket: string): Promise<number | null>;
  /** Deletes these counters; resolves to how many existed. */
  forget(keys: readonly { rule: RateLimitRule; bucket: string }[]): Promise<number>;
}

/** A rule's window in whole seconds, the unit rate-limiter-flexible counts in. */
function windowSeconds(rule: RateLimitRule): number {
  if (rule.windowMs % 1000 !== 0) throw new Error(`rate limit ${rule.name}: the window must be whole seconds`);
  return rule.windowMs / 1000;
}

/**
 * Counters through one rate-limiter-flexible limiter per rule: `consume` resolves when allowed and rejects with a
 * RateLimiterRes when the limit is reached; any other rejection is the store's failure, passed on through `run`.
 */
function libraryCounters(
  limiterFor: (rule: RateLimitRule) => RateLimiterAbstract,
  run: <T>(command: () => Promise<T>) => Promise<T>,
): CounterStore {
  return {
    async hit(rule, bucket) {
      try {
        await run(() => limiterFor(rule).consume(bucket, 1));
        return null;
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
        throw outcome;
      }
    },
    async forget(keys) {
      let deleted = 0;
      for (const { rule, bucket } of keys) if (await run(() => limiterFor(rule).delete(bucket))) deleted += 1;
      return deleted;
    },
  };
}

/** The database limiters of one driver, one per rule (built once: they hold no connection of their own). */
const databaseLimiters = new WeakMap<RateLimitDatabase, Map<string, RateLimiterSQLite | RateLimiterPostgres>>();

function databaseLimiterFor(driver: RateLimitDatabase, rule: RateLimitRule): RateLimiterSQLite | RateLimiterPostgres {
  let byRule = databaseLimiters.get(driver);
  if (!byRule) databaseLimiters.set(driver, (byRule = new Map()));
  let limiter = byRule.get(rule.name);
  if (!limiter) {
    const options = {
      keyPrefix: rule.name,
      points: rule.max,
      duration: windowSeconds(rule),
      tableName: RATE_LIMIT_TABLE,
      // The migration made the table; RateLimiter.prune clears expired rows, so the library starts no timer.
      tableCreated: true,
      clearExpiredByTimeout: false,
    };
    limiter =
      driver.dialect === 'sqlite'
        ? new RateLimiterSQLite({ ...options, storeClient: driver.sqlite, storeType: 'better-sqlite3' })
        : new RateLimiterPostgres({ ...options, storeClient: driver.pool, storeType: 'pool' });
    byRule.set(rule.name, limiter);
  }
  return limiter;
}

/**
 * rate-limiter-flexible's RateLimiterSQLite (better-sqlite3) or RateLimiterPostgres (pg pool) on `rate_limit_counter`:
 * one atomic upsert per hit (a row whose `expire` has passed restarts at 1 with a new window, otherwise `points` grows
 * by one, refused requests included, and `expire` stays). Its clock is the process's Date.now().
 */
function databaseCounters(driver: RateLimitDatabase): CounterStore {
  return libraryCounters(
    (rule) => databaseLimiterFor(driver, rule),
    (command) => command(),
  );
}

/** rate-limiter-flexible's Redis limiters of one connection, one per rule (they are cheap, but built once). */
const redisLimiters = new WeakMap<RateLimitRedis, Map<string, RateLimiterRedis>>();

function redisLimiterFor(redis: RateLimitRedis, rule: RateLimitRule): RateLimiterRedis {
  let byRule = redisLimiters.get(redis);
  if (!byRule) redisLimiters.set(redis, (byRule = new Map()));
  let limiter = byRule.get(rule.name);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: `${REDIS_RATE_LIMIT_PREFIX}:${rule.name}`,
      points: rule.max,
      duration: windowSeconds(rule),
      // Fail at once while the connection is down instead of queueing (the client has no offline queue either).
      rejectIfRedisNotReady: true,
    });
    byRule.set(rule.name, limiter);
  }
  return limiter;
}

/**
 * rate-limiter-flexible's RateLimiterRedis: the same fixed window (the first request sets the key's expiry, later ones
 * only increment, refused ones included), kept by Redis itself, so counters expire without pruning. Its clock is
 * Redis's. A Redis failure arrives as RedisUnavailableError (redis.run).
 */
function redisCounters(redis: RateLimitRedis): CounterStore {
  return libraryCounters(
    (rule) => redisLimiterFor(redis, rule),
    (command) => redis.run(() => command()),
  );
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
 * Fixed-window request counters shared by every server process, all through rate-limiter-flexible: in Redis when the
 * server has one (REDIS_URL, RateLimiterRedis), else in the database table `rate_limit_counter` (RateLimiterSQLite on
 * better-sqlite3, RateLimiterPostgres on the pg pool). A request is allowed while its bucket's count in the current
 * window is at most the rule's max; refused requests still count (they do not extend the window).
 *
 * How the database stores fit the rest of the server:
 * - they take the raw driver, not Kysely: db/database.ts hands out the one under the Kysely client
 *   (`DatabaseHandle.driver`). On SQLite that is the very connection Kysely uses, never a second one, which would wait
 *   on a transaction's write lock (better-sqlite3 blocks the event loop meanwhile). So a hit made while some Kysely
 *   transaction is open joins it: if that transaction rolls back, the hit is not counted (one request, at worst).
 * - the table is the migration's (0020-rate-limit-counter, the library's exact columns) and the limiters are built with
 *   `tableCreated: true` and `clearExpiredByTimeout: false` (RateLimiterPostgres would otherwise default it on): they
 *   create nothing and start no timer. {@link prune} deletes expired rows instead, from one in {@link PRUNE_EVERY}
 *   counted requests: the library's timer runs per limiter (one per rule), and on SQLite a failed run of it is an
 *   unhandled rejection.
 * - they run outside any caller's transaction, so account deletion forgets the email's counters right after its
 *   transaction commits (account/delete-account.ts), not inside it.
 */
export class RateLimiter {
  private counted = 0;
  private readonly database: CounterStore;
  private readonly counters: CounterStore;

  /**
   * @param driver the raw database driver (`DatabaseHandle.driver`): the counters' home without Redis; with Redis,
   *   {@link forget} also clears rows the database kept from before Redis was configured.
   * @param options.redis the Redis connection that holds the counters, when the server has one.
   */
  constructor(
    private readonly driver: RateLimitDatabase,
    private readonly options: RateLimiterOptions = {},
  ) {
    this.database = databaseCounters(driver);
    this.counters = options.redis ? redisCounters(options.redis) : this.database;
  }

  /**
   * Counts one request against `rule` for each bucket (e.g. the client address and the email) and decides. The window
   * runs on the store's clock: Date.now() for the database (tests move it with fake timers), Redis's own for Redis.
   * @returns allowed only when every bucket is within its limit; retryAfterSeconds is the longest wait among the buckets.
   * @throws RedisUnavailableError (503) when the counters are in Redis and it cannot be reached; the driver's error
   *   (503 when the database is away, errors.ts) when they are in the database.
   */
  async consume(rule: RateLimitRule, buckets: readonly string[]): Promise<RateLimitDecision> {
    let allowed = true;
    let retryAfterSeconds = 0;
    for (const bucket of buckets) {
      const wait = await this.counters.hit(rule, bucket);
      if (wait !== null) {
        allowed = false;
        retryAfterSeconds = Math.max(retryAfterSeconds, wait);
      }
    }
    this.counted += 1;
    if (!this.options.redis && this.counted % PRUNE_EVERY === 0) await this.prune();
    return { allowed, retryAfterSeconds };
  }

  /**
   * Deletes database counters whose window ended before `now` (ms since the epoch): such a row only restarts at 1 on
   * its next hit, so nothing is lost. Redis expires its own.
   * @throws the driver's error.
   */
  async prune(now = Date.now()): Promise<void> {
    if (this.driver.dialect === 'sqlite') {
      this.driver.sqlite.prepare(`delete from ${RATE_LIMIT_TABLE} where expire < ?`).run(now);
    } else {
      await this.driver.pool.query(`delete from ${RATE_LIMIT_TABLE} where expire < $1`, [now]);
    }
  }

  /**
   * Deletes every counter of these buckets under every rule (account deletion removes the hashed-email counters): the
   * Redis keys when the counters are in Redis, and the database rows in every case.
   * @returns how many counters existed and were deleted (Redis keys and database rows together).
   * @throws RedisUnavailableError (503) when Redis cannot be reached; the driver's error.
   */
  async forget(buckets: readonly string[]): Promise<number> {
    const keys = Object.values(RATE_LIMITS).flatMap((rule) => buckets.map((bucket) => ({ rule, bucket })));
    let deleted = await this.counters.forget(keys);
    if (this.options.redis) deleted += await this.database.forget(keys);
    return deleted;
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
