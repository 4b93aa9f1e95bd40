import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { errorBody } from '../errors';

/** A limit: at most `max` requests per fixed window of `windowMs` milliseconds. */
export interface RateLimitRule {
  /** Names the limit in the bucket key, e.g. 'magic-link'. */
  name: string;
  windowMs: number;
  max: number;
}

/**
 * The limits the brief sets (ms windows):
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

/**
 * Fixed-window request counters kept in the database (`rate_limit_bucket`), so every server process shares them. Counting
 * is one atomic upsert per bucket: a row past its window restarts at 1, otherwise its count grows by one; a request is
 * allowed while the count is at most the rule's max. Refused requests still count (they do not extend the window).
 */
export class RateLimiter {
  private counted = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one request against `rule` for each bucket (e.g. the client address and the email) and decides.
   * @returns allowed only when every bucket is within its limit; retryAfterSeconds is the longest wait among the buckets.
   */
  async consume(rule: RateLimitRule, buckets: readonly string[], now = Date.now()): Promise<RateLimitDecision> {
    let allowed = true;
    let retryAfterSeconds = 0;
    for (const bucket of buckets) {
      const key = `${rule.name}:${bucket}`;
      const restart = now - rule.windowMs;
      const row = await this.db
        .insertInto('rate_limit_bucket')
        .values({ key, count: 1, window_start: now })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when rate_limit_bucket.window_start <= ${restart} then 1 else rate_limit_bucket.count + 1 end`,
            window_start: sql<number>`case when rate_limit_bucket.window_start <= ${restart} then ${now} else rate_limit_bucket.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      if (Number(row.count) > rule.max) {
        allowed = false;
        const waitMs = Number(row.window_start) + rule.windowMs - now;
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.max(1, Math.ceil(waitMs / 1000)));
      }
    }
    this.counted += 1;
    if (this.counted % PRUNE_EVERY === 0) await this.prune(now);
    return { allowed, retryAfterSeconds };
  }

  /** Deletes counters whose window started more than a day before `now`. */
  async prune(now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_bucket')
      .where('window_start', '<', now - PRUNE_AGE_MS)
      .execute();
  }

  /** Deletes every counter of these buckets under every rule (account deletion removes the hashed-email counters). */
  async forget(buckets: readonly string[]): Promise<void> {
    const keys = Object.values(RATE_LIMITS).flatMap((rule) => buckets.map((bucket) => `${rule.name}:${bucket}`));
    if (keys.length > 0) await this.db.deleteFrom('rate_limit_bucket').where('key', 'in', keys).execute();
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
