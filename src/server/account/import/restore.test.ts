import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  accountImportResultSchema,
  MAX_ACCOUNT_IMPORT_BYTES,
  type AccountExport,
  type AccountImportResult,
} from '@/shared/schemas/export';
import type { OwnRecipe, OwnRecipeList } from '@/shared/schemas/recipes';
import {
  accountHarness,
  houseRecipes,
  recipeShape,
  type AccountHarness,
} from '../../../../tests/support/account-export';
import { postJson, randomEmail, signIn, TEST_ORIGIN } from '../../../../tests/support/auth';
import type { CookieJar } from '../../../../tests/support/cookie-jar';
import { noisyImage } from '../../../../tests/support/images';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { testDialects } from '../../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../../app';
import { createLocalImageStore, processImage, storeImage } from '../../uploads';
import { restoreAccount } from './restore';

/**
 * POST /api/me/import on both databases: the round trip (export, then restore into a new account, then export again:
 * the same recipes, collections and bar), what it refuses and why (not an export, another site, too big, past the
 * plan), that a failure writes nothing, and 503 while the database is away.
 */

describe.each(testDialects())('Account import on %s', (dialect) => {
  let t: TestApp;
  let h: AccountHarness;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    h = await accountHarness(t);
  });
  afterAll(() => t?.close());

  it('exports the whole account as a zip of JSON, and restores it into a new account exactly', async () => {
    const a = await h.richUser('exporter');
    const response = await h.download(a.jar);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="barback-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');

    const { data, zip } = await h.exportOf(a.jar);
    expect(data.recipes.map((r) => r.name)).toEqual(['Quillon House Negroni', 'Quillon Rum Highball']);
    expect(data.recipes[0]!.ingredients[3]).toEqual({
      ingredient: 'Quillon orange bitters',
      slug: null,
      amount: 2,
      amount_max: null,
      unit: 'dash',
      is_optional: false,
      note: null,
    });
    expect(data.favorites.map((f) => f.cocktail)).toEqual([
      { kind: 'catalogue', slug: 'daiquiri', name: 'Daiquiri' },
      { kind: 'catalogue', slug: 'negroni', name: 'Negroni' },
    ]);
    expect(data.bar.map((item) => item.slug)).toEqual(['campari', 'gin', 'sweet-vermouth']);
    expect(data.collections.map((c) => [c.name, c.items.map((item) => item.name)])).toEqual([
      ['Quillon Party', ['Quillon Rum Highball', 'Mojito']],
      ['Quillon Sunday', ['Old Fashioned', 'Quillon House Negroni']],
    ]);
    expect(data.made[0]!.cocktail).toEqual({ kind: 'own', recipe: 'r1', name: 'Quillon House Negroni' });

    const b = await h.user('restorer');
    // As a browser sends a file picked without a type: no Content-Type at all.
    const restored = await t.json<AccountImportResult>('/api/me/import', {
      method: 'POST',
      headers: { ...b.jar.headers(), origin: TEST_ORIGIN },
      body: new Blob([new Uint8Array(zip)]),
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(accountImportResultSchema.parse(restored.body)).toEqual({
      restored: {
        recipes: 2,
        favorites: 2,
        bar: 3,
        shoppingList: 1,
        swaps: 1,
        made: 2,
        collections: 2,
        notes: 2,
        ratings: 2,
      },
      refusals: [],
    });

    const again = (await h.exportOf(b.jar)).data;
    expect(again.recipes.map(recipeShape)).toEqual(data.recipes.map(recipeShape));
    expect(again.collections).toEqual(data.collections);
    expect(again.bar).toEqual(data.bar);
    expect(again.shoppingList).toEqual(data.shoppingList);
    expect(again.swaps).toEqual(data.swaps);
    expect(again.made).toEqual(data.made);
    expect(again.favorites).toEqual(data.favorites);
    expect(again.notes.map(({ cocktail, text }) => [cocktail, text])).toEqual(
      data.notes.map(({ cocktail, text }) => [cocktail, text]),
    );
    expect(again.ratings.map(({ cocktail, stars }) => [cocktail, stars]).sort()).toEqual(
      data.ratings.map(({ cocktail, stars }) => [cocktail, stars]).sort(),
    );

    // The restored collections hold B's new recipes, not A's.
    const bRecipes = await t.database.db.selectFrom('cocktail').select('id').where('owner_id', '=', b.id).execute();
    const items = await t.database.db
      .selectFrom('collection_item')
      .innerJoin('collection', 'collection.id', 'collection_item.collection_id')
      .select('collection_item.cocktail_id')
      .where('collection.user_id', '=', b.id)
      .execute();
    const own = items.map((row) => Number(row.cocktail_id)).filter((id) => !Object.values(h.cocktails).includes(id));
    expect(own.sort()).toEqual(bRecipes.map((row) => Number(row.id)).sort());
    expect(own.some((id) => a.recipeIds.includes(id))).toBe(false);

    // Importing the same file again adds nothing: what B has is kept, and each of its recipes and collections is named.
    const twice = await h.upload<AccountImportResult>(b.jar, '/api/me/import', zip);
    expect(Object.values(twice.body.restored).every((count) => count === 0)).toBe(true);
    expect(twice.body.refusals.filter((r) => r.part === 'recipes')).toHaveLength(2);
    expect(
      twice.body.refusals
        .filter((r) => r.part === 'collections')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Quillon Party', 'Quillon Sunday']);
  });

  it('refuses an upload that is not a Barback export, text with a NUL, one from another site and one too big', async () => {
    const { jar } = await h.user('not-export');
    for (const body of [
      '[{"name":"Sour","ingredients":["2 oz gin"]}]',
      'not json',
      '{"app":"barback","version":99}',
      '{"app":"barback","version":1}',
      // An export's fields nested 10,000 deep: refused before they are checked one by one.
      `{"app":"barback","version":1,"recipes":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    ]) {
      const answer = await h.upload<ApiErrorBody>(jar, '/api/me/import', body);
      expect(answer.status, body).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
    // Text with a NUL character never reaches the database, inside a zip or not.
    const { data } = await h.exportOf((await h.richUser('nul-source')).jar);
    const withNul = JSON.stringify({ ...data, notes: [{ ...data.notes[0]!, text: 'bad\u0000note' }] });
    expect(withNul).toContain('\\u0000');
    const nul = await h.upload<ApiErrorBody>(jar, '/api/me/import', withNul);
    expect(nul.status).toBe(400);
    expect(nul.body.error.message).toMatch(/NUL/);
    const crossSite = await t.json<ApiErrorBody>('/api/me/import', {
      method: 'POST',
      headers: { ...jar.headers(), origin: 'https://evil.example' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
    const oversized = await t.json<ApiErrorBody>('/api/me/import', {
      method: 'POST',
      headers: { ...jar.headers(), origin: TEST_ORIGIN, 'content-length': String(MAX_ACCOUNT_IMPORT_BYTES + 1) },
      body: '{}',
    });
    expect(oversized.status).toBe(413);
  });

  it("keeps a free account to its plan: recipes past the limit and Pro's parts refused by reason, nothing of its own taken", async () => {
    const a = await h.richUser('full-export');
    const { data } = await h.exportOf(a.jar);
    // A file of 12 recipes for a free account that already keeps 9: one is taken, eleven refused.
    const many: AccountExport = {
      ...data,
      recipes: Array.from({ length: 12 }, (_, n) => ({
        ...data.recipes[1]!,
        key: `r${n + 1}`,
        name: `Quillon Copy ${n + 1}`,
      })),
      made: [],
      notes: [],
      ratings: [],
      collections: data.collections.map((c) => ({ ...c, items: c.items.filter((item) => item.kind === 'catalogue') })),
    };
    const free = await h.user('free-restorer', 'free');
    for (let n = 0; n < 9; n += 1) {
      const made = await t.json<OwnRecipe>(
        '/api/me/recipes',
        postJson({ ...houseRecipes(h.ing)[1]!, name: `Quillon Mine ${n}` }, free.jar),
      );
      expect(made.status).toBe(201);
    }
    const answer = await h.upload<AccountImportResult>(free.jar, '/api/me/import', JSON.stringify(many));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.restored).toMatchObject({ recipes: 1, favorites: 2, bar: 0, collections: 0 });
    const refused = answer.body.refusals;
    expect(refused.filter((r) => r.part === 'recipes')).toHaveLength(11);
    expect(refused.find((r) => r.part === 'recipes')!.reason).toMatch(/Free accounts keep 10 recipes/);
    expect(refused.find((r) => r.part === 'collections')!.reason).toMatch(/part of Pro/);
    expect(refused.find((r) => r.part === 'bar')!.reason).toMatch(/part of Pro/);
    const list = (await t.json<OwnRecipeList>('/api/me/recipes', { headers: free.jar.headers() })).body.items;
    expect(list).toHaveLength(10);
    expect(list.filter((r) => r.name.startsWith('Quillon Mine'))).toHaveLength(9);
  });

  /** Every file in the app's photo store (folders the store leaves behind aside), sorted. */
  const storedFiles = async () =>
    (await readdir(t.config.uploads.dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();

  it('writes nothing when any part fails: one transaction, photos stored for it deleted again', async () => {
    const a = await h.richUser('atomic');
    const store = createLocalImageStore({ dir: t.config.uploads.dir });
    const image = await storeImage({
      store,
      prefix: 'recipes',
      image: await processImage(await noisyImage(300, 200, 'png')),
    });
    await t.database.db
      .updateTable('cocktail')
      .set({ photo: JSON.stringify(image) })
      .where('id', '=', a.recipeIds[0]!)
      .execute();
    const { zip } = await h.exportOf(a.jar);
    const b = await h.user('atomic-b');
    const filesBefore = await storedFiles();
    // The clock first runs inside the transaction, after the recipes are written: failing there must undo them.
    const failing = () => {
      throw new Error('clock broke');
    };
    await expect(
      restoreAccount({
        db: t.database.db,
        userId: b.id,
        plan: 'pro',
        bytes: zip,
        store,
        now: failing,
      }),
    ).rejects.toThrow('clock broke');
    expect(await storedFiles()).toEqual(filesBefore);
    for (const table of [
      'user_favorites',
      'bar_item',
      'collection',
      'cocktail_note',
      'cocktail_rating',
      'made_drink',
    ] as const) {
      expect(
        await t.database.db.selectFrom(table).select('user_id').where('user_id', '=', b.id).execute(),
        table,
      ).toEqual([]);
    }
    expect(await t.database.db.selectFrom('cocktail').select('id').where('owner_id', '=', b.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('ingredient').select('id').where('owner_id', '=', b.id).execute()).toEqual(
      [],
    );
  });
});

describe.each(testDialects())('Account export and import while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t, randomEmail('outage'));
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, never a 500', async () => {
    for (const [method, path] of [
      ['GET', '/api/me/export?format=json'],
      ['GET', '/api/me/export?format=md'],
      ['POST', '/api/me/import'],
    ] as const) {
      const answer = await t.json<ApiErrorBody>(path, {
        method,
        headers: { ...jar.headers(), origin: TEST_ORIGIN },
        ...(method === 'POST' ? { body: '{"app":"barback","version":1}' } : {}),
      });
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
  });
});
