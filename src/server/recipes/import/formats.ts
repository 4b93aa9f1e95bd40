import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { parseLine } from '@/shared/domain/line-parse';
import { formatQuantity } from '@/shared/domain/line-format';
import {
  readLines,
  recipeOf,
  refusalOf,
  text,
  textList,
  type ImportFormat,
  type ImportRead,
  type ImportedRecipe,
  type ImportRefusal,
} from './imported-recipe';

/**
 * Readers of the formats bartenders keep recipes in, each turning an upload into ImportedRecipes, and the detection of
 * the format from the content alone (never from a file name): a zip (Bar Assistant's datapack), JSON (Bar Assistant's
 * recipe schema, schema.org Recipe JSON-LD, TheCocktailDB's lookup answers, flat records as community collections keep
 * them), HTML (the JSON-LD blocks a recipe page carries), CSV with a header (the IBA list's two layouts) and plain text.
 * See docs/recipes.md "Import".
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries of `value` when it is a list, else `value` alone. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** A key folded for lookup: lower case, letters and digits only ('Recipe_Name' and 'recipeName' are 'recipename'). */
const foldKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The first of `keys` (folded) that `record` holds with a value other than null, under any spelling of the key. */
function field(record: Json, keys: readonly string[]): unknown {
  const folded = new Map<string, unknown>();
  for (const [key, value] of Object.entries(record)) {
    const at = foldKey(key);
    if (value !== null && value !== undefined && !folded.has(at)) folded.set(at, value);
  }
  for (const key of keys) if (folded.has(key)) return folded.get(key);
  return undefined;
}

/** The keys community collections name a recipe's fields by, folded. */
const NAME_KEYS = ['name', 'title', 'recipename', 'drinkname', 'cocktailname', 'strdrink', 'drink', 'cocktail'];
const INGREDIENT_KEYS = ['ingredients', 'ingredientlist', 'ingredientslist', 'recipeingredient', 'recipeingredients'];
const STEP_KEYS = [
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
const GLASS_KEYS = ['glass', 'glassware', 'glasstype', 'strglass', 'servein'];
const AMOUNT_KEYS = ['quantity', 'amount', 'measure', 'qty', 'count', 'measurement'];
const UNIT_KEYS = ['unit', 'units', 'measureunit', 'uom'];
const LINE_NAME_KEYS = ['name', 'ingredient', 'item', 'product', 'ingredientname'];
/** Keys a collection wraps each recipe in (`{recipe: {...}}`) or its list of recipes in (`{cocktails: [...]}`). */
const WRAPPER_KEYS = ['recipe', 'drink', 'cocktail'];
const LIST_KEYS = ['recipes', 'cocktails', 'drinks', 'items', 'data', 'results', 'entries'];

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
function recipeNodes(value: unknown, found: Json[] = [], depth = 0): Json[] {
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
function readJsonLd(node: Json): ImportedRecipe {
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
function jsonLdBlocks(html: string): unknown[] {
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
function readCocktailDb(drink: Json): ImportedRecipe {
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

/**
 * Where a second metric or oz amount opens inside one line of a cell ('30 ml Vodka Citron 20 ml Triple Sec'): after a word,
 * not after 'to', 'or', 'and' or 'of' ('2 to 3 oz', 'juice of 2 ...'), before a number (whole, decimal or with a fraction)
 * and its measure.
 */
const NEXT_MEASURE =
  /(?<=[\p{L})])(?<!\b(?:to|or|and|of))\s+(?=\d+(?:[.,]\d+)?(?:\s+\d+\/\d+|\/\d+)?\s*(?:ml|cl|oz)\b)/giu;

/** How a note after a comma opens, as against another ingredient. */
const NOTE_AFTER_COMMA =
  /^\s*(?:preferably|ideally|optional|optionally|for\b|to taste|to top|chilled|cut\b|sliced|muddled|about|approx|plus|such as|e\.g|like\b|if\b|whipped|beaten|freshly|finely|torn|divided|room temperature)/i;

/**
 * Splits a CSV cell of ingredient lines ('45 ml Vodka,90 ml Tomato Juice', one a line, or several on one line with no
 * separator): at line breaks, semicolons, bars and commas outside parentheses (not at a comma before a note), then
 * where a second amount opens. A cell written as a list (`["2 oz gin", '1 oz lime']`) is read as its entries.
 */
function cellLines(cell: string): string[] {
  const listed = /^\[(.*)\]$/s.exec(cell.trim());
  if (listed) {
    const entries = [...listed[1]!.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1] ?? m[2] ?? '');
    if (entries.length > 0) return entries.map((entry) => entry.trim()).filter(Boolean);
  }
  const lines: string[] = [];
  let depth = 0;
  let current = '';
  for (let at = 0; at < cell.length; at += 1) {
    const char = cell[at]!;
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    // A comma before a note ('1 oz rum, preferably aged') keeps the note on its line.
    const parts = depth === 0 && /[,;|\n]/.test(char) && !(char === ',' && NOTE_AFTER_COMMA.test(cell.slice(at + 1)));
    if (parts) {
      lines.push(current);
      current = '';
    } else current += char;
  }
  lines.push(current);
  return lines
    .flatMap((line) => line.split(NEXT_MEASURE))
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * CSV with a header: one recipe a row (a name, its ingredients in one cell, ...), TheCocktailDB's columns
 * (`strDrink`, `strIngredient1`, `strMeasure1`...) or one ingredient line a row, grouped by the recipe's name. Columns
 * are found under any spelling of their names ('Drink Name', 'recipe_name'), the delimiter from the content.
 */
function readCsv(source: string): ImportedRecipe[] {
  const parsed = Papa.parse<Record<string, string>>(source.trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (header) => header.trim(),
  });
  const rows: Json[] = parsed.data.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === 'NA' ? '' : text(value)])),
  );
  const fields = (parsed.meta.fields ?? []).map(foldKey);
  const cell = (row: Json, keys: readonly string[]) => text(field(row, keys));
  if (fields.includes('stringredient1')) return rows.map(readCocktailDb);
  const perLine =
    fields.includes('ingredientdirection') ||
    (fields.some((key) => ['ingredient', 'ingredientname', 'item'].includes(key)) &&
      !fields.some((key) => INGREDIENT_KEYS.includes(key)));
  const fieldsOf = (row: Json): Partial<ImportedRecipe> => ({
    tags: textList(field(row, ['category', 'tags', 'categories'])),
    instructions: cell(row, STEP_KEYS),
    description: cell(row, ['description']),
    glass: cell(row, GLASS_KEYS),
    method: cell(row, ['technique']),
    garnish: cell(row, ['garnish', 'garnishes']),
  });
  if (perLine) {
    const byName = new Map<string, { lines: string[]; row: Json }>();
    for (const row of rows) {
      const name = cell(row, NAME_KEYS);
      let entry = byName.get(name);
      if (!entry) byName.set(name, (entry = { lines: [], row }));
      const direction = cell(row, ['ingredientdirection']);
      const note = cell(row, ['note', 'notes']);
      entry.lines.push(
        direction ||
          `${cell(row, AMOUNT_KEYS)} ${cell(row, UNIT_KEYS)} ${cell(row, ['ingredient', 'ingredientname', 'item'])}${note ? `, ${note}` : ''}`,
      );
    }
    return [...byName].map(([name, { lines, row }]) => recipeOf(name, readLines(lines), fieldsOf(row)));
  }
  return rows.map((row) =>
    recipeOf(cell(row, NAME_KEYS), readLines(cellLines(cell(row, INGREDIENT_KEYS))), {
      ...fieldsOf(row),
      method: '',
    }),
  );
}

/**
 * How a pasted ingredient line begins: a number or fraction, or a measure said in words ('a dash of', 'top with',
 * 'juice of'). A name ending in a number ('French 75', 'Highball 2') does not.
 */
const OPENS_WITH_AMOUNT =
  /^(?:[-*•]\s*)?(?:\d|[¼½¾⅓⅔⅛⅜⅝⅞]|(?:an?|one|few)\s+(?:dash|splash|pinch|drop|barspoon|bar spoon|sprig|slice|wedge|twist|shot|drops|dashes)\b|top\b|fill\b|juice of\b|rinse\b|splash\b|pinch\b|dash\b)/i;

/** True when a pasted line reads as an ingredient: it opens with an amount, is a top-up or rinse, or names a garnish. */
function isIngredientLine(line: string): boolean {
  const parsed = parseLine(line);
  if (parsed === null || parsed.ingredient === '') return false;
  return OPENS_WITH_AMOUNT.test(line.trim()) || parsed.garnish || ['top', 'rinse'].includes(parsed.unit);
}

/**
 * Plain text pasted from anywhere: a recipe is a name line, its ingredient lines, then its method; recipes are apart by
 * a blank line. A block after a blank line that opens with an ingredient line, or holds only a method while the recipe
 * before it has none, belongs to that recipe.
 */
function readText(source: string): ImportedRecipe[] {
  const recipes: ImportedRecipe[] = [];
  for (const block of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const rows = block
      .split('\n')
      .map((row) => row.trim())
      .filter(Boolean);
    if (rows.length === 0) continue;
    const current = recipes.at(-1);
    // A block opening with an ingredient continues the recipe before it, and so does a method with no ingredient in it.
    const methodOnly = !rows.some(isIngredientLine) && current !== undefined && !current.instructions;
    const continues = current !== undefined && (isIngredientLine(rows[0]!) || methodOnly);
    const name = continues ? null : rows.shift()!.replace(/:$/, '');
    const target = continues ? current : recipeOf(name ?? '', []);
    const method: string[] = target.instructions ? [target.instructions] : [];
    for (const row of rows) {
      if (method.length === 0 && isIngredientLine(row)) target.lines.push(...readLines([row]));
      else if (/^garnish\b/i.test(row) && !target.garnish)
        target.garnish = row.replace(/^garnish\s*(?:with)?\s*:?\s*/i, '');
      else method.push(row);
    }
    target.instructions = method.join('\n');
    if (!continues) recipes.push(target);
  }
  return recipes;
}

/** A Markdown heading: its level and text. */
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
/** A heading or label naming a part of a recipe rather than a recipe ('### Ingredients', 'Method:'). */
const SECTION =
  /^(?:(ingredients?|what you need|you will need)|(method|instructions?|directions?|preparation|steps|how to make( it)?)|(garnish(?:es)?)|(glass(?:ware)?)|(notes?|variations?|tips?|history|story))\s*:?$/i;
/** A list item's marker ('- ', '* ', '• ', '1. '). */
const BULLET = /^(?:[-*+•]|\d+[.)])\s+/;
/** Markdown's emphasis marks taken off a text. */
const plain = (line: string) => line.replace(/\*\*|__|`/g, '').trim();

/** The section a heading or label names, or null when it names none. */
function sectionOf(label: string): 'ingredients' | 'method' | 'garnish' | 'glass' | 'notes' | null {
  const match = SECTION.exec(plain(label));
  if (!match) return null;
  return match[1] ? 'ingredients' : match[2] ? 'method' : match[4] ? 'garnish' : match[5] ? 'glass' : 'notes';
}

/** True when `source` is a Markdown document of recipes: at least two headings that name no section. */
function isMarkdown(source: string): boolean {
  let headings = 0;
  for (const line of source.split('\n')) {
    const match = HEADING.exec(line.trim());
    if (match && sectionOf(match[2]!) === null) headings += 1;
  }
  return headings >= 2;
}

/**
 * A Markdown recipe book: a recipe under each heading of the level recipes are at (the first level headed twice;
 * a book's title above them is not a recipe), its list items its ingredients until the method begins, 'Ingredients'
 * and 'Method' headings or labels parting them, 'Glass:' and 'Garnish:' labels its fields.
 */
function readMarkdown(source: string): ImportedRecipe[] {
  const rows = source.replace(/\r\n?/g, '\n').split('\n');
  const counts = new Map<number, number>();
  for (const row of rows) {
    const match = HEADING.exec(row.trim());
    if (match && sectionOf(match[2]!) === null) counts.set(match[1]!.length, (counts.get(match[1]!.length) ?? 0) + 1);
  }
  const level = [...counts].sort((a, b) => a[0] - b[0]).find(([, count]) => count >= 2)?.[0] ?? 1;
  const recipes: ImportedRecipe[] = [];
  let current: ImportedRecipe | null = null;
  let section: ReturnType<typeof sectionOf> = null;
  const method: string[][] = [];
  for (const raw of rows) {
    const row = raw.trim();
    if (!row) continue;
    const heading = HEADING.exec(row);
    if (heading) {
      const depth = heading[1]!.length;
      const named = sectionOf(heading[2]!);
      if (named === null && depth === level) {
        current = recipeOf(plain(heading[2]!).replace(/:$/, ''), []);
        recipes.push(current);
        method.push([]);
        section = null;
      } else if (named === null && depth < level) current = null;
      else section = named;
      continue;
    }
    if (!current) continue;
    const steps = method.at(-1)!;
    const bullet = /^[-*+•]\s/.test(row);
    const line = plain(row.replace(BULLET, ''));
    const label = /^([^:]{2,24}):\s*(.*)$/.exec(line);
    const labelled = label ? sectionOf(label[1]!) : null;
    if (label && labelled) {
      section = labelled;
      const value = label[2]!.trim();
      if (!value) continue;
      if (labelled === 'glass') current.glass ||= value;
      else if (labelled === 'garnish') current.garnish ||= value.replace(/^with\s+/i, '');
      else if (labelled === 'method') steps.push(value);
      else if (labelled === 'ingredients') current.lines.push(...readLines(cellLines(value)));
      continue;
    }
    // A paragraph after the list of an 'Ingredients' part is the method, when it reads as none.
    if (section === 'ingredients' && !bullet && current.lines.length > 0 && !isIngredientLine(line)) section = 'method';
    if (section === 'glass') current.glass ||= line;
    else if (section === 'garnish') current.garnish ||= line;
    else if (section === 'notes') continue;
    else if (
      section === 'ingredients' ||
      (section === null && steps.length === 0 && (bullet || isIngredientLine(line)))
    ) {
      if (/^garnish\b/i.test(line) && !current.garnish)
        current.garnish = line.replace(/^garnish\s*(?:with)?\s*:?\s*/i, '');
      else current.lines.push(...readLines([line]));
    } else steps.push(line);
  }
  recipes.forEach((recipe, index) => (recipe.instructions = method[index]!.join('\n')));
  return recipes;
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
function readJson(value: unknown): { format: ImportFormat; recipes: ImportedRecipe[] } | null {
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

/** The recipes of a zip (Bar Assistant's datapack: every `.json` holding a recipe; ingredient files are skipped). */
function readZip(bytes: Uint8Array): ImportedRecipe[] {
  const files = unzipSync(bytes, { filter: (file) => file.name.endsWith('.json') && file.originalSize < 2_000_000 });
  const recipes: ImportedRecipe[] = [];
  for (const name of Object.keys(files).sort()) {
    try {
      const read = readJson(JSON.parse(strFromU8(files[name]!)));
      if (read) recipes.push(...read.recipes);
    } catch {
      // A file that is not JSON (or not a recipe) is not part of the recipes.
    }
  }
  return recipes;
}

/** Thrown when an upload is in no format Barback reads. */
export class UnreadableImportError extends Error {
  override name = 'UnreadableImportError';
}

/**
 * Reads an upload, detecting its format from the content: a zip by its signature, JSON when it parses, HTML when it
 * holds a JSON-LD block, CSV when its first line is a header naming `name` and ingredients, plain text otherwise.
 * Each recipe without a name or an ingredient is refused with its reason; the others are answered in upload order.
 * @throws UnreadableImportError when nothing in the upload reads as a recipe in any format.
 */
export function readImport(bytes: Uint8Array): ImportRead {
  let format: ImportFormat;
  let recipes: ImportedRecipe[];
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    format = 'bar-assistant-zip';
    try {
      recipes = readZip(bytes);
    } catch {
      throw new UnreadableImportError('The zip file could not be opened.');
    }
  } else {
    const source = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
    const trimmed = source.trim();
    let json: unknown;
    let isJson = false;
    if (/^[[{]/.test(trimmed)) {
      try {
        json = JSON.parse(trimmed);
        isJson = true;
      } catch {
        isJson = false;
      }
    }
    const fromJson = isJson ? readJson(json) : null;
    const blocks = !isJson && /<script/i.test(trimmed) ? jsonLdBlocks(trimmed) : [];
    const firstLine = trimmed.split('\n', 1)[0]?.toLowerCase() ?? '';
    if (fromJson) ({ format, recipes } = fromJson);
    else if (isJson) throw new UnreadableImportError('The JSON holds no recipe in a format Barback reads.');
    else if (blocks.length > 0) {
      format = 'json-ld';
      recipes = recipeNodes(blocks).map(readJsonLd);
    } else if (/^<|<html|<body/i.test(trimmed)) {
      throw new UnreadableImportError('The page holds no schema.org Recipe.');
    } else if (
      /name|title|drink|cocktail/.test(firstLine) &&
      /[,;\t]/.test(firstLine) &&
      /ingredient/.test(firstLine)
    ) {
      format = 'csv';
      recipes = readCsv(trimmed);
    } else {
      format = 'text';
      recipes = isMarkdown(trimmed) ? readMarkdown(trimmed) : readText(trimmed);
    }
  }
  const accepted: ImportedRecipe[] = [];
  const refusals: ImportRefusal[] = [];
  recipes.forEach((recipe, index) => {
    const reason = refusalOf(recipe);
    if (reason) refusals.push({ index, name: recipe.name || null, reason });
    else accepted.push(recipe);
  });
  if (accepted.length === 0 && refusals.length === 0) {
    throw new UnreadableImportError('Nothing in the upload reads as a recipe.');
  }
  return { format, recipes: accepted, refusals };
}
