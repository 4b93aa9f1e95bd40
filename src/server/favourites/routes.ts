import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { SessionReader } from '../auth/session';
import type { Database } from '../db/types';
import { addFavourite, listFavourites, removeFavourite } from './operations';

/** Path parameter of the write routes. */
export const favouriteParamSchema = z.object({
  cocktailId: z.coerce
    .number({ error: 'cocktailId must be a number' })
    .int('cocktailId must be a whole number')
    .positive('cocktailId must be positive'),
});

/**
 * The signed-in user's favourites (mounted at /api/me/favorites); every route reads the user from the session, never from
 * the request, so a user can only ever read or change their own rows.
 * - `GET /` -> 200 `{ids, items}` newest first;
 * - `PUT /:cocktailId` -> 200 `{cocktailId, favorite: true}` (idempotent; 404 unknown cocktail);
 * - `DELETE /:cocktailId` -> 200 `{cocktailId, favorite: false}` (idempotent).
 * Errors: 401 UNAUTHORIZED signed out; 400 VALIDATION_FAILED for an id that is not a positive whole number.
 */
export function favouriteRoutes({ db, sessions }: { db: Kysely<Database>; sessions: SessionReader }): Hono {
  const routes = new Hono();
  routes.get('/', async (c) => {
    const { user } = await sessions.require(c);
    return c.json(await listFavourites({ db, userId: user.id }), 200, { 'Cache-Control': 'no-store' });
  });
  routes.put('/:cocktailId', async (c) => {
    const { user } = await sessions.require(c);
    const { cocktailId } = favouriteParamSchema.parse({ cocktailId: c.req.param('cocktailId') });
    return c.json(await addFavourite({ db, userId: user.id, cocktailId }));
  });
  routes.delete('/:cocktailId', async (c) => {
    const { user } = await sessions.require(c);
    const { cocktailId } = favouriteParamSchema.parse({ cocktailId: c.req.param('cocktailId') });
    return c.json(await removeFavourite({ db, userId: user.id, cocktailId }));
  });
  return routes;
}
