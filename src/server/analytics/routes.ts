import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { analyticsBatchSchema } from '@/shared/schemas/analytics';
import type { Database } from '../db/types';
import { sameOriginGuard } from '../http/origin-guard';
import { readJsonBody } from '../http/read-json-body';
import { recordEvents } from './operations';

/**
 * `POST /api/events` (mounted at /api/events): a batch of analytics events -> 202 `{accepted: n}`.
 * Each event is attributed to the caller's session (`userIdOf`): the signed-in user's id, or null for anonymous callers,
 * whatever userId the client sent.
 * Errors: 403 FORBIDDEN for a cross-site post (sendBeacon from the app's own pages sends its Origin and passes); 413
 * PAYLOAD_TOO_LARGE past 256 kB (the API's body limit, http/request-guards.ts); 400 for malformed JSON or an invalid batch.
 */
export function analyticsRoutes({
  db,
  userIdOf = async () => null,
  trustedOrigins,
}: {
  db: Kysely<Database>;
  userIdOf?: (c: Context) => Promise<string | null>;
  /** Origins allowed to post (the app's own): a cross-site post carrying a visitor's cookie is refused. */
  trustedOrigins: readonly string[];
}): Hono {
  const routes = new Hono();
  routes.post('/', sameOriginGuard(trustedOrigins), async (c) => {
    const batch = analyticsBatchSchema.parse(await readJsonBody(c.req.raw));
    const userId = await userIdOf(c);
    const events = batch.events.map((event) => ({ ...event, userId }));
    const result = await recordEvents({ db, events });
    return c.json(result, 202);
  });
  return routes;
}
