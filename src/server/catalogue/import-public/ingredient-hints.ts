import { strFromU8, unzipSync } from 'fflate';
import type { IngredientCategory } from '@/shared/schemas/ingredient';
import { toSearchKey } from '../search/search-text';

/**
 * What a dataset says about its ingredients, for the ones the catalogue lacks: Bar Assistant's recipes carry each
 * ingredient's strength (% ABV) and category, and its ingredient files (data/ingredients/<id>/data.json) the parent
 * (`_parent_id`) as well. Other formats say nothing, and a name alone gives an estimate ({@link guessFromName}).
 */

/** One ingredient as a dataset describes it. */
export interface IngredientHint {
  name: string;
  /** % ABV, or null when not given. */
  abv: number | null;
  /** The catalogue category of the dataset's category, or null when not given. */
  category: IngredientCategory | null;
  /** The name of its parent in the dataset, or null. */
  parentName: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Bar Assistant's ingredient categories (data/base_ingredient_categories.json) as the catalogue's. */
const BAR_ASSISTANT_CATEGORIES: Readonly<Record<string, IngredientCategory>> = {
  spirits: 'Spirits',
  liqueurs: 'Liqueurs',
  'crème de': 'Liqueurs',
  'creme de': 'Liqueurs',
  amaro: 'Liqueurs',
  juices: 'Juices',
  'fruits and vegetables': 'Fruit & produce',
  syrups: 'Syrups',
  wines: 'Wine',
  'fortified wine': 'Fortified wine',
  bitters: 'Bitters',
  beverages: 'Mixers',
  spices: 'Herbs & spices',
};

/**
 * Estimates from an ingredient's name, the first match winning: [pattern, category, % ABV]. The strengths are the
 * usual bottlings of each kind (a spirit 40 %, a liqueur 25 %, a fortified wine 17 %, a wine 12 %, a beer 5 %).
 */
const NAME_GUESSES: readonly (readonly [RegExp, IngredientCategory, number])[] = [
  [/\b(?:ginger (?:ale|beer)|root beer|soda|tonic|cola|lemonade|water|coffee|espresso|tea)\b/, 'Mixers', 0],
  [/\b(?:egg|cream|milk|butter|yogh?urt)\b/, 'Dairy & egg', 0],
  [/\bbitters?\b/, 'Bitters', 40],
  [/\b(?:liqueur|cr[eè]me de|schnapps|amaretto|triple sec|curacao|amaro)\b/, 'Liqueurs', 25],
  [/\b(?:vermouth|sherry|port|madeira|marsala|quinquina|aperitivo)\b/, 'Fortified wine', 17],
  [/\b(?:wine|champagne|prosecco|cava|sake|spumante)\b/, 'Wine', 12],
  [/\b(?:beer|cider|lager|ale|stout)\b/, 'Beer & cider', 5],
  [
    /\b(?:rum|rhum|ron|gin|vodka|whisk(?:e)?y|bourbon|tequila|mezcal|brandy|cognac|grappa|pisco|cacha[cç]a|arr?ack|arak|aquavit|akvavit|absinthe|spirit)\b/,
    'Spirits',
    40,
  ],
  [/\b(?:juice|pur[eé]e|nectar)\b/, 'Juices', 0],
  [/\b(?:syrup|cordial|grenadine|honey|orgeat|sugar)\b/, 'Syrups', 0],
  [
    /\b(?:mint|basil|leaf|leaves|spice|pepper|salt|cinnamon|nutmeg|clove|herb|cilantro|coriander)\b/,
    'Herbs & spices',
    0,
  ],
  [
    /\b(?:fruit|berry|berries|lime|lemon|orange|apple|peach|pineapple|banana|cherry|cucumber|ginger|kiwi|grape)/,
    'Fruit & produce',
    0,
  ],
];

/** The category and strength (% ABV) an ingredient's name suggests; Other at 0 % when it suggests nothing. */
export function guessFromName(name: string): { category: IngredientCategory; abv: number } {
  const key = toSearchKey(name);
  const hit = NAME_GUESSES.find(([pattern]) => pattern.test(key));
  return hit ? { category: hit[1], abv: hit[2] } : { category: 'Other', abv: 0 };
}

/** The catalogue category of a Bar Assistant category (case aside), or null for Uncategorized and unknown ones. */
export function categoryFromBarAssistant(category: string): IngredientCategory | null {
  return BAR_ASSISTANT_CATEGORIES[category.toLowerCase()] ?? null;
}

/** A hint from one Bar Assistant ingredient object (a recipe line's or an ingredient file's); null without a name. */
function hintOf(value: Json, namesById: ReadonlyMap<string, string>): IngredientHint | null {
  const name = textOf(value.name);
  if (!name) return null;
  const strength = typeof value.strength === 'number' && value.strength >= 0 && value.strength <= 100;
  const parentId = textOf(value._parent_id);
  return {
    name,
    abv: strength ? (value.strength as number) : null,
    category: categoryFromBarAssistant(textOf(value.category)),
    parentName: parentId ? (namesById.get(parentId) ?? null) : null,
  };
}

/** The hints of one parsed JSON document: a recipe's lines, a v4 wrapper's ingredient list, or an ingredient file. */
function hintsOfJson(value: unknown, namesById: ReadonlyMap<string, string>): IngredientHint[] {
  if (!isObject(value)) return [];
  const recipe = isObject(value.recipe) ? value.recipe : value;
  const objects: Json[] = [];
  for (const list of [recipe.ingredients, value.ingredients]) {
    if (Array.isArray(list)) objects.push(...list.filter(isObject).filter((item) => 'strength' in item));
  }
  if (typeof value.name === 'string' && 'strength' in value && !('instructions' in value)) objects.push(value);
  return objects.flatMap((item) => hintOf(item, namesById) ?? []);
}

/** The parsed JSON documents of a file: the file itself, or each .json of a zip; nothing for other content. */
function documentsOf(bytes: Uint8Array): unknown[] {
  const parse = (text: string) => {
    try {
      return [JSON.parse(text.replace(/^\uFEFF/, '')) as unknown];
    } catch {
      return [];
    }
  };
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    try {
      const files = unzipSync(bytes, {
        filter: (file) => file.name.endsWith('.json') && file.originalSize < 2_000_000,
      });
      return Object.values(files).flatMap((file) => parse(strFromU8(file)));
    } catch {
      return [];
    }
  }
  const text = new TextDecoder('utf-8').decode(bytes).trim();
  return /^[[{]/.test(text) ? parse(text) : [];
}

/**
 * Every ingredient hint in a set of files, keyed by the folded name (search-text.ts toSearchKey): parents named through
 * Bar Assistant's `_parent_id` (an `_id` of another ingredient in the same files). A name described twice keeps the
 * fields the first description lacks from the next.
 */
export function collectHints(files: readonly Uint8Array[]): Map<string, IngredientHint> {
  const documents = files.flatMap(documentsOf);
  const namesById = new Map<string, string>();
  for (const doc of documents) {
    const items = isObject(doc) ? [doc, ...(Array.isArray(doc.ingredients) ? doc.ingredients : [])] : [];
    for (const item of items) {
      if (isObject(item) && textOf(item._id) && textOf(item.name)) namesById.set(textOf(item._id), textOf(item.name));
    }
  }
  const hints = new Map<string, IngredientHint>();
  for (const doc of documents) {
    for (const hint of hintsOfJson(doc, namesById)) {
      const key = toSearchKey(hint.name);
      const known = hints.get(key);
      if (!known) hints.set(key, hint);
      else {
        known.abv ??= hint.abv;
        known.category ??= hint.category;
        known.parentName ??= hint.parentName;
      }
    }
  }
  return hints;
}
