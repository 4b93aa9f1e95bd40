import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';
import { computeCocktailAlcohol } from '@/shared/domain/abv';
import { strengthForAbv } from '@/shared/domain/catalogue-rules';
import type { SeedCocktail, SeedIngredient } from '@/shared/schemas/seed';
import { seedCatalogue } from './operations';
import { loadSeedCatalogue } from './seed/load-seed';
import { SeedError, seedStrength } from './seed-writer';

/** The band of the final ABV of a seed cocktail's served lines (optional ones left out), computed here independently. */
function expectedBand(cocktail: SeedCocktail, bySlug: ReadonlyMap<string, SeedIngredient>): string {
  const lines = cocktail.ingredients
    .filter((line) => !line.optional)
    .map((line) => ({
      amount: line.amount,
      unit: line.unit,
      abv: bySlug.get(line.ingredient)?.abv ?? 0,
      ingredient: bySlug.get(line.ingredient)?.name ?? null,
    }));
  return strengthForAbv(computeCocktailAlcohol(lines, cocktail.technique).finalAbv);
}

describe('seedStrength', () => {
  const seed = loadSeedCatalogue();
  const bySlug = new Map(seed.ingredients.map((ingredient) => [ingredient.slug, ingredient]));
  const negroni = seed.cocktails.find((c) => c.slug === 'negroni') as SeedCocktail;

  it('is the band of the computed final ABV, optional lines left out (as the recipe view shows it)', () => {
    expect(seedStrength(negroni, bySlug)).toBe(expectedBand(negroni, bySlug));
    const sour = seed.cocktails.find((c) => c.slug === 'whiskey-sour') as SeedCocktail;
    expect(sour.ingredients.some((line) => line.optional)).toBe(true);
    expect(seedStrength(sour, bySlug)).toBe('Medium');
  });

  it('follows the recipe: the same Negroni topped with 300 ml of soda water is Light', () => {
    const long = {
      ...negroni,
      ingredients: [...negroni.ingredients, { ingredient: 'soda-water', amount: 300, unit: 'top' }],
    };
    expect(seedStrength(long, bySlug)).toBe('Light');
  });

  it('refuses a line whose ingredient is unknown', () => {
    const odd = { ...negroni, ingredients: [{ ingredient: 'unobtainium', amount: 30, unit: 'ml' }] };
    expect(() => seedStrength(odd, bySlug)).toThrow(SeedError);
  });
});

describe.each(testDialects())('seeded strength on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(() => database.drop());

  it('equals the band of the computed ABV for every seed cocktail', async () => {
    const seed = loadSeedCatalogue();
    const bySlug = new Map(seed.ingredients.map((ingredient) => [ingredient.slug, ingredient]));
    await seedCatalogue({ db: database.db, seed });
    const rows = await database.db.selectFrom('cocktail').select(['slug', 'strength']).execute();
    const stored = new Map(rows.map((row) => [row.slug, row.strength]));
    const wrong = seed.cocktails.flatMap((cocktail) => {
      const expected = expectedBand(cocktail, bySlug);
      const actual = stored.get(cocktail.slug);
      return actual === expected ? [] : [`${cocktail.slug}: stored ${actual}, computed ${expected}`];
    });
    expect(wrong).toEqual([]);
    expect(stored.size).toBe(seed.cocktails.length);
  });

  it('ignores a strength written into the data and stores the computed band', async () => {
    const seed = loadSeedCatalogue();
    const negroni = seed.cocktails.find((c) => c.slug === 'negroni') as SeedCocktail;
    Object.assign(negroni, { strength: 'Light' });
    await seedCatalogue({ db: database.db, seed: { ingredients: seed.ingredients, cocktails: [negroni] } });
    const row = await database.db
      .selectFrom('cocktail')
      .select('strength')
      .where('slug', '=', 'negroni')
      .executeTakeFirstOrThrow();
    expect(row.strength).toBe('Strong');
  });
});
