import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { buildMatcher, type Matcher } from '@/shared/domain/my-bar';
import { EDITOR_ROLES, slugFromName } from '@/shared/domain/venues';
import { MAX_SIGNATURES, type Signature, type SignatureList, type SignatureWrite } from '@/shared/schemas/venues';
import {
  loadCocktailDetails,
  matchIngredientsOf,
  recipeColumns,
  writeRecipeLines,
  type MatchModel,
  type StoredRecipe,
} from '../catalogue';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { recipeImageUrl, storedPhotoKeys, storedPhotoOf, type StoredImage } from '../uploads';
import { requireRole, type VenueAccess } from './access';

/**
 * A venue's signature cocktails: its own recipes in `cocktail` (venue_id set, is_signature true), in the
 * catalogue's shape, written by the owner and managers through a validated editor, seen by every member and by guests
 * when on the menu. They never join the public catalogue (every catalogue read keeps venue_id null) and never change the
 * catalogue version. Errors: AppError FORBIDDEN (staff writing), NOT_FOUND (a recipe of another venue or none),
 * VALIDATION_FAILED (a line naming an unknown ingredient), CONFLICT (past MAX_SIGNATURES); database errors propagate (503).
 */

/** A stored recipe as a signature. */
function toSignature(recipe: StoredRecipe): Signature {
  return { ...recipe.detail, photo: storedPhotoOf(recipe.photo) };
}

/** Ids of the venue's signature cocktails, by name. */
async function signatureIds(db: Kysely<Database>, organizationId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('cocktail')
    .select('id')
    .where('venue_id', '=', organizationId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The venue's signature cocktails by name, with recipes and photos (any member). */
export async function listSignatures({
  db,
  access,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
}): Promise<SignatureList> {
  const ids = await signatureIds(db, access.organizationId);
  const recipes = await loadCocktailDetails(db, ids, { venueId: access.organizationId });
  return { items: ids.flatMap((id) => (recipes.has(id) ? [toSignature(recipes.get(id)!)] : [])) };
}

/**
 * One signature recipe of the venue, as stored.
 * @throws AppError NOT_FOUND when the venue has no recipe with this id (a public cocktail or another venue's included).
 */
export async function requireSignature(db: Kysely<Database>, organizationId: string, cocktailId: number) {
  const recipe = (await loadCocktailDetails(db, [cocktailId], { venueId: organizationId })).get(cocktailId);
  if (!recipe || recipe.venueId !== organizationId) {
    throw new AppError('NOT_FOUND', 'This venue has no signature cocktail with that id.');
  }
  return recipe;
}

/**
 * Adds a signature cocktail to the venue (owner, manager). Its slug is `<venue slug>--<name>-<random>`: the double hyphen
 * never occurs in a catalogue slug (shared/schemas/cocktail.ts slugSchema), so seeding can never overwrite it.
 * @throws AppError FORBIDDEN for staff; VALIDATION_FAILED for a line naming an unknown ingredient; CONFLICT past
 *   MAX_SIGNATURES.
 */
export async function createSignature({
  db,
  access,
  body,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
  body: SignatureWrite;
}): Promise<Signature> {
  requireRole(access, EDITOR_ROLES, 'write signature cocktails');
  const columns = await recipeColumns(db, body);
  const id = await db.transaction().execute(async (trx) => {
    const count = await trx
      .selectFrom('cocktail')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('venue_id', '=', access.organizationId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_SIGNATURES) {
      throw new AppError('CONFLICT', `A venue keeps at most ${MAX_SIGNATURES} signature cocktails.`);
    }
    const created = await trx
      .insertInto('cocktail')
      .values({
        ...columns,
        slug: `${access.slug}--${slugFromName(body.name)}-${randomBytes(3).toString('hex')}`,
        is_signature: 1,
        image_url: null,
        venue_id: access.organizationId,
        photo: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cocktailId = Number(created.id);
    await writeRecipeLines(trx, cocktailId, body);
    return cocktailId;
  });
  return toSignature(await requireSignature(db, access.organizationId, id));
}

/**
 * Replaces a signature recipe (owner, manager): every field and line at once, in one transaction; the photo is kept.
 * @throws AppError FORBIDDEN for staff; NOT_FOUND for a recipe not of this venue; VALIDATION_FAILED for an unknown
 *   ingredient (nothing changed).
 */
export async function updateSignature({
  db,
  access,
  cocktailId,
  body,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
  cocktailId: number;
  body: SignatureWrite;
}): Promise<Signature> {
  requireRole(access, EDITOR_ROLES, 'write signature cocktails');
  await requireSignature(db, access.organizationId, cocktailId);
  const columns = await recipeColumns(db, body);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cocktail')
      .set({ ...columns, updated_at: new Date().toISOString() })
      .where('id', '=', cocktailId)
      .where('venue_id', '=', access.organizationId)
      .execute();
    await writeRecipeLines(trx, cocktailId, body);
  });
  return toSignature(await requireSignature(db, access.organizationId, cocktailId));
}

/**
 * Deletes a signature cocktail (owner, manager): its lines and its menu items go with it.
 * @returns the storage keys of its photo, for the caller to delete once the row is gone.
 * @throws AppError FORBIDDEN for staff; NOT_FOUND for a recipe not of this venue.
 */
export async function deleteSignature({
  db,
  access,
  cocktailId,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
  cocktailId: number;
}): Promise<string[]> {
  requireRole(access, EDITOR_ROLES, 'delete signature cocktails');
  const recipe = await requireSignature(db, access.organizationId, cocktailId);
  await db.deleteFrom('cocktail').where('id', '=', cocktailId).where('venue_id', '=', access.organizationId).execute();
  return storedPhotoKeys(recipe.photo);
}

/**
 * Sets (or, with null, removes) a signature cocktail's photo column (owner, manager).
 * @returns the storage keys of the photo it replaced, for the caller to delete.
 * @throws AppError FORBIDDEN for staff; NOT_FOUND for a recipe not of this venue.
 */
export async function setSignaturePhoto({
  db,
  access,
  cocktailId,
  photo,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
  cocktailId: number;
  photo: StoredImage | null;
}): Promise<{ signature: Signature; replaced: string[] }> {
  requireRole(access, EDITOR_ROLES, 'change signature cocktail photos');
  const before = await requireSignature(db, access.organizationId, cocktailId);
  const column = photo === null ? null : JSON.stringify(photo);
  // The catalogue's image_url carries a middle-sized JPEG for the shapes that know only one picture.
  const imageUrl = recipeImageUrl(photo);
  await db
    .updateTable('cocktail')
    .set({ photo: column, image_url: imageUrl, updated_at: new Date().toISOString() })
    .where('id', '=', cocktailId)
    .where('venue_id', '=', access.organizationId)
    .execute();
  return {
    signature: toSignature(await requireSignature(db, access.organizationId, cocktailId)),
    replaced: storedPhotoKeys(before.photo),
  };
}

/**
 * What the menu needs of a venue's own recipes: a matcher over them (the same matching as the personal bar, on the
 * catalogue's ingredient tree) and their names.
 */
export interface VenueRecipeModel {
  matcher: Matcher;
  names: ReadonlyMap<number, string>;
}

/** Built models by venue, reused while the catalogue version and the venue's lines are unchanged. */
const recipeModels = new Map<string, { key: string; model: VenueRecipeModel }>();
/** Most venues whose recipe model is kept in memory (oldest dropped first). */
const RECIPE_MODELS_KEPT = 500;

/**
 * The venue's recipe model: read in two queries, built only when the catalogue or the venue's recipes changed since the
 * last build (a few ms for the seed's ingredient tree).
 */
export async function venueRecipeModel(
  db: Kysely<Database>,
  organizationId: string,
  model: MatchModel,
): Promise<VenueRecipeModel> {
  const [recipes, lines] = await Promise.all([
    db.selectFrom('cocktail').select(['id', 'name']).where('venue_id', '=', organizationId).execute(),
    db
      .selectFrom('cocktail_ingredient')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient.cocktail_id')
      .select([
        'cocktail_ingredient.cocktail_id',
        'cocktail_ingredient.ingredient_id',
        'cocktail_ingredient.is_optional',
      ])
      .where('cocktail.venue_id', '=', organizationId)
      .orderBy('cocktail_ingredient.cocktail_id')
      .orderBy('cocktail_ingredient.position')
      .execute(),
  ]);
  const linesOf = new Map<number, { ingredientId: number; optional: boolean; substitutes: number[] }[]>();
  for (const line of lines) {
    const id = Number(line.cocktail_id);
    let list = linesOf.get(id);
    if (!list) linesOf.set(id, (list = []));
    list.push({ ingredientId: Number(line.ingredient_id), optional: Number(line.is_optional) === 1, substitutes: [] });
  }
  const names = new Map(recipes.map((row) => [Number(row.id), row.name]));
  const key = `${model.version}|${JSON.stringify([...linesOf])}`;
  const known = recipeModels.get(organizationId);
  if (known && known.key === key) return { matcher: known.model.matcher, names };
  const matcher = buildMatcher({
    ingredients: matchIngredientsOf(model.ingredients),
    cocktails: [...names.keys()].map((id) => ({ id, lines: linesOf.get(id) ?? [] })),
  });
  recipeModels.delete(organizationId);
  recipeModels.set(organizationId, { key, model: { matcher, names } });
  if (recipeModels.size > RECIPE_MODELS_KEPT) recipeModels.delete(recipeModels.keys().next().value!);
  return { matcher, names };
}
