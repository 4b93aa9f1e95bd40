import { splitWords, toSearchKey } from '@/shared/domain/search-words';
import type { IngredientSummary } from '@/shared/schemas/ingredient';

/**
 * When two recipes are the same drink: the same name once case, accents, punctuation and the words 'the' and 'and'
 * ('&') are set aside ('The Last Word' is 'Last word'; 'Gin & Tonic' is 'Gin and tonic'), and the same set of required
 * ingredient kinds. An ingredient's kind is the broadest ingredient it stands in for: up its parents while each step is a
 * non-variant child within the same category (London dry gin is Gin; Bourbon is Whiskey; a variant such as Old Tom gin,
 * or an ingredient filed under another category, is a kind of its own). A recipe whose name the catalogue holds with
 * other ingredients is another drink: it is kept apart under its dataset's name ('Moscow Mule (Bar Assistant)'), and a
 * later recipe of the first name with its ingredients is that drink again. See docs/recipes.md "Growing the public
 * catalogue".
 */

/** The longest name a public cocktail takes (signatureWriteSchema's bound). */
const MAX_NAME = 80;

/**
 * The name a recipe is kept apart under when the catalogue holds another drink of its name: `name (source)` for the
 * first `attempt`, then `name (source) 2`, `name (source) 3`..., `name` cut so the whole fits {@link MAX_NAME}.
 */
export function keptApartName(name: string, source: string, attempt: number): string {
  const suffix = ` (${source})${attempt > 1 ? ` ${attempt}` : ''}`;
  return `${name
    .trim()
    .slice(0, MAX_NAME - suffix.length)
    .trimEnd()}${suffix}`;
}

/** The name that `name` was kept apart from when it is a {@link keptApartName} of `source`, else null. */
export function keptApartFrom(name: string, source: string): string | null {
  const suffix = ` (${source})`;
  const counted = / \d+$/.exec(name);
  const head = counted && name.slice(0, counted.index).endsWith(suffix) ? name.slice(0, counted.index) : name;
  return head.endsWith(suffix) && head.length > suffix.length ? head.slice(0, -suffix.length) : null;
}

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
  /** The name of the drink it was kept apart from ('Moscow Mule' for 'Moscow Mule (Bar Assistant)'), if it was. */
  apartFrom?: string | null;
}

/** `drink` added to the list `key` names in `map`. */
function push(map: Map<string, KnownDrink[]>, key: string, drink: KnownDrink): void {
  const list = map.get(key);
  if (list) list.push(drink);
  else map.set(key, [drink]);
}

/**
 * Public cocktails by {@link drinkNameKey}: several drinks may share a key only when their ingredients differ. The
 * drinks kept apart from a name are found under it too, so the same recipe from a third source merges into them.
 */
export class DrinkIndex {
  private readonly byName = new Map<string, KnownDrink[]>();
  private readonly apart = new Map<string, KnownDrink[]>();

  add(drink: KnownDrink): void {
    push(this.byName, drinkNameKey(drink.name), drink);
    if (drink.apartFrom) push(this.apart, drinkNameKey(drink.apartFrom), drink);
  }

  /**
   * What the catalogue holds under a recipe's name: the drink with the same kinds (`same`: one of that name first, else
   * one kept apart from it), else the first drink of that name with other ingredients (`other`), else nothing.
   */
  find(name: string, kinds: string): { same: KnownDrink } | { other: KnownDrink } | null {
    const key = drinkNameKey(name);
    const list = this.byName.get(key) ?? [];
    const same = [...list, ...(this.apart.get(key) ?? [])].find((drink) => drink.kinds === kinds);
    if (same) return { same };
    return list[0] ? { other: list[0] } : null;
  }

  get size(): number {
    let count = 0;
    for (const list of this.byName.values()) count += list.length;
    return count;
  }
}
