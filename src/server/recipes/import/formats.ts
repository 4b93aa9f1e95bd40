import { strFromU8, unzipSync } from 'fflate';
import {
  refusalOf,
  type ImportFormat,
  type ImportRead,
  type ImportedRecipe,
  type ImportRefusal,
} from './imported-recipe';
import { jsonLdBlocks, readJson, readJsonLd, recipeNodes } from './json-readers';
import { readCsv } from './table-reader';
import { isMarkdown, readMarkdown, readText } from './text-readers';

/**
 * Readers of the formats bartenders keep recipes in, each turning an upload into ImportedRecipes, and the detection of
 * the format from the content alone (never from a file name): a zip (Bar Assistant's datapack), JSON (Bar Assistant's
 * recipe schema, schema.org Recipe JSON-LD, TheCocktailDB's lookup answers, flat records as community collections keep
 * them), HTML (the JSON-LD blocks a recipe page carries), CSV with a header (the IBA list's two layouts) and plain text.
 * See docs/recipes.md "Import".
 */

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
