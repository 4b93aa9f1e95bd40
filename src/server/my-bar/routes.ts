import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { MyBarResponse } from '@/shared/schemas/payments';
import type { Database } from '../db/types';
import type { SessionReader } from '../http/session';
import { requireEntitlement } from '../payments';

/**
 * My Bar (mounted at /api/me/bar), behind the pro entitlement (pro or enterprise):
 * - `GET /` -> 200 `{items: []}`: the user's bottles (none until the My Bar issue lands).
 * Errors: 401 signed out; 403 ENTITLEMENT_REQUIRED without the plan.
 */
export function myBarRoutes({ db, sessions }: { db: Kysely<Database>; sessions: SessionReader }): Hono {
  const routes = new Hono();
  routes.use(requireEntitlement({ db, sessions }, 'pro'));
  routes.get('/', (c) => c.json({ items: [] } satisfies MyBarResponse, 200, { 'Cache-Control': 'no-store' }));
  return routes;
}
