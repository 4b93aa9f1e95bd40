import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { cocktailPageSchema, type CocktailPage } from '@/shared/schemas/cocktail';
import { cocktailListQuerySchema } from '@/shared/schemas/cocktail-query';
import { suggestionListSchema, type SuggestionList } from '@/shared/schemas/search';
import { randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { buildTestSeed } from '../../../tests/support/test-seed';
import { RETRY_AFTER_SECONDS } from '../app';
import { addFavorite } from '../favorites/operations';
import { addBarItems } from '../my-bar/bar';
import { grantEntitlement } from '../payments';
import { listCocktails } from './list-operations';

/**
 * Faceted search over HTTP: facet filters and their live counts, 'favorites only' and 'can make only' (each user's own, never
 * another's), suggestions as you type, and what bad input and a database outage answer. Expected figures are counted
 * here from the test seed itself, not from the search.
 */
describe.each(testDialects())('search facets and suggestions on %s', (dialect) => {
  let t: TestApp;
  const seed = buildTestSeed();
  let cocktailId: Record<string, number>;
  let ingredientId: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const cocktails = await t.database.db.selectFrom('cocktail').select(['slug', 'id']).execute();
    cocktailId = Object.fromEntries(cocktails.map((row) => [row.slug, Number(row.id)]));
    const ingredients = await t.database.db.selectFrom('ingredient').select(['slug', 'id']).execute();
    ingredientId = Object.fromEntries(ingredients.map((row) => [row.slug, Number(row.id)]));
  });
  afterAll(() => t?.close());

  const page = async (query: string, jar?: CookieJar) => {
    const answer = await t.json<CocktailPage>(`/api/cocktails?${query}`, jar ? { headers: jar.headers() } : undefined);
    expect(answer.status, query).toBe(200);
    return { ...answer, body: cocktailPageSchema.parse(answer.body) };
  };
  const names = async (query: string, jar?: CookieJar) => (await page(query, jar)).body.items.map((item) => item.name);
  const seedNames = (keep: (cocktail: (typeof seed.cocktails)[number]) => boolean) =>
    seed.cocktails
      .filter(keep)
      .map((cocktail) => cocktail.name)
      .sort();

  it('answers over HTTP exactly the page listCocktails builds, items from the serialised memory included', async () => {
    for (const params of [
      { q: 'gin', facets: '1' },
      { q: 'negorni' },
      { spirit: ['Gin', 'Rum'], pageSize: '3' },
      { q: 'zzzz' },
    ]) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) {
        for (const one of Array.isArray(value) ? value : [value]) search.append(key, one);
      }
      const viaHttp = await t.app.request(`/api/cocktails?${search}`);
      expect(viaHttp.status).toBe(200);
      const direct = await listCocktails({ db: t.database.db, query: cocktailListQuerySchema.parse(params) });
      expect(await viaHttp.text()).toBe(JSON.stringify(direct));
    }
  });

  it('filters by each facet, OR within one, AND between them and the text', async () => {
    expect((await names('glass=Highball')).sort()).toEqual(seedNames((c) => c.glassware === 'Highball'));
    expect((await names('technique=Stir&technique=Muddle')).sort()).toEqual(
      seedNames((c) => c.technique === 'Stir' || c.technique === 'Muddle'),
    );
    expect((await names('flavor=Citrus')).sort()).toEqual(seedNames((c) => c.flavor_profile.includes('Citrus')));
    expect((await names('difficulty=Easy&spirit=Gin')).sort()).toEqual(
      seedNames((c) => c.difficulty_level === 'Easy' && c.base_spirit === 'Gin'),
    );
    expect((await names('maxPrep=2')).sort()).toEqual(seedNames((c) => c.preparation_time <= 2));
    expect((await names('q=gin&category=Classic')).sort()).toEqual(['Gin Fizz', 'Negroni']);
  });

  it('requires every "with" ingredient (broader ones count) and refuses every "without" one', async () => {
    const uses = (c: (typeof seed.cocktails)[number], slugs: string[]) =>
      c.ingredients.some((line) => slugs.includes(line.ingredient));
    // 'gin' is the broader ingredient of 'london-dry-gin': a recipe with London dry gin has gin.
    expect((await names(`with=${ingredientId.gin}`)).sort()).toEqual(
      seedNames((c) => uses(c, ['gin', 'london-dry-gin'])),
    );
    expect((await names(`with=${ingredientId['lime-juice']}&without=${ingredientId['simple-syrup']}`)).sort()).toEqual(
      seedNames((c) => uses(c, ['lime-juice']) && !uses(c, ['simple-syrup'])),
    );
  });

  it('counts each facet as if its own choices were not made, and the others are', async () => {
    const { body } = await page('facets=1&spirit=Gin');
    const facets = body.facets;
    if (!facets) throw new Error('no facet counts');
    // Base spirit counts ignore the spirit choice: every spirit of the seed with its number of cocktails.
    const bySpirit = new Map<string, number>();
    for (const cocktail of seed.cocktails)
      bySpirit.set(cocktail.base_spirit, (bySpirit.get(cocktail.base_spirit) ?? 0) + 1);
    expect(Object.fromEntries(facets.values.base_spirit.map((entry) => [entry.value, entry.count]))).toEqual(
      Object.fromEntries(bySpirit),
    );
    // Every other facet counts the gin cocktails only.
    const gin = seed.cocktails.filter((cocktail) => cocktail.base_spirit === 'Gin');
    const byCategory = new Map<string, number>();
    for (const cocktail of gin) {
      if (cocktail.category) byCategory.set(cocktail.category, (byCategory.get(cocktail.category) ?? 0) + 1);
    }
    expect(Object.fromEntries(facets.values.category.map((entry) => [entry.value, entry.count]))).toEqual(
      Object.fromEntries(byCategory),
    );
    expect(body.total).toBe(gin.length);
    const lime = facets.ingredients.find((entry) => entry.name === 'Lime juice');
    expect(lime?.count).toBe(gin.filter((c) => c.ingredients.some((l) => l.ingredient === 'lime-juice')).length);
    expect(facets.preparation_time.map((entry) => entry.max)).toEqual([2, 3, 5, 10]);
    expect(facets.preparation_time.at(-1)?.count).toBe(gin.filter((c) => c.preparation_time <= 10).length);
  });

  it('answers 400 naming the field for a bad facet value, too many ingredients or a bad time', async () => {
    for (const query of [
      'glass=Teacup',
      'technique=Throw',
      `with=abc`,
      `with=${Array.from({ length: 11 }, (_, i) => i + 1).join('&with=')}`,
      'maxPrep=0',
      'maxPrep=1.5',
      'favorites=yes',
      'facets=2',
    ]) {
      const answer = await t.json<ApiErrorBody>(`/api/cocktails?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code, query).toBe('VALIDATION_FAILED');
    }
  });

  it("keeps 'favorites only' to the caller's own favorites, privately, and refuses it signed out", async () => {
    const alice = await signIn(t, randomEmail('alice'));
    const bob = await signIn(t, randomEmail('bob'));
    const aliceId = await userIdOf(t, alice);
    const bobId = await userIdOf(t, bob);
    await addFavorite({ db: t.database.db, userId: aliceId, cocktailId: cocktailId.negroni as number });
    await addFavorite({ db: t.database.db, userId: aliceId, cocktailId: cocktailId.daiquiri as number });
    await addFavorite({ db: t.database.db, userId: bobId, cocktailId: cocktailId.mojito as number });

    const mine = await page('favorites=1', alice);
    expect(mine.body.items.map((item) => item.name)).toEqual(['Daiquiri', 'Negroni']);
    expect(mine.headers.get('cache-control')).toMatch(/private/);
    expect(await names('favorites=1&q=negroni', alice)).toEqual(['Negroni']);
    expect(await names('favorites=1', bob)).toEqual(['Mojito']);
    // Bob's query for Alice's drink finds nothing of hers.
    expect(await names('favorites=1&q=negroni', bob)).toEqual([]);

    const anonymous = await t.json<ApiErrorBody>('/api/cocktails?favorites=1');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
  });

  it("keeps 'can make only' to what the caller's own bar makes, for My Bar's plan only", async () => {
    const carol = await signIn(t, randomEmail('carol'));
    const refused = await t.json<ApiErrorBody>('/api/cocktails?canMake=1', { headers: carol.headers() });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ENTITLEMENT_REQUIRED');

    const carolId = await userIdOf(t, carol);
    await grantEntitlement({ db: t.database.db, userId: carolId, name: 'pro' });
    await addBarItems({
      db: t.database.db,
      userId: carolId,
      ingredientIds: ['white-rum', 'lime-juice', 'simple-syrup'].map((slug) => ingredientId[slug] as number),
    });
    const dave = await signIn(t, randomEmail('dave'));
    await grantEntitlement({ db: t.database.db, userId: await userIdOf(t, dave), name: 'pro' });

    const carols = await page('canMake=1', carol);
    expect(carols.body.items.map((item) => item.name)).toContain('Daiquiri');
    expect(carols.body.items.map((item) => item.name)).not.toContain('Negroni');
    expect(carols.headers.get('cache-control')).toMatch(/private/);
    expect(await names('canMake=1', dave)).toEqual([]);
  });

  it('suggests cocktails and ingredients as you type, with the correction', async () => {
    const get = async (q: string) => {
      const answer = await t.json<SuggestionList>(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
      expect(answer.status, q).toBe(200);
      return suggestionListSchema.parse(answer.body);
    };
    const typo = await get('negorni');
    expect(typo.cocktails.map((item) => item.name)).toEqual(['Negroni']);
    expect(typo.didYouMean).toBe('negroni');
    const typed = await get('gin f');
    expect(typed.cocktails[0]?.name).toBe('Gin Fizz');
    const lime = await get('lim');
    expect(lime.ingredients.map((item) => item.name)).toContain('Lime juice');
    // The start of the word being typed forgives a typo too.
    expect((await get('negor')).cocktails.map((item) => item.name)).toEqual(['Negroni']);
  });

  it('offers first the ingredient the text names, or begins when no cocktail is named so', async () => {
    const get = async (q: string) =>
      suggestionListSchema.parse((await t.json<SuggestionList>(`/api/search/suggestions?q=${q}`)).body);
    // Only the Negroni holds Campari, and not in its name: the ingredient is what 'camp' means.
    const camp = await get('camp');
    expect(camp.cocktails.map((item) => item.name)).toEqual(['Negroni']);
    expect(camp.ingredients[0]?.name).toBe('Campari');
    expect(camp.leadingIngredients).toBe(1);
    // 'gin' names the ingredient Gin, which leads; Ginger honey syrup only begins with it, after the gin cocktails.
    const gin = await get('gin');
    expect(gin.ingredients.slice(0, gin.leadingIngredients).map((item) => item.name)).toEqual(['Gin']);
    expect(gin.cocktails[0]?.name).toBe('Gin Fizz');
    // 'negr' begins no ingredient and names a cocktail: nothing leads.
    expect((await get('negr')).leadingIngredients).toBe(0);
    const none = { cocktails: [], ingredients: [], leadingIngredients: 0, didYouMean: null };
    expect(await get('')).toEqual({ q: '', ...none });
    expect(await get('%%')).toEqual({ q: '%%', ...none });
    const tooLong = await t.json<ApiErrorBody>(`/api/search/suggestions?q=${'a'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe.each(testDialects())('search while the database is away, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After for searches, facets and suggestions, never a 500', async () => {
    for (const path of [
      '/api/cocktails?q=negorni',
      '/api/cocktails?facets=1&glass=Highball',
      '/api/search/suggestions?q=gin',
    ]) {
      const answer = await t.json<ApiErrorBody>(path);
      expect(answer.status, path).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
  });
});
