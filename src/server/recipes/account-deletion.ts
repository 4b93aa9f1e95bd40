import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** What {@link deleteOwnRecipesData} removed, rows per table. */
export interface OwnRecipesDeletion {
  /** The user's own recipes (their lines, collection places, notes, ratings and made drinks go by cascade). */
  recipes: number;
  /** The user's own free-text ingredients. */
  ingredients: number;
}

/**
 * Deletes every own recipe and own ingredient of a user. Account deletion calls it inside its transaction (`db` is then
 * the transaction), before the user row; the foreign keys (owner_id, on delete cascade) would take them with the user
 * row anyway, and this names them in the deletion report. Recipes first: their lines name the ingredients.
 */
export async function deleteOwnRecipesData({
  db,
  userId,
}: {
  db: Kysely<Database>;
  userId: string;
}): Promise<OwnRecipesDeletion> {
  const recipes = await db.deleteFrom('cocktail').where('owner_id', '=', userId).executeTakeFirst();
  const ingredients = await db.deleteFrom('ingredient').where('owner_id', '=', userId).executeTakeFirst();
  return { recipes: Number(recipes.numDeletedRows), ingredients: Number(ingredients.numDeletedRows) };
}
