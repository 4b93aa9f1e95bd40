import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_OWN_RECIPES } from '@/shared/domain/plans';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  importPreviewSchema,
  importResultSchema,
  MAX_IMPORT_BYTES,
  type ImportPreview,
  type ImportResult,
  type OwnRecipeList,
} from '@/shared/schemas/recipes';
import { randomEmail, signIn, TEST_ORIGIN } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../app';

/** Two recipes pasted as text, one with an ingredient the test catalogue does not know. */
const PASTED = [
  'Test Negroni',
  '1 oz gin',
  '1 oz Campari',
  '1 oz sweet vermouth',
  'Stir with ice, strain over ice into a rocks glass.',
  '',
  'Yuzu Daiquiri',
  '2 oz white rum',
  '3/4 oz lime juice',
  '1/2 oz yuzu syrup',
  'Shake hard and strain into a chilled coupe.',
].join('\n');

/** `count` pasted recipes, each a gin and soda. */
const manyRecipes = (count: number) =>
  Array.from({ length: count }, (_, n) => `Highball ${n + 1}\n2 oz gin\n4 oz soda water\nBuild over ice.`).join('\n\n');

describe.each(testDialects())('Importing recipes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());

  /** `POST /api/me/recipes/import` with `body` as the upload. */
  function upload<T>(jar: CookieJar | null, body: string | Uint8Array, query = '', type = 'text/plain') {
    return t.json<T>(`/api/me/recipes/import${query}`, {
      method: 'POST',
      headers: { 'content-type': type, origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) },
      body: body as BodyInit,
    });
  }
  const list = (jar: CookieJar) =>
    t.json<OwnRecipeList>('/api/me/recipes', { headers: { ...jar.headers(), origin: TEST_ORIGIN } });

  it('previews each recipe, each line with its match, and writes nothing', async () => {
    const jar = await signIn(t, randomEmail('preview'));
    const answer = await upload<ImportPreview>(jar, PASTED, '?preview=1');
    expect(answer.status).toBe(200);
    const preview = importPreviewSchema.parse(answer.body);
    expect(preview.format).toBe('text');
    expect(preview.recipes.map((r) => [r.index, r.write.name, r.write.glassware, r.write.technique])).toEqual([
      [0, 'Test Negroni', 'Rocks', 'Stir'],
      [1, 'Yuzu Daiquiri', 'Coupe', 'Shake'],
    ]);
    expect(preview.recipes[1]!.lines.map((line) => [line.text, line.match, line.ingredient])).toEqual([
      ['white rum', 'exact', 'White rum'],
      ['lime juice', 'exact', 'Lime juice'],
      ['yuzu syrup', 'new', 'yuzu syrup'],
    ]);
    expect(preview.recipes[1]!.write.ingredients[2]).toMatchObject({ ingredient_name: 'yuzu syrup', amount: 0.5 });
    expect(preview.recipes[1]!.warnings).toContain("'yuzu syrup' is not in the catalogue yet.");
    expect((await list(jar)).body.items).toEqual([]);
  });

  it("imports every recipe whole, keeping an unknown ingredient as one of the user's own", async () => {
    const jar = await signIn(t, randomEmail('import'));
    const answer = await upload<ImportResult>(jar, PASTED);
    expect(answer.status).toBe(200);
    const result = importResultSchema.parse(answer.body);
    expect(result.imported.map((r) => [r.index, r.name])).toEqual([
      [0, 'Test Negroni'],
      [1, 'Yuzu Daiquiri'],
    ]);
    expect(result.refusals).toEqual([]);
    const mine = (await list(jar)).body.items;
    const daiquiri = mine.find((recipe) => recipe.name === 'Yuzu Daiquiri')!;
    expect(daiquiri.ingredients.map((line) => [line.ingredient, line.amount, line.unit])).toEqual([
      ['White rum', 2, 'oz'],
      ['Lime juice', 0.75, 'oz'],
      ['yuzu syrup', 0.5, 'oz'],
    ]);
  });

  it("refuses what a free account's limit does not keep, naming each, and keeps the rest", async () => {
    const jar = await signIn(t, randomEmail('limit'));
    const answer = await upload<ImportResult>(jar, manyRecipes(FREE_OWN_RECIPES + 2));
    expect(answer.status).toBe(200);
    expect(answer.body.imported).toHaveLength(FREE_OWN_RECIPES);
    expect(answer.body.refusals.map((r) => [r.index, r.name])).toEqual([
      [FREE_OWN_RECIPES, `Highball ${FREE_OWN_RECIPES + 1}`],
      [FREE_OWN_RECIPES + 1, `Highball ${FREE_OWN_RECIPES + 2}`],
    ]);
    expect(answer.body.refusals[0]!.reason).toMatch(/^Free accounts keep 10 recipes/);
    expect((await list(jar)).body.items).toHaveLength(FREE_OWN_RECIPES);
  });

  it('lists a recipe it cannot take with its reason, beside the ones it imports', async () => {
    const jar = await signIn(t, randomEmail('refusal'));
    const records = JSON.stringify([
      { name: 'Good One', ingredients: ['2 oz gin', '1 oz Campari'], directions: 'Stir and strain.' },
      { name: 'No Lines', ingredients: [] },
    ]);
    const answer = await upload<ImportResult>(jar, records, '', 'application/json');
    expect(answer.body.format).toBe('json-records');
    expect(answer.body.imported.map((r) => r.name)).toEqual(['Good One']);
    expect(answer.body.refusals).toEqual([{ index: 1, name: 'No Lines', reason: 'The recipe names no ingredient.' }]);
  });

  it('says why an upload cannot be read (400), refuses one over 5 MB (413), strangers and other sites', async () => {
    const jar = await signIn(t, randomEmail('bad'));
    const unreadable = await upload<ApiErrorBody>(jar, '{"hello":"world"}', '', 'application/json');
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The JSON holds no recipe in a format Barback reads.',
    });
    // JSON nested 10,000 deep is refused as unreadable, never a stack overflow.
    for (const deep of [
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    ]) {
      const answer = await upload<ApiErrorBody>(jar, deep, '?preview=1', 'application/json');
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
    const huge = await upload<ApiErrorBody>(jar, new Uint8Array(MAX_IMPORT_BYTES + 1).fill(65));
    expect(huge.status).toBe(413);
    expect((await upload(null, PASTED)).status).toBe(401);
    const crossSite = await t.json<ApiErrorBody>('/api/me/recipes/import', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example', ...jar.headers() },
      body: PASTED,
    });
    expect(crossSite.status).toBe(403);
    expect((await list(jar)).body.items).toEqual([]);
  });
});

describe.each(testDialects())('Importing while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t, randomEmail('outage'));
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After for a preview and an import', async () => {
    for (const query of ['?preview=1', '']) {
      const answer = await t.json<ApiErrorBody>(`/api/me/recipes/import${query}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: TEST_ORIGIN, ...jar.headers() },
        body: PASTED,
      });
      expect(answer.status, query).toBe(503);
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
  });
});
