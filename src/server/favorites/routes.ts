import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { FAVORITES_PAGE_SIZE, favoriteListQuerySchema, favoriteParamSchema } from '@/shared/schemas/favorites';
import type { Database } from '../db/types';
import type { SessionReader } from '../http/current-session';
import { matchesEtag, PRIVATE_REVALIDATE } from '../http/response-cache';
import { validate } from '../http/validate';
import { writeMadeAt } from '../http/write-age';
import { FavoritesAnswerCache } from './answer-cache';
import { addFavorite, favoritePageJson, readFavoritesState, removeFavorite } from './operations';

const ENCODER = new TextEncoder();

/**
 * The signed-in user's favorites (mounted at /api/me/favorites); every route reads the user from the session, never from
 * the request, so a user can only ever read or change their own rows. Shapes: src/shared/schemas/favorites.ts.
 * - `GET /?page=N` -> 200 FavoriteList `{ids, items, page, pageSize, total}` newest first: every id, the cards of page N
 *   only (0-based, default 0, 50 a page); `Cache-Control: private, no-cache` and a weak ETag per user and page
 *   ({@link readFavoritesState}: the same query of the user's rows gives the ids and the tag); 304 without a body, and
 *   without loading a card, when If-None-Match names it; a 200 of a page with cards whose tag was answered before in
 *   this process sends the body kept under that tag ({@link FavoritesAnswerCache}), again without loading a card; 400
 *   VALIDATION_FAILED for a page that is not a whole number of 0 or more;
 * - `PUT /:cocktailId` -> 200 `{cocktailId, favorite: true}` (idempotent; 404 unknown cocktail);
 * - `DELETE /:cocktailId` -> 200 `{cocktailId, favorite: false}` (idempotent).
 * Both writes take `Barback-Write-Age` (http/write-age.ts): a queued write made before the favorite was last added or
 * removed answers 409 WRITE_CONFLICT and changes nothing.
 * Errors: 401 UNAUTHORIZED signed out; 400 VALIDATION_FAILED for an id that is not a positive whole number.
 */
export function favoriteRoutes({ db, sessions }: { db: Kysely<Database>; sessions: SessionReader }): Hono {
  const routes = new Hono();
  const answers = new FavoritesAnswerCache();
  routes.get('/', validate('query', favoriteListQuerySchema), async (c) => {
    const { user } = await sessions.require(c);
    const { page } = c.req.valid('query');
    const state = await readFavoritesState({ db, userId: user.id, page });
    const { etag } = state;
    const headers = { ETag: etag, 'Cache-Control': PRIVATE_REVALIDATE };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    // Only a page with cards is kept: one past the end loads none, and keeping it would let a caller walking page numbers
    // push other users' answers out.
    const hasCards = page * FAVORITES_PAGE_SIZE < state.count;
    let body = hasCards ? answers.get(etag) : undefined;
    if (!body) {
      body = ENCODER.encode(await favoritePageJson({ db, state, page }));
      if (hasCards) answers.set(etag, body);
    }
    return c.body(body, 200, { ...headers, 'Content-Type': 'application/json' });
  });
  routes.put('/:cocktailId', validate('param', favoriteParamSchema), async (c) => {
    const { user } = await sessions.require(c);
    const { cocktailId } = c.req.valid('param');
    return c.json(await addFavorite({ db, userId: user.id, cocktailId, madeAt: writeMadeAt(c) }));
  });
  routes.delete('/:cocktailId', validate('param', favoriteParamSchema), async (c) => {
    const { user } = await sessions.require(c);
    const { cocktailId } = c.req.valid('param');
    return c.json(await removeFavorite({ db, userId: user.id, cocktailId, madeAt: writeMadeAt(c) }));
  });
  return routes;
}
