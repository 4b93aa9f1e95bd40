import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { FAVORITES_PAGE_SIZE, type FavoriteList } from '@/shared/schemas/favorites';
import { dialectOf } from '../db/database';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { getCatalogueVersion, loadSummariesByIds } from '../catalogue';

/**
 * One page of a user's favorites: every favorite's cocktail id newest first (ties by cocktail id), and the cards of page
 * `page` only ({@link FAVORITES_PAGE_SIZE} a page, 0-based; a page past the end has none). Only the page's cards are
 * loaded. Only `userId`'s rows are read.
 * @returns `{ids, items, page, pageSize, total}`, `total` the number of favorites.
 * @throws the database's error.
 */
export async function listFavoritePage({
  db,
  userId,
  page,
}: {
  db: Kysely<Database>;
  userId: string;
  page: number;
}): Promise<FavoriteList> {
  const ids = await listFavoriteIds({ db, userId });
  const start = page * FAVORITES_PAGE_SIZE;
  const items = start < ids.length ? await loadSummariesByIds(db, ids.slice(start, start + FAVORITES_PAGE_SIZE)) : [];
  return { ids, items, page, pageSize: FAVORITES_PAGE_SIZE, total: ids.length };
}

/**
 * A weak ETag for page `page` of `GET /api/me/favorites` as `userId` would get it now, read before (and without) the body:
 * one aggregate query of the user's own rows (their count, the newest `created_at`, the sum of their cocktail ids) plus
 * the catalogue version (the cards change with the catalogue), the user's id and the page, digested.
 *
 * Why these change with the list:
 * - an add that inserts a row raises the count; a delete that removes one lowers it (an add of a favorite already there,
 *   or a delete of one that is not, changes no row and no answer). So one write between two reads always changes it.
 * - several writes can cancel out in the count (delete X, then add Y). Adds stamp `created_at` with the time of the write,
 *   later than every older row, so the newest `created_at` moves on, except when the add lands in the same millisecond
 *   as the newest row or comes from a process whose clock is behind. The sum of the cocktail ids covers those cases for
 *   a different cocktail (X is not Y). What is left: writes in the same millisecond (or on a late clock) that also keep
 *   the id sum, e.g. removing a cocktail and adding it back; such a client keeps the old order until the next write.
 * - the user's id is in it, so one user's ETag never matches another user's list (a browser shared by two accounts).
 * The tag is read before the body: a write landing in between gives a newer body under an older tag, which only costs
 * the next request a full answer, never a stale 304.
 * @returns `W/"…"`, opaque.
 * @throws the database's error.
 */
export async function favoritesEtag({
  db,
  userId,
  page,
}: {
  db: Kysely<Database>;
  userId: string;
  page: number;
}): Promise<string> {
  const [row, catalogueVersion] = await Promise.all([
    db
      .selectFrom('user_favorites')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.max('created_at').as('newest'),
        eb.fn.sum<number | string | null>('cocktail_id').as('idSum'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    getCatalogueVersion(db),
  ]);
  const newest = row.newest === null ? 0 : new Date(row.newest).getTime();
  const state = [userId, Number(row.n), newest, Number(row.idSum ?? 0), page].join(':');
  const digest = createHash('sha1').update(state).digest('base64url').slice(0, 16);
  return `W/"${catalogueVersion}-${digest}"`;
}

/** One user's favorite cocktail ids, newest first (ties by cocktail id). Only `userId`'s rows are read. */
export async function listFavoriteIds({ db, userId }: { db: Kysely<Database>; userId: string }): Promise<number[]> {
  const rows = await db
    .selectFrom('user_favorites')
    .select('cocktail_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('cocktail_id', 'desc')
    .execute();
  return rows.map((row) => Number(row.cocktail_id));
}

/**
 * Adds a cocktail to a user's favorites. Idempotent: adding one already there keeps its original time.
 * @param now the clock that stamps `created_at` (default the system clock; tests pass their own to order rows without
 *   waiting).
 * @throws AppError NOT_FOUND when no public cocktail has this id.
 */
export async function addFavorite({
  db,
  userId,
  cocktailId,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  userId: string;
  cocktailId: number;
  now?: () => Date;
}): Promise<{ cocktailId: number; favorite: true }> {
  // One statement inserts only a public cocktail; when it inserts nothing, the favorite was there or the cocktail is not.
  const at = now().toISOString();
  const values =
    dialectOf(db) === 'postgres'
      ? sql`CAST(${userId} AS text), id, CAST(${at} AS timestamptz)`
      : sql`${userId}, id, ${at}`;
  const inserted = await sql`INSERT INTO user_favorites (user_id, cocktail_id, created_at)
    SELECT ${values} FROM cocktail WHERE id = ${cocktailId} AND venue_id IS NULL AND owner_id IS NULL
    ON CONFLICT (user_id, cocktail_id) DO NOTHING`.execute(db);
  if (Number(inserted.numAffectedRows ?? 0) > 0) return { cocktailId, favorite: true };
  const cocktail = await db
    .selectFrom('cocktail')
    .select('id')
    .where('id', '=', cocktailId)
    .where('venue_id', 'is', null)
    .where('owner_id', 'is', null)
    .executeTakeFirst();
  if (!cocktail) throw new AppError('NOT_FOUND', `no cocktail has id ${cocktailId}`);
  return { cocktailId, favorite: true };
}

/** Removes a cocktail from a user's favorites. Idempotent: removing one that is not there succeeds. */
export async function removeFavorite({
  db,
  userId,
  cocktailId,
}: {
  db: Kysely<Database>;
  userId: string;
  cocktailId: number;
}): Promise<{ cocktailId: number; favorite: false }> {
  await db.deleteFrom('user_favorites').where('user_id', '=', userId).where('cocktail_id', '=', cocktailId).execute();
  return { cocktailId, favorite: false };
}

/** How many favorites a user has. */
export async function countFavorites({ db, userId }: { db: Kysely<Database>; userId: string }): Promise<number> {
  const row = await db
    .selectFrom('user_favorites')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A user's latest favorites with the cocktail's name, newest first; createdAt: ISO 8601. */
export async function listRecentFavorites({
  db,
  userId,
  limit,
}: {
  db: Kysely<Database>;
  userId: string;
  limit: number;
}): Promise<{ cocktailId: number; name: string; createdAt: string }[]> {
  const rows = await db
    .selectFrom('user_favorites')
    .innerJoin('cocktail', 'cocktail.id', 'user_favorites.cocktail_id')
    .select(['user_favorites.cocktail_id', 'cocktail.name', 'user_favorites.created_at'])
    .where('user_favorites.user_id', '=', userId)
    .orderBy('user_favorites.created_at', 'desc')
    .orderBy('user_favorites.cocktail_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    cocktailId: Number(row.cocktail_id),
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
