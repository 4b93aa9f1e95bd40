import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { supportMessageSchema } from '@/shared/schemas/support';
import { addressBucket, RATE_LIMITS, rateLimit, type RateLimiter } from '../http/rate-limit';
import { sameOriginGuard } from '../http/origin-guard';
import type { SessionReader } from '../http/current-session';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { clientAddress } from '../http/client-address';
import { jsonBody } from '../http/validate';
import type { Logger } from '../logger';
import type { Mailer } from '../mail';
import { isEnterpriseCustomer } from '../venues';
import { sendSupportMessage } from './operations';

/**
 * `POST /api/support` (mounted at /api/support): `{email, message, page?}` -> 201 `{id, status: 'received', mailed, priority}`
 * ('priority' when the signed-in sender is an Enterprise customer: the plan, or a venue it covers).
 * Signed-in senders are recorded with their user id and answered at their account's email (the form's email field counts
 * for anonymous senders only). Errors: 400 for malformed JSON or a missing/invalid field (named);
 * 403 cross-site; 429 past 5 messages an hour from one address.
 */
export function supportRoutes(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  config: Config;
  sessions: SessionReader;
  limiter: RateLimiter;
}): Hono {
  const { db, mailer, logger, config, sessions, limiter } = deps;
  const routes = new Hono();
  routes.post(
    '/',
    sameOriginGuard(config.trustedOrigins),
    rateLimit(limiter, RATE_LIMITS.support, (c) => [addressBucket(clientAddress(c, config))]),
    jsonBody(supportMessageSchema),
    async (c) => {
      const current = await sessions.read(c);
      // A signed-in sender is answered at their account's email, whatever the form said.
      const input = current ? { ...c.req.valid('json'), email: current.user.email } : c.req.valid('json');
      const receipt = await sendSupportMessage({
        db,
        mailer,
        logger,
        supportAddress: config.supportEmail,
        userId: current?.user.id ?? null,
        input,
        priority: current && (await isEnterpriseCustomer(db, current.user.id)) ? 'priority' : 'standard',
      });
      return c.json(receipt, 201);
    },
  );
  return routes;
}
