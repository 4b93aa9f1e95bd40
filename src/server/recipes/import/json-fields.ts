/**
 * Looking up a recipe's fields in JSON as community collections spell them: keys folded ('Recipe_Name' is
 * 'recipename'), and the key lists each field goes by.
 */

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries of `value` when it is a list, else `value` alone. */
export const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** A key folded for lookup: lower case, letters and digits only ('Recipe_Name' and 'recipeName' are 'recipename'). */
export const foldKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The first of `keys` (folded) that `record` holds with a value other than null, under any spelling of the key. */
export function field(record: Json, keys: readonly string[]): unknown {
  const folded = new Map<string, unknown>();
  for (const [key, value] of Object.entries(record)) {
    const at = foldKey(key);
    if (value !== null && value !== undefined && !folded.has(at)) folded.set(at, value);
  }
  for (const key of keys) if (folded.has(key)) return folded.get(key);
  return undefined;
}

/** The keys community collections name a recipe's fields by, folded. */
export const NAME_KEYS = ['name', 'title', 'recipename', 'drinkname', 'cocktailname', 'strdrink', 'drink', 'cocktail'];
export const INGREDIENT_KEYS = [
  'ingredients',
  'ingredientlist',
  'ingredientslist',
  'recipeingredient',
  'recipeingredients',
];
export const STEP_KEYS = [
  'directions',
  'instructions',
  'steps',
  'method',
  'preparation',
  'procedure',
  'howto',
  'howtomake',
  'recipeinstructions',
  'strinstructions',
];
export const GLASS_KEYS = ['glass', 'glassware', 'glasstype', 'strglass', 'servein'];
export const AMOUNT_KEYS = ['quantity', 'amount', 'measure', 'qty', 'count', 'measurement'];
export const UNIT_KEYS = ['unit', 'units', 'measureunit', 'uom'];
export const LINE_NAME_KEYS = ['name', 'ingredient', 'item', 'product', 'ingredientname'];
/** Keys a collection wraps each recipe in (`{recipe: {...}}`) or its list of recipes in (`{cocktails: [...]}`). */
export const WRAPPER_KEYS = ['recipe', 'drink', 'cocktail'];
export const LIST_KEYS = ['recipes', 'cocktails', 'drinks', 'items', 'data', 'results', 'entries'];
