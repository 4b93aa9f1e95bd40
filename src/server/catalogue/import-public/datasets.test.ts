import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCocktailAlcohol, TECHNIQUES } from '@/shared/domain/abv';
import { GLASSWARE, STRENGTHS } from '@/shared/domain/vocabulary';
import { RECIPE_READERS } from '../../../../tests/support/recipe-readers';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { testDialects } from '../../../../tests/support/test-database';
import { loadCocktailDetails } from '../read-model';
import { loadSeedCatalogue } from '../seed/load-seed';
import { importPublicCatalogue } from './import-public';
import { drinkNameKey } from './recipe-identity';
import { percentOf, summaryLine } from './report';

/**
 * The two third-party datasets the public catalogue grows from, read where they live (../shared/data beside the
 * repository, as on CI); they are never copied into the repository.
 */
const SHARED = path.resolve(import.meta.dirname, '../../../../../shared/data');
const BAR_ASSISTANT = path.join(SHARED, 'bar-assistant-data');
const IBA = path.join(SHARED, 'iba-cocktails');
const present = existsSync(BAR_ASSISTANT) && existsSync(IBA);
const reason = present ? '' : ` (skipped: ${SHARED} is absent)`;

describe.skipIf(!present).each(testDialects())(`Importing the shared datasets on %s${reason}`, (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, seed: loadSeedCatalogue() });
  });
  afterAll(() => t?.close());

  it('grows the seed to over four hundred distinct cocktails, each with a strength, technique and glass', async () => {
    const db = t.database.db;
    const result = await importPublicCatalogue({ db, readers: RECIPE_READERS, paths: [BAR_ASSISTANT, IBA] });
    for (const report of result.datasets) {
      console.log(
        `${report.source.name} (${report.source.licence}): ${summaryLine(report)}; lines resolved ` +
          `${report.resolved}/${report.lines} (${percentOf(report.resolved, report.lines)}); ` +
          `${report.newIngredients.length} new ingredients`,
      );
    }
    console.log(`public cocktails: ${result.cocktails}`);
    const [barAssistant, iba] = result.datasets;
    expect(barAssistant?.source).toEqual({
      name: "Bar Assistant's data",
      licence: 'MIT',
      url: 'https://github.com/bar-assistant/data',
    });
    expect(iba?.source.licence).toBe('MIT');
    expect(result.unreadable).toEqual([]);
    expect(barAssistant!.imported).toBeGreaterThan(150);
    // A recipe the seed holds under its name with other ingredients is kept under its dataset's name, not refused.
    expect(barAssistant!.refused).toBe(0);
    expect(barAssistant!.keptApart).toContainEqual(
      expect.objectContaining({ from: 'Moscow Mule', to: 'Moscow Mule (Bar Assistant)' }),
    );
    expect(iba!.keptApart.map((apart) => apart.to)).toContain('Whiskey Sour (IBA)');
    expect(barAssistant!.resolved / barAssistant!.lines).toBeGreaterThan(0.95);

    const rows = await db
      .selectFrom('cocktail')
      .select(['id', 'name', 'source_name'])
      .where('venue_id', 'is', null)
      .where('owner_id', 'is', null)
      .execute();
    const distinct = new Set(rows.map((row) => drinkNameKey(row.name)));
    expect(distinct.size).toBe(rows.length);
    expect(distinct.size).toBeGreaterThanOrEqual(400);

    const imported = rows.filter((row) => row.source_name !== null).map((row) => Number(row.id));
    const details = await loadCocktailDetails(db, imported);
    expect(details.size).toBe(imported.length);
    for (const { detail } of details.values()) {
      expect(STRENGTHS, detail.name).toContain(detail.strength);
      expect(TECHNIQUES, detail.name).toContain(detail.technique);
      expect(GLASSWARE, detail.name).toContain(detail.glassware);
      expect(detail.ingredients.length, detail.name).toBeGreaterThan(0);
      expect(detail.source?.licence, detail.name).toBe('MIT');
      const poured = detail.ingredients.filter((line) => !line.is_optional);
      const alcohol = computeCocktailAlcohol(
        poured.map((line) => ({ amount: line.amount, unit: line.unit, abv: line.abv, ingredient: line.ingredient })),
        detail.technique,
      );
      expect(Number.isFinite(alcohol.finalAbv), detail.name).toBe(true);
    }

    const again = await importPublicCatalogue({ db, readers: RECIPE_READERS, paths: [BAR_ASSISTANT, IBA] });
    expect(again.datasets.map((report) => report.imported)).toEqual([0, 0]);
    expect(again.changed).toBe(false);
    expect(again.cocktails).toBe(result.cocktails);
  }, 180_000);
});
