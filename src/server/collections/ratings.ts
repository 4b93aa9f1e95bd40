/** The user's star ratings of cocktails: list, rate, remove, and the ratings by cocktail for the personal orders. */
import { ratingsByCocktailId, type PersonalRating } from '@/shared/domain/rating-order';
import type { RatingList } from '@/shared/schemas/collections';
import { deleteValue, isoAt, writeConflict, writeUnlessDeletedSince } from '../lib/newer-change';
import { iso } from '../lib/iso';
import { requireCocktail, type UserScope } from './scope';

/** Every rating of the user, most recent first (ties by cocktail id). */
export async function listRatings({ db, userId }: UserScope): Promise<RatingList> {
  const rows = await db
    .selectFrom('cocktail_rating')
    .select(['cocktail_id', 'stars', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('cocktail_id')
    .execute();
  return {
    items: rows.map((row) => ({
      cocktailId: Number(row.cocktail_id),
      stars: Number(row.stars),
      updatedAt: iso(row.updated_at),
    })),
  };
}

/**
 * The user's ratings keyed by cocktail id, for the catalogue's personal orders (domain/rating-order.ts).
 * @returns Map of cocktail id -> {stars (0.5–5), ratedAt (ISO 8601)}; empty when the user rated nothing.
 */
export async function ratingsByCocktail({ db, userId }: UserScope): Promise<Map<number, PersonalRating>> {
  return ratingsByCocktailId((await listRatings({ db, userId })).items);
}

/**
 * Rates a cocktail (0.5 to 5 in half stars; the schema checks).
 * @param madeAt a write queued offline: when it was made, ms since the epoch (http/write-age.ts; null or absent: a
 *   live write, stamped `now`). Such a write is stamped with it, and stores the stars only where the rating last
 *   changed at or before then and was not removed after it, in one transaction (lib/newer-change.ts).
 * @throws AppError NOT_FOUND (cocktail); WRITE_CONFLICT (409) for a queued write older than the rating's last change.
 */
export async function rateCocktail({
  db,
  userId,
  cocktailId,
  stars,
  madeAt = null,
  now = () => new Date(),
}: UserScope & { cocktailId: number; stars: number; madeAt?: number | null; now?: () => Date }): Promise<{
  cocktailId: number;
  stars: number | null;
}> {
  await requireCocktail(db, userId, cocktailId);
  if (madeAt !== null) {
    const at = isoAt(madeAt);
    await writeUnlessDeletedSince(db, { userId, kind: 'rating', itemId: cocktailId }, madeAt, async (trx) => {
      const result = await trx
        .insertInto('cocktail_rating')
        .values({ user_id: userId, cocktail_id: cocktailId, stars, updated_at: at })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'cocktail_id'])
            .doUpdateSet({ stars, updated_at: at })
            .where('cocktail_rating.updated_at', '<=', at),
        )
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw writeConflict();
      return true;
    });
    return { cocktailId, stars };
  }
  const at = now().toISOString();
  await db
    .insertInto('cocktail_rating')
    .values({ user_id: userId, cocktail_id: cocktailId, stars, updated_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'cocktail_id']).doUpdateSet({ stars, updated_at: at }))
    .execute();
  return { cocktailId, stars };
}

/**
 * Removes the user's rating of a cocktail and records the removal (lib/newer-change.ts deleteValue). Idempotent.
 * @param madeAt a write queued offline: when it was made, ms since the epoch (null or absent: a live write).
 * @throws AppError WRITE_CONFLICT (409) for a queued write older than the rating's last change (nothing removed).
 */
export async function removeRating({
  db,
  userId,
  cocktailId,
  madeAt = null,
}: UserScope & { cocktailId: number; madeAt?: number | null }): Promise<{ cocktailId: number; stars: null }> {
  await deleteValue(db, { userId, kind: 'rating', itemId: cocktailId }, madeAt);
  return { cocktailId, stars: null };
}
