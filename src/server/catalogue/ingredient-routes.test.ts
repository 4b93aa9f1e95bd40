import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, type ApiErrorBody } from '@/shared/schemas/api-error';
import { ingredientListSchema, type IngredientList, type IngredientSummary } from '@/shared/schemas/ingredient';
import type { SeedIngredient } from '@/shared/schemas/seed';
import { signIn } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { buildTestSeed, TEST_INGREDIENTS } from '../../../tests/support/test-seed';
import { RETRY_AFTER_SECONDS } from '../app';
import { listIngredients, seedCatalogue } from './operations';
import { loadSeedCatalogue } from './seed/load-seed';

/** The test seed's ingredient names in the order the list gives them (case- and accent-insensitive: Cachaça as cachaca). */
const TEST_INGREDIENT_NAMES_IN_ORDER = [
  'Bourbon',
  'Cachaça',
  'Campari',
  'Gin',
  'Ginger honey syrup',
  'Lime juice',
  'London dry gin',
  'Simple syrup',
  'Soda water',
  'Sweet vermouth',
  'Whiskey',
  'White rum',
];

const extraIngredient = (slug: string, name: string): SeedIngredient => ({
  slug,
  name,
  category: 'Other',
  parent: null,
  abv: 0,
  description: `${name}, added to test the list's order.`,
});

describe.each(testDialects())('ingredient API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  const idOf = async (slug: string) => {
    const row = await t.database.db
      .selectFrom('ingredient')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  describe('GET /api/ingredients', () => {
    it('answers every seeded ingredient, valid against the shared schema, sorted by name', async () => {
      const { status, body, headers } = await t.json<IngredientList>('/api/ingredients');
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^application\/json/);
      expect(headers.get('cache-control')).toBe('public, no-cache');
      expect(ingredientListSchema.parse(body)).toEqual(body);
      expect(body.items).toHaveLength(TEST_INGREDIENTS.length);
      expect(new Set(body.items.map((item) => item.slug))).toEqual(new Set(TEST_INGREDIENTS.map((i) => i.slug)));
      expect(body.items.map((item) => item.name)).toEqual(TEST_INGREDIENT_NAMES_IN_ORDER);
      const bySlug = new Map(body.items.map((item) => [item.slug, item]));
      expect(body.total).toBe(TEST_INGREDIENTS.length);
      expect(bySlug.get('campari')).toEqual<IngredientSummary>({
        id: await idOf('campari'),
        slug: 'campari',
        name: 'Campari',
        category: 'Liqueurs',
        parentId: null,
        variant: false,
        abv: 25,
        aliases: [],
        parts: [],
      });
      expect(bySlug.get('lime-juice')).toMatchObject({
        name: 'Lime juice',
        category: 'Juices',
        abv: 0,
        parentId: null,
      });
      expect(bySlug.get('bourbon')).toMatchObject({ abv: 45, category: 'Spirits', parentId: await idOf('whiskey') });
      expect(bySlug.get('london-dry-gin')).toMatchObject({ abv: 43, parentId: await idOf('gin') });
    });

    it('ignores unknown query parameters', async () => {
      const plain = await t.json<IngredientList>('/api/ingredients');
      const extra = await t.json<IngredientList>('/api/ingredients?page=3&pageSize=abc&x=%E2%9C%93');
      expect(extra.status).toBe(200);
      expect(extra.body).toEqual(plain.body);
      expect(extra.headers.get('etag')).toBe(plain.headers.get('etag'));
    });

    const names = async (query: string) => {
      const { status, body } = await t.json<IngredientList>(`/api/ingredients?${query}`);
      expect(status, query).toBe(200);
      expect(body.total, query).toBe(body.items.length);
      return body.items.map((item) => item.name);
    };

    it('q matches from the start of any word, case- and accent-insensitively, names starting with q first', async () => {
      expect(await names('q=bour')).toEqual(['Bourbon']);
      expect(await names('q=GIN')).toEqual(['Gin', 'Ginger honey syrup', 'London dry gin']);
      expect(await names('q=cachaca')).toEqual(['Cachaça']);
      expect(await names('q=Cachaça')).toEqual(['Cachaça']);
      expect(await names('q=vermouth')).toEqual(['Sweet vermouth']);
      expect(await names('q=%20%20dry%20gin%20')).toEqual(['London dry gin']);
      // Not from the middle of a word.
      expect(await names('q=ermouth')).toEqual([]);
      expect(await names('q=ourbon')).toEqual([]);
      expect(await names('q=zzz')).toEqual([]);
    });

    it('category keeps one category, alone or with q', async () => {
      expect(await names('category=Spirits')).toEqual([
        'Bourbon',
        'Cachaça',
        'Gin',
        'London dry gin',
        'Whiskey',
        'White rum',
      ]);
      expect(await names('category=Syrups&q=gin')).toEqual(['Ginger honey syrup']);
      expect(await names('category=Spirits&q=gin')).toEqual(['Gin', 'London dry gin']);
      expect(await names('category=Bitters')).toEqual([]);
    });

    it.each([
      ['an unknown category', 'category=Spirit', 'category'],
      ['a q over 80 characters', `q=${'a'.repeat(81)}`, 'q must be at most 80 characters'],
    ])('answers 400 naming the field for %s', async (_label, query, named) => {
      const { status, body } = await t.json<ApiErrorBody>(`/api/ingredients?${query}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toContain(named);
    });

    it('answers the same to a signed-in caller as to an anonymous one', async () => {
      const jar = await signIn(t);
      const anonymous = await t.json<IngredientList>('/api/ingredients');
      const signedIn = await t.json<IngredientList>('/api/ingredients', { headers: jar.headers() });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toEqual(anonymous.body);
      expect(signedIn.headers.get('etag')).toBe(anonymous.headers.get('etag'));
      expect(signedIn.headers.get('cache-control')).toBe('public, no-cache');
    });

    it('gives an ETag and answers 304 to a matching If-None-Match until the catalogue changes', async () => {
      const first = await t.request('/api/ingredients');
      const etag = first.headers.get('etag');
      expect(first.status).toBe(200);
      expect(etag).toMatch(/^W\/"/);
      const again = await t.request('/api/ingredients', { headers: { 'If-None-Match': etag as string } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);

      const seed = buildTestSeed();
      seed.ingredients.find((i) => i.slug === 'campari')!.abv = 24;
      await seedCatalogue({ db: t.database.db, seed });
      const afterChange = await t.json<IngredientList>('/api/ingredients', {
        headers: { 'If-None-Match': etag as string },
      });
      expect(afterChange.status).toBe(200);
      expect(afterChange.headers.get('etag')).not.toBe(etag);
      expect(afterChange.body.items.find((item) => item.slug === 'campari')?.abv).toBe(24);
      await seedCatalogue({ db: t.database.db, seed: buildTestSeed() });
      const restored = await t.json<IngredientList>('/api/ingredients');
      expect(restored.body.items.find((item) => item.slug === 'campari')?.abv).toBe(25);
    });

    it('is read-only: other methods are not routed', async () => {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const { status, body } = await t.json<ApiErrorBody>('/api/ingredients', {
          method,
          headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
          body: '{}',
        });
        expect(status, method).toBe(404);
        expect(apiErrorBodySchema.parse(body).error.code, method).toBe('NOT_FOUND');
      }
    });
  });

  describe('the order', () => {
    let odd: TestApp;
    beforeAll(async () => {
      const seed = buildTestSeed();
      seed.ingredients.push(
        extraIngredient('elixir', 'élixir'),
        extraIngredient('eau-de-vie', 'Eau de vie'),
        extraIngredient('absinthe', 'absinthe'),
        extraIngredient('zubrowka', 'Żubrówka'),
      );
      odd = await createTestApp({ dialect, seed });
    });
    afterAll(() => odd.close());

    it('ignores case and accents', async () => {
      const { body } = await odd.json<IngredientList>('/api/ingredients');
      expect(body.items.map((item) => item.name)).toEqual([
        'absinthe',
        'Bourbon',
        'Cachaça',
        'Campari',
        'Eau de vie',
        'élixir',
        'Gin',
        'Ginger honey syrup',
        'Lime juice',
        'London dry gin',
        'Simple syrup',
        'Soda water',
        'Sweet vermouth',
        'Whiskey',
        'White rum',
        'Żubrówka',
      ]);
      expect(await listIngredients({ db: odd.database.db })).toEqual(body);
    });
  });

  describe('the real seed catalogue', () => {
    let real: TestApp;
    beforeAll(async () => {
      real = await createTestApp({ dialect, seed: loadSeedCatalogue() });
    });
    afterAll(() => real.close());

    it('lists every seed ingredient, each valid against the shared schema', async () => {
      const seed = loadSeedCatalogue();
      const { status, body } = await real.json<IngredientList>('/api/ingredients');
      expect(status).toBe(200);
      expect(ingredientListSchema.parse(body)).toEqual(body);
      expect(body.items).toHaveLength(seed.ingredients.length);
      expect(body.items.find((item) => item.slug === 'campari')).toMatchObject({ category: 'Liqueurs', abv: 25 });
      expect(body.items.find((item) => item.name === 'Lime juice')).toMatchObject({ category: 'Juices', abv: 0 });
    });

    it('carries aliases and house-made parts, and q finds aliases', async () => {
      const { body } = await real.json<IngredientList>('/api/ingredients');
      const bySlug = new Map(body.items.map((item) => [item.slug, item]));
      const id = (slug: string) => bySlug.get(slug)?.id;
      expect(bySlug.get('soda-water')?.aliases).toEqual(['club soda', 'sparkling water', 'seltzer']);
      expect(bySlug.get('simple-syrup')?.parts.sort()).toEqual([id('sugar'), id('water')].sort());
      expect(bySlug.get('honey-ginger-syrup')?.parts.sort()).toEqual(
        [id('honey'), id('fresh-ginger'), id('water')].sort(),
      );
      expect(bySlug.get('gin')?.parts).toEqual([]);
      const seed = loadSeedCatalogue();
      for (const ingredient of seed.ingredients) {
        expect(bySlug.get(ingredient.slug)?.aliases, ingredient.slug).toEqual(ingredient.aliases ?? []);
        expect(bySlug.get(ingredient.slug)?.parts.length, ingredient.slug).toBe(ingredient.parts?.length ?? 0);
      }

      const found = async (q: string) =>
        (await real.json<IngredientList>(`/api/ingredients?q=${encodeURIComponent(q)}`)).body.items.map((i) => i.slug);
      expect(await found('club soda')).toEqual(['soda-water']);
      expect(await found('seltzer')).toEqual(['soda-water']);
      expect(await found('caster')).toEqual(['superfine-sugar']);
      expect(await found('icing')).toEqual(['powdered-sugar']);
      expect(await found("peychaud's")).toEqual(['peychauds-bitters']);
      expect(await found('peychaud’s')).toEqual(['peychauds-bitters']);
      expect(await found('st germain')).toEqual(['st-germain']);
      expect(await found('germain')).toEqual(['st-germain']);
      expect(await found('creme de cassis')).toEqual(['creme-de-cassis']);
      // Names starting with q first (Angostura bitters), then alias and later-word matches.
      expect(await found('angostura')).toEqual(['angostura-bitters']);
      expect((await found('chartreuse')).slice(0, 2)).toEqual(['green-chartreuse', 'yellow-chartreuse']);
      // Any order of the words; trade names; a kind named with its family ('bourbon whiskey': Bourbon is a whiskey).
      expect(await found('tequila blanco')).toEqual(['blanco-tequila']);
      expect(await found('silver tequila')).toEqual(['blanco-tequila']);
      expect((await found('blanco'))[0]).toBe('blanco-tequila');
      expect(await found('bourbon whiskey')).toEqual(['bourbon']);
      expect(await found('whiskey bourbon')).toEqual(['bourbon']);
      expect(await found('vermouth sweet')).toEqual(['sweet-vermouth']);
      expect(await found('noilly prat')).toEqual(['dry-vermouth']);
      expect(await found('orgeat syrup')).toEqual(['orgeat']);
      expect(await found('Angostura')).toEqual(['angostura-bitters']);
      // A family's name alone does not list every kind of it.
      expect(await found('whiskey')).not.toContain('bourbon');
      const rum = await found('rum');
      expect(rum[0]).toBe('rum');
      expect(rum).toContain('white-rum');
      expect(rum.indexOf('rum')).toBeLessThan(rum.indexOf('white-rum'));
    });
  });

  describe('an empty catalogue', () => {
    let empty: TestApp;
    beforeAll(async () => {
      empty = await createTestApp({ dialect, seed: null });
    });
    afterAll(() => empty.close());

    it('answers an empty list', async () => {
      const { status, body } = await empty.json<IngredientList>('/api/ingredients');
      expect(status).toBe(200);
      expect(body).toEqual({ items: [], total: 0 });
    });
  });

  describe('while the database is away', () => {
    let gone: TestApp;
    beforeAll(async () => {
      gone = await createTestApp({ dialect });
      await gone.database.destroy();
    });
    afterAll(() => gone.close());

    it('answers 503 SERVICE_UNAVAILABLE with the error shape and Retry-After', async () => {
      const { status, body, headers } = await gone.json<ApiErrorBody>('/api/ingredients');
      expect(status).toBe(503);
      expect(apiErrorBodySchema.parse(body)).toEqual(body);
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(typeof body.error.message).toBe('string');
      expect(headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
    });
  });
});
