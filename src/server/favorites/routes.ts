import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { favoriteParamSchema } from '@/shared/schemas/favorites';
import type { Database } from '../db/types';
import type { SessionReader } from '../http/current-session';
import { validate } from '../http/validate';
import { addFavorite, listFavorites, removeFavorite } from './operations';

/**
 * The signed-in user's favorites (mounted at /api/me/favorites); every route reads the user from the session, never from
 * the request, so a user can only ever read or change their own rows. Shapes: src/shared/schemas/favorites.ts.
 * - `GET /` -> 200 FavoriteList `{ids, items}` newest first;
 * - `PUT /:cocktailId` -> 200 `{cocktailId, favorite: true}` (idempotent; 404 unknown cocktail);
 * - `DELETE /:cocktailId` -> 200 `{cocktailId, favorite: false}` (idempotent).
 * Errors: 401 UNAUTHORIZED signed out; 400 VALIDATION_FAILED for an id that is not a positive whole number.
 */
export function favoriteRoutes({ db, sessions }: { db: Kysely<Database>; sessions: SessionReader }): Hono {
  const routes = new Hono();
  routes.get('/', async (c) => {
    const { user } = await sessions.require(c);
    return c.json(await listFavorites({ db, userId: user.id }), 200, { 'Cache-Control': 'no-store' });
  });
  routes.put('/:cocktailId', validate('param', favoriteParamSchema), async (c) => {
    const { user } = await sessions.require(c);
    const { cocktailId } = c.req.valid('param');
    return c.json(await addFavorite({ db, userId: user.id, cocktailId }));
  });
  routes.delete('/:cocktailId', validate('param', favoriteParamSchema), async (c) => {
    const { user } = await sessions.require(c);
    const { cocktailId } = c.req.valid('param');
    return c.json(await removeFavorite({ db, userId: user.id, cocktailId }));
  });
  return routes;
}
