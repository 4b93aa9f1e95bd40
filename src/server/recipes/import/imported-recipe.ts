import { parseLine, type ParsedLine } from '@/shared/domain/line-parse';

/**
 * A recipe as read from another app's or site's format, before its ingredients are resolved against the catalogue and
 * its fields mapped onto ours: what every format reader (formats.ts) answers.
 */
export interface ImportedRecipe {
  name: string;
  description: string;
  /** The ingredient lines, read by parseLine (line-parse.ts) whatever the format gave: text or fields. */
  lines: ParsedLine[];
  instructions: string;
  /** The glass, technique and garnish as the source wrote them (mapped onto our vocabularies later), or ''. */
  glass: string;
  method: string;
  garnish: string;
  tags: string[];
  /** Where the recipe came from (a URL or a book), as the source says, or null. */
  source: string | null;
}

/** A recipe a reader could not take, with the reason (its name when it has one). */
export interface ImportRefusal {
  /** 0-based position of the recipe in the upload. */
  index: number;
  name: string | null;
  reason: string;
}

/** The formats an upload is read in. */
export const IMPORT_FORMATS = [
  'bar-assistant',
  'bar-assistant-zip',
  'json-ld',
  'cocktaildb',
  'json-records',
  'csv',
  'text',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What reading an upload gives: its format, the recipes read and the ones refused. */
export interface ImportRead {
  format: ImportFormat;
  recipes: ImportedRecipe[];
  refusals: ImportRefusal[];
}

/** `value` as trimmed text ('' for anything that is not a string or a number). */
export function text(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n').trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** An array of the non-empty texts in `value` (a list, or one text split at commas). */
export function textList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text).filter(Boolean);
  const one = text(value);
  return one ? one.split(/\s*,\s*/).filter(Boolean) : [];
}

/** The ingredient lines of `texts`, each read by parseLine; lines that are not ingredients (headers, blanks) dropped. */
export function readLines(texts: readonly string[]): ParsedLine[] {
  return texts.map(parseLine).filter((line): line is ParsedLine => line !== null && line.ingredient !== '');
}

/** A recipe with every field at its empty value but the name and lines. */
export function recipeOf(name: string, lines: ParsedLine[], fields: Partial<ImportedRecipe> = {}): ImportedRecipe {
  return {
    name,
    description: '',
    lines,
    instructions: '',
    glass: '',
    method: '',
    garnish: '',
    tags: [],
    source: null,
    ...fields,
  };
}

/** Why `recipe` cannot be imported, or null when it can: it needs a name and at least one ingredient line. */
export function refusalOf(recipe: ImportedRecipe): string | null {
  if (!recipe.name) return 'The recipe has no name.';
  if (recipe.lines.length === 0) return 'The recipe names no ingredient.';
  return null;
}
