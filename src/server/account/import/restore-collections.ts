import { MAX_COLLECTION_ITEMS, MAX_COLLECTIONS } from '@/shared/schemas/collections';
import type { AccountExport, ExportCocktailRef } from '@/shared/schemas/export';
import { refuseMissing, validTime, type RestoreScope } from './restore-scope';

/**
 * A restore's collections, notes and ratings, written in the restore's transaction. A collection of a name the user
 * has already, a note or a rating of a cocktail they already noted or rated, is theirs: kept, the file's skipped.
 */

/**
 * The collections, private (share links are not carried over), their cocktails in the file's order (own recipes as the
 * ones just restored), listed in the file's order.
 */
export async function restoreCollections(scope: RestoreScope, entries: AccountExport['collections']): Promise<void> {
  const { trx, userId } = scope;
  const rows = await trx.selectFrom('collection').select('name').where('user_id', '=', userId).execute();
  const names = new Set(rows.map((row) => row.name.trim().toLowerCase()));
  const at = scope.now().toISOString();
  // Last first, so the first collection of the file gets the newest id and lists first, as in the file.
  for (const collection of [...entries].reverse()) {
    const name = collection.name.trim();
    if (name === '') continue;
    if (names.has(name.toLowerCase())) {
      const reason = 'You already have a collection of this name; yours is kept as it is.';
      scope.refusals.push({ part: 'collections', name, reason });
      continue;
    }
    if (names.size >= MAX_COLLECTIONS) {
      scope.refusals.push({ part: 'collections', name, reason: `You keep at most ${MAX_COLLECTIONS} collections.` });
      continue;
    }
    names.add(name.toLowerCase());
    const ids: number[] = [];
    for (const item of collection.items) {
      const id = scope.cocktailId(item);
      if (id === null) refuseMissing(scope, 'collections', item, `${name}: `);
      else if (!ids.includes(id)) ids.push(id);
    }
    if (ids.length > MAX_COLLECTION_ITEMS) {
      const reason = `Only its first ${MAX_COLLECTION_ITEMS} cocktails were kept.`;
      scope.refusals.push({ part: 'collections', name, reason });
    }
    const created = await trx
      .insertInto('collection')
      .values({
        user_id: userId,
        name,
        description: collection.description,
        share_slug: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = ids.slice(0, MAX_COLLECTION_ITEMS);
    if (items.length > 0) {
      await trx
        .insertInto('collection_item')
        .values(
          items.map((id, position) => ({ collection_id: Number(created.id), cocktail_id: id, position, added_at: at })),
        )
        .execute();
    }
    scope.counts.collections += 1;
  }
}

/** The cocktails the user already has a row of in `table`. */
async function keptIds(scope: RestoreScope, table: 'cocktail_note' | 'cocktail_rating'): Promise<Set<number>> {
  const rows = await scope.trx.selectFrom(table).select('cocktail_id').where('user_id', '=', scope.userId).execute();
  return new Set(rows.map((row) => Number(row.cocktail_id)));
}

/** The id of `ref` when the user has no row of it yet (marking it taken); null when it is skipped or refused. */
function takeNew(scope: RestoreScope, part: 'notes' | 'ratings', ref: ExportCocktailRef, kept: Set<number>) {
  const id = scope.cocktailId(ref);
  if (id === null) refuseMissing(scope, part, ref);
  if (id === null || kept.has(id)) return null;
  kept.add(id);
  return id;
}

/** Private notes (an empty one is no note). */
export async function restoreNotes(scope: RestoreScope, entries: AccountExport['notes']): Promise<void> {
  const kept = await keptIds(scope, 'cocktail_note');
  for (const note of entries) {
    if (note.text.trim() === '') continue;
    const id = takeNew(scope, 'notes', note.cocktail, kept);
    if (id === null) continue;
    await scope.trx
      .insertInto('cocktail_note')
      .values({
        user_id: scope.userId,
        cocktail_id: id,
        text: note.text,
        updated_at: validTime(note.updatedAt, scope.now),
      })
      .execute();
    scope.counts.notes += 1;
  }
}

/** Ratings (0.5 to 5 stars: the file's schema checked them). */
export async function restoreRatings(scope: RestoreScope, entries: AccountExport['ratings']): Promise<void> {
  const kept = await keptIds(scope, 'cocktail_rating');
  for (const rating of entries) {
    const id = takeNew(scope, 'ratings', rating.cocktail, kept);
    if (id === null) continue;
    await scope.trx
      .insertInto('cocktail_rating')
      .values({
        user_id: scope.userId,
        cocktail_id: id,
        stars: rating.stars,
        updated_at: validTime(rating.updatedAt, scope.now),
      })
      .execute();
    scope.counts.ratings += 1;
  }
}
