/** Account deletion's part in My Bar: every bar, shopping list, made drink and swap row of a user goes. */
import { type UserScope } from './bar-rows';

/** What {@link deleteMyBarData} removed, rows per table. */
export interface MyBarDeletion {
  barItems: number;
  shoppingItems: number;
  madeDrinks: number;
  swaps: number;
}

/**
 * Deletes every My Bar row of a user (bar, shopping list, made drinks, swaps). Account deletion calls it inside its
 * transaction (`db` is then the transaction); the foreign keys would cascade anyway when the user row goes.
 */
export async function deleteMyBarData({ db, userId }: UserScope): Promise<MyBarDeletion> {
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const barItems = count(await db.deleteFrom('bar_item').where('user_id', '=', userId).executeTakeFirst());
  const shoppingItems = count(await db.deleteFrom('shopping_item').where('user_id', '=', userId).executeTakeFirst());
  const madeDrinks = count(await db.deleteFrom('made_drink').where('user_id', '=', userId).executeTakeFirst());
  const swaps = count(await db.deleteFrom('ingredient_swap').where('user_id', '=', userId).executeTakeFirst());
  return { barItems, shoppingItems, madeDrinks, swaps };
}
