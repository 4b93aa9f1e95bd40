import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';
import { buildTestSeed } from '../../../tests/support/test-seed';
import { listCocktails } from './list-operations';
import { getCocktail, seedCatalogue } from './operations';
import { loadSeedCatalogue } from './seed/load-seed';
import { SeedError } from './seed-writer';

describe.each(testDialects())('seeding the catalogue on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(() => database.drop());

  const counts = async () => {
    const db = database.db;
    const one = async (table: 'cocktail' | 'ingredient' | 'cocktail_ingredient') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      cocktails: await one('cocktail'),
      ingredients: await one('ingredient'),
      lines: await one('cocktail_ingredient'),
    };
  };
  const idsBySlug = async () =>
    Object.fromEntries(
      (await database.db.selectFrom('cocktail').select(['slug', 'id']).execute()).map((row) => [
        row.slug,
        Number(row.id),
      ]),
    );

  it('writes everything once, then skips a seed whose content is unchanged', async () => {
    const first = await seedCatalogue({ db: database.db, seed: buildTestSeed() });
    expect(first).toMatchObject({
      skipped: false,
      ingredients: { inserted: 12, updated: 0 },
      cocktails: { inserted: 8, updated: 0 },
    });
    const afterFirst = await counts();
    expect(afterFirst).toEqual({ cocktails: 8, ingredients: 12, lines: 24 });
    const second = await seedCatalogue({ db: database.db, seed: buildTestSeed() });
    expect(second.skipped).toBe(true);
    expect(await counts()).toEqual(afterFirst);
  });

  it('forced again: no duplicates, same ids, nothing reported as changed', async () => {
    await seedCatalogue({ db: database.db, seed: buildTestSeed() });
    const before = await idsBySlug();
    const again = await seedCatalogue({ db: database.db, seed: buildTestSeed(), force: true });
    expect(again).toMatchObject({
      skipped: false,
      cocktails: { inserted: 0, updated: 0, unchanged: 8 },
      ingredients: { inserted: 0, updated: 0 },
    });
    expect(await counts()).toEqual({ cocktails: 8, ingredients: 12, lines: 24 });
    expect(await idsBySlug()).toEqual(before);
  });

  it('applies a changed seed by slug: updates fields, replaces lines, adds new entries, keeps ids', async () => {
    await seedCatalogue({ db: database.db, seed: buildTestSeed() });
    const before = await idsBySlug();
    const seed = buildTestSeed();
    seed.ingredients.push({
      slug: 'orange-bitters',
      name: 'Orange bitters',
      category: 'Bitters',
      parent: null,
      abv: 28,
      description: 'Bitters made with orange peel.',
    });
    const negroni = seed.cocktails.find((c) => c.slug === 'negroni')!;
    negroni.name = 'Negroni Bianco';
    negroni.ingredients = [
      { ingredient: 'gin', amount: 40, unit: 'ml' },
      { ingredient: 'orange-bitters', amount: 2, unit: 'dash' },
    ];
    seed.cocktails.push({ ...structuredClone(negroni), slug: 'negroni-two', name: 'Negroni Two' });

    const result = await seedCatalogue({ db: database.db, seed });
    expect(result).toMatchObject({
      skipped: false,
      ingredients: { inserted: 1 },
      cocktails: { inserted: 1, updated: 1, unchanged: 7 },
    });
    const after = await idsBySlug();
    for (const [slug, id] of Object.entries(before)) expect(after[slug]).toBe(id);

    const detail = await getCocktail({ db: database.db, id: before.negroni as number });
    expect(detail.name).toBe('Negroni Bianco');
    expect(detail.ingredients.map((line) => [line.position, line.ingredient, line.amount, line.unit])).toEqual([
      [0, 'Gin', 40, 'ml'],
      [1, 'Orange bitters', 2, 'dash'],
    ]);
    // The search follows the new name and the new ingredient; the old ingredient no longer finds it.
    const byBitters = await listCocktails({
      db: database.db,
      query: { q: 'orange bitters', page: 0, pageSize: 50, spirit: [], category: [] },
    });
    expect(byBitters.items.map((item) => item.name)).toEqual(['Negroni Two', 'Negroni Bianco']);
    const byCampari = await listCocktails({
      db: database.db,
      query: { q: 'campari', page: 0, pageSize: 50, spirit: [], category: [] },
    });
    expect(byCampari.total).toBe(0);
  });

  it('links ingredient parents by slug', async () => {
    await seedCatalogue({ db: database.db, seed: buildTestSeed() });
    const rows = await database.db.selectFrom('ingredient').select(['id', 'slug', 'parent_id']).execute();
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    expect(bySlug.get('london-dry-gin')?.parent_id).toBe(bySlug.get('gin')?.id);
    expect(bySlug.get('bourbon')?.parent_id).toBe(bySlug.get('whiskey')?.id);
    expect(bySlug.get('gin')?.parent_id).toBeNull();
  });

  it('refuses an inconsistent seed and writes nothing', async () => {
    const unknown = buildTestSeed();
    unknown.cocktails[0]!.ingredients[0]!.ingredient = 'unobtainium';
    await expect(seedCatalogue({ db: database.db, seed: unknown })).rejects.toThrow(SeedError);
    await expect(seedCatalogue({ db: database.db, seed: unknown })).rejects.toThrow(
      /negroni uses unknown ingredient unobtainium/,
    );
    const twice = buildTestSeed();
    twice.cocktails.push(structuredClone(twice.cocktails[0]!));
    await expect(seedCatalogue({ db: database.db, seed: twice })).rejects.toThrow(/cocktail negroni appears twice/);
    const orphan = buildTestSeed();
    orphan.ingredients[1]!.parent = 'nowhere';
    await expect(seedCatalogue({ db: database.db, seed: orphan })).rejects.toThrow(/unknown parent nowhere/);
    expect(await counts()).toEqual({ cocktails: 0, ingredients: 0, lines: 0 });
  });

  it('loads the project seed files', async () => {
    const seed = loadSeedCatalogue();
    const result = await seedCatalogue({ db: database.db, seed });
    expect(result.skipped).toBe(false);
    expect(await counts()).toMatchObject({ cocktails: seed.cocktails.length, ingredients: seed.ingredients.length });
    expect((await seedCatalogue({ db: database.db, seed: loadSeedCatalogue() })).skipped).toBe(true);
  });
});
