import type { Transaction } from 'kysely';
import { MAX_BAR_ITEMS, type ShoppingBought, type ShoppingListBody } from '@/shared/schemas/my-bar';
import { SHOPPING_EXAMPLES } from '@/shared/domain/vocabulary';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { getIngredientCatalogue } from '../catalogue';
import { writeUnlessDeletedSince } from '../lib/newer-change';
import {
  addQueuedBottle,
  barEntriesOf,
  countRows,
  insertBarItems,
  isBarIngredient,
  listBar,
  requireBarIngredients,
  type UserScope,
} from './bar-rows';
import { combinedBuyNext, combinedCanMake, loadMatchContext } from './matching';
import { iso } from '../lib/iso';

/**
 * The shopping list (shapes in src/shared/schemas/my-bar.ts): what the user means to buy, each item with the drinks it
 * would make possible on its own, and what the whole list makes together, the user's own recipes counted as the
 * catalogue's. It holds catalogue ingredients and the user's own free-text ones (as the bar does). Errors as in
 * operations.ts.
 */

/** Most entries a shopping list holds (as many as a bar). */
export const MAX_SHOPPING_ITEMS = MAX_BAR_ITEMS;

/**
 * The user's shopping list, oldest first (ties by name). Each item says how many more drinks the user's bar could make
 * with it alone, naming up to {@link SHOPPING_EXAMPLES} (catalogue order); `together` says the same of buying the whole
 * list (a Negroni may need gin and Campari both, so it can count drinks no single item makes).
 */
export async function listShopping({ db, userId }: UserScope): Promise<ShoppingListBody> {
  const [catalogue, context, rows] = await Promise.all([
    getIngredientCatalogue(db),
    loadMatchContext({ db, userId }),
    db.selectFrom('shopping_item').select(['ingredient_id', 'created_at']).where('user_id', '=', userId).execute(),
  ]);
  const { stock, nameOf } = context;
  const entries = (await barEntriesOf(db, userId, catalogue, rows)).map((entry) => ({
    ...entry,
    at: new Date(entry.row.created_at).getTime(),
  }));
  entries.sort((a, b) => a.at - b.at);
  const listed = new Set(entries.map(({ row }) => Number(row.ingredient_id)));
  const alone = new Map(
    entries.length === 0
      ? []
      : combinedBuyNext(context, Number.POSITIVE_INFINITY, SHOPPING_EXAMPLES)
          .filter((suggestion) => listed.has(suggestion.ingredientId))
          .map((suggestion) => [suggestion.ingredientId, suggestion]),
  );
  const before = new Set(combinedCanMake(context));
  const after = entries.length === 0 ? [] : combinedCanMake(context, { ...stock, owned: [...stock.owned, ...listed] });
  const gained = after.filter((id) => !before.has(id));
  return {
    items: entries.map(({ row, ingredient }) => {
      const suggestion = alone.get(Number(row.ingredient_id));
      return {
        ingredient,
        addedAt: iso(row.created_at),
        unlocks: suggestion?.unlocks ?? 0,
        examples: (suggestion?.examples ?? []).map(nameOf),
      };
    }),
    together: { unlocks: gained.length, examples: gained.slice(0, SHOPPING_EXAMPLES).map(nameOf) },
  };
}

/**
 * Puts an ingredient on the user's shopping list. Idempotent: one already there keeps its time.
 * @returns the list afterwards.
 * @throws AppError NOT_FOUND for an unknown ingredient; CONFLICT when the list already holds {@link MAX_SHOPPING_ITEMS}.
 */
export async function addShoppingItem({
  db,
  userId,
  ingredientId,
  now = () => new Date(),
}: UserScope & { ingredientId: number; now?: () => Date }): Promise<ShoppingListBody> {
  await requireBarIngredients(db, userId, [ingredientId]);
  await db.transaction().execute(async (trx) => {
    const there = await trx
      .selectFrom('shopping_item')
      .select('ingredient_id')
      .where('user_id', '=', userId)
      .where('ingredient_id', '=', ingredientId)
      .executeTakeFirst();
    if (there) return;
    if ((await countRows(trx, 'shopping_item', userId)) >= MAX_SHOPPING_ITEMS) {
      throw new AppError('CONFLICT', `a shopping list holds at most ${MAX_SHOPPING_ITEMS} ingredients`);
    }
    await trx
      .insertInto('shopping_item')
      .values({ user_id: userId, ingredient_id: ingredientId, created_at: now().toISOString() })
      .onConflict((conflict) => conflict.columns(['user_id', 'ingredient_id']).doNothing())
      .execute();
  });
  return listShopping({ db, userId });
}

/** Takes an ingredient off the user's shopping list. Idempotent. @returns the list afterwards. */
export async function removeShoppingItem({
  db,
  userId,
  ingredientId,
}: UserScope & { ingredientId: number }): Promise<ShoppingListBody> {
  if (await isBarIngredient(db, userId, ingredientId)) {
    await db
      .deleteFrom('shopping_item')
      .where('user_id', '=', userId)
      .where('ingredient_id', '=', ingredientId)
      .execute();
  }
  return listShopping({ db, userId });
}

/** Empties the user's shopping list. @returns the (empty) list. */
export async function clearShoppingList({ db, userId }: UserScope): Promise<ShoppingListBody> {
  await db.deleteFrom('shopping_item').where('user_id', '=', userId).execute();
  return { items: [], together: { unlocks: 0, examples: [] } };
}

/**
 * Checks an ingredient off: in one transaction it leaves the shopping list and joins the bar (where one already there
 * keeps its time). Idempotent: checking off one that is not on the list still puts it in the bar.
 * @param madeAt a write queued offline: when it was made, ms since the epoch (http/write-age.ts; null or absent: a
 *   live write). The bottle's side follows the rule of a queued `PUT /api/me/bar/:ingredientId` (bar.ts addBarItem):
 *   the bottle is stamped with it, and the write is refused, nothing changed (the item stays on the list), when the
 *   bottle was added or removed after it (lib/newer-change.ts).
 * @param now the clock that stamps the bottle of a live write (tests pass their own).
 * @returns the bar and the list afterwards.
 * @throws AppError NOT_FOUND for an unknown ingredient; CONFLICT when the bar is full (nothing changes then);
 *   WRITE_CONFLICT (409) for a queued write older than the bottle's last change.
 */
export async function markBought({
  db,
  userId,
  ingredientId,
  madeAt = null,
  now = () => new Date(),
}: UserScope & { ingredientId: number; madeAt?: number | null; now?: () => Date }): Promise<ShoppingBought> {
  await requireBarIngredients(db, userId, [ingredientId]);
  const offTheList = (trx: Transaction<Database>) =>
    trx.deleteFrom('shopping_item').where('user_id', '=', userId).where('ingredient_id', '=', ingredientId).execute();
  if (madeAt === null) {
    await db.transaction().execute(async (trx) => {
      await offTheList(trx);
      await insertBarItems(trx, userId, [ingredientId], now());
    });
  } else {
    await writeUnlessDeletedSince(db, { userId, kind: 'bottle', itemId: ingredientId }, madeAt, async (trx) => {
      const added = await addQueuedBottle(trx, userId, ingredientId, madeAt);
      await offTheList(trx);
      return added;
    });
  }
  const [bar, list] = await Promise.all([listBar({ db, userId }), listShopping({ db, userId })]);
  return { bar, list };
}
