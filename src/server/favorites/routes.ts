import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { favoriteListQuerySchema, favoriteParamSchema } from '@/shared/schemas/favorites';
import type { Database } from '../db/types';
import type { SessionReader } from '../http/current-session';
import { matchesEtag, PRIVATE_REVALIDATE } from '../http/response-cache';
import { validate } from '../http/validate';
import { addFavorite, favoritesEtag, listFavoritePage, removeFavorite } from './operations';

/**
 * The signed-in user's favorites (mounted at /api/me/favorites); every route reads the user from the session, never from
 * the request, so a user can only ever read or change their own rows. Shapes: src/shared/schemas/favorites.ts.
 * - `GET /?page=N` -> 200 FavoriteList `{ids, items, page, pageSize, total}` newest first: every id, the cards of page N
 *   only (0-based, default 0, 50 a page); `Cache-Control: private, no-cache` and a weak ETag per user and page
 *   ({@link favoritesEtag}, read before the body); 304 without a body, and without loading a card, when If-None-Match
 *   names it; 400 VALIDATION_FAILED for a page that is not a whole number of 0 or more;
 * - `PUT /:cocktailId` -> 200 `{cocktailId, favorite: true}` (idempotent; 404 unknown cocktail);
 * - `DELETE /:cocktailId` -> 200 `{cocktailId, favorite: false}` (idempotent).
 * Errors: 401 UNAUTHORIZED signed out; 400 VALIDATION_FAILED for an id that is not a positive whole number.
 */
export function favoriteRoutes({ db, sessions }: { db: Kysely<Database>; sessions: SessionReader }): Hono {
  const routes = new Hono();
  routes.get('/', validate('query', favoriteListQuerySchema), async (c) => {
    const { user } = await sessions.require(c);
    const { page } = c.req.valid('query');
    const etag = await favoritesEtag({ db, userId: user.id, page });
    const headers = { ETag: etag, 'Cache-Control': PRIVATE_REVALIDATE };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.json(await listFavoritePage({ db, userId: user.id, page }), 200, headers);
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
