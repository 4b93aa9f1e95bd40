import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/types';
import { RETRY_AFTER_SECONDS } from '../errors';
import { checkHealth } from './operations';

/**
 * `GET /api/health` (mounted at /api/health): 200 Health when the database answers, 503 with the same shape and
 * Retry-After (as every 503 of the API) when not.
 */
export function healthRoutes(deps: { db: Kysely<Database>; dialect: Dialect; version: string }): Hono {
  const routes = new Hono();
  routes.get('/', async (c) => {
    const health = await checkHealth(deps);
    if (health.status === 'ok') return c.json(health, 200, { 'Cache-Control': 'no-store' });
    return c.json(health, 503, { 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) });
  });
  return routes;
}
