import { splitWords, toSearchKey } from '@/shared/domain/search-words';
import type { IngredientSummary } from '@/shared/schemas/ingredient';

/**
 * When two recipes are the same drink: the same name once case, accents, punctuation and the words 'the' and 'and'
 * ('&') are set aside ('The Last Word' is 'Last word'; 'Gin & Tonic' is 'Gin and tonic'), and the same set of required
 * ingredient kinds. An ingredient's kind is the broadest ingredient it stands in for: up its parents while each step is a
 * non-variant child within the same category (London dry gin is Gin; Bourbon is Whiskey; a variant such as Old Tom gin,
 * or an ingredient filed under another category, is a kind of its own). See docs/recipes.md "Growing the public
 * catalogue".
 */

/** Words a drink's name may carry or drop without naming another drink. */
const NAME_FILLER = new Set(['the', 'and', 'a']);

/** The key two names of the same drink share ('the-last-word' and 'Last Word!' both give 'last word'). */
export function drinkNameKey(name: string): string {
  return splitWords(toSearchKey(name))
    .filter((word) => !NAME_FILLER.has(word))
    .join(' ');
}

/** The kind of ingredient `id` (its own id when it has no parent it stands in for). Ids not in `byId` are their own kind. */
export function kindOf(byId: ReadonlyMap<number, IngredientSummary>, id: number): number {
  let at = byId.get(id);
  for (let steps = 0; at && steps < 12; steps += 1) {
    const parent = at.parentId === null ? undefined : byId.get(at.parentId);
    if (!parent || at.variant || parent.category !== at.category) break;
    at = parent;
  }
  return at?.id ?? id;
}

/**
 * The key of a recipe's set of required ingredients: its kinds, each once, sorted. `kinds` are ids of kinds or, for an
 * ingredient not in the catalogue yet, any text that names it the same way each time ('new:rose syrup').
 */
export function kindsKey(kinds: readonly (number | string)[]): string {
  return [...new Set(kinds.map(String))].sort().join(',');
}

/** A public cocktail as the identity check reads it. */
export interface KnownDrink {
  id: number;
  name: string;
  kinds: string;
  /** The dataset it was imported from, or null for Barback's own. */
  sourceName: string | null;
}

/** Public cocktails by {@link drinkNameKey}: several drinks may share a key only when their ingredients differ. */
export class DrinkIndex {
  private readonly byName = new Map<string, KnownDrink[]>();

  add(drink: KnownDrink): void {
    const key = drinkNameKey(drink.name);
    const list = this.byName.get(key);
    if (list) list.push(drink);
    else this.byName.set(key, [drink]);
  }

  /**
   * What the catalogue holds under a recipe's name: the drink with the same kinds (`same`), else the first drink of that
   * name with other ingredients (`other`), else nothing.
   */
  find(name: string, kinds: string): { same: KnownDrink } | { other: KnownDrink } | null {
    const list = this.byName.get(drinkNameKey(name)) ?? [];
    const same = list.find((drink) => drink.kinds === kinds);
    if (same) return { same };
    return list[0] ? { other: list[0] } : null;
  }

  get size(): number {
    let count = 0;
    for (const list of this.byName.values()) count += list.length;
    return count;
  }
}
