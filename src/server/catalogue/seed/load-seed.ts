import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import {
  seedCocktailSchema,
  seedIngredientSchema,
  type SeedCocktail,
  type SeedIngredient,
} from '@/shared/schemas/seed';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * Folder holding the seed files: ingredients.json and every cocktails-*.json. From source that is this module's folder;
 * in the compiled server (dist/server/main.js, one bundle) the build copies them to dist/server/seed beside it.
 */
export const SEED_DIR = existsSync(join(HERE, 'seed', 'ingredients.json')) ? join(HERE, 'seed') : HERE;

/** File name of the seed ingredient list. */
export const INGREDIENTS_FILE = 'ingredients.json';

/** The whole seed catalogue: ingredients and cocktails, both referenced by slug. */
export interface SeedCatalogue {
  ingredients: SeedIngredient[];
  /** Cocktails of every cocktails-*.json file, files in name order, entries in file order. */
  cocktails: SeedCocktail[];
}

/** Names of the cocktail seed files in `dir` (cocktails-*.json), sorted. */
export function listCocktailFiles(dir: string = SEED_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => /^cocktails-.+\.json$/.test(name))
    .sort();
}

function readJsonArray(dir: string, file: string): unknown[] {
  const path = join(dir, file);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read or parse JSON (${(error as Error).message})`, { cause: error });
  }
  if (!Array.isArray(data)) throw new Error(`${file}: expected a JSON array at the top level`);
  return data;
}

function parseEntries<T>(schema: z.ZodType<T>, dir: string, file: string): T[] {
  return readJsonArray(dir, file).map((entry, index) => {
    const result = schema.safeParse(entry);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
      const label =
        typeof (entry as { slug?: unknown })?.slug === 'string' ? ` (${(entry as { slug: string }).slug})` : '';
      throw new Error(`${file}[${index}]${label}: invalid entry${where}: ${issue?.message ?? 'unknown problem'}`);
    }
    return result.data;
  });
}

/**
 * Reads and parses the seed catalogue: `ingredients.json` and every `cocktails-*.json` in `dir`, each entry checked with the
 * shared zod schemas (seedIngredientSchema, seedCocktailSchema). Cross-file rules (unique slugs, resolvable references) are
 * not checked here; the seed test and the seeder do that.
 *
 * @param dir folder of the seed files; defaults to this module's folder.
 * @returns ingredients and cocktails in file order.
 * @throws Error naming the file, the entry index (and slug when present) and the first zod issue when an entry is invalid,
 *   or naming the file when it cannot be read, is not JSON or is not an array.
 */
export function loadSeedCatalogue(dir: string = SEED_DIR): SeedCatalogue {
  const ingredients = parseEntries(seedIngredientSchema, dir, INGREDIENTS_FILE);
  const cocktails = listCocktailFiles(dir).flatMap((file) => parseEntries(seedCocktailSchema, dir, file));
  return { ingredients, cocktails };
}
