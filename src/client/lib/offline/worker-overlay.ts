/**
 * The writes still waiting to be sent, laid over the answers the worker kept (docs/product.md, "Offline"), so a page
 * opened again offline shows the user's own changes: favorites added or removed, ratings set or cleared, notes, the
 * shopping list (its 'bought' included).
 */
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import type { Note, RatingList } from '@/shared/schemas/collections';
import type { FavoriteList } from '@/shared/schemas/favorites';
import type { ShoppingListBody } from '@/shared/schemas/my-bar';
import type { OfflineMatchIngredient } from '@/shared/schemas/offline';
import { withShoppingChange } from './bar-changes';
import type { QueuedWrite } from './write-queue';

const FAVORITE_PATH = /^\/api\/me\/favorites\/(\d+)$/;
const RATING_PATH = /^\/api\/me\/ratings\/(\d+)$/;

/** The path of one cocktail's note. */
export const NOTE_PATH = /^\/api\/me\/notes\/(\d+)$/;

/** The id a write's path names under `pattern`, or null. */
function idIn(pattern: RegExp, write: QueuedWrite): number | null {
  const id = pattern.exec(write.path)?.[1];
  return id === undefined ? null : Number(id);
}

/**
 * A kept favorites page with the waiting favorite writes applied in order: an added cocktail goes first, a removed one
 * leaves; the page's cards are the kept ones, or the offline index's for a cocktail added offline.
 */
export function favoritesWithPending(
  kept: FavoriteList,
  pending: readonly QueuedWrite[],
  cards: readonly CocktailSummary[],
): FavoriteList {
  let ids = [...kept.ids];
  for (const write of pending) {
    const id = idIn(FAVORITE_PATH, write);
    if (id === null) continue;
    ids = ids.filter((known) => known !== id);
    if (write.method === 'PUT') ids.unshift(id);
  }
  const byId = new Map<number, CocktailSummary>(cards.map((card) => [card.id, card]));
  for (const item of kept.items) byId.set(item.id, item);
  const start = kept.page * kept.pageSize;
  const items = ids.slice(start, start + kept.pageSize).flatMap((id) => byId.get(id) ?? []);
  return { ...kept, ids, items, total: ids.length };
}

/** The kept ratings with the waiting rating writes applied in order (PUT sets the stars, DELETE clears them). */
export function ratingsWithPending(kept: RatingList, pending: readonly QueuedWrite[]): RatingList {
  const items = new Map(kept.items.map((item) => [item.cocktailId, item]));
  for (const write of pending) {
    const cocktailId = idIn(RATING_PATH, write);
    if (cocktailId === null) continue;
    if (write.method === 'DELETE') {
      items.delete(cocktailId);
      continue;
    }
    const stars = (JSON.parse(write.body ?? '{}') as { stars?: unknown }).stars;
    if (typeof stars === 'number') {
      items.set(cocktailId, { cocktailId, stars, updatedAt: new Date(write.madeAt).toISOString() });
    }
  }
  return { items: [...items.values()] };
}

/**
 * One cocktail's note with its waiting writes applied (the last one's text wins; '' deletes), or the kept note as it
 * is. `path` is the note's path; `kept` null when the device keeps none (then the waiting text alone, or null).
 */
export function noteWithPending(path: string, kept: Note | null, pending: readonly QueuedWrite[]): Note | null {
  const cocktailId = Number(NOTE_PATH.exec(path)?.[1] ?? Number.NaN);
  let note = kept;
  for (const write of pending) {
    if (write.path !== path) continue;
    const text = write.method === 'DELETE' ? '' : (JSON.parse(write.body ?? '{}') as { text?: unknown }).text;
    if (typeof text !== 'string') continue;
    note = { cocktailId, text, updatedAt: text === '' ? null : new Date(write.madeAt).toISOString() };
  }
  return note;
}

const SHOPPING_LIST_PATH = '/api/me/shopping-list';
const SHOPPING_ITEM_PATH = /^\/api\/me\/shopping-list\/(\d+)$/;

/** The path of 'bought' (the item leaves the list and joins the bar; the bar's side: worker-bar.ts). */
export const BOUGHT_PATH = /^\/api\/me\/shopping-list\/(\d+)\/bought$/;

/**
 * The kept shopping list with its waiting writes applied in order: an add (named from the offline index's
 * ingredients) goes last, dated when it was made, a remove or a 'bought' leaves, a clear empties it. What each item
 * would unlock is the kept answer's here (0 for one added offline); the worker works it out again (worker-bar.ts).
 */
export function shoppingWithPending(
  kept: ShoppingListBody,
  pending: readonly QueuedWrite[],
  ingredients: readonly OfflineMatchIngredient[],
): ShoppingListBody {
  const byId = new Map(ingredients.map((ingredient) => [ingredient.id, ingredient]));
  let list = kept;
  for (const write of pending) {
    const at = new Date(write.madeAt).toISOString();
    if (write.path === SHOPPING_LIST_PATH && write.method === 'DELETE') {
      list = withShoppingChange(list, { kind: 'clear' }, at);
      continue;
    }
    const bought = write.method === 'POST' ? idIn(BOUGHT_PATH, write) : null;
    if (bought !== null) {
      list = withShoppingChange(list, { kind: 'remove', ingredientId: bought }, at);
      continue;
    }
    const id = idIn(SHOPPING_ITEM_PATH, write);
    if (id === null) continue;
    const ingredient = byId.get(id);
    if (write.method === 'DELETE') list = withShoppingChange(list, { kind: 'remove', ingredientId: id }, at);
    else if (write.method === 'PUT' && ingredient) {
      list = withShoppingChange(list, { kind: 'add', ingredientId: id, ingredient }, at);
    }
  }
  return list;
}
