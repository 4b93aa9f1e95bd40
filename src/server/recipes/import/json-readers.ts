import { formatQuantity } from '@/shared/domain/line-format';
import { readLines, recipeOf, text, textList, type ImportFormat, type ImportedRecipe } from './imported-recipe';
import { cellLines } from './cell-lines';
import {
  type Json,
  AMOUNT_KEYS,
  field,
  GLASS_KEYS,
  INGREDIENT_KEYS,
  isObject,
  LINE_NAME_KEYS,
  LIST_KEYS,
  listOf,
  NAME_KEYS,
  STEP_KEYS,
  UNIT_KEYS,
  WRAPPER_KEYS,
} from './json-fields';

/**
 * The JSON formats of an import: Bar Assistant's recipe schema, schema.org Recipe JSON-LD (also as a page's blocks),
 * TheCocktailDB's lookup answers and flat records as community collections keep them (docs/recipes.md "Import").
 */

/** A Bar Assistant unit word as our line reader reads it ('top up' -> 'top up with'). */
function barAssistantLine(line: Json, name: string): string {
  const units = text(line.units);
  const amount = typeof line.amount === 'number' && line.amount > 0 ? formatQuantity(line.amount) : '';
  const max = typeof line.amount_max === 'number' && line.amount_max > 0 ? `-${formatQuantity(line.amount_max)}` : '';
  if (/^top( up)?$|^fill( up)?$/i.test(units)) return `${amount ? `${amount} ml ` : ''}${name}, to top`;
  const note = text(line.note);
  const optional = line.optional === true ? ' (optional)' : '';
  return `${amount}${max} ${units} ${name}${optional}${note ? `, ${note}` : ''}`.replace(/\s+/g, ' ').trim();
}

/** One Bar Assistant recipe (schema v4: `{recipe, ingredients}`, or the recipe object itself, as a datapack holds it). */
function readBarAssistant(value: Json): ImportedRecipe {
  const recipe = isObject(value.recipe) ? value.recipe : value;
  const names = new Map<string, string>();
  for (const ingredient of listOf(value.ingredients)) {
    if (isObject(ingredient) && text(ingredient._id)) names.set(text(ingredient._id), text(ingredient.name));
  }
  const nameOf = (line: Json) =>
    text(line.name) ||
    names.get(text(line._id)) ||
    text(line._id)
      .replace(/-/g, ' ')
      .replace(/^./, (c) => c.toUpperCase());
  const lines = listOf(recipe.ingredients)
    .filter(isObject)
    .sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0));
  const parsed = readLines(lines.map((line) => barAssistantLine(line, nameOf(line))));
  // Substitutes named by the recipe line become the line's alternatives.
  lines.forEach((line, index) => {
    const target = parsed[index];
    if (!target) return;
    for (const substitute of listOf(line.substitutes)) {
      if (isObject(substitute)) target.alternatives.push(nameOf(substitute));
    }
  });
  return recipeOf(text(recipe.name), parsed, {
    description: text(recipe.description),
    instructions: text(recipe.instructions),
    glass: text(recipe.glass),
    method: text(recipe.method),
    garnish: text(recipe.garnish),
    tags: textList(recipe.tags),
    source: text(recipe.source) || null,
  });
}

/** True when `value` has the keys of a Bar Assistant recipe (or its v4 wrapper). */
function isBarAssistant(value: Json): boolean {
  const recipe = isObject(value.recipe) ? value.recipe : value;
  return (
    typeof recipe.instructions === 'string' &&
    typeof recipe.name === 'string' &&
    Array.isArray(recipe.ingredients) &&
    recipe.ingredients.some((line) => isObject(line) && ('units' in line || '_id' in line))
  );
}

/** True when `node` is a schema.org Recipe (its `@type` names Recipe, alone or in a list). */
function isRecipeNode(node: Json): boolean {
  return listOf(node['@type']).some((type) => typeof type === 'string' && /(?:^|[/:])Recipe$/.test(type));
}

/** Every Recipe node in a JSON-LD document: at its top, in `@graph`, in lists, and under `mainEntity` or other keys. */
export function recipeNodes(value: unknown, found: Json[] = [], depth = 0): Json[] {
  if (depth > 8) return found;
  if (Array.isArray(value)) {
    for (const item of value) recipeNodes(item, found, depth + 1);
  } else if (isObject(value)) {
    if (isRecipeNode(value)) found.push(value);
    else for (const child of Object.values(value)) if (typeof child === 'object') recipeNodes(child, found, depth + 1);
  }
  return found;
}

/** A Recipe's instructions as text: a text, a list of texts, HowToSteps or HowToSections. */
function instructionsOf(value: unknown): string {
  if (typeof value === 'string') return text(value.replace(/<[^>]+>/g, ' '));
  const steps: string[] = [];
  for (const item of listOf(value)) {
    if (typeof item === 'string') steps.push(text(item));
    else if (isObject(item)) {
      if (item.itemListElement !== undefined) steps.push(instructionsOf(item.itemListElement));
      else steps.push(text(item.text) || text(item.name));
    }
  }
  return steps.filter(Boolean).join('\n');
}

/** One schema.org Recipe. */
export function readJsonLd(node: Json): ImportedRecipe {
  const keywords = Array.isArray(node.keywords) ? textList(node.keywords) : textList(node.keywords);
  const source = text(node.url) || (isObject(node.author) ? text(node.author.name) : text(node.author)) || null;
  return recipeOf(text(node.name), readLines(textList(node.recipeIngredient ?? node.ingredients)), {
    description: text(node.description),
    instructions: instructionsOf(node.recipeInstructions),
    tags: [...new Set([...textList(node.recipeCategory), ...keywords])],
    source,
  });
}

/** The JSON-LD blocks of an HTML page, parsed (a block that is not JSON is skipped). */
export function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  const pattern = /<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    try {
      blocks.push(JSON.parse(match[1] ?? ''));
    } catch {
      // A broken block says nothing; the page may hold others.
    }
  }
  return blocks;
}

/** One drink of TheCocktailDB's lookup answer (`strIngredient1..15`, `strMeasure1..15`). */
export function readCocktailDb(drink: Json): ImportedRecipe {
  const texts: string[] = [];
  for (let n = 1; n <= 15; n += 1) {
    const ingredient = text(field(drink, [`stringredient${n}`]));
    if (!ingredient) continue;
    texts.push(`${text(field(drink, [`strmeasure${n}`]))} ${ingredient}`.trim());
  }
  const id = text(field(drink, ['iddrink']));
  return recipeOf(text(field(drink, ['strdrink', ...NAME_KEYS])), readLines(texts), {
    instructions: text(field(drink, ['strinstructions', ...STEP_KEYS])),
    glass: text(field(drink, GLASS_KEYS)),
    tags: [...textList(field(drink, ['strtags'])), ...textList(field(drink, ['strcategory']))],
    source: id ? `TheCocktailDB #${id}` : null,
  });
}

/** A flat record's ingredient entry as a line: a text, or `{quantity|measure|amount|qty, unit?, name|ingredient}`. */
function recordLine(entry: unknown): string {
  if (!isObject(entry)) return text(entry);
  const amount = text(field(entry, AMOUNT_KEYS));
  const unit = text(field(entry, UNIT_KEYS));
  const name = text(field(entry, LINE_NAME_KEYS));
  const optional = entry.optional === true && !/\boptional\b/i.test(name) ? ' (optional)' : '';
  return `${amount} ${unit} ${name}${optional}`.replace(/\s+/g, ' ').trim();
}

/** A record's ingredients as lines: a list of texts or entries, an object of name to measure, or one text of lines. */
function recordLines(value: unknown): string[] {
  if (typeof value === 'string') return cellLines(value);
  if (isObject(value) && !LINE_NAME_KEYS.some((key) => field(value, [key]) !== undefined)) {
    return Object.entries(value).map(([name, measure]) => `${text(measure)} ${name}`.trim());
  }
  return listOf(value).map(recordLine);
}

/** A record itself, out of the wrapper some collections keep each recipe in (`{recipe: {...}, id}`). */
function unwrapRecord(value: Json): Json {
  if (typeof field(value, NAME_KEYS) === 'string' && field(value, INGREDIENT_KEYS) !== undefined) return value;
  for (const key of WRAPPER_KEYS) {
    const inner = field(value, [key]);
    if (isObject(inner)) return { ...value, ...inner };
  }
  return value;
}

/** Steps as text: a text, or a list of texts or of `{text}` steps. */
const stepsText = (steps: unknown): string =>
  Array.isArray(steps)
    ? steps
        .map((step) => (isObject(step) ? text(step.text) : text(step)))
        .filter(Boolean)
        .join('\n')
    : text(steps);

/** One flat record (`name`/`title`, `ingredients`, `directions`/`instructions`/`steps`/`method`, `glass`, `garnish`). */
function readRecord(value: Json): ImportedRecipe {
  const record = unwrapRecord(value);
  return recipeOf(text(field(record, NAME_KEYS)), readLines(recordLines(field(record, INGREDIENT_KEYS))), {
    description: text(record.description),
    instructions: stepsText(field(record, STEP_KEYS)),
    glass: text(field(record, GLASS_KEYS)),
    garnish: text(field(record, ['garnish', 'garnishes'])),
    tags: textList(field(record, ['tags', 'category', 'categories'])),
    source: text(record.source ?? record.url) || null,
  });
}

/** True when a JSON record looks like a recipe of some collection: a name or title and its ingredients. */
function isRecord(value: Json): boolean {
  const record = unwrapRecord(value);
  const ingredients = field(record, INGREDIENT_KEYS);
  return (
    typeof field(record, NAME_KEYS) === 'string' &&
    (Array.isArray(ingredients) || isObject(ingredients) || typeof ingredients === 'string')
  );
}

/** A collection kept as an object of recipes by name (`{"Negroni": {ingredients, method}}`), as records named. */
function keyedRecords(value: Json): Json[] | null {
  const entries = Object.entries(value);
  if (entries.length === 0) return null;
  const records = entries.map(([name, entry]) =>
    isObject(entry) && field(entry, INGREDIENT_KEYS) !== undefined
      ? typeof field(entry, NAME_KEYS) === 'string'
        ? entry
        : { name, ...entry }
      : Array.isArray(entry) && entry.every((line) => typeof line === 'string' || isObject(line))
        ? { name, ingredients: entry }
        : null,
  );
  return records.every((record) => record !== null) ? records : null;
}

/** The list of recipes a JSON document holds: itself when a list, else the first list under a known key, else itself. */
function jsonItems(value: unknown): Json[] {
  if (isObject(value)) {
    const list = field(value, LIST_KEYS);
    if (Array.isArray(list)) return list.filter(isObject);
  }
  return listOf(value).filter(isObject);
}

/** The recipes of a parsed JSON document, and its format; null when it is none of the JSON formats. */
export function readJson(value: unknown): { format: ImportFormat; recipes: ImportedRecipe[] } | null {
  const items = jsonItems(value);
  const hasStrDrink = (item: Json) => typeof field(item, ['strdrink']) === 'string';
  if (items.length > 0 && items.some(hasStrDrink)) {
    return { format: 'cocktaildb', recipes: items.map(readCocktailDb) };
  }
  if (items.length > 0 && items.every(isBarAssistant)) {
    return { format: 'bar-assistant', recipes: items.map(readBarAssistant) };
  }
  const nodes = recipeNodes(value);
  if (nodes.length > 0) return { format: 'json-ld', recipes: nodes.map(readJsonLd) };
  // A collection of records with an odd entry among them is still read: the odd one is refused with its reason.
  if (items.length > 0 && items.filter(isRecord).length * 2 >= items.length) {
    return { format: 'json-records', recipes: items.map(readRecord) };
  }
  const keyed = isObject(value) ? keyedRecords(value) : null;
  if (keyed && keyed.some(isRecord)) return { format: 'json-records', recipes: keyed.map(readRecord) };
  return null;
}
