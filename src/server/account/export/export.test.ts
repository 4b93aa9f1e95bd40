import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { AccountImportResult } from '@/shared/schemas/export';
import type { ImportResult, OwnRecipe, OwnRecipeList } from '@/shared/schemas/recipes';
import { accountHarness, recipeFacts, type AccountHarness } from '../../../../tests/support/account-export';
import { postJson, TEST_ORIGIN } from '../../../../tests/support/auth';
import { noisyImage } from '../../../../tests/support/images';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { testDialects } from '../../../../tests/support/test-database';
import { createLocalImageStore, processImage, storeImage } from '../../uploads';

/**
 * GET /api/me/export in each format, on both databases: what each holds, the re-import of the recipe formats through
 * POST /api/me/recipes/import, that a user's export holds nothing of another's, and its errors.
 */

describe.each(testDialects())('Account export on %s', (dialect) => {
  let t: TestApp;
  let h: AccountHarness;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    h = await accountHarness(t);
  });
  afterAll(() => t?.close());

  it("carries a recipe's photo inside the zip and stores it afresh for the new account", async () => {
    const a = await h.richUser('photo');
    const store = createLocalImageStore({ dir: t.config.uploads.dir });
    const image = await storeImage({
      store,
      prefix: 'recipes',
      image: await processImage(await noisyImage(900, 600, 'jpeg')),
    });
    await t.database.db
      .updateTable('cocktail')
      .set({ photo: JSON.stringify(image) })
      .where('id', '=', a.recipeIds[0]!)
      .execute();
    const { data, zip } = await h.exportOf(a.jar);
    const photo = data.recipes[0]!.photo!;
    expect(photo.variants.length).toBe(image.variants.length);
    const files = unzipSync(zip);
    for (const variant of photo.variants) expect(files[variant.file]?.byteLength, variant.file).toBeGreaterThan(0);
    const datapack = unzipSync(new Uint8Array(await (await h.download(a.jar, 'bar-assistant')).arrayBuffer()));
    expect(Object.keys(datapack)).toContain('cocktails/quillon-house-negroni/photo.jpg');

    const b = await h.user('photo-b');
    const restored = await h.upload<AccountImportResult>(b.jar, '/api/me/import', zip);
    expect(restored.body.refusals).toEqual([]);
    const theirs = (await t.json<OwnRecipeList>('/api/me/recipes', { headers: b.jar.headers() })).body.items;
    const copy = theirs.find((recipe) => recipe.name === 'Quillon House Negroni')!;
    expect(copy.photo?.variants.length).toBe(image.variants.length);
    const url = copy.photo!.variants[0]!.url;
    expect(image.variants.map((variant) => variant.key).some((key) => url.endsWith(key))).toBe(false);
    expect(url).toContain(`recipes/${copy.id}/`);
    expect((await t.request(url)).status).toBe(200);
  });

  it('writes a readable Markdown book with every recipe line', async () => {
    const a = await h.richUser('markdown');
    const response = await h.download(a.jar, 'md');
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/filename="barback-export-\d{4}-\d{2}-\d{2}\.md"/);
    const md = await response.text();
    for (const expected of [
      '### Quillon House Negroni',
      '- 40 ml Gin',
      '- 22½ ml Campari, chilled',
      '- 2 dashes Quillon orange bitters',
      '- 1–2 barspoons Simple syrup (optional)',
      '- 100 ml Soda water, to top',
      '**Method:** Stir · **Glass:** Rocks · **Garnish:** Orange twist',
      'Stir with ice for thirty seconds and strain over a large cube.',
      '### Quillon Sunday',
      '2. Quillon House Negroni (my recipe)',
      '> Less vermouth.',
      '- Negroni: ★★★★½ (4.5/5)',
      '## My Bar',
    ]) {
      expect(md).toContain(expected);
    }
  });

  it('writes schema.org Recipes as JSON-LD', async () => {
    const a = await h.richUser('jsonld');
    const response = await h.download(a.jar, 'jsonld');
    expect(response.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/filename="barback-export-\d{4}-\d{2}-\d{2}\.jsonld"/);
    const doc = (await response.json()) as { '@context': string; '@graph': Record<string, unknown>[] };
    expect(doc['@context']).toBe('https://schema.org');
    expect(doc['@graph'].map((node) => [node['@type'], node.name])).toEqual([
      ['Recipe', 'Quillon House Negroni'],
      ['Recipe', 'Quillon Rum Highball'],
    ]);
    expect(doc['@graph'][0]!.recipeIngredient).toContain('40 ml Gin');
    const b = await h.user('jsonld-reader');
    const read = await h.upload<ImportResult>(b.jar, '/api/me/recipes/import', JSON.stringify(doc));
    expect(read.body.imported.map((r) => r.name)).toEqual(['Quillon House Negroni', 'Quillon Rum Highball']);
  });

  for (const format of ['csv', 'bar-assistant'] as const) {
    it(`writes ${format} that the recipe import reads back to the same recipes`, async () => {
      const a = await h.richUser(`${format}-writer`);
      const response = await h.download(a.jar, format);
      const extension = format === 'csv' ? 'csv' : 'zip';
      expect(response.headers.get('content-type')).toBe(
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/zip',
      );
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`filename="barback-export.*-\\d{4}-\\d{2}-\\d{2}\\.${extension}"`),
      );
      const body = new Uint8Array(await response.arrayBuffer());
      if (format === 'csv') expect(strFromU8(body).split('\r\n')[0]).toMatch(/^name,.*ingredient_direction/);
      else expect(Object.keys(unzipSync(body))).toContain('cocktails/quillon-house-negroni/data.json');

      const b = await h.user(`${format}-reader`);
      const imported = await h.upload<ImportResult>(b.jar, '/api/me/recipes/import', body);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body.refusals).toEqual([]);
      const mine = (await t.json<OwnRecipeList>('/api/me/recipes', { headers: a.jar.headers() })).body.items;
      const theirs = (await t.json<OwnRecipeList>('/api/me/recipes', { headers: b.jar.headers() })).body.items;
      expect(theirs.map(recipeFacts)).toEqual(mine.map(recipeFacts));
      expect(theirs.map((r) => r.garnish)).toEqual(mine.map((r) => r.garnish));
    });
  }

  it("keeps each user's export to their own rows: nothing of A's, not even a shared recipe, is in B's", async () => {
    const a = await h.richUser('isolated-a');
    const shared = await t.json<OwnRecipe>(
      `/api/me/recipes/${a.recipeIds[0]}/share`,
      postJson({ shared: true }, a.jar, 'PUT'),
    );
    expect(shared.body.shareSlug).not.toBeNull();
    const b = await h.user('isolated-b');
    // B holds A's recipe in a collection and notes it (rows the API would refuse): the export still leaves it out.
    const collection = await t.database.db
      .insertInto('collection')
      .values({
        user_id: b.id,
        name: 'Borrowed',
        description: '',
        share_slug: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('collection_item')
      .values({
        collection_id: Number(collection.id),
        cocktail_id: a.recipeIds[0]!,
        position: 0,
        added_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await t.database.db
      .insertInto('cocktail_note')
      .values({ user_id: b.id, cocktail_id: a.recipeIds[0]!, text: 'theirs', updated_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    const { data } = await h.exportOf(b.jar);
    expect(data.recipes).toEqual([]);
    expect(data.collections).toEqual([{ name: 'Borrowed', description: '', shared: false, items: [] }]);
    expect(data.notes).toEqual([]);
    for (const format of ['md', 'jsonld', 'csv', 'bar-assistant']) {
      const text = strFromU8(new Uint8Array(await (await h.download(b.jar, format)).arrayBuffer()));
      expect(text, format).not.toContain('Quillon House Negroni');
      expect(text, format).not.toContain('Quillon orange bitters');
    }
  });

  it('answers 401 signed out and 400 for an unknown format', async () => {
    const signedOut = await h.download(null);
    expect(signedOut.status).toBe(401);
    const { jar } = await h.user('formats');
    const unknown = await h.download(jar, 'pdf');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ApiErrorBody).error.code).toBe('VALIDATION_FAILED');
    const importSignedOut = await t.json<ApiErrorBody>('/api/me/import', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN },
      body: '{}',
    });
    expect(importSignedOut.status).toBe(401);
  });
});
