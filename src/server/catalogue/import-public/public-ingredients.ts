import type { Kysely } from 'kysely';
import { createIngredientResolver, type Resolution } from '@/shared/domain/ingredient-resolve';
import { splitWords, toSearchKey } from '@/shared/domain/search-words';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import type { Database } from '../../db/types';
import { guessFromName, type IngredientHint } from './ingredient-hints';

/**
 * New public ingredients (owner_id null) for the names an imported recipe uses that the catalogue lacks. Each takes the
 * strength (% ABV) and category its dataset gives (ingredient-hints.ts; a Bar Assistant Beverage that its name calls a
 * beer, cider or dairy is filed so), else what its parent or its name suggests, and
 * a parent where one is obvious: the parent the dataset names, when that is a catalogue ingredient, or else the
 * catalogue ingredient of the same category whose name ends the new name ('Angostura cocoa bitters' under a 'Cocoa
 * bitters'). A new child is a variant (it does not stand in for its parent in My Bar). Its slug is its name's, made
 * unique with a number; a later seed entry of the same slug takes the row over (the seed writer upserts by slug).
 */

/** A name's folded key: how two spellings of one new ingredient are known to be the same. */
export const ingredientNameKey = (name: string) => splitWords(toSearchKey(name)).join(' ');

/** A slug from a name: folded, letters and digits between single hyphens, at most 60 characters. */
function slugOf(name: string): string {
  const slug = splitWords(toSearchKey(name)).join('-').slice(0, 60).replace(/-+$/, '');
  return slug || 'ingredient';
}

/** Measure words a source may leave before a name: a number, or a unit the line reader does not know. */
const LEFTOVER_MEASURE =
  /^(?:(?:\d+(?:[.,]\d+)?|capsules?|strong|float|hand-whipped|few|thin|beans?|bottles?|inch(?:es)?|scoops?|parts?)\s+)+/i;

/** `name` without the measure words before it, spaces tidied ('1 Egg White' -> 'Egg White'). */
export function leftoverName(name: string): string {
  const tidy = name.replace(/\s+/g, ' ').trim();
  return tidy.replace(LEFTOVER_MEASURE, '') || tidy;
}

/** The catalogue's ingredients during an import, growing as new ones are written. */
export class PublicIngredients {
  readonly items: IngredientSummary[];
  readonly byId: Map<number, IngredientSummary>;
  /** Ingredients written by this import, by id. */
  readonly created = new Map<number, IngredientSummary>();
  private readonly byKey = new Map<string, IngredientSummary>();
  private readonly slugs: Set<string>;

  constructor(
    private readonly trx: Kysely<Database>,
    items: readonly IngredientSummary[],
    slugs: Iterable<string>,
    private readonly hints: ReadonlyMap<string, IngredientHint>,
  ) {
    this.items = [...items];
    this.byId = new Map(this.items.map((item) => [item.id, item]));
    this.slugs = new Set(slugs);
  }

  private createdResolver: ((text: string) => Resolution) | null = null;

  /**
   * The ingredient this import created earlier for `name` or a spelling of it (its name as the resolver reads names:
   * case, accents, plurals and word order aside), if any.
   */
  createdFor(name: string): IngredientSummary | undefined {
    const known = this.byKey.get(ingredientNameKey(name));
    if (known || this.created.size === 0) return known;
    this.createdResolver ??= createIngredientResolver(
      [...this.created.values()].map((item) => ({ id: item.id, name: item.name, aliases: [] })),
    );
    const found = this.createdResolver(name);
    return found.match === 'exact' || found.match === 'alias' ? this.created.get(found.ingredientId!) : undefined;
  }

  /**
   * The catalogue ingredient a name resolves to once the measure words a source left before it are taken off (Bar
   * Assistant's units that the line reader does not know stay in the name: '1 Egg White', 'capsule Activated charcoal'),
   * or null when nothing was taken off or the rest resolves to nothing.
   */
  resolveLeftover(name: string): number | null {
    const rest = leftoverName(name);
    if (rest === name) return null;
    const found = this.resolver()(rest);
    return found.match === 'new' ? (this.createdFor(rest)?.id ?? null) : found.ingredientId;
  }

  /** The catalogue ingredient (or one created so far) `name` resolves to, however closely; null when none. */
  resolveKnown(name: string): number | null {
    return this.resolver()(leftoverName(name)).ingredientId;
  }

  private catalogueResolver: ((text: string) => Resolution) | null = null;

  /** A resolver over the catalogue's ingredients and those created so far. */
  private resolver(): (text: string) => Resolution {
    this.catalogueResolver ??= createIngredientResolver(
      this.items.map((item) => ({ id: item.id, name: item.name, aliases: item.aliases, category: item.category })),
    );
    return this.catalogueResolver;
  }

  /** The catalogue ingredient a parent's name resolves to (by name or alias), or null. */
  private parentNamed(name: string): IngredientSummary | null {
    const found = this.resolver()(name);
    return found.ingredientId !== null && (found.match === 'exact' || found.match === 'alias')
      ? (this.byId.get(found.ingredientId) ?? null)
      : null;
  }

  /** The catalogue ingredient of `category` whose name or alias is the last words of `name` (the longest), or null. */
  private parentEnding(name: string, category: string): IngredientSummary | null {
    const words = ingredientNameKey(name).split(' ');
    let best: { item: IngredientSummary; length: number } | null = null;
    for (const item of this.items) {
      if (item.category !== category) continue;
      for (const text of [item.name, ...item.aliases]) {
        const tail = ingredientNameKey(text).split(' ');
        if (tail.length >= words.length || (best && tail.length <= best.length)) continue;
        if (tail.every((word, i) => words[words.length - tail.length + i] === word))
          best = { item, length: tail.length };
      }
    }
    return best?.item ?? null;
  }

  /**
   * The id of the ingredient named `name`, writing it as a new public ingredient when this import has not yet.
   * @param sourceName the dataset's display name, for the new ingredient's description.
   * @throws the database's error.
   */
  async idFor(name: string, sourceName: string): Promise<number> {
    const key = ingredientNameKey(name);
    const known = this.createdFor(name);
    if (known) return known.id;
    const written = leftoverName(name).slice(0, 80);
    const hint = this.hints.get(toSearchKey(written)) ?? null;
    const guess = guessFromName(written);
    const named = hint?.parentName ? this.parentNamed(hint.parentName) : null;
    // Bar Assistant files beers, ciders and dairy under Beverages (our Mixers): the name tells them apart.
    const refined = hint?.category === 'Mixers' && ['Beer & cider', 'Dairy & egg'].includes(guess.category);
    const category = (refined ? guess.category : hint?.category) ?? named?.category ?? guess.category;
    const parent = named ?? this.parentEnding(written, category);
    const abv = hint?.abv ?? parent?.abv ?? guess.abv;
    let slug = slugOf(written);
    for (let n = 2; this.slugs.has(slug); n += 1) slug = `${slugOf(written).slice(0, 56)}-${n}`;
    this.slugs.add(slug);
    const row = await this.trx
      .insertInto('ingredient')
      .values({
        slug,
        name: written,
        category,
        abv,
        description: `${written}, added to the catalogue with a recipe from ${sourceName}.`,
        parent_id: parent?.id ?? null,
        aliases: '[]',
        is_variant: parent ? 1 : 0,
        owner_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item: IngredientSummary = {
      id: Number(row.id),
      slug,
      name: written,
      category,
      parentId: parent?.id ?? null,
      variant: parent !== null,
      abv,
      aliases: [],
      parts: [],
    };
    this.items.push(item);
    this.byId.set(item.id, item);
    this.byKey.set(key, item);
    this.created.set(item.id, item);
    this.createdResolver = null;
    this.catalogueResolver = null;
    return item.id;
  }
}
