import type { Kysely } from 'kysely';
import type { OwnRecipe } from '@/shared/schemas/recipes';
import { loadCocktailDetails } from '../catalogue';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import {
  discardImages,
  recipeImageUrl,
  storedPhotoKeys,
  storedPhotoOf,
  storeThenRecord,
  type PhotoStore,
  type StoredImage,
} from '../uploads';

/**
 * An own recipe's photo, through the venues' photo pipeline (uploads/replace-photo.ts): a JPEG, PNG or WebP of at most
 * 10 MB, re-encoded into sized variants, stored under `recipes/<id>`; a failed upload leaves the recipe and its old photo
 * as they were. Errors: AppError NOT_FOUND (not the user's recipe), IMAGE_INVALID (400); storage and database errors
 * propagate (503).
 */

/** What the photo operations need. */
export interface OwnPhotoScope extends PhotoStore {
  db: Kysely<Database>;
  userId: string;
  id: number;
}

/** The user's recipe in the API's shape. @throws AppError NOT_FOUND. */
async function ownRecipe(db: Kysely<Database>, userId: string, id: number) {
  const recipe = (await loadCocktailDetails(db, [id], { ownerId: userId })).get(id);
  if (!recipe || recipe.ownerId !== userId) throw new AppError('NOT_FOUND', `You have no recipe with id ${id}.`);
  return recipe;
}

/** Points the recipe at `photo` (or none); answers the recipe and the keys of the photo it replaced. */
async function recordPhoto(
  scope: OwnPhotoScope,
  photo: StoredImage | null,
): Promise<{ recipe: OwnRecipe; replaced: string[] }> {
  const { db, userId, id } = scope;
  const before = await ownRecipe(db, userId, id);
  await db
    .updateTable('cocktail')
    .set({
      photo: photo === null ? null : JSON.stringify(photo),
      image_url: recipeImageUrl(photo),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .execute();
  const after = await ownRecipe(db, userId, id);
  return {
    recipe: { ...after.detail, photo: storedPhotoOf(after.photo), shareSlug: after.shareSlug },
    replaced: storedPhotoKeys(before.photo),
  };
}

/** Sets an own recipe's photo from an upload. @returns the recipe with its new photo. */
export async function uploadOwnRecipePhoto(scope: OwnPhotoScope & { bytes: Uint8Array }): Promise<OwnRecipe> {
  await ownRecipe(scope.db, scope.userId, scope.id);
  const { recipe, replaced } = await storeThenRecord(scope, scope.bytes, `recipes/${scope.id}`, (photo) =>
    recordPhoto(scope, photo),
  );
  await discardImages(scope, replaced);
  return recipe;
}

/** Removes an own recipe's photo; removing none is no error. */
export async function removeOwnRecipePhoto(scope: OwnPhotoScope): Promise<OwnRecipe> {
  const { recipe, replaced } = await recordPhoto(scope, null);
  await discardImages(scope, replaced);
  return recipe;
}

/** The stored photo keys of the user's recipe `id` (none when it has no photo or is not theirs), before deleting it. */
export async function ownRecipePhotoKeys(db: Kysely<Database>, userId: string, id: number): Promise<string[]> {
  const row = await db
    .selectFrom('cocktail')
    .select('photo')
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return storedPhotoKeys(row?.photo ?? null);
}
