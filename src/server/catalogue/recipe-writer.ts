import type { Kysely, Transaction } from 'kysely';
import { recipeStrength } from '@/shared/domain/catalogue-rules';
import type { SignatureWrite } from '@/shared/schemas/venues';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { getIngredientCatalogue, type IngredientCatalogue } from './ingredient-catalogue';
import { buildSearchKeys } from './search/search-text';

/**
 * Rows of a recipe someone wrote (a venue's signature, a user's own recipe), derived as the seed derives the catalogue's:
 * the strength band from the computed ABV of its required lines (catalogue-rules.ts recipeStrength), the search keys
 * from its fields and ingredient names (search-text.ts). One writer for every owner, so both kinds read alike.
 */

/** What a written recipe's `cocktail` row holds besides its id, slug and owner. */
export type RecipeColumns = ReturnType<typeof recipeColumnsFrom>;

/** An ingredient a recipe line may name besides the catalogue's: a user's own, free-text one. */
export interface ExtraIngredient {
  name: string;
  /** % ABV. */
  abv: number;
}

/**
 * The derived `cocktail` columns of `body`, whose lines name catalogue ingredients or, for an own recipe, the owner's
 * own ingredients given in `extra` (by id).
 * @throws AppError VALIDATION_FAILED naming the line (`ingredients.<n>.ingredient_id`) whose ingredient is unknown.
 */
export async function recipeColumns(
  db: Kysely<Database>,
  body: SignatureWrite,
  extra: ReadonlyMap<number, ExtraIngredient> = new Map(),
) {
  return recipeColumnsFrom(await getIngredientCatalogue(db), body, extra);
}

/**
 * {@link recipeColumns} over an ingredient catalogue already read: for a transaction, which must not wait on another
 * connection (SQLite has one).
 * @throws AppError VALIDATION_FAILED as recipeColumns.
 */
export function recipeColumnsFrom(
  catalogue: IngredientCatalogue,
  body: SignatureWrite,
  extra: ReadonlyMap<number, ExtraIngredient> = new Map(),
) {
  const ingredients = body.ingredients.map((line, index) => {
    const ingredient = catalogue.byId.get(line.ingredient_id) ?? extra.get(line.ingredient_id);
    if (!ingredient) {
      throw new AppError(
        'VALIDATION_FAILED',
        `ingredients.${index}.ingredient_id: no ingredient has id ${line.ingredient_id}`,
      );
    }
    return ingredient;
  });
  const poured = body.ingredients.flatMap((line, index) =>
    line.is_optional
      ? []
      : [{ amount: line.amount, unit: line.unit, abv: ingredients[index]!.abv, ingredient: ingredients[index]!.name }],
  );
  return {
    name: body.name,
    base_spirit: body.base_spirit,
    category: body.category,
    description: body.description,
    instructions: body.instructions,
    difficulty_level: body.difficulty_level,
    strength: recipeStrength(poured, body.technique).strength,
    glassware: body.glassware,
    technique: body.technique,
    garnish: body.garnish,
    preparation_time: body.preparation_time,
    flavor_profile: JSON.stringify(body.flavor_profile),
    seasonal_tags: JSON.stringify(body.seasonal_tags),
    occasion_tags: JSON.stringify(body.occasion_tags),
    ...buildSearchKeys(
      body,
      ingredients.map((ingredient) => ingredient.name),
    ),
  };
}

/**
 * Writes a recipe's lines (after deleting any it had, unless `fresh`: a recipe just inserted has none), in the editor's
 * order, inside the caller's transaction.
 */
export async function writeRecipeLines(
  trx: Transaction<Database>,
  cocktailId: number,
  body: SignatureWrite,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<void> {
  if (!fresh) await trx.deleteFrom('cocktail_ingredient').where('cocktail_id', '=', cocktailId).execute();
  await trx
    .insertInto('cocktail_ingredient')
    .values(
      body.ingredients.map((line, position) => ({
        cocktail_id: cocktailId,
        position,
        ingredient_id: line.ingredient_id,
        amount: line.amount,
        amount_max: line.amount_max,
        unit: line.unit,
        is_optional: line.is_optional ? 1 : 0,
        note: line.note === '' ? null : line.note,
      })),
    )
    .execute();
}
