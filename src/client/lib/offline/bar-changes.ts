import type { BarIngredient, BarList, ShoppingBought, ShoppingListBody } from '@/shared/schemas/my-bar';

/**
 * My Bar's answers made on the device for a change the server has not taken yet: the page shows them at once when a
 * write is kept offline (features/my-bar/api/my-bar-writes.ts), and the worker lays the waiting writes over its kept
 * bar and shopping list with them (worker-bar.ts, worker-overlay.ts). What the server would answer, as far as the
 * device knows: a bottle or item already there stays as it is (the server keeps it), an added one is dated `at`.
 * 'Bought' is both at once: the item leaves the list and the bottle joins the bar ({@link withBought}).
 */

/** An ingredient as a picker or the offline index holds it: enough to show it in the bar or the shopping list. */
export type PickedIngredient = Pick<BarIngredient, 'id' | 'slug' | 'name' | 'category' | 'parentId'> & {
  houseMade?: boolean;
};

/** A change to one bottle or one shopping-list item: added (with the ingredient, when known) or removed. */
export type ItemChange =
  { kind: 'add'; ingredientId: number; ingredient?: PickedIngredient } | { kind: 'remove'; ingredientId: number };

/** The bar fields of `ingredient` (house-made false unless told). */
function barFields({ id, slug, name, category, parentId, houseMade = false }: PickedIngredient): BarIngredient {
  return { id, slug, name, category, parentId, houseMade };
}

/** `bar` with one bottle added (dated `at`, ISO 8601, kept in name order) or removed. */
export function withBottle(bar: BarList | undefined, change: ItemChange, at: string): BarList {
  const items = bar?.items ?? [];
  if (change.kind === 'add' && items.some((item) => item.id === change.ingredientId)) return { items };
  const others = items.filter((item) => item.id !== change.ingredientId);
  if (change.kind === 'remove' || !change.ingredient) return { items: others };
  const added = { ...barFields(change.ingredient), addedAt: at };
  return { items: [...others, added].sort((a, b) => a.name.localeCompare(b.name, 'en')) };
}

/** `list` with one item added last (dated `at`; what it would unlock is not known on the device: 0), removed, or cleared. */
export function withShoppingChange(
  list: ShoppingListBody | undefined,
  change: ItemChange | { kind: 'clear' },
  at: string,
): ShoppingListBody {
  if (change.kind === 'clear') return { items: [], together: { unlocks: 0, examples: [] } };
  const items = list?.items ?? [];
  const together = list?.together ?? { unlocks: 0, examples: [] };
  if (change.kind === 'add' && items.some((item) => item.ingredient.id === change.ingredientId)) {
    return { items, together };
  }
  const others = items.filter((item) => item.ingredient.id !== change.ingredientId);
  if (change.kind === 'remove' || !change.ingredient) return { items: others, together };
  return {
    items: [...others, { ingredient: barFields(change.ingredient), addedAt: at, unlocks: 0, examples: [] }],
    together,
  };
}

/**
 * The answer of 'bought' (`POST /api/me/shopping-list/:ingredientId/bought`, server/my-bar/shopping.ts markBought):
 * `bar` with the bottle added (dated `at`; one already there keeps its date) and `list` without the item. The bottle is
 * named as the list names it; one the list does not hold leaves the bar as it is (the server's answer names it).
 */
export function withBought(
  { bar, list }: { bar: BarList | undefined; list: ShoppingListBody | undefined },
  ingredientId: number,
  at: string,
): ShoppingBought {
  const named = list?.items.find((item) => item.ingredient.id === ingredientId)?.ingredient;
  return {
    bar: withBottle(bar, { kind: 'add', ingredientId, ...(named ? { ingredient: named } : {}) }, at),
    list: withShoppingChange(list, { kind: 'remove', ingredientId }, at),
  };
}
