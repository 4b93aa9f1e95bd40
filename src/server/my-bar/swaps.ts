/** The user's accepted ingredient swaps: list, add, remove. */
import type { Swap } from '@/shared/domain/my-bar';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import { MAX_BAR_ITEMS, type SwapList } from '@/shared/schemas/my-bar';
import { AppError } from '../errors';
import { countRows, requireIngredient, toBarIngredient, type UserScope } from './bar-rows';
import { getIngredientCatalogue } from '../catalogue';

/** Most swaps a user keeps (as many as a bar holds bottles). */
export const MAX_SWAPS = MAX_BAR_ITEMS;

/** The user's accepted swaps ('I use `to` for `from`'), by the name of `from`, then of `to`. */
export async function listSwaps({ db, userId }: UserScope): Promise<SwapList> {
  const [catalogue, rows] = await Promise.all([
    getIngredientCatalogue(db),
    db.selectFrom('ingredient_swap').select(['from_id', 'to_id']).where('user_id', '=', userId).execute(),
  ]);
  const position = (id: number) => catalogue.order.get(id) ?? Number.MAX_SAFE_INTEGER;
  return {
    items: rows
      .map((row) => ({ from: Number(row.from_id), to: Number(row.to_id) }))
      .filter((swap) => catalogue.byId.has(swap.from) && catalogue.byId.has(swap.to))
      .sort((a, b) => position(a.from) - position(b.from) || position(a.to) - position(b.to))
      .map((swap) => ({
        from: toBarIngredient(catalogue.byId.get(swap.from) as IngredientSummary),
        to: toBarIngredient(catalogue.byId.get(swap.to) as IngredientSummary),
      })),
  };
}

/**
 * Accepts a swap: a line asking for `fromId` (or anything above it) is covered by `toId` (or anything below it), in
 * every view. Idempotent.
 * @returns the swaps afterwards.
 * @throws AppError NOT_FOUND naming an unknown ingredient; CONFLICT when the user already keeps {@link MAX_SWAPS}.
 */
export async function addSwap({
  db,
  userId,
  fromId,
  toId,
  now = () => new Date(),
}: UserScope & Swap & { now?: () => Date }): Promise<SwapList> {
  const catalogue = await getIngredientCatalogue(db);
  requireIngredient(catalogue, fromId);
  requireIngredient(catalogue, toId);
  await db.transaction().execute(async (trx) => {
    const there = await trx
      .selectFrom('ingredient_swap')
      .select('to_id')
      .where('user_id', '=', userId)
      .where('from_id', '=', fromId)
      .where('to_id', '=', toId)
      .executeTakeFirst();
    if (there) return;
    if ((await countRows(trx, 'ingredient_swap', userId)) >= MAX_SWAPS) {
      throw new AppError('CONFLICT', `a user keeps at most ${MAX_SWAPS} swaps`);
    }
    await trx
      .insertInto('ingredient_swap')
      .values({ user_id: userId, from_id: fromId, to_id: toId, created_at: now().toISOString() })
      .onConflict((conflict) => conflict.columns(['user_id', 'from_id', 'to_id']).doNothing())
      .execute();
  });
  return listSwaps({ db, userId });
}

/** Drops a swap. Idempotent. @returns the swaps afterwards. */
export async function removeSwap({ db, userId, fromId, toId }: UserScope & Swap): Promise<SwapList> {
  const catalogue = await getIngredientCatalogue(db);
  if (catalogue.byId.has(fromId) && catalogue.byId.has(toId)) {
    await db
      .deleteFrom('ingredient_swap')
      .where('user_id', '=', userId)
      .where('from_id', '=', fromId)
      .where('to_id', '=', toId)
      .execute();
  }
  return listSwaps({ db, userId });
}
