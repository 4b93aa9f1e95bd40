import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';
import { buildTestSeed } from '../../../tests/support/test-seed';
import { isDatabaseUnavailableError } from '../errors';
import { forgetCatalogueVersion } from './catalogue-version';
import { getMatchModel } from './match-model';
import { seedCatalogue } from './operations';

describe.each(testDialects())('the My Bar match model on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const seed = buildTestSeed();
    seed.cocktails.find((c) => c.slug === 'old-fashioned')!.ingredients[0]!.substitutes = ['white-rum'];
    await seedCatalogue({ db: database.db, seed });
  });
  afterAll(() => database.drop());

  const ids = async () =>
    Object.fromEntries(
      (await database.db.selectFrom('ingredient').select(['slug', 'id']).execute()).map((r) => [r.slug, Number(r.id)]),
    );

  it('holds the public catalogue in name order with lines, optional flags and substitutes', async () => {
    const model = await getMatchModel(database.db);
    expect(model.cocktailNames).toEqual([
      'Caipirinha',
      'Daiquiri',
      'Gin Basil Smash',
      'Gin Fizz',
      'Mojito',
      'Negroni',
      'Old Fashioned',
      'Penicillin',
    ]);
    expect(model.stats).toMatchObject({ cocktails: 8, lines: 24 });
    const ingredient = await ids();
    const oldFashioned = model.cocktailIds[model.cocktailNames.indexOf('Old Fashioned')]!;
    const match = model.matcher.match(oldFashioned, { owned: [ingredient['white-rum']!, ingredient['simple-syrup']!] });
    expect(match?.lines.map((line) => [line.coverage, line.viaId])).toEqual([
      ['substitute', ingredient['white-rum']],
      ['in-stock', ingredient['simple-syrup']],
    ]);
    const mojito = model.cocktailIds[model.cocktailNames.indexOf('Mojito')]!;
    // The Mojito's soda water is optional: rum, lime and syrup make it.
    const owned = [ingredient['white-rum']!, ingredient['lime-juice']!, ingredient['simple-syrup']!];
    expect(model.matcher.classify({ owned }).canMake).toContain(mojito);
    expect(model.ingredients.byId.get(ingredient.bourbon!)?.parentId).toBe(ingredient.whiskey);
  });

  it('is built once per catalogue version: concurrent callers share one build, a re-seed makes a new one', async () => {
    const [a, b, c] = await Promise.all([
      getMatchModel(database.db),
      getMatchModel(database.db),
      getMatchModel(database.db),
    ]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await getMatchModel(database.db)).toBe(a);
    const seed = buildTestSeed();
    seed.cocktails.find((x) => x.slug === 'negroni')!.name = 'Negroni Sbagliato';
    await seedCatalogue({ db: database.db, seed });
    const rebuilt = await getMatchModel(database.db);
    expect(rebuilt).not.toBe(a);
    expect(rebuilt.version).not.toBe(a.version);
    expect(rebuilt.cocktailNames).toContain('Negroni Sbagliato');
  });

  it('fails with the database error (which the API turns into 503) while the database is away', async () => {
    const gone = await createTestDatabase(dialect);
    await seedCatalogue({ db: gone.db, seed: buildTestSeed() });
    forgetCatalogueVersion(gone.db);
    await gone.destroy();
    const failure = await getMatchModel(gone.db).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailableError(failure)).toBe(true);
    await gone.drop();
  });
});
