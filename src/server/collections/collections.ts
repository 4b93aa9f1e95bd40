/** The user's collections: list, create, update, delete, their items and order, and the public share link. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MAX_COLLECTION_ITEMS,
  MAX_COLLECTIONS,
  type CollectionCreate,
  type CollectionDetail,
  type CollectionList,
  type CollectionUpdate,
  type SharedCollection,
} from '@/shared/schemas/collections';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { getMatchModel } from '../catalogue';
import { loadRecipeSummaries, ownRecipeIdsAmong } from '../recipes';
import { COLLECTION_COLUMNS, listCollections, toSummary, type CollectionRow } from './collection-rows';
import { requireCocktail, type UserScope } from './scope';

/** Limits a test may lower (defaults: the contract's). */
export interface CollectionLimits {
  maxCollections: number;
  maxItems: number;
}
const DEFAULT_LIMITS: CollectionLimits = { maxCollections: MAX_COLLECTIONS, maxItems: MAX_COLLECTION_ITEMS };

/** Random bytes in a share slug: 16 bytes (128 bits) are 22 base64url characters. */
export const SHARE_SLUG_BYTES = 16;

/** A fresh, unguessable share slug: 128 random bits from the system's CSPRNG, base64url (22 characters). */
export function newShareSlug(): string {
  return randomBytes(SHARE_SLUG_BYTES).toString('base64url');
}

/** The user's collection with this id. @throws AppError NOT_FOUND when there is none (or it is another user's). */
async function requireCollection(db: Kysely<Database>, userId: string, id: number): Promise<CollectionRow> {
  const row = await db
    .selectFrom('collection')
    .select(COLLECTION_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `no collection has id ${id}`);
  return row;
}

/** The cocktail ids of a collection, in the owner's order. */
async function itemIdsOf(db: Kysely<Database>, collectionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('collection_item')
    .select('cocktail_id')
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .orderBy('cocktail_id')
    .execute();
  return rows.map((row) => Number(row.cocktail_id));
}

/**
 * A collection with its items: public cocktails and the own recipes of `ownerId` (the collection's user); with
 * `sharedOnly`, only own recipes that are themselves shared (what a share link shows).
 */
async function toDetail(
  db: Kysely<Database>,
  row: CollectionRow,
  { ownerId, sharedOnly = false }: { ownerId: string; sharedOnly?: boolean },
): Promise<CollectionDetail> {
  const ids = await itemIdsOf(db, Number(row.id));
  const items = await loadRecipeSummaries(db, ids, { ownerId, sharedOnly });
  return {
    ...toSummary(
      row,
      items.map((item) => item.id),
    ),
    items,
  };
}

/** One of the user's collections with its cocktails in order. @throws AppError NOT_FOUND. */
export async function getCollection({ db, userId, id }: UserScope & { id: number }): Promise<CollectionDetail> {
  return toDetail(db, await requireCollection(db, userId, id), { ownerId: userId });
}

/**
 * Creates a collection, with its first cocktails in the order given (repeats dropped). All or nothing.
 * @throws AppError NOT_FOUND naming every unknown cocktail; VALIDATION_FAILED when the user already keeps
 *   `limits.maxCollections`, or past `limits.maxItems` cocktails.
 */
export async function createCollection({
  db,
  userId,
  input,
  limits = DEFAULT_LIMITS,
  now = () => new Date(),
}: UserScope & { input: CollectionCreate; limits?: CollectionLimits; now?: () => Date }): Promise<CollectionDetail> {
  const model = await getMatchModel(db);
  const ids = [...new Set(input.cocktailIds)];
  const notPublic = ids.filter((id) => !model.cocktailIndex.has(id));
  const own = await ownRecipeIdsAmong(db, userId, notPublic);
  const unknown = notPublic.filter((id) => !own.has(id));
  if (unknown.length > 0) throw new AppError('NOT_FOUND', `no cocktail has id ${unknown.join(', ')}`);
  if (ids.length > limits.maxItems) {
    throw new AppError('VALIDATION_FAILED', `a collection holds at most ${limits.maxItems} cocktails`);
  }
  const at = now().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const count = await trx
      .selectFrom('collection')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= limits.maxCollections) {
      throw new AppError('VALIDATION_FAILED', `a user keeps at most ${limits.maxCollections} collections`);
    }
    const row = await trx
      .insertInto('collection')
      .values({
        user_id: userId,
        name: input.name,
        description: input.description,
        share_slug: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const collectionId = Number(row.id);
    if (ids.length > 0) {
      await trx
        .insertInto('collection_item')
        .values(
          ids.map((cocktailId, position) => ({
            collection_id: collectionId,
            cocktail_id: cocktailId,
            position,
            added_at: at,
          })),
        )
        .execute();
    }
    return collectionId;
  });
  return getCollection({ db, userId, id });
}

/**
 * Renames, describes, or turns sharing on or off. Turning sharing on gives the collection a fresh random slug (a
 * collection already shared keeps its slug); turning it off clears the slug, so the old link answers 404 for good, and
 * turning it on again makes a new one.
 * @throws AppError NOT_FOUND.
 */
export async function updateCollection({
  db,
  userId,
  id,
  input,
  now = () => new Date(),
}: UserScope & { id: number; input: CollectionUpdate; now?: () => Date }): Promise<CollectionDetail> {
  const row = await requireCollection(db, userId, id);
  const shareSlug =
    input.shared === undefined ? row.share_slug : input.shared ? (row.share_slug ?? newShareSlug()) : null;
  await db
    .updateTable('collection')
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
      share_slug: shareSlug,
      updated_at: now().toISOString(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return getCollection({ db, userId, id });
}

/** Deletes one of the user's collections (its items go with it). @returns the collections left. @throws NOT_FOUND. */
export async function deleteCollection({ db, userId, id }: UserScope & { id: number }): Promise<CollectionList> {
  await requireCollection(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('collection_item').where('collection_id', '=', id).execute();
    await trx.deleteFrom('collection').where('id', '=', id).where('user_id', '=', userId).execute();
  });
  return listCollections({ db, userId });
}

/** Marks a collection as changed now. */
async function touch(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable('collection').set({ updated_at: now.toISOString() }).where('id', '=', id).execute();
}

/**
 * Adds a cocktail at the end of a collection. Idempotent: one already there keeps its place.
 * @throws AppError NOT_FOUND (collection or cocktail); VALIDATION_FAILED when the collection holds `limits.maxItems`.
 */
export async function addCollectionItem({
  db,
  userId,
  id,
  cocktailId,
  limits = DEFAULT_LIMITS,
  now = () => new Date(),
}: UserScope & {
  id: number;
  cocktailId: number;
  limits?: CollectionLimits;
  now?: () => Date;
}): Promise<CollectionDetail> {
  await requireCocktail(db, userId, cocktailId);
  await requireCollection(db, userId, id);
  await db.transaction().execute(async (trx) => {
    const there = await trx
      .selectFrom('collection_item')
      .select('cocktail_id')
      .where('collection_id', '=', id)
      .where('cocktail_id', '=', cocktailId)
      .executeTakeFirst();
    if (there) return;
    const stats = await trx
      .selectFrom('collection_item')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('position').as('last')])
      .where('collection_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(stats.n) >= limits.maxItems) {
      throw new AppError('VALIDATION_FAILED', `a collection holds at most ${limits.maxItems} cocktails`);
    }
    const at = now();
    await trx
      .insertInto('collection_item')
      .values({
        collection_id: id,
        cocktail_id: cocktailId,
        position: stats.last === null ? 0 : Number(stats.last) + 1,
        added_at: at.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['collection_id', 'cocktail_id']).doNothing())
      .execute();
    await touch(trx, id, at);
  });
  return getCollection({ db, userId, id });
}

/** Takes a cocktail out of a collection. Idempotent. @throws AppError NOT_FOUND (the collection). */
export async function removeCollectionItem({
  db,
  userId,
  id,
  cocktailId,
  now = () => new Date(),
}: UserScope & { id: number; cocktailId: number; now?: () => Date }): Promise<CollectionDetail> {
  await requireCollection(db, userId, id);
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('collection_item')
      .where('collection_id', '=', id)
      .where('cocktail_id', '=', cocktailId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) await touch(trx, id, now());
  });
  return getCollection({ db, userId, id });
}

/**
 * Puts a collection's cocktails in a new order: `cocktailIds` must be exactly the collection's cocktails, each once.
 * @throws AppError NOT_FOUND; VALIDATION_FAILED when the list misses, repeats or adds a cocktail.
 */
export async function reorderCollection({
  db,
  userId,
  id,
  cocktailIds,
  now = () => new Date(),
}: UserScope & { id: number; cocktailIds: readonly number[]; now?: () => Date }): Promise<CollectionDetail> {
  await requireCollection(db, userId, id);
  await db.transaction().execute(async (trx) => {
    const current = await itemIdsOf(trx, id);
    const given = new Set(cocktailIds);
    if (
      given.size !== cocktailIds.length ||
      cocktailIds.length !== current.length ||
      current.some((cocktailId) => !given.has(cocktailId))
    ) {
      throw new AppError(
        'VALIDATION_FAILED',
        'cocktailIds must list every cocktail of the collection exactly once, and no other',
      );
    }
    for (const [position, cocktailId] of cocktailIds.entries()) {
      await trx
        .updateTable('collection_item')
        .set({ position })
        .where('collection_id', '=', id)
        .where('cocktail_id', '=', cocktailId)
        .execute();
    }
    await touch(trx, id, now());
  });
  return getCollection({ db, userId, id });
}

/**
 * What anyone sees at a share link: the public cocktails, and the owner's own recipes that are themselves shared (each
 * with its `shareSlug`); a private own recipe is left out. @throws AppError NOT_FOUND for an unknown slug or one whose
 * sharing is off.
 */
export async function getSharedCollection({
  db,
  slug,
}: {
  db: Kysely<Database>;
  slug: string;
}): Promise<SharedCollection> {
  const row = await db
    .selectFrom('collection')
    .select([...COLLECTION_COLUMNS, 'user_id'])
    .where('share_slug', '=', slug)
    .executeTakeFirst();
  if (!row || row.share_slug !== slug) throw new AppError('NOT_FOUND', 'no shared collection at this link');
  // The owner's own recipes show only while each is shared itself: a private recipe never leaks through a collection.
  const detail = await toDetail(db, row, { ownerId: row.user_id, sharedOnly: true });
  return { name: detail.name, description: detail.description, items: detail.items, updatedAt: detail.updatedAt };
}
