/** A collection's row and summary as every collection answer shows them, and the list of a user's collections. */
import type { Kysely } from 'kysely';
import type { CollectionList, CollectionSummary } from '@/shared/schemas/collections';
import { idsOfText, orderedIdsText } from '../db/ordered-ids';
import { precompiledPerDatabase } from '../db/precompiled';
import type { Database } from '../db/types';
import { iso } from '../lib/iso';
import { getMatchModel } from '../catalogue';
import { ownRecipeIdsAmong } from '../recipes';
import type { UserScope } from './scope';

/** How many cocktail ids a summary carries for its cover. */
export const COVER_SIZE = 4;

/** A `collection` row as the answers read it. */
export type CollectionRow = {
  id: number;
  name: string;
  description: string;
  share_slug: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};
/** The columns of a {@link CollectionRow}. */
export const COLLECTION_COLUMNS = ['id', 'name', 'description', 'share_slug', 'created_at', 'updated_at'] as const;
/** The order of a collection's cocktails: by position, then cocktail id. */
const ITEM_ORDER = 'collection_item.position, collection_item.cocktail_id';

/** A collection as lists show it, given its cocktail ids in order; `contains`: whether it holds the cocktail asked about. */
export function toSummary(row: CollectionRow, ids: readonly number[], contains = false): CollectionSummary {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    itemCount: ids.length,
    shareSlug: row.share_slug,
    coverIds: ids.slice(0, COVER_SIZE),
    contains,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The list query of {@link listCollections}, compiled once per database client (it runs on every list read): each of a
 * user's collections with its cocktail ids in order (db/ordered-ids.ts), in one statement.
 */
const listQuery = precompiledPerDatabase(
  (q: Kysely<Database>, userId) =>
    q
      .selectFrom('collection')
      .select(COLLECTION_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('collection_item')
          .select(orderedIdsText(q, 'collection_item.cocktail_id', ITEM_ORDER).as('ids'))
          .whereRef('collection_item.collection_id', '=', 'collection.id')
          .as('cocktail_ids'),
      )
      .where('user_id', '=', userId as string)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc'),
  1,
);

/**
 * The user's collections, most recently changed first (ties: newest id first), each with its count and cover; with
 * `cocktailId`, each says whether it holds that cocktail (`contains`; false without it). A collection counts and shows
 * only the public cocktails and the user's own recipes it holds.
 * @throws the database's error.
 */
export async function listCollections({
  db,
  userId,
  cocktailId,
}: UserScope & { cocktailId?: number }): Promise<CollectionList> {
  const rows = await listQuery(db)(userId);
  if (rows.length === 0) return { items: [] };
  const model = await getMatchModel(db);
  const idsByRow = rows.map((row) => idsOfText(row.cocktail_ids));
  const notPublic = idsByRow.flat().filter((id) => !model.cocktailIndex.has(id));
  const own = await ownRecipeIdsAmong(db, userId, notPublic);
  return {
    items: rows.map((row, i) => {
      const held = idsByRow[i] as number[];
      const ids = notPublic.length === 0 ? held : held.filter((id) => model.cocktailIndex.has(id) || own.has(id));
      return toSummary(row, ids, cocktailId !== undefined && ids.includes(cocktailId));
    }),
  };
}
