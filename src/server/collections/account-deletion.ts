/** Account deletion's part in the collections feature: every collection, item, note and rating of a user goes. */
import type { UserScope } from './scope';

/** What {@link deleteCollectionsData} removed, rows per table. */
export interface CollectionsDeletion {
  collections: number;
  collectionItems: number;
  notes: number;
  ratings: number;
}

/**
 * Deletes every collection (with its items), note and rating of a user. Account deletion calls it inside its transaction
 * (`db` is then the transaction); the foreign keys would cascade anyway when the user row goes.
 */
export async function deleteCollectionsData({ db, userId }: UserScope): Promise<CollectionsDeletion> {
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const collectionItems = count(
    await db
      .deleteFrom('collection_item')
      .where('collection_id', 'in', (eb) => eb.selectFrom('collection').select('id').where('user_id', '=', userId))
      .executeTakeFirst(),
  );
  const collections = count(await db.deleteFrom('collection').where('user_id', '=', userId).executeTakeFirst());
  const notes = count(await db.deleteFrom('cocktail_note').where('user_id', '=', userId).executeTakeFirst());
  const ratings = count(await db.deleteFrom('cocktail_rating').where('user_id', '=', userId).executeTakeFirst());
  return { collections, collectionItems, notes, ratings };
}
