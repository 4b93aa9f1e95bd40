import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';
import { buildTestSeed } from '../../../tests/support/test-seed';
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

describe.each(testDialects())('seeded served-over-ice facts on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(() => database.drop());

  it('stores every seed fact as 1 or 0, and a re-seed fills rows that held none', async () => {
    const seed = loadSeedCatalogue();
    await seedCatalogue({ db: database.db, seed });
    const stored = async () =>
      new Map(
        (await database.db.selectFrom('cocktail').select(['slug', 'served_over_ice']).execute()).map((row) => [
          row.slug,
          row.served_over_ice === null ? null : Number(row.served_over_ice),
        ]),
      );
    const expected = new Map(seed.cocktails.map((c) => [c.slug, c.served_over_ice ? 1 : 0]));
    expect(await stored()).toEqual(expected);
    expect(expected.get('sazerac')).toBe(0);
    expect(expected.get('spritz')).toBe(1);
    await database.db.updateTable('cocktail').set({ served_over_ice: null }).execute();
    await seedCatalogue({ db: database.db, seed, force: true });
    expect(await stored()).toEqual(expected);
  });
});

describe.each(testDialects())('seeded aliases, parts and substitutes on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(() => database.drop());

  /** The test seed with sugar and water, simple syrup made of them, aliases, and a substitute on the Old Fashioned. */
  function seedWithMyBarFacts() {
    const seed = buildTestSeed();
    const extra = (slug: string, name: string): SeedIngredient => ({
      slug,
      name,
      category: 'Other',
      parent: null,
      abv: 0,
      description: `${name}, added to test house-made parts.`,
    });
    seed.ingredients.push(extra('sugar', 'Sugar'), extra('water', 'Water'));
    const syrup = seed.ingredients.find((i) => i.slug === 'simple-syrup')!;
    syrup.parts = ['sugar', 'water'];
    syrup.aliases = ['sugar syrup'];
    seed.ingredients.find((i) => i.slug === 'soda-water')!.aliases = ['club soda', 'seltzer'];
    const oldFashioned = seed.cocktails.find((c) => c.slug === 'old-fashioned')!;
    oldFashioned.ingredients[0]!.substitutes = ['whiskey'];
    return seed;
  }

  /** What the database holds of the facts, by slug, in a stable order. */
  async function stored() {
    const db = database.db;
    const ingredients = await db.selectFrom('ingredient').select(['id', 'slug', 'aliases']).execute();
    const slugOf = new Map(ingredients.map((row) => [Number(row.id), row.slug]));
    const parts = await db.selectFrom('ingredient_part').select(['ingredient_id', 'part_id']).execute();
    const subs = await db
      .selectFrom('cocktail_ingredient_substitute')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient_substitute.cocktail_id')
      .select([
        'cocktail.slug',
        'cocktail_ingredient_substitute.position',
        'cocktail_ingredient_substitute.ingredient_id',
      ])
      .execute();
    return {
      aliases: Object.fromEntries(
        ingredients.filter((row) => row.aliases !== '[]').map((row) => [row.slug, JSON.parse(row.aliases) as string[]]),
      ),
      parts: parts
        .map((row) => `${slugOf.get(Number(row.ingredient_id))} <- ${slugOf.get(Number(row.part_id))}`)
        .sort(),
      substitutes: subs.map((row) => `${row.slug}#${row.position}: ${slugOf.get(Number(row.ingredient_id))}`).sort(),
    };
  }

  it('writes aliases, house-made parts and line substitutes; a forced re-seed changes nothing', async () => {
    await seedCatalogue({ db: database.db, seed: seedWithMyBarFacts() });
    const first = await stored();
    expect(first).toEqual({
      aliases: { 'simple-syrup': ['sugar syrup'], 'soda-water': ['club soda', 'seltzer'] },
      parts: ['simple-syrup <- sugar', 'simple-syrup <- water'],
      substitutes: ['old-fashioned#0: whiskey'],
    });
    const again = await seedCatalogue({ db: database.db, seed: seedWithMyBarFacts(), force: true });
    expect(again).toMatchObject({ ingredients: { inserted: 0, updated: 0 }, cocktails: { inserted: 0, updated: 0 } });
    expect(await stored()).toEqual(first);
  });

  it('changes the seed hash (and the catalogue version) when only those facts change, and applies the change', async () => {
    const first = await seedCatalogue({ db: database.db, seed: seedWithMyBarFacts() });
    const version = async () =>
      (await database.db.selectFrom('catalogue_meta').select('value').where('key', '=', 'version').executeTakeFirst())
        ?.value;
    const before = await version();
    const changed = seedWithMyBarFacts();
    changed.ingredients.find((i) => i.slug === 'soda-water')!.aliases = ['sparkling water'];
    changed.ingredients.find((i) => i.slug === 'simple-syrup')!.parts = ['sugar'];
    changed.cocktails.find((c) => c.slug === 'old-fashioned')!.ingredients[0]!.substitutes = undefined;
    changed.cocktails.find((c) => c.slug === 'caipirinha')!.ingredients[1]!.substitutes = ['ginger-syrup'];
    const second = await seedCatalogue({ db: database.db, seed: changed });
    expect(second.skipped).toBe(false);
    expect(second.hash).not.toBe(first.hash);
    expect(second.ingredients.updated).toBe(1);
    expect(await version()).not.toBe(before);
    expect(await stored()).toEqual({
      aliases: { 'simple-syrup': ['sugar syrup'], 'soda-water': ['sparkling water'] },
      parts: ['simple-syrup <- sugar'],
      substitutes: ['caipirinha#1: ginger-syrup'],
    });
    // Dropping every fact again leaves none behind.
    await seedCatalogue({ db: database.db, seed: buildTestSeed() });
    expect(await stored()).toEqual({ aliases: {}, parts: [], substitutes: [] });
  });

  it('refuses unknown parts and substitutes, and an ingredient made of itself, writing nothing', async () => {
    const unknownPart = seedWithMyBarFacts();
    unknownPart.ingredients.find((i) => i.slug === 'simple-syrup')!.parts = ['sugar', 'honey'];
    await expect(seedCatalogue({ db: database.db, seed: unknownPart })).rejects.toThrow(
      /ingredient simple-syrup has unknown part honey/,
    );
    const itself = seedWithMyBarFacts();
    itself.ingredients.find((i) => i.slug === 'simple-syrup')!.parts = ['simple-syrup'];
    await expect(seedCatalogue({ db: database.db, seed: itself })).rejects.toThrow(/simple-syrup is its own part/);
    const unknownSub = seedWithMyBarFacts();
    unknownSub.cocktails.find((c) => c.slug === 'negroni')!.ingredients[0]!.substitutes = ['genever'];
    await expect(seedCatalogue({ db: database.db, seed: unknownSub })).rejects.toThrow(SeedError);
    await expect(seedCatalogue({ db: database.db, seed: unknownSub })).rejects.toThrow(
      /cocktail negroni names unknown substitute genever/,
    );
    expect(await database.db.selectFrom('ingredient').select('id').execute()).toEqual([]);
  });

  it('writes the project seed: every part and substitute named in the files, no more', async () => {
    const seed = loadSeedCatalogue();
    await seedCatalogue({ db: database.db, seed });
    const facts = await stored();
    const parts = seed.ingredients.flatMap((i) => (i.parts ?? []).map((part) => `${i.slug} <- ${part}`)).sort();
    const substitutes = seed.cocktails
      .flatMap((c) =>
        c.ingredients.flatMap((line, position) => (line.substitutes ?? []).map((s) => `${c.slug}#${position}: ${s}`)),
      )
      .sort();
    expect(facts.parts).toEqual(parts);
    expect(facts.substitutes).toEqual(substitutes);
    expect(parts.length).toBeGreaterThanOrEqual(25);
    expect(substitutes.length).toBeGreaterThanOrEqual(20);
    expect(facts.aliases['soda-water']).toEqual(['club soda', 'sparkling water', 'seltzer']);
    expect(facts.parts).toContain('simple-syrup <- sugar');
    expect(facts.substitutes).toContain('old-fashioned#0: rye-whiskey');
  });
});
