import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ownRecipeLimit, type PlanName } from '@/shared/domain/plans';
import { searchTerms } from '@/shared/domain/search-words';
import { slugFromName } from '@/shared/domain/venues';
import type { OwnRecipe, OwnRecipeList, OwnRecipeWrite, SharedRecipe } from '@/shared/schemas/recipes';
import { ownRecipeWriteSchema } from '@/shared/schemas/recipes';
import {
  getIngredientCatalogue,
  loadCocktailDetails,
  recipeColumnsFrom,
  writeRecipeLines,
  type ExtraIngredient,
  type IngredientCatalogue,
  type StoredRecipe,
} from '../catalogue';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { isoAt, writeConflict } from '../lib/newer-change';
import { storedPhotoOf } from '../uploads';
import { nameOwnIngredients } from './own-ingredients';

/**
 * A user's own recipes: rows of `cocktail` with `owner_id` set (migration 0017), written through the same recipe writer
 * as venue signatures (catalogue/recipe-writer.ts), so strength and search keys are derived as for the catalogue. Every
 * query names the user: another user's recipe is NOT_FOUND, exactly like one that does not exist. Free accounts keep
 * up to FREE_OWN_RECIPES (shared/domain/plans.ts); past it a new recipe or copy is refused with 403
 * ENTITLEMENT_REQUIRED naming the count, while editing, sharing and deleting what exists always work. Errors: AppError
 * NOT_FOUND, ENTITLEMENT_REQUIRED, VALIDATION_FAILED (an unknown ingredient: nothing written); database errors propagate
 * (503 by the error handler).
 */

/** Bytes of a share link's random slug (22 base64url characters, as the collections' links). */
const SHARE_SLUG_BYTES = 16;

/** A stored own recipe in the API's shape. */
function toOwnRecipe(recipe: StoredRecipe): OwnRecipe {
  return { ...recipe.detail, photo: storedPhotoOf(recipe.photo), shareSlug: recipe.shareSlug };
}

/** Ids of the user's own recipes, by name. */
async function ownRecipeIds(db: Kysely<Database>, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('cocktail')
    .select('id')
    .where('owner_id', '=', userId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * One of the user's own recipes, as stored.
 * @throws AppError NOT_FOUND when the user has no recipe with this id (a public cocktail or another user's included).
 */
async function requireOwnRecipe(db: Kysely<Database>, userId: string, id: number): Promise<StoredRecipe> {
  const recipe = (await loadCocktailDetails(db, [id], { ownerId: userId })).get(id);
  if (!recipe || recipe.ownerId !== userId) throw new AppError('NOT_FOUND', `You have no recipe with id ${id}.`);
  return recipe;
}

/**
 * The words `q` asks for, as the catalogue search reads a query (search-words.ts: folded, split into runs of letters or
 * digits; the connector 'and' dropped when other words remain).
 */
function queryWordsOf(q: string): string[] {
  const words = searchTerms(q);
  const meaningful = words.filter((word) => word !== 'and');
  return meaningful.length > 0 ? meaningful : words;
}

/** True when every query word starts a word of the recipe's name, ingredient names or tags. */
function recipeMatches(recipe: StoredRecipe, words: readonly string[]): boolean {
  const { detail } = recipe;
  const texts = [
    detail.name,
    ...detail.ingredients.map((line) => line.ingredient),
    ...detail.flavor_profile,
    ...detail.seasonal_tags,
    ...detail.occasion_tags,
  ];
  const own = texts.flatMap((text) => searchTerms(text));
  return words.every((word) => own.some((term) => term.startsWith(word)));
}

/**
 * The user's own recipes by name, with how many their plan keeps; with `q`, only those whose name, ingredients or tags
 * hold every word of it (each as the start of a word; see ownRecipeListQuerySchema). All of them, never paged: a user
 * keeps a few hundred at most.
 */
export async function listOwnRecipes({
  db,
  userId,
  plan,
  q = '',
}: {
  db: Kysely<Database>;
  userId: string;
  plan: PlanName;
  q?: string;
}): Promise<OwnRecipeList> {
  const ids = await ownRecipeIds(db, userId);
  const recipes = await loadCocktailDetails(db, ids, { ownerId: userId });
  const words = queryWordsOf(q);
  return {
    items: ids.flatMap((id) => {
      const recipe = recipes.get(id);
      return recipe && (words.length === 0 || recipeMatches(recipe, words)) ? [toOwnRecipe(recipe)] : [];
    }),
    limit: ownRecipeLimit(plan),
  };
}

/** One of the user's own recipes. @throws AppError NOT_FOUND. */
export async function getOwnRecipe({
  db,
  userId,
  id,
}: {
  db: Kysely<Database>;
  userId: string;
  id: number;
}): Promise<OwnRecipe> {
  return toOwnRecipe(await requireOwnRecipe(db, userId, id));
}

/** The message of the 403 a free account gets past its limit. */
export function ownRecipeLimitMessage(limit: number, count: number): string {
  return `Free accounts keep ${limit} recipes of their own and you have ${count}. Pro keeps any number; nothing you wrote is taken away.`;
}

/** What writing a new own recipe inside a transaction needs beyond the body (see {@link insertOwnRecipe}). */
export interface OwnRecipeInsert {
  userId: string;
  /** The plan's limit (ownRecipeLimit), or null for none. */
  limit: number | null;
  /** The ingredient catalogue, read before the transaction opened. */
  catalogue: IngredientCatalogue;
  body: OwnRecipeWrite;
  /** The user's own ingredients already read in this transaction (an import's), kept up to date; read afresh without. */
  own?: Map<number, ExtraIngredient>;
}

/**
 * Writes a new own recipe inside `trx` (its count check, free-text ingredients, row and lines) and answers its id. Every
 * refusal is thrown before anything is written, so a caller may go on in the same transaction. Its slug is `u--<name>-<random>` (a double hyphen never occurs in a catalogue slug, so seeding can never overwrite it).
 * @throws AppError ENTITLEMENT_REQUIRED past the limit (the message names the count); VALIDATION_FAILED for an
 *   unknown ingredient.
 */
export async function insertOwnRecipe(
  trx: Transaction<Database>,
  { userId, limit, catalogue, body, own }: OwnRecipeInsert,
): Promise<number> {
  if (limit !== null) {
    const row = await trx
      .selectFrom('cocktail')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    const count = Number(row.n);
    if (count >= limit) throw new AppError('ENTITLEMENT_REQUIRED', ownRecipeLimitMessage(limit, count));
  }
  const named = await nameOwnIngredients(trx, catalogue, userId, body, own);
  const columns = recipeColumnsFrom(catalogue, named.body, named.own);
  const created = await trx
    .insertInto('cocktail')
    .values({
      ...columns,
      slug: `u--${slugFromName(body.name) || 'recipe'}-${randomBytes(4).toString('hex')}`,
      is_signature: 0,
      image_url: null,
      venue_id: null,
      owner_id: userId,
      photo: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cocktailId = Number(created.id);
  await writeRecipeLines(trx, cocktailId, named.body, { fresh: true });
  return cocktailId;
}

/**
 * Writes a new own recipe in one transaction (the count and the insert together).
 * @throws AppError ENTITLEMENT_REQUIRED past the plan's limit; VALIDATION_FAILED for an unknown ingredient.
 */
export async function createOwnRecipe({
  db,
  userId,
  plan,
  body,
}: {
  db: Kysely<Database>;
  userId: string;
  plan: PlanName;
  body: OwnRecipeWrite;
}): Promise<OwnRecipe> {
  const catalogue = await getIngredientCatalogue(db);
  const id = await db
    .transaction()
    .execute((trx) => insertOwnRecipe(trx, { userId, limit: ownRecipeLimit(plan), catalogue, body }));
  return getOwnRecipe({ db, userId, id });
}

/**
 * Replaces one of the user's recipes: every field and line at once, in one transaction (an error changes nothing); the
 * photo and the share link are kept. Works past the plan's limit: editing takes nothing and adds nothing.
 * @param madeAt an edit queued offline: when it was made, ms since the epoch (http/write-age.ts; null or absent: a
 *   live edit, stamped now). Such an edit is stamped with it and applies only where the recipe last changed at or
 *   before then: the update is conditional on `updated_at`, so a newer edit committed meanwhile is never overwritten.
 * @throws AppError NOT_FOUND; VALIDATION_FAILED for an unknown ingredient; WRITE_CONFLICT (409) for a queued edit
 *   older than the recipe's last change (nothing written).
 */
export async function updateOwnRecipe({
  db,
  userId,
  id,
  body,
  madeAt = null,
}: {
  db: Kysely<Database>;
  userId: string;
  id: number;
  body: OwnRecipeWrite;
  madeAt?: number | null;
}): Promise<OwnRecipe> {
  await requireOwnRecipe(db, userId, id);
  const catalogue = await getIngredientCatalogue(db);
  await db.transaction().execute(async (trx) => {
    const named = await nameOwnIngredients(trx, catalogue, userId, body);
    const columns = recipeColumnsFrom(catalogue, named.body, named.own);
    const at = madeAt === null ? new Date().toISOString() : isoAt(madeAt);
    let update = trx
      .updateTable('cocktail')
      .set({ ...columns, updated_at: at })
      .where('id', '=', id)
      .where('owner_id', '=', userId);
    if (madeAt !== null) update = update.where('updated_at', '<=', at);
    const updated = await update.executeTakeFirst();
    if (madeAt !== null && Number(updated.numUpdatedRows) === 0) {
      // Deleted meanwhile is NOT_FOUND, as for a live edit; otherwise it changed after the edit was made.
      await requireOwnRecipe(trx, userId, id);
      throw writeConflict();
    }
    await writeRecipeLines(trx, id, named.body);
  });
  return getOwnRecipe({ db, userId, id });
}

/**
 * Deletes one of the user's recipes. Everything that names it goes with it, by the foreign keys' cascade in the same
 * statement: its lines, its place in every collection, the user's note and rating of it, and the drinks recorded as made
 * from it (a made drink names its recipe; without it there is nothing to show). The user's own free-text ingredients
 * stay (another recipe may name them; the bar may hold them). docs/recipes.md "Where your recipes appear".
 * @throws NOT_FOUND.
 */
export async function deleteOwnRecipe({
  db,
  userId,
  id,
}: {
  db: Kysely<Database>;
  userId: string;
  id: number;
}): Promise<void> {
  await requireOwnRecipe(db, userId, id);
  await db.deleteFrom('cocktail').where('id', '=', id).where('owner_id', '=', userId).execute();
}

/** Longest name of a recipe (the write schema's bound). */
const MAX_NAME = 80;

/** The name of a copy: '<name> (my version)', shortened to fit. */
export function copyName(name: string): string {
  const suffix = ' (my version)';
  return `${name.slice(0, MAX_NAME - suffix.length).trimEnd()}${suffix}`;
}

/**
 * 'Make it my own': a new own recipe copied from a public cocktail or one of the user's own recipes (a duplicate), named
 * '<name> (my version)'. Counts against the plan's limit like any new recipe.
 * @throws AppError NOT_FOUND (no public cocktail or own recipe of the user with this id: a venue's or another user's
 *   included); ENTITLEMENT_REQUIRED past the limit; VALIDATION_FAILED when the source does not fit the write.
 */
export async function copyRecipe({
  db,
  userId,
  plan,
  cocktailId,
}: {
  db: Kysely<Database>;
  userId: string;
  plan: PlanName;
  cocktailId: number;
}): Promise<OwnRecipe> {
  const source = (await loadCocktailDetails(db, [cocktailId], { ownerId: userId })).get(cocktailId);
  if (!source || (source.ownerId !== null && source.ownerId !== userId)) {
    throw new AppError('NOT_FOUND', `No cocktail has id ${cocktailId}.`);
  }
  const detail = source.detail;
  const parsed = ownRecipeWriteSchema.safeParse({
    name: copyName(detail.name),
    base_spirit: detail.base_spirit,
    category: detail.category,
    description: detail.description,
    instructions: detail.instructions,
    difficulty_level: detail.difficulty_level,
    glassware: detail.glassware,
    technique: detail.technique,
    garnish: detail.garnish,
    preparation_time: detail.preparation_time,
    flavor_profile: detail.flavor_profile.slice(0, 5),
    seasonal_tags: detail.seasonal_tags,
    occasion_tags: detail.occasion_tags,
    ingredients: detail.ingredients.map((line) => ({
      ingredient_id: line.ingredient_id,
      amount: line.amount,
      amount_max: line.amount_max,
      unit: line.unit,
      is_optional: line.is_optional,
      note: line.note,
    })),
  });
  // A catalogue recipe always fits the write; should one not (a longer text), the copy is refused, never a 500.
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'VALIDATION_FAILED',
      `This cocktail cannot be copied: ${issue?.path.join('.')} ${issue?.message}`,
    );
  }
  return createOwnRecipe({ db, userId, plan, body: parsed.data });
}

/**
 * Turns a recipe's share link on (a new random slug when it had none; an existing link is kept) or off (the slug is
 * dropped: that link never works again, and turning sharing on later makes a new one).
 * @throws AppError NOT_FOUND.
 */
export async function shareOwnRecipe({
  db,
  userId,
  id,
  shared,
}: {
  db: Kysely<Database>;
  userId: string;
  id: number;
  shared: boolean;
}): Promise<OwnRecipe> {
  const recipe = await requireOwnRecipe(db, userId, id);
  const slug = shared ? (recipe.shareSlug ?? randomBytes(SHARE_SLUG_BYTES).toString('base64url')) : null;
  if (slug !== recipe.shareSlug) {
    await db
      .updateTable('cocktail')
      .set({ share_slug: slug, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('owner_id', '=', userId)
      .execute();
  }
  return getOwnRecipe({ db, userId, id });
}

/** What anyone with a recipe's share link sees. @throws AppError NOT_FOUND for an unknown link or one turned off. */
export async function getSharedRecipe({ db, slug }: { db: Kysely<Database>; slug: string }): Promise<SharedRecipe> {
  const row = await db
    .selectFrom('cocktail')
    .select(['id', 'owner_id', 'share_slug'])
    .where('share_slug', '=', slug)
    .executeTakeFirst();
  if (!row || row.share_slug !== slug || row.owner_id === null) {
    throw new AppError('NOT_FOUND', 'No shared recipe at this link.');
  }
  const recipe = await requireOwnRecipe(db, row.owner_id, Number(row.id));
  const { shareSlug: _slug, ...shared } = toOwnRecipe(recipe);
  return shared;
}
