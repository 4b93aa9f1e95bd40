import type { Kysely } from 'kysely';
import type { IngredientCategory, IngredientSummary } from '@/shared/schemas/ingredient';
import { ingredientWords, matchIngredients, type IngredientWords } from '@/shared/domain/ingredient-match';
import type { Database } from '../db/types';
import { parseStringList } from './read-model';
import { toSearchKey } from './search/search-text';
import { versionedMemo } from './versioned-memo';

/**
 * The catalogue's ingredients in memory: every ingredient as a list item (with its aliases and house-made parts) in name
 * order, by id, and with the folded names the type-ahead compares. A few hundred rows, read once per catalogue version.
 */

/** Folds text for the ingredient type-ahead: its search key ({@link toSearchKey}; apostrophes of any kind dropped). */
export function toIngredientKey(text: string): string {
  return toSearchKey(text);
}

/** One ingredient with the folded texts the type-ahead matches: its name's key and its aliases' keys. */
interface KeyedIngredient {
  item: IngredientSummary;
  nameKey: string;
  aliasKeys: string[];
}

/** The ingredients of one catalogue version. */
export interface IngredientCatalogue {
  /** Every ingredient, by name (case- and accent-insensitively, in code-unit order of the key), ties by id. */
  items: readonly IngredientSummary[];
  /** Every ingredient by id. */
  byId: ReadonlyMap<number, IngredientSummary>;
  /** Each ingredient's position in `items` (to put any list of ingredients in name order). */
  order: ReadonlyMap<number, number>;
  /** The same as `items`, with their folded name and aliases (the order of `items` comes from these). */
  keyed: readonly KeyedIngredient[];
  /** Per ingredient id, the ingredients whose parent it is (Whiskey -> American whiskey, Scotch...), in id order. */
  children: ReadonlyMap<number, readonly number[]>;
}

/**
 * Reads every ingredient (ingredients have no venue scope: all belong to the public catalogue) with its aliases and parts.
 * The category column is trusted: only the seeder writes it, from the vocabulary.
 * @returns the ingredients sorted by name key, ties by id; parts in id order.
 */
export async function loadIngredientCatalogue(db: Kysely<Database>): Promise<IngredientCatalogue> {
  const [rows, partRows] = await Promise.all([
    db
      .selectFrom('ingredient')
      .select(['id', 'slug', 'name', 'category', 'parent_id', 'abv', 'aliases', 'is_variant'])
      .where('owner_id', 'is', null)
      .execute(),
    db.selectFrom('ingredient_part').select(['ingredient_id', 'part_id']).orderBy('part_id').execute(),
  ]);
  const parts = new Map<number, number[]>();
  for (const row of partRows) {
    const id = Number(row.ingredient_id);
    const list = parts.get(id);
    if (list) list.push(Number(row.part_id));
    else parts.set(id, [Number(row.part_id)]);
  }
  const keyed: KeyedIngredient[] = rows.map((row) => {
    const item: IngredientSummary = {
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      category: row.category as IngredientCategory,
      parentId: row.parent_id === null ? null : Number(row.parent_id),
      variant: Number(row.is_variant) === 1,
      abv: Number(row.abv),
      aliases: parseStringList(row.aliases),
      parts: parts.get(Number(row.id)) ?? [],
    };
    return { item, nameKey: toIngredientKey(item.name), aliasKeys: item.aliases.map(toIngredientKey) };
  });
  keyed.sort((a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.item.id - b.item.id));
  const items = keyed.map((entry) => entry.item);
  const children = new Map<number, number[]>();
  for (const item of [...items].sort((a, b) => a.id - b.id)) {
    if (item.parentId === null) continue;
    const list = children.get(item.parentId);
    if (list) list.push(item.id);
    else children.set(item.parentId, [item.id]);
  }
  return {
    items,
    byId: new Map(items.map((item) => [item.id, item])),
    order: new Map(items.map((item, index) => [item.id, index])),
    keyed,
    children,
  };
}

/**
 * An ingredient and every broader one above it, nearest first (Bourbon -> American whiskey -> Whiskey): what a recipe
 * line of it counts as when filtering by ingredient. Unknown ids give just themselves; a parent loop stops at the repeat.
 */
export function broaderIngredients(catalogue: IngredientCatalogue, id: number): number[] {
  const out: number[] = [];
  for (let at: number | null | undefined = id; at != null && !out.includes(at); at = catalogue.byId.get(at)?.parentId) {
    out.push(at);
  }
  return out;
}

/**
 * An ingredient and every narrower one under it, at any depth (Whiskey -> American whiskey -> Bourbon, Rye...), itself
 * first: the recipe lines that satisfy 'with' or 'without' this ingredient.
 */
export function narrowerIngredients(catalogue: IngredientCatalogue, id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i += 1) {
    for (const child of catalogue.children.get(out[i] as number) ?? []) if (!out.includes(child)) out.push(child);
  }
  return out;
}

const ingredientMemo = versionedMemo((db) => loadIngredientCatalogue(db));

/**
 * The ingredient catalogue of the current catalogue version, from memory (read from the database once per version).
 * @throws the database's error when it must be read and cannot be.
 */
export function getIngredientCatalogue(db: Kysely<Database>): Promise<IngredientCatalogue> {
  return ingredientMemo.get(db);
}

/** The words of each ingredient of a catalogue, by id, with its family's names (computed once per catalogue object). */
const wordsOfCatalogue = new WeakMap<IngredientCatalogue, Map<number, IngredientWords>>();

function wordsOf(catalogue: IngredientCatalogue): Map<number, IngredientWords> {
  let words = wordsOfCatalogue.get(catalogue);
  if (!words) {
    const nameOf = (id: number) => catalogue.byId.get(id)?.name ?? '';
    words = new Map(
      catalogue.items.map((item) => [
        item.id,
        ingredientWords(item.name, item.aliases, broaderIngredients(catalogue, item.id).slice(1).map(nameOf)),
      ]),
    );
    wordsOfCatalogue.set(catalogue, words);
  }
  return words;
}

/**
 * The ingredients matching a type-ahead query, in answer order.
 * - `q` (any text; folded here): every word begins a word of the name or of one alias, in any order, case- and
 *   accent-insensitively (apostrophes of any kind are ignored; shared/domain/ingredient-match.ts): 'tequila blanco'
 *   finds Blanco tequila; words the name leaves out may name a broader ingredient ('bourbon whiskey' finds Bourbon).
 *   Names beginning with the text come first, then names holding its words, then aliases beginning with it, then
 *   aliases holding them, then matches through the family's names, each group in name order. Empty: every ingredient,
 *   in name order.
 * - `category`: only that category.
 */
export function searchIngredients(
  catalogue: IngredientCatalogue,
  { q, category }: { q: string; category?: IngredientCategory },
): IngredientSummary[] {
  const inCategory = catalogue.items.filter((item) => category === undefined || item.category === category);
  if (toIngredientKey(q) === '') return inCategory;
  const words = wordsOf(catalogue);
  return matchIngredients(inCategory, (item) => words.get(item.id) as IngredientWords, q);
}
