import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRENGTHS } from '@/shared/domain/vocabulary';
import type { CocktailDetail, CocktailPage } from '@/shared/schemas/cocktail';
import { RECIPE_READERS as READERS } from '../../../../tests/support/recipe-readers';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { testDialects } from '../../../../tests/support/test-database';
import { getCatalogueVersion } from '../catalogue-version';
import { importPublicCatalogue, type DatasetReport } from './import-public';
import { reportLines, summaryLine } from './report';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const FIXTURES = path.join(ROOT, 'tests/fixtures/catalogue-import');
const BA_SHAPE = path.join(FIXTURES, 'bar-assistant-shape');
const IBA_SHAPE = path.join(FIXTURES, 'iba-shape');

const counts = (report: DatasetReport | undefined) =>
  report && { read: report.read, imported: report.imported, merged: report.merged, refused: report.refused };

describe.each(testDialects())('Importing into the public catalogue on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.database.db;
  const run = () => importPublicCatalogue({ db: db(), readers: READERS, paths: [BA_SHAPE, IBA_SHAPE] });
  const cocktailNamed = (name: string) =>
    db().selectFrom('cocktail').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const ingredientNamed = (name: string) =>
    db().selectFrom('ingredient').selectAll().where('name', '=', name).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());

  it('imports both shapes, merges the same drink, keeps another drink of a name apart, refuses with reasons', async () => {
    const versionBefore = await getCatalogueVersion(db());
    const result = await run();
    const [ba, iba] = result.datasets;
    expect(ba?.source).toEqual({ name: 'bar-assistant-shape', licence: 'MIT', url: null });
    // Negroni merges into the seed's; Empty Glass has no ingredient; 'The Negroni!' is another drink of that name,
    // imported under its dataset's.
    expect(counts(ba)).toEqual({ read: 6, imported: 4, merged: 1, refused: 1 });
    expect(ba?.refusals.map((refusal) => [refusal.name, refusal.reason])).toEqual([
      ['Empty Glass', 'The recipe names no ingredient.'],
    ]);
    expect(ba?.keptApart.map((apart) => [apart.from, apart.to, apart.difference])).toEqual([
      [
        'The Negroni!',
        'Negroni (bar-assistant-shape)',
        "this one has Bianco aperitivo; 'Negroni' from Barback's own recipes has Campari",
      ],
    ]);
    // Two files of one list: Gin Rickey merges into Bar Assistant's, twice; Honey Bee is new, then already there.
    expect(counts(iba)).toEqual({ read: 5, imported: 1, merged: 3, refused: 1 });
    expect(iba?.already).toBe(1);
    expect(iba?.refusals[0]).toMatchObject({ name: 'Nameless', reason: 'The recipe names no ingredient.' });
    expect(result.skipped).toEqual([path.join(BA_SHAPE, 'ingredients/yuzu-liqueur/data.json')]);
    expect(result.unreadable).toEqual([]);
    expect(result.changed).toBe(true);
    expect(result.cocktails).toBe(8 + 5);
    expect(await getCatalogueVersion(db())).not.toBe(versionBefore);

    const rickey = await cocktailNamed('Gin Rickey');
    expect(rickey).toMatchObject({
      source_name: 'bar-assistant-shape',
      source_licence: 'MIT',
      owner_id: null,
      venue_id: null,
      technique: 'Build',
      glassware: 'Highball',
    });
    // A top-up without a stated volume gets its glass's (a highball's 120 ml), so the ABV counts it.
    const top = await db()
      .selectFrom('cocktail_ingredient')
      .select(['amount', 'unit'])
      .where('cocktail_id', '=', rickey.id)
      .where('position', '=', 2)
      .executeTakeFirstOrThrow();
    expect([Number(top.amount), top.unit]).toEqual([120, 'top']);
    // The line's alternatives the catalogue knows are its substitutes ('Yuzu gin' reads as its own Gin: left out).
    const substitutes = await db()
      .selectFrom('cocktail_ingredient_substitute')
      .innerJoin('ingredient', 'ingredient.id', 'cocktail_ingredient_substitute.ingredient_id')
      .select(['cocktail_ingredient_substitute.position', 'ingredient.name'])
      .where('cocktail_id', '=', rickey.id)
      .execute();
    expect(substitutes.map((row) => [Number(row.position), row.name])).toEqual([[0, 'London dry gin']]);
    const also = await db().selectFrom('cocktail_source_also').selectAll().orderBy('source_name').execute();
    const negroni = await cocktailNamed('Negroni');
    expect(also.map((row) => [Number(row.cocktail_id), row.source_name])).toEqual([
      [negroni.id, 'bar-assistant-shape'],
      [rickey.id, 'iba-shape'],
    ]);
    // The seed's row is never overwritten.
    expect(negroni.source_name).toBeNull();
    expect(negroni.glassware).toBe('Rocks');
    expect(await cocktailNamed('Negroni (bar-assistant-shape)')).toMatchObject({
      slug: 'negroni-bar-assistant-shape',
      source_name: 'bar-assistant-shape',
    });

    const yuzu = await cocktailNamed('Yuzu Sour');
    expect(yuzu).toMatchObject({ technique: 'Shake', glassware: 'Coupe', category: 'Modern' });
    expect(STRENGTHS).toContain(yuzu.strength);
    const honey = await cocktailNamed('Honey Bee');
    expect(honey).toMatchObject({ category: 'Classic', technique: 'Shake', glassware: 'Martini' });
    expect((await cocktailNamed('Lime Syrup Smash')).technique).toBe('Muddle');
  });

  it('adds the ingredients the catalogue lacks, with the strength, category and parent the data gives', async () => {
    expect(await ingredientNamed('Yuzu liqueur')).toMatchObject({
      abv: 20,
      category: 'Liqueurs',
      parent_id: null,
      owner_id: null,
    });
    const simple = await ingredientNamed('Simple syrup');
    expect(await ingredientNamed('Lime simple syrup')).toMatchObject({
      category: 'Syrups',
      parent_id: simple?.id,
      is_variant: 1,
      owner_id: null,
    });
    // Named by a recipe only (an IBA-shaped file gives no strength): the name's estimate.
    expect(await ingredientNamed('Honey syrup')).toMatchObject({ category: 'Syrups', abv: 0 });
    // The recipe kept apart from the seed's Negroni brought its own.
    expect(await ingredientNamed('Bianco aperitivo')).toMatchObject({ owner_id: null });
  });

  it('answers the new rows through the API: the source on the recipe, search and the vocabulary', async () => {
    const yuzu = await cocktailNamed('Yuzu Sour');
    const detail = await t.json<CocktailDetail>(`/api/cocktails/${yuzu.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.source).toEqual({ name: 'bar-assistant-shape', licence: 'MIT', url: null });
    expect(detail.body.ingredients.map((line) => line.ingredient)).toEqual([
      'White rum',
      'Yuzu liqueur',
      'Lime juice',
      'Simple syrup',
    ]);
    const negroni = await cocktailNamed('Negroni');
    expect((await t.json<CocktailDetail>(`/api/cocktails/${negroni.id}`)).body.source).toBeNull();
    const search = await t.json<CocktailPage>('/api/cocktails?q=yuzu');
    expect(search.body.items.map((item) => item.name)).toEqual(['Yuzu Sour']);
    const term = await db().selectFrom('search_term').selectAll().where('term', '=', 'rickey').executeTakeFirst();
    expect(term?.doc_count).toBe(1);
  });

  it('changes nothing when run again', async () => {
    const version = await getCatalogueVersion(db());
    const ingredients = await db().selectFrom('ingredient').select('id').execute();
    const result = await run();
    const [ba, iba] = result.datasets;
    expect(counts(ba)).toEqual({ read: 6, imported: 0, merged: 5, refused: 1 });
    expect(ba?.already).toBe(4);
    expect(ba?.keptApart).toEqual([]);
    expect(counts(iba)).toEqual({ read: 5, imported: 0, merged: 4, refused: 1 });
    expect(result.changed).toBe(false);
    expect(result.cocktails).toBe(13);
    expect(await getCatalogueVersion(db())).toBe(version);
    expect(await db().selectFrom('ingredient').select('id').execute()).toHaveLength(ingredients.length);
    expect(await db().selectFrom('cocktail_source_also').selectAll().execute()).toHaveLength(2);
    expect(summaryLine(ba!)).toBe('read 6 / imported 0 / merged 5 / refused 1');
  });

  it('reports a path or a named file it cannot read, and imports the rest', async () => {
    const result = await importPublicCatalogue({
      db: db(),
      readers: READERS,
      paths: [path.join(FIXTURES, 'missing.json'), path.join(FIXTURES, 'no-recipe.json'), IBA_SHAPE],
    });
    expect(result.unreadable.map((entry) => path.basename(entry.path))).toEqual(['missing.json', 'no-recipe.json']);
    expect(result.unreadable[1]?.reason).toBe('The JSON holds no recipe in a format Barback reads.');
    expect(counts(result.datasets.find((report) => report.source.name === 'iba-shape'))).toMatchObject({
      read: 5,
      imported: 0,
    });
  });
});

describe.each(testDialects())('Recipes of a name the catalogue holds with other ingredients on %s', (dialect) => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'barback-kept-apart-'));
  /** A dataset folder of one CSV (the IBA list's shape) holding `rows` (name, ingredients), MIT-licensed. */
  const dataset = (name: string, rows: [string, string][]) => {
    const folder = path.join(dir, name);
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'LICENSE'), 'MIT License\n');
    const lines = rows.map(([cocktail, lines]) => `Classics,${cocktail},"${lines}",Stir with ice and strain.,NA`);
    writeFileSync(path.join(folder, 'list.csv'), ['category,name,ingredients,method,garnish', ...lines].join('\n'));
    return folder;
  };
  const first = dataset('first-list', [
    ['Negroni', '30 ml Gin,30 ml Bianco aperitivo,30 ml Dry vermouth'],
    ['Negroni', '30 ml Mezcal,30 ml Campari,30 ml Sweet vermouth'],
  ]);
  const second = dataset('second-list', [
    ['The Negroni', '30 ml London dry gin,30 ml Bianco aperitivo,30 ml Dry vermouth'],
    ['Negroni', '30 ml Gin,30 ml Campari,30 ml Sweet vermouth'],
  ]);
  const run = () => importPublicCatalogue({ db: t.database.db, readers: READERS, paths: [first, second] });
  const publicNames = async () =>
    (
      await t.database.db
        .selectFrom('cocktail')
        .select(['name', 'slug', 'source_name'])
        .where('venue_id', 'is', null)
        .where('owner_id', 'is', null)
        .where('name', 'like', 'Negroni%')
        .orderBy('id')
        .execute()
    ).map((row) => [row.name, row.slug, row.source_name]);

  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps each under its dataset's name, numbered when that is taken too, and merges the same drink into it", async () => {
    const result = await run();
    const [one, two] = result.datasets;
    expect(counts(one)).toEqual({ read: 2, imported: 2, merged: 0, refused: 0 });
    expect(one?.keptApart.map((apart) => [apart.from, apart.to])).toEqual([
      ['Negroni', 'Negroni (first-list)'],
      ['Negroni', 'Negroni (first-list) 2'],
    ]);
    // The first list's Bianco Negroni again (gin is gin), and the seed's Negroni: both merged, the rows kept.
    expect(counts(two)).toEqual({ read: 2, imported: 0, merged: 2, refused: 0 });
    expect(two?.keptApart).toEqual([]);
    expect(await publicNames()).toEqual([
      ['Negroni', 'negroni', null],
      ['Negroni (first-list)', 'negroni-first-list', 'first-list'],
      ['Negroni (first-list) 2', 'negroni-first-list-2', 'first-list'],
    ]);
    const also = await t.database.db
      .selectFrom('cocktail_source_also')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_source_also.cocktail_id')
      .select(['cocktail.name', 'cocktail_source_also.source_name'])
      .orderBy('cocktail.name')
      .execute();
    expect(also.map((row) => [row.name, row.source_name])).toEqual([
      ['Negroni', 'second-list'],
      ['Negroni (first-list)', 'second-list'],
    ]);
    expect(reportLines(result)).toContain(
      "  kept under a new name: 'Negroni' → 'Negroni (first-list) 2' (this one has Mezcal; 'Negroni' from Barback's " +
        'own recipes has Gin)',
    );
  });

  it('changes nothing when run again', async () => {
    const before = await publicNames();
    const result = await run();
    expect(result.datasets.map(counts)).toEqual([
      { read: 2, imported: 0, merged: 2, refused: 0 },
      { read: 2, imported: 0, merged: 2, refused: 0 },
    ]);
    expect(result.datasets[0]?.already).toBe(2);
    expect(result.changed).toBe(false);
    expect(await publicNames()).toEqual(before);
  });
});

describe('npm run catalogue:import', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'barback-catalogue-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (...paths: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/catalogue-import.ts'), ...paths], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'cli.sqlite')}`, NODE_ENV: 'test' },
    });

  it('prints the counts and exits 0 when every file reads', () => {
    const answer = cli(IBA_SHAPE);
    expect(answer.stderr).toBe('');
    expect(answer.stdout).toContain('iba-shape (MIT):');
    expect(answer.stdout).toContain("refused 'Nameless'");
    // The CLI writes the seed first, which holds a Gin Rickey of its own.
    expect(answer.stdout).toMatch(/^read 5 \/ imported [12] \/ merged [23] \/ refused [12]$/m);
    expect(answer.stdout).toMatch(/^the public catalogue holds 2\d\d cocktails$/m);
    expect(answer.status).toBe(0);
  }, 60_000);

  it('exits 1 on a file it cannot read at all', () => {
    const answer = cli(path.join(FIXTURES, 'no-recipe.json'), IBA_SHAPE);
    expect(answer.stdout).toContain('cannot read');
    expect(answer.stdout).toContain('no-recipe.json');
    expect(answer.status).toBe(1);
    expect(cli(path.join(FIXTURES, 'missing.json')).status).toBe(1);
  }, 60_000);
});
