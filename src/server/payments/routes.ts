import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { jsonDepthAtMost } from '@/shared/schemas/analytics';
import { revenueCatWebhookSchema } from '@/shared/schemas/payments';

import type { Config } from '../config';
import type { Database } from '../db/types';
import { AppError, describeZodError } from '../errors';
import { clientAddress } from '../http/client-address';
import { sameOriginGuard } from '../http/origin-guard';
import { addressBucket, RATE_LIMITS, rateLimit, type RateLimiter } from '../http/rate-limit';
import { readJsonBody } from '../http/read-json-body';
import type { SessionReader } from '../http/current-session';
import type { Logger } from '../logger';
import { syncPurchases } from './sync';
import { applyRevenueCatWebhook, authorizationMatches, type AddPurchasedSeat } from './webhook';

/** Deepest nesting a webhook body may have (RevenueCat's events use 3 or 4 levels, subscriber attributes included). */
const MAX_WEBHOOK_DEPTH = 16;

/**
 * `POST /api/webhooks/revenuecat` (mounted at /api/webhooks/revenuecat): RevenueCat's webhook, `{api_version, event}`.
 * - 503 PAYMENTS_NOT_CONFIGURED when REVENUECAT_WEBHOOK_AUTH is unset (nothing is granted);
 * - 401 UNAUTHORIZED unless the Authorization header equals REVENUECAT_WEBHOOK_AUTH (constant-time); nothing is stored;
 * - 413 past 64 kB (the API's body limit, http/request-guards.ts); 400 for a body that is not JSON or not an event;
 * - 200 `{eventId, outcome}` otherwise (outcomes: src/shared/schemas/payments.ts), also for replays, unknown users and
 *   unknown entitlements, so RevenueCat does not retry them.
 */
export function webhookRoutes({
  db,
  config,
  logger,
  addSeat,
}: {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  /** Adds a bought staff seat to the purchaser's venue (the venues feature's; see applyRevenueCatWebhook). */
  addSeat?: AddPurchasedSeat;
}): Hono {
  const routes = new Hono();
  routes.post('/', sameOriginGuard(config.trustedOrigins), async (c) => {
    const expected = config.revenueCat.webhookAuth;
    if (!expected) {
      throw new AppError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.');
    }
    if (!authorizationMatches(c.req.header('authorization'), expected)) {
      logger.warn({ path: c.req.path }, 'webhook refused: wrong or missing Authorization');
      throw new AppError('UNAUTHORIZED', 'The Authorization header does not match this webhook.');
    }
    const body = await readJsonBody(c.req.raw);
    // RevenueCat's events nest a few levels; a hostile 10,000-level body would overflow the stack when it is stored.
    if (!jsonDepthAtMost(body, MAX_WEBHOOK_DEPTH)) {
      throw new AppError('VALIDATION_FAILED', `the body nests deeper than ${MAX_WEBHOOK_DEPTH} levels`);
    }
    const parsed = revenueCatWebhookSchema.safeParse(body);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', describeZodError(parsed.error));
    return c.json(await applyRevenueCatWebhook({ db, webhook: parsed.data, logger, addSeat }));
  });
  return routes;
}

/**
 * The signed-in user's purchases (mounted at /api/me/purchases):
 * - `POST /sync` -> 200 PurchaseSyncResponse: reconciled with RevenueCat when REVENUECAT_API_KEY is set, else the rows the
 *   server has. What Restore calls after the wrapper reports RESTORE_COMPLETED.
 * Errors: 401 signed out; 403 cross-site; 413 past 16 kB; 429 past 10 a minute from one address; 502 STORE_UNAVAILABLE
 * when RevenueCat fails or times out (nothing changed).
 */
export function purchaseRoutes(deps: {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  sessions: SessionReader;
  limiter: RateLimiter;
}): Hono {
  const { db, config, logger, sessions, limiter } = deps;
  const routes = new Hono();
  routes.post(
    '/sync',
    sameOriginGuard(config.trustedOrigins),
    rateLimit(limiter, RATE_LIMITS.purchaseSync, (c) => [addressBucket(clientAddress(c, config))]),
    async (c) => {
      const { user } = await sessions.require(c);
      const result = await syncPurchases({ db, userId: user.id, revenueCat: config.revenueCat, logger });
      return c.json(result, 200, { 'Cache-Control': 'no-store' });
    },
  );
  return routes;
}
