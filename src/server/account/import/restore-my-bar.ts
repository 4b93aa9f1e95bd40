import type { AccountExport, ExportIngredientRef } from '@/shared/schemas/export';
import { MAX_BAR_ITEMS } from '@/shared/schemas/my-bar';
import { refuseMissing, validTime, type RestoreScope } from './restore-scope';

/**
 * A restore's saved cocktails and My Bar (bottles, shopping list, swaps, 'I made this'), written in the restore's
 * transaction. Only what the user does not have yet is added; past MAX_BAR_ITEMS a list's rest is refused by name.
 */

/** Saved cocktails (favorites): catalogue cocktails only, as the favorites feature keeps them. */
export async function restoreFavorites(scope: RestoreScope, entries: AccountExport['favorites']): Promise<void> {
  const { trx, userId } = scope;
  const rows = await trx.selectFrom('user_favorites').select('cocktail_id').where('user_id', '=', userId).execute();
  const saved = new Set(rows.map((row) => Number(row.cocktail_id)));
  for (const { cocktail, savedAt } of entries) {
    const id = cocktail.kind === 'catalogue' ? scope.cocktailId(cocktail) : null;
    if (id === null) refuseMissing(scope, 'favorites', cocktail);
    else if (!saved.has(id)) {
      saved.add(id);
      await trx
        .insertInto('user_favorites')
        .values({ user_id: userId, cocktail_id: id, created_at: validTime(savedAt, scope.now) })
        .execute();
      scope.counts.favorites += 1;
    }
  }
}

/** The bottles of the bar, or the shopping list. */
export async function restoreIngredientList(
  scope: RestoreScope,
  part: 'bar' | 'shoppingList',
  entries: readonly ExportIngredientRef[],
): Promise<void> {
  const { trx, userId } = scope;
  const table = part === 'bar' ? 'bar_item' : 'shopping_item';
  const rows = await trx.selectFrom(table).select('ingredient_id').where('user_id', '=', userId).execute();
  const have = new Set(rows.map((row) => Number(row.ingredient_id)));
  for (const entry of entries) {
    const id = await scope.ingredientId(entry);
    if (id === null) {
      scope.refusals.push({ part, name: entry.name, reason: `'${entry.name}' is not in this catalogue.` });
    } else if (!have.has(id)) {
      if (have.size >= MAX_BAR_ITEMS) {
        scope.refusals.push({ part, name: entry.name, reason: `A list keeps at most ${MAX_BAR_ITEMS} ingredients.` });
        continue;
      }
      have.add(id);
      await trx
        .insertInto(table)
        .values({ user_id: userId, ingredient_id: id, created_at: scope.now().toISOString() })
        .execute();
      scope.counts[part] += 1;
    }
  }
}

/** Swaps ('I use `to` for `from`'). */
export async function restoreSwaps(scope: RestoreScope, entries: AccountExport['swaps']): Promise<void> {
  const { trx, userId } = scope;
  const rows = await trx
    .selectFrom('ingredient_swap')
    .select(['from_id', 'to_id'])
    .where('user_id', '=', userId)
    .execute();
  const swaps = new Set(rows.map((row) => `${row.from_id}>${row.to_id}`));
  for (const swap of entries) {
    const [from, to] = [await scope.ingredientId(swap.from), await scope.ingredientId(swap.to)];
    const name = `${swap.to.name} for ${swap.from.name}`;
    if (from === null || to === null || from === to) {
      scope.refusals.push({ part: 'swaps', name, reason: 'An ingredient of it is not in this catalogue.' });
    } else if (!swaps.has(`${from}>${to}`)) {
      if (swaps.size >= MAX_BAR_ITEMS) {
        scope.refusals.push({ part: 'swaps', name, reason: `You keep at most ${MAX_BAR_ITEMS} swaps.` });
        continue;
      }
      swaps.add(`${from}>${to}`);
      await trx
        .insertInto('ingredient_swap')
        .values({ user_id: userId, from_id: from, to_id: to, created_at: scope.now().toISOString() })
        .execute();
      scope.counts.swaps += 1;
    }
  }
}

/** 'I made this': a drink made at the same time as one the user has is theirs already. */
export async function restoreMade(scope: RestoreScope, entries: AccountExport['made']): Promise<void> {
  const { trx, userId } = scope;
  const rows = await trx
    .selectFrom('made_drink')
    .select(['cocktail_id', 'made_at'])
    .where('user_id', '=', userId)
    .execute();
  const made = new Set(rows.map((row) => `${row.cocktail_id}@${new Date(row.made_at).toISOString()}`));
  // Oldest first, so the new rows' ids follow the order they were made in.
  for (const entry of [...entries].reverse()) {
    const id = scope.cocktailId(entry.cocktail);
    const at = validTime(entry.madeAt, scope.now);
    if (id === null) refuseMissing(scope, 'made', entry.cocktail);
    else if (!made.has(`${id}@${at}`)) {
      made.add(`${id}@${at}`);
      await trx
        .insertInto('made_drink')
        .values({ user_id: userId, cocktail_id: id, made_at: at, note: entry.note })
        .execute();
      scope.counts.made += 1;
    }
  }
}
