import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/types';
import { checkHealth } from './operations';

/** `GET /api/health` (mounted at /api/health): 200 Health when the database answers, 503 with the same shape when not. */
export function healthRoutes(deps: { db: Kysely<Database>; dialect: Dialect; version: string }): Hono {
  const routes = new Hono();
  routes.get('/', async (c) => {
    const health = await checkHealth(deps);
    return c.json(health, health.status === 'ok' ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  return routes;
}
