/** The user's bar: add one or many ingredients, remove one. */
import { type BarList } from '@/shared/schemas/my-bar';
import {
  insertBarItem,
  insertBarItems,
  isBarIngredient,
  listBar,
  requireBarIngredients,
  type UserScope,
} from './bar-rows';

/**
 * Adds one ingredient to the user's bar. Idempotent: one already there keeps its time.
 * @param now the clock that stamps `created_at` (tests pass their own).
 * @returns the bar afterwards.
 * @throws AppError NOT_FOUND for an unknown ingredient; CONFLICT when the bar already holds {@link MAX_BAR_ITEMS}.
 */
export async function addBarItem({
  db,
  userId,
  ingredientId,
  now = () => new Date(),
}: UserScope & { ingredientId: number; now?: () => Date }): Promise<BarList> {
  await requireBarIngredients(db, userId, [ingredientId]);
  await insertBarItem(db, userId, ingredientId, now());
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
 * Removes one ingredient from the user's bar (nothing else: the shopping list, swaps and made drinks stay). Idempotent.
 * @returns the bar afterwards.
 */
export async function removeBarItem({
  db,
  userId,
  ingredientId,
}: UserScope & { ingredientId: number }): Promise<BarList> {
  if (await isBarIngredient(db, userId, ingredientId)) {
    await db.deleteFrom('bar_item').where('user_id', '=', userId).where('ingredient_id', '=', ingredientId).execute();
  }
  return listBar({ db, userId });
}

/**
 * When a bottle of the user's bar last changed (the row is only there or not, so: when it was added), for the conflict
 * rule of queued writes (http/write-age.ts).
 * @returns created_at (ISO text on SQLite, a Date on PostgreSQL), or undefined when the bar does not hold it.
 */
export async function barItemChangedAt({
  db,
  userId,
  ingredientId,
}: UserScope & { ingredientId: number }): Promise<Date | string | undefined> {
  const row = await db
    .selectFrom('bar_item')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('ingredient_id', '=', ingredientId)
    .executeTakeFirst();
  return row?.created_at;
}
