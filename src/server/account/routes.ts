import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import {
  deleteAccountRequestSchema,
  sessionIdParamSchema,
  type AccountSessionList,
  type DeleteAccountResponse,
  type RevokeSessionsResponse,
} from '@/shared/schemas/account';
import { expiredSessionCookies, providerMode, type Auth } from '../auth';
import type { SessionReader } from '../http/current-session';
import { sameOriginGuard } from '../http/origin-guard';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { favoriteRoutes } from '../favorites';
import type { RateLimiter } from '../http/rate-limit';
import { purchaseRoutes } from '../payments';
import { jsonBody, validate } from '../http/validate';
import type { Logger } from '../logger';
import type { RedisHandle } from '../redis';
import { deleteAccount } from './delete-account';
import { getActivity, getMe } from './operations';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions';

/**
 * The signed-in user's own resources (mounted at /api/me); the user always comes from the session:
 * - `GET /` -> 200 MeResponse (account/operations.ts);
 * - `DELETE /` with `{confirm: 'DELETE'}` -> 200 `{deleted: true}` and expired session cookies (400 naming confirm
 *   otherwise);
 * - `GET /activity` -> 200 `{favorites, searches, made}`;
 * - `GET /sessions` -> 200 AccountSessionList (every unexpired session with its device and last use, never a token);
 *   `DELETE /sessions/:id` -> 200 `{revoked: 1}` (404 for a session that is not the user's, 400 for the current one);
 *   `POST /sessions/revoke-others` -> 200 `{revoked: n}` ('Sign out everywhere else'; account/sessions.ts);
 * - `/favorites` (favorites/routes.ts), `/purchases` (payments/routes.ts). My Bar's routes (`/bar`, `/shopping-list`,
 *   `/made`, `/swaps`: my-bar/routes.ts, behind the pro entitlement) are mounted beside these by app.ts.
 * Errors: 401 UNAUTHORIZED when signed out; 403 for a cross-site write.
 */
export function accountRoutes(deps: {
  db: Kysely<Database>;
  auth: Auth;
  config: Config;
  logger: Logger;
  sessions: SessionReader;
  limiter: RateLimiter;
  /** The server's Redis connection (REDIS_URL), if any: account deletion clears the user's cached sessions there. */
  redis?: RedisHandle | null;
}): Hono {
  const { db, auth, config, logger, sessions, limiter } = deps;
  const routes = new Hono();
  routes.use(sameOriginGuard(config.trustedOrigins));

  routes.get('/', async (c) => {
    const { user, entitlementRows } = await sessions.require(c);
    const providers = {
      google: providerMode(config, 'google') !== 'off',
      facebook: providerMode(config, 'facebook') !== 'off',
    };
    return c.json(await getMe({ db, user, providers, entitlementRows }), 200, { 'Cache-Control': 'no-store' });
  });

  routes.delete('/', jsonBody(deleteAccountRequestSchema), async (c) => {
    const { user } = await sessions.require(c);
    const report = await deleteAccount({ db, userId: user.id, email: user.email, limiter, redis: deps.redis });
    logger.info({ userId: user.id, ...report }, 'account deleted');
    if (report.rateLimitCounters === null) {
      logger.warn(
        { userId: user.id },
        'rate-limit counters of a deleted account not forgotten (they end with their window)',
      );
    }
    for (const cookie of await expiredSessionCookies(auth)) c.header('set-cookie', cookie, { append: true });
    return c.json({ deleted: true } satisfies DeleteAccountResponse);
  });

  routes.get('/activity', async (c) => {
    const { user } = await sessions.require(c);
    return c.json(await getActivity({ db, userId: user.id }), 200, { 'Cache-Control': 'no-store' });
  });

  routes.get('/sessions', async (c) => {
    const { user, session } = await sessions.require(c);
    const list = await listSessions({ db, userId: user.id, currentSessionId: session.id });
    return c.json({ sessions: list } satisfies AccountSessionList, 200, { 'Cache-Control': 'no-store' });
  });

  routes.post('/sessions/revoke-others', async (c) => {
    const { user, session } = await sessions.require(c);
    const answer = await revokeOtherSessions({ db, auth, userId: user.id, currentSessionId: session.id });
    logger.info({ userId: user.id, revoked: answer.revoked }, 'other sessions ended');
    return c.json(answer satisfies RevokeSessionsResponse);
  });

  routes.delete('/sessions/:id', validate('param', sessionIdParamSchema), async (c) => {
    const { user, session } = await sessions.require(c);
    const { id } = c.req.valid('param');
    const answer = await revokeSession({ db, auth, userId: user.id, sessionId: id, currentSessionId: session.id });
    logger.info({ userId: user.id, sessionId: id }, 'session ended');
    return c.json(answer satisfies RevokeSessionsResponse);
  });

  routes.route('/favorites', favoriteRoutes({ db, sessions }));
  routes.route('/purchases', purchaseRoutes({ db, config, logger, sessions, limiter }));
  return routes;
}
