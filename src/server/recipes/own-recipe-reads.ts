import type { Kysely } from 'kysely';
import type { MatchLine } from '@/shared/domain/my-bar';
import { ownRecipeCard } from '@/shared/domain/recipe-card';
import type { RecipeSummary } from '@/shared/schemas/recipe-summary';
import { loadCocktailDetails, loadSummariesByIds, type StoredRecipe } from '../catalogue';
import type { Database } from '../db/types';

/**
 * What other features read of a user's own recipes (docs/recipes.md "Where your recipes appear"): collections, notes,
 * ratings, made drinks and My Bar take an own recipe's id wherever they take a catalogue cocktail's, for its owner only.
 * Every function names the user, so another user's recipe is never found: it is, to the caller, an unknown id.
 */

/** Which of `ids` are the user's own recipes. */
export async function ownRecipeIdsAmong(
  db: Kysely<Database>,
  userId: string,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('cocktail')
    .select('id')
    .where('owner_id', '=', userId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/** The name of the user's own recipe with this id, or null when the user has none with it. */
export async function ownRecipeName(db: Kysely<Database>, userId: string, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('cocktail')
    .select('name')
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Which of `ids` are the user's own ingredients (free-text ones, migration 0018). */
export async function ownIngredientIdsAmong(
  db: Kysely<Database>,
  userId: string,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('ingredient')
    .select('id')
    .where('owner_id', '=', userId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * An own recipe as a list item (shared/domain/recipe-card.ts): the catalogue's card fields, its lines as card items,
 * marked `own`, with its share link's slug.
 */
export function toRecipeSummary(recipe: StoredRecipe): RecipeSummary {
  return ownRecipeCard(recipe.detail, recipe.shareSlug);
}

/**
 * List items of `ids`, in their order: public cocktails from the catalogue's memory, and the own recipes of `ownerId`
 * among the rest (with `sharedOnly`, only those whose share link is on: what a shared collection may show). Any other id
 * (unknown, a venue's, another user's recipe) is left out. One query more than the catalogue's only when some id is not
 * a public cocktail.
 */
export async function loadRecipeSummaries(
  db: Kysely<Database>,
  ids: readonly number[],
  { ownerId, sharedOnly = false }: { ownerId: string; sharedOnly?: boolean },
): Promise<RecipeSummary[]> {
  const publicItems = await loadSummariesByIds(db, ids);
  const found = new Map<number, RecipeSummary>(publicItems.map((item) => [item.id, item]));
  const rest = ids.filter((id) => !found.has(id));
  if (rest.length > 0) {
    const own = await loadCocktailDetails(db, rest, { ownerId });
    for (const [id, recipe] of own) {
      if (recipe.ownerId !== ownerId || (sharedOnly && recipe.shareSlug === null)) continue;
      found.set(id, toRecipeSummary(recipe));
    }
  }
  return ids.flatMap((id) => {
    const item = found.get(id);
    return item ? [item] : [];
  });
}

/** One own recipe as My Bar's matching needs it: id, name, name key (the catalogue's order) and lines. */
export interface OwnMatchRecipe {
  id: number;
  name: string;
  nameKey: string;
  lines: MatchLine[];
}

/** One of the user's own (free-text) ingredients: filed under its stored category, with no parent and no parts. */
export interface OwnIngredient {
  id: number;
  slug: string;
  name: string;
  category: string;
  abv: number;
}

/** The user's own recipes for matching, in name-key order (ties by id), and the user's own ingredients by id. */
export interface OwnMatchData {
  recipes: OwnMatchRecipe[];
  ingredients: Map<number, OwnIngredient>;
}

/** The user's own ingredients among `ids` (all of them without `ids`), by id. */
export async function loadOwnIngredients(
  db: Kysely<Database>,
  userId: string,
  ids?: readonly number[],
): Promise<Map<number, OwnIngredient>> {
  if (ids?.length === 0) return new Map();
  let query = db
    .selectFrom('ingredient')
    .select(['id', 'slug', 'name', 'category', 'abv'])
    .where('owner_id', '=', userId);
  if (ids) query = query.where('id', 'in', [...new Set(ids)]);
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { id: Number(row.id), slug: row.slug, name: row.name, category: row.category, abv: Number(row.abv) },
    ]),
  );
}

/**
 * Reads the user's own recipes with their lines, and the user's own ingredients, for My Bar (three small queries; a user
 * keeps at most a few hundred recipes). Own recipes name no line substitutes.
 */
export async function loadOwnMatchData(db: Kysely<Database>, userId: string): Promise<OwnMatchData> {
  const [rows, lines, ingredients] = await Promise.all([
    db
      .selectFrom('cocktail')
      .select(['id', 'name', 'name_key'])
      .where('owner_id', '=', userId)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('cocktail_ingredient')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient.cocktail_id')
      .select([
        'cocktail_ingredient.cocktail_id',
        'cocktail_ingredient.ingredient_id',
        'cocktail_ingredient.is_optional',
      ])
      .where('cocktail.owner_id', '=', userId)
      .orderBy('cocktail_ingredient.cocktail_id')
      .orderBy('cocktail_ingredient.position')
      .execute(),
    loadOwnIngredients(db, userId),
  ]);
  const linesOf = new Map<number, MatchLine[]>();
  for (const line of lines) {
    const id = Number(line.cocktail_id);
    let list = linesOf.get(id);
    if (!list) linesOf.set(id, (list = []));
    list.push({
      ingredientId: Number(line.ingredient_id),
      optional: Number(line.is_optional) === 1,
      substitutes: [],
    });
  }
  return {
    recipes: rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      nameKey: row.name_key,
      lines: linesOf.get(Number(row.id)) ?? [],
    })),
    ingredients,
  };
}
