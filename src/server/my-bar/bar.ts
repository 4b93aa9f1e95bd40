/** The user's bar: add one or many ingredients, remove one. */
import type { BarList } from '@/shared/schemas/my-bar';
import { deleteValue, writeUnlessDeletedSince } from '../lib/newer-change';
import {
  addQueuedBottle,
  insertBarItem,
  insertBarItems,
  isBarIngredient,
  listBar,
  requireBarIngredients,
  type UserScope,
} from './bar-rows';

/**
 * Adds one ingredient to the user's bar. Idempotent: one already there keeps its time.
 * @param madeAt a write queued offline: when it was made, ms since the epoch (http/write-age.ts; null or absent: a
 *   live write). Such a write is stamped with it and, in the same transaction, refused when the bottle was added or
 *   removed after it (lib/newer-change.ts).
 * @param now the clock that stamps `created_at` of a live write (tests pass their own).
 * @returns the bar afterwards.
 * @throws AppError NOT_FOUND for an unknown ingredient; CONFLICT when the bar already holds {@link MAX_BAR_ITEMS};
 *   WRITE_CONFLICT (409) for a queued write older than the bottle's last change (nothing written).
 */
export async function addBarItem({
  db,
  userId,
  ingredientId,
  madeAt = null,
  now = () => new Date(),
}: UserScope & { ingredientId: number; madeAt?: number | null; now?: () => Date }): Promise<BarList> {
  await requireBarIngredients(db, userId, [ingredientId]);
  if (madeAt === null) {
    await insertBarItem(db, userId, ingredientId, now());
    return listBar({ db, userId });
  }
  await writeUnlessDeletedSince(db, { userId, kind: 'bottle', itemId: ingredientId }, madeAt, (trx) =>
    addQueuedBottle(trx, userId, ingredientId, madeAt),
  );
  return listBar({ db, userId });
}

/**
 * Adds several ingredients at once (a starter set); those already there are kept as they are. All or nothing: one
 * unknown id adds none.
 * @returns the bar afterwards.
 * @throws AppError NOT_FOUND naming every unknown id; CONFLICT when the bar would pass {@link MAX_BAR_ITEMS}.
 */
export async function addBarItems({
  db,
  userId,
  ingredientIds,
  now = () => new Date(),
}: UserScope & { ingredientIds: readonly number[]; now?: () => Date }): Promise<BarList> {
  const ids = [...new Set(ingredientIds)];
  await requireBarIngredients(db, userId, ids, '; nothing was added');
  await db.transaction().execute((trx) => insertBarItems(trx, userId, ids, now()));
  return listBar({ db, userId });
}

/**
 * Removes one ingredient from the user's bar (nothing else: the shopping list, swaps and made drinks stay) and records
 * the removal (lib/newer-change.ts deleteValue). Idempotent.
 * @param madeAt a write queued offline: when it was made, ms since the epoch (null or absent: a live write).
 * @returns the bar afterwards.
 * @throws AppError WRITE_CONFLICT (409) for a queued write made before the bottle was added (nothing removed).
 */
export async function removeBarItem({
  db,
  userId,
  ingredientId,
  madeAt = null,
}: UserScope & { ingredientId: number; madeAt?: number | null }): Promise<BarList> {
  if (await isBarIngredient(db, userId, ingredientId)) {
    await deleteValue(db, { userId, kind: 'bottle', itemId: ingredientId }, madeAt);
  }
  return listBar({ db, userId });
}
