import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  ACCOUNT_EXPORT_ENTRY,
  accountExportSchema,
  accountImportResultSchema,
  MAX_ACCOUNT_IMPORT_BYTES,
  type AccountExport,
  type AccountImportResult,
} from '@/shared/schemas/export';
import type { ImportResult, OwnRecipe, OwnRecipeList, OwnRecipeWriteInput } from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../../tests/support/auth';
import type { CookieJar } from '../../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { testDialects } from '../../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../../app';
import { grantEntitlement } from '../../payments';
import { noisyImage } from '../../../../tests/support/images';
import { createLocalImageStore, processImage, storeImage } from '../../uploads';
import { restoreAccount } from '../import/restore';

/** The house recipes of the exporting user: catalogue lines, a range, an optional line, a top-up and an own bitters. */
function recipesOf(ing: Record<string, number>): OwnRecipeWriteInput[] {
  return [
    {
      name: 'Quillon House Negroni',
      base_spirit: 'Gin',
      category: 'Modern',
      description: 'A touch more gin, and orange bitters.',
      instructions: 'Stir with ice for thirty seconds and strain over a large cube.',
      difficulty_level: 'Easy',
      glassware: 'Rocks',
      technique: 'Stir',
      garnish: 'Orange twist',
      preparation_time: 3,
      flavor_profile: ['Bitter'],
      seasonal_tags: ['Autumn'],
      occasion_tags: ['Aperitif'],
      ingredients: [
        { ingredient_id: ing.gin!, amount: 40, unit: 'ml' },
        { ingredient_id: ing['sweet-vermouth']!, amount: 30, unit: 'ml' },
        { ingredient_id: ing.campari!, amount: 22.5, unit: 'ml', note: 'chilled' },
        { ingredient_name: 'Quillon orange bitters', amount: 2, unit: 'dash' },
        { ingredient_id: ing['simple-syrup']!, amount: 1, amount_max: 2, unit: 'barspoon', is_optional: true },
      ],
    },
    {
      name: 'Quillon Rum Highball',
      base_spirit: 'Rum',
      category: 'Modern',
      description: '',
      instructions: 'Build over ice in a highball glass and stir once.',
      difficulty_level: 'Easy',
      glassware: 'Highball',
      technique: 'Build',
      garnish: '',
      preparation_time: 2,
      ingredients: [
        { ingredient_id: ing['white-rum']!, amount: 50, unit: 'ml' },
        { ingredient_id: ing['lime-juice']!, amount: 15, unit: 'ml' },
        { ingredient_id: ing['soda-water']!, amount: 100, unit: 'top' },
      ],
    },
  ];
}

/** An exported recipe compared without what a restore may change (ids, times, share links). */
const recipeShape = (recipe: AccountExport['recipes'][number]) => ({
  ...recipe,
  createdAt: '',
  updatedAt: '',
  shared: false,
});
/** What of an own recipe a re-import through another format must reproduce. */
const recipeFacts = (recipe: OwnRecipe) => ({
  name: recipe.name,
  glassware: recipe.glassware,
  technique: recipe.technique,
  instructions: recipe.instructions,
  lines: recipe.ingredients.map((line) => [
    line.ingredient,
    line.amount,
    line.amount_max,
    line.unit,
    line.is_optional,
    line.note,
  ]),
});

describe.each(testDialects())('Account export and import on %s', (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  let cocktails: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const rows = await t.database.db.selectFrom('ingredient').select(['id', 'slug']).execute();
    ing = Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
    const drinks = await t.database.db
      .selectFrom('cocktail')
      .select(['id', 'slug'])
      .where('owner_id', 'is', null)
      .execute();
    cocktails = Object.fromEntries(drinks.map((row) => [row.slug, Number(row.id)]));
  });
  afterAll(() => t?.close());

  async function user(label: string, plan: 'free' | 'pro' = 'pro'): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    const id = await userIdOf(t, jar);
    if (plan === 'pro') await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
    return { jar, id };
  }

  async function download(jar: CookieJar | null, format?: string): Promise<Response> {
    const query = format === undefined ? '' : `?format=${format}`;
    return t.request(`/api/me/export${query}`, { headers: { ...(jar ? jar.headers() : {}), origin: TEST_ORIGIN } });
  }

  /** The JSON export of `jar`, out of its zip. */
  async function exportOf(jar: CookieJar): Promise<{ data: AccountExport; zip: Uint8Array }> {
    const response = await download(jar, 'json');
    expect(response.status).toBe(200);
    const zip = new Uint8Array(await response.arrayBuffer());
    const files = unzipSync(zip);
    return { data: accountExportSchema.parse(JSON.parse(strFromU8(files[ACCOUNT_EXPORT_ENTRY]!))), zip };
  }

  async function upload<T>(jar: CookieJar, path: string, body: Uint8Array | string) {
    return t.json<T>(path, {
      method: 'POST',
      headers: { ...jar.headers(), origin: TEST_ORIGIN, 'content-type': 'application/octet-stream' },
      body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
    });
  }

  /** A Pro user with two own recipes, saved cocktails, My Bar, collections (one holding an own recipe), notes, ratings. */
  async function richUser(label: string) {
    const owner = await user(label);
    const ids: number[] = [];
    for (const recipe of recipesOf(ing)) {
      const answer = await t.json<OwnRecipe>('/api/me/recipes', postJson(recipe, owner.jar));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids.push(answer.body.id);
    }
    const db = t.database.db;
    const at = '2026-01-02T03:04:05.000Z';
    const userId = owner.id;
    await db
      .insertInto('user_favorites')
      .values([
        { user_id: userId, cocktail_id: cocktails.negroni!, created_at: at },
        { user_id: userId, cocktail_id: cocktails.daiquiri!, created_at: '2026-01-03T00:00:00.000Z' },
      ])
      .execute();
    await db
      .insertInto('bar_item')
      .values(
        ['gin', 'campari', 'sweet-vermouth'].map((slug) => ({
          user_id: userId,
          ingredient_id: ing[slug]!,
          created_at: at,
        })),
      )
      .execute();
    await db
      .insertInto('shopping_item')
      .values({ user_id: userId, ingredient_id: ing['lime-juice']!, created_at: at })
      .execute();
    await db
      .insertInto('ingredient_swap')
      .values({ user_id: userId, from_id: ing.gin!, to_id: ing['london-dry-gin']!, created_at: at })
      .execute();
    await db
      .insertInto('made_drink')
      .values([
        { user_id: userId, cocktail_id: cocktails.negroni!, made_at: at, note: 'For Sam' },
        { user_id: userId, cocktail_id: ids[0]!, made_at: '2026-01-05T00:00:00.000Z', note: null },
      ])
      .execute();
    const older = await db
      .insertInto('collection')
      .values({
        user_id: userId,
        name: 'Quillon Sunday',
        description: 'Slow drinks',
        share_slug: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newer = await db
      .insertInto('collection')
      .values({
        user_id: userId,
        name: 'Quillon Party',
        description: '',
        share_slug: null,
        created_at: at,
        updated_at: '2026-01-04T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('collection_item')
      .values([
        { collection_id: Number(older.id), cocktail_id: cocktails['old-fashioned']!, position: 0, added_at: at },
        { collection_id: Number(older.id), cocktail_id: ids[0]!, position: 1, added_at: at },
        { collection_id: Number(newer.id), cocktail_id: ids[1]!, position: 0, added_at: at },
        { collection_id: Number(newer.id), cocktail_id: cocktails.mojito!, position: 1, added_at: at },
      ])
      .execute();
    await db
      .insertInto('cocktail_note')
      .values([
        {
          user_id: userId,
          cocktail_id: cocktails.negroni!,
          text: 'Less vermouth.\nOrange, not lemon.',
          updated_at: at,
        },
        { user_id: userId, cocktail_id: ids[1]!, text: 'Great in summer', updated_at: at },
      ])
      .execute();
    await db
      .insertInto('cocktail_rating')
      .values([
        { user_id: userId, cocktail_id: cocktails.negroni!, stars: 4.5, updated_at: at },
        { user_id: userId, cocktail_id: ids[0]!, stars: 5, updated_at: at },
      ])
      .execute();
    return { ...owner, recipeIds: ids };
  }

  it('exports the whole account as a zip of JSON, and restores it into a new account exactly', async () => {
    const a = await richUser('exporter');
    const response = await download(a.jar);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="barback-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');

    const { data, zip } = await exportOf(a.jar);
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

    const b = await user('restorer');
    const restored = await upload<AccountImportResult>(b.jar, '/api/me/import', zip);
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

    const again = (await exportOf(b.jar)).data;
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
    const own = items.map((row) => Number(row.cocktail_id)).filter((id) => !Object.values(cocktails).includes(id));
    expect(own.sort()).toEqual(bRecipes.map((row) => Number(row.id)).sort());
    expect(own.some((id) => a.recipeIds.includes(id))).toBe(false);

    // Importing the same file again adds nothing: what B has is kept, and each of its recipes and collections is named.
    const twice = await upload<AccountImportResult>(b.jar, '/api/me/import', zip);
    expect(Object.values(twice.body.restored).every((count) => count === 0)).toBe(true);
    expect(twice.body.refusals.filter((r) => r.part === 'recipes')).toHaveLength(2);
    expect(
      twice.body.refusals
        .filter((r) => r.part === 'collections')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Quillon Party', 'Quillon Sunday']);
  });

  it("carries a recipe's photo inside the zip and stores it afresh for the new account", async () => {
    const a = await richUser('photo');
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
    const { data, zip } = await exportOf(a.jar);
    const photo = data.recipes[0]!.photo!;
    expect(photo.variants.length).toBe(image.variants.length);
    const files = unzipSync(zip);
    for (const variant of photo.variants) expect(files[variant.file]?.byteLength, variant.file).toBeGreaterThan(0);
    const datapack = unzipSync(new Uint8Array(await (await download(a.jar, 'bar-assistant')).arrayBuffer()));
    expect(Object.keys(datapack)).toContain('cocktails/quillon-house-negroni/photo.jpg');

    const b = await user('photo-b');
    const restored = await upload<AccountImportResult>(b.jar, '/api/me/import', zip);
    expect(restored.body.refusals).toEqual([]);
    const theirs = (await t.json<OwnRecipeList>('/api/me/recipes', { headers: b.jar.headers() })).body.items;
    const copy = theirs.find((recipe) => recipe.name === 'Quillon House Negroni')!;
    expect(copy.photo?.variants.length).toBe(image.variants.length);
    const url = copy.photo!.variants[0]!.url;
    expect(image.variants.map((variant) => variant.key).some((key) => url.endsWith(key))).toBe(false);
    expect((await t.request(url)).status).toBe(200);
  });

  it('writes a readable Markdown book with every recipe line', async () => {
    const a = await richUser('markdown');
    const response = await download(a.jar, 'md');
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
    const a = await richUser('jsonld');
    const response = await download(a.jar, 'jsonld');
    expect(response.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/filename="barback-export-\d{4}-\d{2}-\d{2}\.jsonld"/);
    const doc = (await response.json()) as { '@context': string; '@graph': Record<string, unknown>[] };
    expect(doc['@context']).toBe('https://schema.org');
    expect(doc['@graph'].map((node) => [node['@type'], node.name])).toEqual([
      ['Recipe', 'Quillon House Negroni'],
      ['Recipe', 'Quillon Rum Highball'],
    ]);
    expect(doc['@graph'][0]!.recipeIngredient).toContain('40 ml Gin');
    const b = await user('jsonld-reader');
    const read = await upload<ImportResult>(b.jar, '/api/me/recipes/import', JSON.stringify(doc));
    expect(read.body.imported.map((r) => r.name)).toEqual(['Quillon House Negroni', 'Quillon Rum Highball']);
  });

  for (const format of ['csv', 'bar-assistant'] as const) {
    it(`writes ${format} that the recipe import reads back to the same recipes`, async () => {
      const a = await richUser(`${format}-writer`);
      const response = await download(a.jar, format);
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

      const b = await user(`${format}-reader`);
      const imported = await upload<ImportResult>(b.jar, '/api/me/recipes/import', body);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body.refusals).toEqual([]);
      const mine = (await t.json<OwnRecipeList>('/api/me/recipes', { headers: a.jar.headers() })).body.items;
      const theirs = (await t.json<OwnRecipeList>('/api/me/recipes', { headers: b.jar.headers() })).body.items;
      expect(theirs.map(recipeFacts)).toEqual(mine.map(recipeFacts));
      expect(theirs.map((r) => r.garnish)).toEqual(mine.map((r) => r.garnish));
    });
  }

  it("keeps each user's export to their own rows: nothing of A's, not even a shared recipe, is in B's", async () => {
    const a = await richUser('isolated-a');
    const shared = await t.json<OwnRecipe>(
      `/api/me/recipes/${a.recipeIds[0]}/share`,
      postJson({ shared: true }, a.jar, 'PUT'),
    );
    expect(shared.body.shareSlug).not.toBeNull();
    const b = await user('isolated-b');
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
    const { data } = await exportOf(b.jar);
    expect(data.recipes).toEqual([]);
    expect(data.collections).toEqual([{ name: 'Borrowed', description: '', shared: false, items: [] }]);
    expect(data.notes).toEqual([]);
    for (const format of ['md', 'jsonld', 'csv', 'bar-assistant']) {
      const text = strFromU8(new Uint8Array(await (await download(b.jar, format)).arrayBuffer()));
      expect(text, format).not.toContain('Quillon House Negroni');
      expect(text, format).not.toContain('Quillon orange bitters');
    }
  });

  it('answers 401 signed out and 400 for an unknown format', async () => {
    const signedOut = await download(null);
    expect(signedOut.status).toBe(401);
    const { jar } = await user('formats');
    const unknown = await download(jar, 'pdf');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ApiErrorBody).error.code).toBe('VALIDATION_FAILED');
    const importSignedOut = await t.json<ApiErrorBody>('/api/me/import', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN },
      body: '{}',
    });
    expect(importSignedOut.status).toBe(401);
  });

  it('refuses an upload that is not a Barback export, and one from another site', async () => {
    const { jar } = await user('not-export');
    for (const body of [
      '[{"name":"Sour","ingredients":["2 oz gin"]}]',
      'not json',
      '{"app":"barback","version":99}',
      '{"app":"barback","version":1}',
    ]) {
      const answer = await upload<ApiErrorBody>(jar, '/api/me/import', body);
      expect(answer.status, body).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
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
    const a = await richUser('full-export');
    const { data } = await exportOf(a.jar);
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
    const free = await user('free-restorer', 'free');
    for (let n = 0; n < 9; n += 1) {
      const made = await t.json<OwnRecipe>(
        '/api/me/recipes',
        postJson({ ...recipesOf(ing)[1]!, name: `Quillon Mine ${n}` }, free.jar),
      );
      expect(made.status).toBe(201);
    }
    const answer = await upload<AccountImportResult>(free.jar, '/api/me/import', JSON.stringify(many));
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

  it('writes nothing when any part fails: one transaction, photos stored for it deleted again', async () => {
    const a = await richUser('atomic');
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
    const { zip } = await exportOf(a.jar);
    const b = await user('atomic-b');
    const filesBefore = (await readdir(path.join(t.config.uploads.dir, 'recipes'))).sort();
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
    expect((await readdir(path.join(t.config.uploads.dir, 'recipes'))).sort()).toEqual(filesBefore);
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
