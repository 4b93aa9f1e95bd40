import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeCocktailAlcohol } from '@/shared/domain/abv';
import { BASE_SPIRIT_INGREDIENT, strengthForAbv } from '@/shared/domain/catalogue-rules';
import { BASE_SPIRITS } from '@/shared/schemas/cocktail';
import {
  seedCocktailSchema,
  seedIngredientSchema,
  type SeedCocktail,
  type SeedIngredient,
} from '@/shared/schemas/seed';
import { INGREDIENTS_FILE, SEED_DIR, listCocktailFiles, loadSeedCatalogue } from './load-seed';

/**
 * Validates the whole seed catalogue as it sits in this folder: ingredients.json plus every cocktails-*.json.
 * Each check collects every offender so one run lists all the problems.
 */

function readRaw(file: string): unknown[] {
  const data: unknown = JSON.parse(readFileSync(join(SEED_DIR, file), 'utf8'));
  if (!Array.isArray(data)) throw new Error(`${file} is not a JSON array`);
  return data;
}

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) dupes.add(value);
    seen.add(value);
  }
  return [...dupes];
}

const cocktailFiles = listCocktailFiles();

/** Entries that pass their schema; the schema tests below report the others. Cross-file checks run on these. */
const ingredients: SeedIngredient[] = readRaw(INGREDIENTS_FILE).flatMap((entry) => {
  const result = seedIngredientSchema.safeParse(entry);
  return result.success ? [result.data] : [];
});
const cocktails: SeedCocktail[] = cocktailFiles.flatMap((file) =>
  readRaw(file).flatMap((entry) => {
    const result = seedCocktailSchema.safeParse(entry);
    return result.success ? [result.data] : [];
  }),
);
const bySlug = new Map<string, SeedIngredient>(ingredients.map((ingredient) => [ingredient.slug, ingredient]));

/** Slugs from `slug` up to its family root, `slug` first; throws on an unknown parent or a cycle. */
function lineage(slug: string): string[] {
  const chain: string[] = [];
  let current: string | null = slug;
  while (current !== null) {
    if (chain.includes(current)) throw new Error(`cycle: ${[...chain, current].join(' -> ')}`);
    chain.push(current);
    const node = bySlug.get(current);
    if (!node) throw new Error(`unknown ingredient '${current}' in the lineage of '${slug}'`);
    current = node.parent;
  }
  return chain;
}

describe('seed files', () => {
  it('has an ingredient file and at least one cocktail file', () => {
    expect(cocktailFiles.length).toBeGreaterThan(0);
    expect(ingredients.length).toBeGreaterThan(0);
  });

  it('every ingredient entry matches the seed ingredient schema', () => {
    const problems = readRaw(INGREDIENTS_FILE).flatMap((entry, index) => {
      const result = seedIngredientSchema.safeParse(entry);
      return result.success ? [] : [`${INGREDIENTS_FILE}[${index}]: ${result.error.issues[0]?.message}`];
    });
    expect(problems).toEqual([]);
  });

  it('every cocktail entry matches the seed cocktail schema', () => {
    const problems = cocktailFiles.flatMap((file) =>
      readRaw(file).flatMap((entry, index) => {
        const result = seedCocktailSchema.safeParse(entry);
        if (result.success) return [];
        const issue = result.error.issues[0];
        return [`${file}[${index}] at ${issue?.path.map(String).join('.')}: ${issue?.message}`];
      }),
    );
    expect(problems).toEqual([]);
  });
});

describe('loadSeedCatalogue on the real seed', () => {
  it('loads every ingredient and cocktail without error', () => {
    const loaded = loadSeedCatalogue();
    expect(loaded.ingredients).toHaveLength(ingredients.length);
    expect(loaded.cocktails).toHaveLength(cocktails.length);
  });
});

describe('seed ingredients', () => {
  it('have unique slugs and unique names', () => {
    expect(duplicates(ingredients.map((i) => i.slug))).toEqual([]);
    expect(duplicates(ingredients.map((i) => i.name.trim().toLowerCase()))).toEqual([]);
  });

  it('name a parent that exists, and the hierarchy has no cycle', () => {
    const unknownParents = ingredients
      .filter((i) => i.parent !== null && !bySlug.has(i.parent))
      .map((i) => `${i.slug} -> ${i.parent}`);
    expect(unknownParents).toEqual([]);
    const cycles = ingredients.flatMap((i) => {
      try {
        lineage(i.slug);
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    });
    expect(cycles).toEqual([]);
  });

  it('include every base spirit family root', () => {
    const missing = BASE_SPIRITS.filter((spirit) => !bySlug.has(BASE_SPIRIT_INGREDIENT[spirit]));
    expect(missing).toEqual([]);
  });
});

describe('seed cocktails', () => {
  it('have unique slugs and unique names across all files', () => {
    expect(duplicates(cocktails.map((c) => c.slug))).toEqual([]);
    expect(duplicates(cocktails.map((c) => c.name.trim().toLowerCase()))).toEqual([]);
  });

  it('use only known ingredients, at least two per cocktail', () => {
    const unknown = cocktails.flatMap((c) =>
      c.ingredients.filter((line) => !bySlug.has(line.ingredient)).map((line) => `${c.slug}: ${line.ingredient}`),
    );
    expect(unknown).toEqual([]);
    const tooFew = cocktails.filter((c) => c.ingredients.length < 2).map((c) => c.slug);
    expect(tooFew).toEqual([]);
  });

  it('have a base spirit that one of their lines belongs to', () => {
    const disagree = cocktails
      .filter((c) => {
        const root = BASE_SPIRIT_INGREDIENT[c.base_spirit];
        return !c.ingredients.some((line) => bySlug.has(line.ingredient) && lineage(line.ingredient).includes(root));
      })
      .map((c) => `${c.slug}: ${c.base_spirit} (${BASE_SPIRIT_INGREDIENT[c.base_spirit]}) not among its lines`);
    expect(disagree).toEqual([]);
  });

  it('have the strength band of their computed final ABV', () => {
    const wrong = cocktails.flatMap((c: SeedCocktail) => {
      if (c.ingredients.some((line) => !bySlug.has(line.ingredient))) return [];
      const lines = c.ingredients.map((line) => ({
        amount: line.amount,
        unit: line.unit,
        abv: bySlug.get(line.ingredient)?.abv ?? 0,
      }));
      const { finalAbv } = computeCocktailAlcohol(lines, c.technique);
      const expected = strengthForAbv(finalAbv);
      return expected === c.strength ? [] : [`${c.slug}: ${c.strength}, but ${finalAbv.toFixed(1)} % is ${expected}`];
    });
    expect(wrong).toEqual([]);
  });

  it('number at least 150 across all cocktail files', () => {
    expect(cocktails.length).toBeGreaterThanOrEqual(150);
  });
});

describe('strengthForAbv', () => {
  it('puts final ABVs in the Light (< 12 %), Medium (12–22 %) and Strong (> 22 %) bands', () => {
    expect(strengthForAbv(0)).toBe('Light');
    expect(strengthForAbv(11.9)).toBe('Light');
    expect(strengthForAbv(12)).toBe('Medium');
    expect(strengthForAbv(22)).toBe('Medium');
    expect(strengthForAbv(22.1)).toBe('Strong');
  });

  it('rejects an ABV outside 0–100 %', () => {
    expect(() => strengthForAbv(-1)).toThrow(RangeError);
    expect(() => strengthForAbv(Number.NaN)).toThrow(RangeError);
  });
});

describe('loadSeedCatalogue', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function seedDir(files: Record<string, unknown>): string {
    const dir = mkdtempSync(join(tmpdir(), 'barback-seed-'));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
    return dir;
  }

  const gin = ingredients.find((i) => i.slug === 'gin');
  const negroni = cocktails.find((c) => c.slug === 'negroni');

  it('reads ingredients.json and every cocktails-*.json, ignoring other files', () => {
    const dir = seedDir({
      'ingredients.json': [gin],
      'cocktails-a.json': [negroni],
      'cocktails-b.json': [{ ...negroni, slug: 'negroni-two', name: 'Negroni Two' }],
      'notes.json': [{ anything: true }],
    });
    const loaded = loadSeedCatalogue(dir);
    expect(loaded.ingredients.map((i) => i.slug)).toEqual(['gin']);
    expect(loaded.cocktails.map((c) => c.slug)).toEqual(['negroni', 'negroni-two']);
  });

  it('names the file, the index and the problem of a bad entry', () => {
    const dir = seedDir({
      'ingredients.json': [gin],
      'cocktails-bad.json': [negroni, { ...negroni, slug: 'Bad Slug' }],
    });
    expect(() => loadSeedCatalogue(dir)).toThrow(/cocktails-bad\.json\[1\].*slug.*lower-case/);
  });

  it('names the file when it is not a JSON array', () => {
    const dir = seedDir({ 'ingredients.json': { not: 'an array' } });
    expect(() => loadSeedCatalogue(dir)).toThrow(/ingredients\.json: expected a JSON array/);
  });
});
