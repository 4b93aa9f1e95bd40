/** The user's star ratings of cocktails: list, rate, remove, and the ratings by cocktail for the personal orders. */
import { ratingsByCocktailId, type PersonalRating } from '@/shared/domain/rating-order';
import type { RatingList } from '@/shared/schemas/collections';
import { requireCocktail, iso, type UserScope } from './scope';

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

/** Rates a cocktail (0.5 to 5 in half stars; the schema checks). @throws AppError NOT_FOUND (cocktail). */
export async function rateCocktail({
  db,
  userId,
  cocktailId,
  stars,
  now = () => new Date(),
}: UserScope & { cocktailId: number; stars: number; now?: () => Date }): Promise<{
  cocktailId: number;
  stars: number | null;
}> {
  await requireCocktail(db, userId, cocktailId);
  const at = now().toISOString();
  await db
    .insertInto('cocktail_rating')
    .values({ user_id: userId, cocktail_id: cocktailId, stars, updated_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'cocktail_id']).doUpdateSet({ stars, updated_at: at }))
    .execute();
  return { cocktailId, stars };
}

/** Removes the user's rating of a cocktail. Idempotent. */
export async function removeRating({
  db,
  userId,
  cocktailId,
}: UserScope & { cocktailId: number }): Promise<{ cocktailId: number; stars: null }> {
  await db.deleteFrom('cocktail_rating').where('user_id', '=', userId).where('cocktail_id', '=', cocktailId).execute();
  return { cocktailId, stars: null };
}

/**
 * When the user's rating of a cocktail last changed, for the conflict rule of queued writes (http/write-age.ts).
 * @returns updated_at (ISO text on SQLite, a Date on PostgreSQL), or undefined when the cocktail is not rated.
 */
export async function ratingChangedAt({
  db,
  userId,
  cocktailId,
}: UserScope & { cocktailId: number }): Promise<Date | string | undefined> {
  const row = await db
    .selectFrom('cocktail_rating')
    .select('updated_at')
    .where('user_id', '=', userId)
    .where('cocktail_id', '=', cocktailId)
    .executeTakeFirst();
  return row?.updated_at;
}
