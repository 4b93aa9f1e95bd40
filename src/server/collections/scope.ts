/** What every collections operation shares: the user's scope, the timestamp form and the check that a cocktail exists. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { getMatchModel, type MatchModel } from '../catalogue';
import { ownRecipeName } from '../recipes';

/**
 * Collections, private notes and ratings (docs/product.md, Records; shapes in src/shared/schemas/collections.ts). No HTTP here: each
 * operation takes one options object with the user's id (from the session, never from the request) and touches only that
 * user's rows: a collection of another user is NOT_FOUND, exactly like one that does not exist. Cocktail ids are checked
 * against the catalogue's in-memory match model (public cocktails), then against the user's own recipes (one indexed
 * read, only for an id that is not a public cocktail): the owner collects, notes and rates their own recipes as any
 * cocktail, and another user's recipe is NOT_FOUND like an unknown id (docs/recipes.md "Where your recipes appear"). A
 * shared collection lists an own recipe only while that recipe is itself shared. Errors: AppError NOT_FOUND (unknown collection, cocktail or share link), VALIDATION_FAILED (past a limit,
 * an order that is not exactly the collection's cocktails); database errors propagate as they are (503).
 */

/** What every operation takes: the database and the signed-in user's id. */
export interface UserScope {
  db: Kysely<Database>;
  userId: string;
}

/**
 * The name of a public cocktail or of one of the user's own recipes.
 * @throws AppError NOT_FOUND naming the id (another user's recipe included).
 */
export async function requireCocktail(db: Kysely<Database>, userId: string, id: number): Promise<string> {
  const model: MatchModel = await getMatchModel(db);
  const index = model.cocktailIndex.get(id);
  if (index !== undefined) return model.cocktailNames[index] ?? `#${id}`;
  const own = await ownRecipeName(db, userId, id);
  if (own === null) throw new AppError('NOT_FOUND', `no cocktail has id ${id}`);
  return own;
}
