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
    const ingredient = text(drink[`strIngredient${n}`]);
    if (!ingredient) continue;
    texts.push(`${text(drink[`strMeasure${n}`])} ${ingredient}`.trim());
  }
  return recipeOf(text(drink.strDrink), readLines(texts), {
    instructions: text(drink.strInstructions),
    glass: text(drink.strGlass),
    tags: [...textList(drink.strTags), ...textList(drink.strCategory)],
    source: text(drink.idDrink) ? `TheCocktailDB #${text(drink.idDrink)}` : null,
  });
}

/** A flat record's ingredient entry as a line: a text, or `{quantity|measure|amount, unit?, name|ingredient}`. */
function recordLine(entry: unknown): string {
  if (!isObject(entry)) return text(entry);
  const amount = text(entry.quantity ?? entry.measure ?? entry.amount ?? entry.qty);
  const unit = text(entry.unit ?? entry.units);
  const name = text(entry.name ?? entry.ingredient ?? entry.item);
  return `${amount} ${unit} ${name}`.replace(/\s+/g, ' ').trim();
}

/** One flat record (`name`/`title`, `ingredients`, `directions`/`instructions`/`steps`/`method`, `glass`, `garnish`). */
function readRecord(record: Json): ImportedRecipe {
  const steps = record.directions ?? record.instructions ?? record.steps ?? record.method ?? record.preparation;
  return recipeOf(text(record.name ?? record.title), readLines(listOf(record.ingredients).map(recordLine)), {
    description: text(record.description),
    instructions: Array.isArray(steps) ? steps.map(text).filter(Boolean).join('\n') : text(steps),
    glass: text(record.glass ?? record.glassware),
    garnish: text(record.garnish),
    tags: textList(record.tags ?? record.category),
    source: text(record.source ?? record.url) || null,
  });
}

/** True when a JSON record looks like a recipe of some collection: a name or title and a list of ingredients. */
function isRecord(value: Json): boolean {
  return (typeof value.name === 'string' || typeof value.title === 'string') && Array.isArray(value.ingredients);
}

/**
 * Where a second metric or oz amount opens inside one line of a cell ('30 ml Vodka Citron 20 ml Triple Sec'): after a word,
 * not after 'to', 'or', 'and' or 'of' ('2 to 3 oz', 'juice of 2 ...'), before a number (whole, decimal or with a fraction)
 * and its measure.
 */
const NEXT_MEASURE =
  /(?<=[\p{L})])(?<!\b(?:to|or|and|of))\s+(?=\d+(?:[.,]\d+)?(?:\s+\d+\/\d+|\/\d+)?\s*(?:ml|cl|oz)\b)/giu;

/**
 * Splits a CSV cell of ingredient lines ('45 ml Vodka,90 ml Tomato Juice', one a line, or several on one line with no
 * separator): at commas, semicolons and line breaks outside parentheses, then where a second amount opens.
 */
function cellLines(cell: string): string[] {
  const lines: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of cell) {
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && /[,;\n]/.test(char)) {
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

/** CSV with a header: one recipe a row (`name`, `ingredients`, ...) or one ingredient line a row, grouped by `name`. */
function readCsv(source: string): ImportedRecipe[] {
  const parsed = Papa.parse<Record<string, string>>(source.trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const rows = parsed.data.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === 'NA' ? '' : text(value)])),
  );
  const fields = parsed.meta.fields ?? [];
  const perLine =
    fields.includes('ingredient_direction') || (fields.includes('ingredient') && !fields.includes('ingredients'));
  if (perLine) {
    const byName = new Map<string, { lines: string[]; row: Record<string, string> }>();
    for (const row of rows) {
      const name = row.name ?? '';
      let entry = byName.get(name);
      if (!entry) byName.set(name, (entry = { lines: [], row }));
      entry.lines.push(row.ingredient_direction || `${row.quantity ?? ''} ${row.unit ?? ''} ${row.ingredient ?? ''}`);
    }
    return [...byName].map(([name, { lines, row }]) =>
      recipeOf(name, readLines(lines), {
        tags: textList(row.category),
        instructions: row.method ?? '',
        description: row.description ?? '',
        glass: row.glass ?? '',
        method: row.technique ?? '',
        garnish: row.garnish ?? '',
      }),
    );
  }
  return rows.map((row) =>
    recipeOf(row.name ?? row.title ?? '', readLines(cellLines(row.ingredients ?? '')), {
      description: row.description ?? '',
      instructions: row.method ?? row.instructions ?? row.directions ?? '',
      glass: row.glass ?? '',
      garnish: row.garnish ?? '',
      tags: textList(row.category ?? row.tags),
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

/** The recipes of a parsed JSON document, and its format; null when it is none of the JSON formats. */
function readJson(value: unknown): { format: ImportFormat; recipes: ImportedRecipe[] } | null {
  if (isObject(value) && Array.isArray(value.drinks)) {
    return { format: 'cocktaildb', recipes: value.drinks.filter(isObject).map(readCocktailDb) };
  }
  const items = listOf(isObject(value) && Array.isArray(value.recipes) ? value.recipes : value).filter(isObject);
  if (items.length > 0 && items.every(isBarAssistant)) {
    return { format: 'bar-assistant', recipes: items.map(readBarAssistant) };
  }
  const nodes = recipeNodes(value);
  if (nodes.length > 0) return { format: 'json-ld', recipes: nodes.map(readJsonLd) };
  if (items.length > 0 && items.some((item) => typeof item.strDrink === 'string')) {
    return { format: 'cocktaildb', recipes: items.map(readCocktailDb) };
  }
  if (items.length > 0 && items.every(isRecord)) return { format: 'json-records', recipes: items.map(readRecord) };
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
    } else if (/\bname\b/.test(firstLine) && /,/.test(firstLine) && /ingredient/.test(firstLine)) {
      format = 'csv';
      recipes = readCsv(trimmed);
    } else {
      format = 'text';
      recipes = readText(trimmed);
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
