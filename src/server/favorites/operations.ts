import type { Kysely } from 'kysely';
import type { FavoriteList } from '@/shared/schemas/favorites';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { loadSummariesByIds } from '../catalogue';

/**
 * Lists one user's favorites, newest first (ties by cocktail id), as ids and catalogue list items. Only `userId`'s rows
 * are read.
 */
export async function listFavorites({ db, userId }: { db: Kysely<Database>; userId: string }): Promise<FavoriteList> {
  const ids = await listFavoriteIds({ db, userId });
  return { ids, items: await loadSummariesByIds(db, ids) };
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
  const cocktail = await db
    .selectFrom('cocktail')
    .select('id')
    .where('id', '=', cocktailId)
    .where('venue_id', 'is', null)
    .where('owner_id', 'is', null)
    .executeTakeFirst();
  if (!cocktail) throw new AppError('NOT_FOUND', `no cocktail has id ${cocktailId}`);
  await db
    .insertInto('user_favorites')
    .values({ user_id: userId, cocktail_id: cocktailId, created_at: now().toISOString() })
    .onConflict((conflict) => conflict.columns(['user_id', 'cocktail_id']).doNothing())
    .execute();
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
