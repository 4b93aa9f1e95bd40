import type { Transaction } from 'kysely';
import { ownRecipeWriteSchema, type OwnRecipeWrite } from '@/shared/schemas/recipes';
import type { AccountImportRefusal, ExportRecipe } from '@/shared/schemas/export';
import type { IngredientCatalogue } from '../../catalogue';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { insertOwnRecipe, ownIngredientsOf } from '../../recipes';
import { processImage, storeImage, type ImageStore, type ProcessedImage } from '../../uploads';

/**
 * The own recipes of an account export written back: each as the recipe editor writes one (insertOwnRecipe: the plan's
 * limit, free-text ingredients), its lines naming catalogue ingredients by slug (an ingredient this catalogue lacks, or one
 * of the user's own, by its name), its photo re-read and stored afresh from the file's largest variant. Errors: the
 * database's and the image store's propagate (the caller's transaction rolls back); everything else is a refusal.
 */

/** A recipe's name as compared with the user's (case and surrounding space aside). */
const nameKey = (name: string) => name.trim().toLowerCase();

/** A recipe of the file as the write it becomes, or why it cannot be written. */
export type PreparedRecipe =
  | { key: string; name: string; write: OwnRecipeWrite; photoBytes: Uint8Array | null }
  | { key: string; name: string; problem: string };

/** The own-recipe write of an exported recipe. */
export function prepareRecipe(
  recipe: ExportRecipe,
  ingredientBySlug: ReadonlyMap<string, number>,
  files: ReadonlyMap<string, Uint8Array>,
): PreparedRecipe {
  const parsed = ownRecipeWriteSchema.safeParse({
    name: recipe.name,
    base_spirit: recipe.base_spirit,
    category: recipe.category ?? 'Modern',
    description: recipe.description,
    instructions: recipe.instructions,
    difficulty_level: recipe.difficulty_level,
    glassware: recipe.glassware,
    technique: recipe.technique,
    garnish: recipe.garnish,
    preparation_time: recipe.preparation_time,
    flavor_profile: recipe.flavor_profile,
    seasonal_tags: recipe.seasonal_tags,
    occasion_tags: recipe.occasion_tags,
    ingredients: recipe.ingredients.map((line) => {
      const id = line.slug === null ? undefined : ingredientBySlug.get(line.slug);
      return {
        ...(id !== undefined ? { ingredient_id: id } : { ingredient_name: line.ingredient }),
        amount: line.amount,
        amount_max: line.amount_max,
        unit: line.unit,
        is_optional: line.is_optional,
        note: line.note,
      };
    }),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      key: recipe.key,
      name: recipe.name,
      problem: `The recipe does not fit: ${issue?.path.join('.') || 'recipe'}: ${issue?.message ?? 'not a recipe'}`,
    };
  }
  // The largest variant the file carries is the photo's source; the store gets fresh variants of it.
  const largest = [...(recipe.photo?.variants ?? [])]
    .filter((variant) => files.has(variant.file))
    .sort((a, b) => b.width - a.width || Number(b.format === 'jpeg') - Number(a.format === 'jpeg'))[0];
  return {
    key: recipe.key,
    name: recipe.name,
    write: parsed.data,
    photoBytes: largest ? files.get(largest.file)! : null,
  };
}

/**
 * Reads and re-encodes the photos of `recipes` (before the transaction: it is the slow part, and no database work).
 * @returns recipe key -> the processed image; refusals for photos that are not images (their recipes are still written).
 */
export async function processRecipePhotos(
  recipes: readonly PreparedRecipe[],
): Promise<{ images: Map<string, ProcessedImage>; refusals: AccountImportRefusal[] }> {
  const images = new Map<string, ProcessedImage>();
  const refusals: AccountImportRefusal[] = [];
  for (const recipe of recipes) {
    if (!('write' in recipe) || recipe.photoBytes === null) continue;
    let processed;
    try {
      processed = await processImage(recipe.photoBytes);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusals.push({ part: 'recipes', name: recipe.name, reason: `Its photo was not restored: ${error.message}` });
      continue;
    }
    images.set(recipe.key, processed);
  }
  return { images, refusals };
}

/**
 * Writes the prepared recipes in `trx`, in order, and answers the id of each by its file key (a new one, or the user's
 * recipe of the same name, which is kept as it is), and how many were written. A recipe past the plan's limit (or that
 * names an unknown ingredient) is refused with the reason, before any of it is written. A written recipe's photo goes to
 * `store` under `recipes/<id>` (as an uploaded one does); every key stored is added to `storedKeys`, so the caller can
 * delete them again when the transaction fails.
 */
export async function writeRecipes(
  trx: Transaction<Database>,
  {
    userId,
    limit,
    catalogue,
    recipes,
    images,
    store,
    storedKeys,
  }: {
    userId: string;
    limit: number | null;
    catalogue: IngredientCatalogue;
    recipes: readonly PreparedRecipe[];
    images: ReadonlyMap<string, ProcessedImage>;
    store: ImageStore;
    storedKeys: string[];
  },
): Promise<{ ids: Map<string, number>; written: number; refusals: AccountImportRefusal[] }> {
  const ids = new Map<string, number>();
  const refusals: AccountImportRefusal[] = [];
  let written = 0;
  const own = await ownIngredientsOf(trx, userId);
  const existing = await trx.selectFrom('cocktail').select(['id', 'name']).where('owner_id', '=', userId).execute();
  const byName = new Map(existing.map((row) => [nameKey(row.name), Number(row.id)]));
  for (const recipe of recipes) {
    if (!('write' in recipe)) {
      refusals.push({ part: 'recipes', name: recipe.name, reason: recipe.problem });
      continue;
    }
    // A recipe of the same name is the user's already: theirs is kept, and the file's references point at it.
    const same = byName.get(nameKey(recipe.write.name));
    if (same !== undefined) {
      ids.set(recipe.key, same);
      refusals.push({
        part: 'recipes',
        name: recipe.name,
        reason: 'You already have a recipe of this name; yours is kept as it is.',
      });
      continue;
    }
    let id: number;
    try {
      id = await insertOwnRecipe(trx, { userId, limit, catalogue, body: recipe.write, own });
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'SERVICE_UNAVAILABLE') throw error;
      refusals.push({ part: 'recipes', name: recipe.name, reason: error.message });
      continue;
    }
    const processed = images.get(recipe.key);
    if (processed) {
      const image = await storeImage({ store, prefix: `recipes/${id}`, image: processed });
      storedKeys.push(...image.variants.map((variant) => variant.key));
      await trx
        .updateTable('cocktail')
        .set({ photo: JSON.stringify(image) })
        .where('id', '=', id)
        .execute();
    }
    ids.set(recipe.key, id);
    byName.set(nameKey(recipe.write.name), id);
    written += 1;
  }
  return { ids, written, refusals };
}
