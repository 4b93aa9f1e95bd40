import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cocktailDetailSchema,
  cocktailPageSchema,
  cocktailSummarySchema,
  type CocktailDetail,
  type CocktailPage,
  type CocktailSummary,
} from '@/shared/schemas/cocktail';
import { apiErrorBodySchema, type ApiErrorBody } from '@/shared/schemas/api-error';
import { signIn } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { generateSyntheticSeed } from '../../../tests/support/synthetic-catalogue';
import { buildTestSeed, TEST_COCKTAIL_NAMES_IN_ORDER } from '../../../tests/support/test-seed';
import { seedCatalogue } from './operations';

describe.each(testDialects())('catalogue API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  const idOf = async (slug: string) => {
    const row = await t.database.db
      .selectFrom('cocktail')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  describe('GET /api/cocktails', () => {
    it('answers the first page of the catalogue by name, with card ingredients in recipe order', async () => {
      const { status, body, headers } = await t.json<CocktailPage>('/api/cocktails');
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^application\/json/);
      expect(cocktailPageSchema.parse(body)).toEqual(body);
      expect(body.total).toBe(8);
      expect(body.page).toBe(0);
      expect(body.pageSize).toBe(50);
      expect(body.items.map((item) => item.name)).toEqual(TEST_COCKTAIL_NAMES_IN_ORDER);
      const fizz = body.items.find((item) => item.slug === 'gin-fizz') as CocktailSummary;
      expect(fizz.ingredients).toEqual([
        { amount: 45, unit: 'ml', ingredient: 'Gin' },
        { amount: 20, unit: 'ml', ingredient: 'Lime juice' },
        { amount: 15, unit: 'ml', ingredient: 'Simple syrup' },
        { amount: 60, unit: 'top', ingredient: 'Soda water' },
      ]);
      expect(fizz).toMatchObject({
        base_spirit: 'Gin',
        category: 'Classic',
        technique: 'Shake',
        glassware: 'Highball',
        is_signature: false,
        flavor_profile: ['Citrus'],
        seasonal_tags: ['All year'],
        occasion_tags: ['Party'],
        preparation_time: 3,
      });
    });

    it('searches, filters and pages through the query string', async () => {
      const search = await t.json<CocktailPage>('/api/cocktails?q=GIN');
      expect(search.body.items.map((item) => item.name)).toEqual([
        'Gin Fizz',
        'Gin Basil Smash',
        'Negroni',
        'Penicillin',
      ]);
      const filtered = await t.json<CocktailPage>('/api/cocktails?spirit=Gin&spirit=Rum&category=Classic');
      expect(filtered.body.items.map((item) => item.name)).toEqual(['Daiquiri', 'Gin Fizz', 'Mojito', 'Negroni']);
      // Pages past the first are for signed-in callers (the anonymous rule is tested in tests of the accounts issue).
      const signedIn = { headers: (await signIn(t)).headers() };
      const paged = await t.json<CocktailPage>('/api/cocktails?page=1&pageSize=3', signedIn);
      expect(paged.body).toMatchObject({ total: 8, page: 1, pageSize: 3 });
      expect(paged.body.items.map((item) => item.name)).toEqual(TEST_COCKTAIL_NAMES_IN_ORDER.slice(3, 6));
      const beyond = await t.json<CocktailPage>('/api/cocktails?page=9', signedIn);
      expect(beyond.body).toEqual({ items: [], total: 8, page: 9, pageSize: 50, didYouMean: null });
      const farBeyond = await t.json<CocktailPage>('/api/cocktails?page=9007199254740991&pageSize=100', signedIn);
      expect(farBeyond.status).toBe(200);
      expect(farBeyond.body).toMatchObject({ items: [], total: 8 });
    });

    it.each([
      ['page=-1', 'page must be 0 or more'],
      ['page=1.5', 'page must be a whole number'],
      ['page=abc', 'page'],
      ['pageSize=0', 'pageSize must be at least 1'],
      ['pageSize=101', 'pageSize must be at most 100'],
      [`q=${'a'.repeat(201)}`, 'q must be at most 200 characters'],
      [`q=${'x'.repeat(10_000)}`, 'q must be at most 200 characters'],
      ['spirit=Beer', 'spirit'],
      ['category=Tiki', 'category'],
    ])('rejects %s with 400 naming the field', async (queryString, message) => {
      const { status, body } = await t.json<ApiErrorBody>(`/api/cocktails?${queryString}`);
      expect(status).toBe(400);
      expect(apiErrorBodySchema.parse(body).error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toContain(message);
    });

    it('gives an ETag and answers 304 to a matching If-None-Match until the catalogue changes', async () => {
      const first = await t.request('/api/cocktails?q=lime');
      const etag = first.headers.get('etag');
      expect(first.status).toBe(200);
      expect(etag).toBeTruthy();
      expect(first.headers.get('cache-control')).toContain('no-cache');
      const again = await t.request('/api/cocktails?q=lime', { headers: { 'If-None-Match': etag as string } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      // The same search spelt differently is the same resource.
      const sameSearch = await t.request('/api/cocktails?q=LIME&page=0', {
        headers: { 'If-None-Match': etag as string },
      });
      expect(sameSearch.status).toBe(304);
      const otherSearch = await t.request('/api/cocktails?q=rum', { headers: { 'If-None-Match': etag as string } });
      expect(otherSearch.status).toBe(200);

      const seed = buildTestSeed();
      seed.cocktails[0]!.name = 'Negroni Sbagliato-ish';
      await seedCatalogue({ db: t.database.db, seed });
      const afterChange = await t.request('/api/cocktails?q=lime', { headers: { 'If-None-Match': etag as string } });
      expect(afterChange.status).toBe(200);
      expect(afterChange.headers.get('etag')).not.toBe(etag);
      const renamed = await t.json<CocktailPage>('/api/cocktails?q=sbagliato');
      expect(renamed.body.items.map((item) => item.name)).toEqual(['Negroni Sbagliato-ish']);
      await seedCatalogue({ db: t.database.db, seed: buildTestSeed() });
    });
  });

  describe('GET /api/cocktails/:id', () => {
    it('answers the full recipe with every line', async () => {
      const id = await idOf('old-fashioned');
      const { status, body } = await t.json<CocktailDetail>(`/api/cocktails/${id}`);
      expect(status).toBe(200);
      expect(cocktailDetailSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({
        id,
        slug: 'old-fashioned',
        name: 'Old Fashioned',
        base_spirit: 'Whiskey',
        strength: 'Strong',
      });
      expect(body.instructions.length).toBeGreaterThan(10);
      const bourbon = await t.database.db
        .selectFrom('ingredient')
        .select('id')
        .where('slug', '=', 'bourbon')
        .executeTakeFirstOrThrow();
      expect(body.ingredients).toEqual([
        {
          position: 0,
          ingredient_id: Number(bourbon.id),
          ingredient: 'Bourbon',
          amount: 60,
          amount_max: null,
          unit: 'ml',
          is_optional: false,
          note: null,
          abv: 45,
          category: 'Spirits',
        },
        expect.objectContaining({
          position: 1,
          ingredient: 'Simple syrup',
          amount: 1,
          amount_max: 2,
          unit: 'barspoon',
          abv: 0,
        }),
      ]);
      const mojito = await t.json<CocktailDetail>(`/api/cocktails/${await idOf('mojito')}`);
      expect(mojito.body.ingredients[3]).toMatchObject({
        ingredient: 'Soda water',
        unit: 'top',
        is_optional: true,
        note: 'to taste',
      });
    });

    it('answers whether each glass is served over ice: as the seed states it, null where the row does not say', async () => {
      const servedOverIce = async (slug: string) =>
        (await t.json<CocktailDetail>(`/api/cocktails/${await idOf(slug)}`)).body.served_over_ice;
      expect(await servedOverIce('old-fashioned')).toBe(true);
      expect(await servedOverIce('gin-fizz')).toBe(false);
      expect(await servedOverIce('daiquiri')).toBe(false);
      const row = t.database.db.updateTable('cocktail').where('slug', '=', 'daiquiri');
      await row.set({ served_over_ice: null }).execute();
      try {
        const { body } = await t.json<CocktailDetail>(`/api/cocktails/${await idOf('daiquiri')}`);
        expect(cocktailDetailSchema.parse(body).served_over_ice).toBeNull();
      } finally {
        await row.set({ served_over_ice: 0 }).execute();
      }
    });

    it('answers 404 for an unknown id and 400 for one that is not a whole number from 1 to 2^31 - 1', async () => {
      const missing = await t.json<ApiErrorBody>('/api/cocktails/999999');
      expect(missing.status).toBe(404);
      expect(missing.body.error).toEqual({ code: 'NOT_FOUND', message: 'cocktail 999999 not found' });
      // Beyond the SQL integer range no id can exist: refused at the edge (regression: was a 500 on PostgreSQL).
      for (const bad of ['abc', '1.5', '-3', '0', '1e400', '2147483648', '99999999999', '9007199254740991']) {
        const { status, body } = await t.json<ApiErrorBody>(`/api/cocktails/${bad}`);
        expect(status, bad).toBe(400);
        expect(body.error.message, bad).toMatch(/^id /);
      }
    });

    it('supports If-None-Match', async () => {
      const id = await idOf('negroni');
      const first = await t.request(`/api/cocktails/${id}`);
      const again = await t.request(`/api/cocktails/${id}`, {
        headers: { 'If-None-Match': first.headers.get('etag') as string },
      });
      expect(again.status).toBe(304);
    });
  });

  describe('GET /api/cocktails/sample', () => {
    it('answers up to `size` distinct cocktails', async () => {
      const all = await t.json<{ items: CocktailSummary[] }>('/api/cocktails/sample');
      expect(all.status).toBe(200);
      expect(all.headers.get('cache-control')).toBe('no-store');
      expect(all.body.items).toHaveLength(8);
      expect(new Set(all.body.items.map((item) => item.id)).size).toBe(8);
      all.body.items.forEach((item) => cocktailSummarySchema.parse(item));
      const three = await t.json<{ items: CocktailSummary[] }>('/api/cocktails/sample?size=3');
      expect(three.body.items).toHaveLength(3);
      expect(new Set(three.body.items.map((item) => item.id)).size).toBe(3);
    });

    it.each(['size=0', 'size=51', 'size=abc'])('rejects %s with 400', async (queryString) => {
      const { status, body } = await t.json<ApiErrorBody>(`/api/cocktails/sample?${queryString}`);
      expect(status).toBe(400);
      expect(body.error.message).toMatch(/^size/);
    });
  });

  describe('GET /api/cocktails/sample on a catalogue with gaps in its ids', () => {
    let gappy: TestApp;
    beforeAll(async () => {
      gappy = await createTestApp({ dialect, seed: generateSyntheticSeed({ cocktails: 120, seed: 3 }) });
      // Remove every fourth cocktail: ids now have gaps, so one round of random ids falls short.
      const ids = (await gappy.database.db.selectFrom('cocktail').select('id').orderBy('id').execute()).map((row) =>
        Number(row.id),
      );
      await gappy.database.db
        .deleteFrom('cocktail')
        .where(
          'id',
          'in',
          ids.filter((_, i) => i % 4 === 0),
        )
        .execute();
    });
    afterAll(() => gappy.close());

    it('still answers the full 50, all distinct and all existing', async () => {
      for (let round = 0; round < 5; round += 1) {
        const { body } = await gappy.json<{ items: CocktailSummary[] }>('/api/cocktails/sample?size=50');
        expect(body.items).toHaveLength(50);
        expect(new Set(body.items.map((item) => item.id)).size).toBe(50);
        body.items.forEach((item) => expect(item.ingredients.length).toBeGreaterThanOrEqual(3));
      }
    });
  });

  describe('an empty catalogue', () => {
    let empty: TestApp;
    beforeAll(async () => {
      empty = await createTestApp({ dialect, seed: null });
    });
    afterAll(() => empty.close());

    it('answers empty lists', async () => {
      expect((await empty.json('/api/cocktails')).body).toEqual({
        items: [],
        total: 0,
        page: 0,
        pageSize: 50,
        didYouMean: null,
      });
      expect((await empty.json('/api/cocktails?q=gin')).body).toEqual({
        items: [],
        total: 0,
        page: 0,
        pageSize: 50,
        didYouMean: null,
      });
      expect((await empty.json('/api/cocktails/sample')).body).toEqual({ items: [] });
    });
  });
});
