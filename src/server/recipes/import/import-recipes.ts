import type { Kysely } from 'kysely';
import { ownRecipeLimit, type PlanName } from '@/shared/domain/plans';
import { MAX_IMPORT_RECIPES, type ImportPreview, type ImportResult, type ImportReview } from '@/shared/schemas/recipes';
import { getIngredientCatalogue } from '../../catalogue';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { insertOwnRecipe } from '../operations';
import { ownIngredientsOf } from '../own-ingredients';
import { draftRecipes, type RecipeDraft } from './draft';
import { readImport, UnreadableImportError } from './formats';
import type { ImportRead } from './imported-recipe';
import { draftToWrite } from './to-write';

/**
 * An upload brought into the user's own recipes: read (formats.ts), drafted against the catalogue (draft.ts), turned
 * into own-recipe writes (to-write.ts), then previewed or written. Each recipe is written whole or not at all (a
 * savepoint of its own); the answer lists every refusal with its reason (a free account's limit included: the recipes past
 * it are refused, those before it kept). Errors: AppError VALIDATION_FAILED when the upload is unreadable or holds more
 * than MAX_IMPORT_RECIPES; database errors propagate (503).
 */

/** Reads and drafts an upload. @throws AppError VALIDATION_FAILED (unreadable, too many recipes). */
async function drafted(db: Kysely<Database>, bytes: Uint8Array): Promise<{ read: ImportRead; drafts: RecipeDraft[] }> {
  let read: ImportRead;
  try {
    read = readImport(bytes);
  } catch (error) {
    if (error instanceof UnreadableImportError) throw new AppError('VALIDATION_FAILED', error.message);
    throw error;
  }
  const count = read.recipes.length + read.refusals.length;
  if (count > MAX_IMPORT_RECIPES) {
    throw new AppError(
      'VALIDATION_FAILED',
      `An import takes at most ${MAX_IMPORT_RECIPES} recipes; this one holds ${count}.`,
    );
  }
  const catalogue = await getIngredientCatalogue(db);
  return { read, drafts: draftRecipes(read.recipes, catalogue.items) };
}

/** The positions of the read recipes in the upload (refused ones took theirs). */
function uploadIndexes(read: ImportRead): number[] {
  const refused = new Set(read.refusals.map((refusal) => refusal.index));
  const indexes: number[] = [];
  for (let index = 0; indexes.length < read.recipes.length; index += 1) if (!refused.has(index)) indexes.push(index);
  return indexes;
}

/** What importing `bytes` would write, and what it would refuse: nothing is written. */
export async function previewImport({
  db,
  bytes,
}: {
  db: Kysely<Database>;
  bytes: Uint8Array;
}): Promise<ImportPreview> {
  const { read, drafts } = await drafted(db, bytes);
  const indexes = uploadIndexes(read);
  const preview: ImportPreview = { format: read.format, recipes: [], refusals: [...read.refusals] };
  drafts.forEach((draft, at) => {
    const index = indexes[at]!;
    const made = draftToWrite(draft);
    if ('problem' in made) {
      preview.refusals.push({ index, name: draft.recipe.name || null, reason: made.problem });
      return;
    }
    preview.recipes.push({
      index,
      write: made.write,
      lines: draft.lines.map(({ line, resolution }) => ({
        source: line.source,
        amount: line.amount,
        amount_max: line.amountMax,
        unit: line.unit,
        text: line.ingredient,
        match: resolution.match,
        ingredient_id: resolution.ingredientId,
        ingredient: resolution.name,
        brand: resolution.brand,
      })),
      warnings: [...draft.warnings, ...made.notes],
    });
  });
  preview.refusals.sort((a, b) => a.index - b.index);
  return preview;
}

/** Recipes written per transaction while importing. */
const BATCH = 100;

/**
 * Imports `bytes` into the user's own recipes (see {@link writeImport}): what the preview of the same upload lists is
 * written, and its refusals are answered with the write's.
 */
export async function importRecipes({
  db,
  userId,
  plan,
  bytes,
}: {
  db: Kysely<Database>;
  userId: string;
  plan: PlanName;
  bytes: Uint8Array;
}): Promise<ImportResult> {
  const preview = await previewImport({ db, bytes });
  return writeImport({ db, userId, plan, reviewed: preview });
}

/**
 * Writes the recipes of a reviewed import (a preview's, as the user corrected it) into the user's own recipes, a batch
 * of recipes to a transaction. A recipe is refused (an unknown ingredient, the plan's limit) before any of it is written
 * (insertOwnRecipe), so the batch goes on without it; a database error rolls the batch back whole and is thrown (503),
 * leaving the batches before it imported. The reviewed refusals are answered with the new ones, by upload position.
 */
export async function writeImport({
  db,
  userId,
  plan,
  reviewed,
}: {
  db: Kysely<Database>;
  userId: string;
  plan: PlanName;
  reviewed: ImportReview;
}): Promise<ImportResult> {
  const result: ImportResult = { format: reviewed.format, imported: [], refusals: [...reviewed.refusals] };
  const catalogue = await getIngredientCatalogue(db);
  const limit = ownRecipeLimit(plan);
  for (let start = 0; start < reviewed.recipes.length; start += BATCH) {
    const batch = reviewed.recipes.slice(start, start + BATCH);
    const outcome = await db.transaction().execute(async (trx) => {
      const own = await ownIngredientsOf(trx, userId);
      const written: ImportResult['imported'] = [];
      const refused: ImportResult['refusals'] = [];
      for (const { index, write } of batch) {
        try {
          const id = await insertOwnRecipe(trx, { userId, limit, catalogue, body: write, own });
          written.push({ index, id, name: write.name });
        } catch (error) {
          if (!(error instanceof AppError) || error.code === 'SERVICE_UNAVAILABLE') throw error;
          refused.push({ index, name: write.name, reason: error.message });
        }
      }
      return { written, refused };
    });
    result.imported.push(...outcome.written);
    result.refusals.push(...outcome.refused);
  }
  result.refusals.sort((a, b) => a.index - b.index);
  return result;
}
