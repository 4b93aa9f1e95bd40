import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { ActivityResponse, MeResponse } from '@/shared/schemas/account';
import {
  barListSchema,
  madeDrinkSchema,
  madeListSchema,
  makeableIdsSchema,
  makeablePageSchema,
  MAX_BAR_BATCH,
  MAX_BAR_ITEMS,
  recipeMatchSchema,
  shoppingBoughtSchema,
  shoppingListSchema,
  suggestionListSchema,
  swapListSchema,
  type BarList,
  type MadeDrink,
  type MadeList,
  type MakeableIds,
  type MakeablePage,
  type RecipeMatch,
  type ShoppingBought,
  type ShoppingListBody,
  type SuggestionList,
  type SwapList,
} from '@/shared/schemas/my-bar';
import type { SeedIngredient } from '@/shared/schemas/seed';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { buildTestSeed } from '../../../tests/support/test-seed';
import { RETRY_AFTER_SECONDS } from '../app';
import { isDatabaseUnavailableError } from '../errors';
import { grantEntitlement, revokeEntitlement } from '../payments';
import { addBarItem } from './bar';
import { recordMadeDrink } from './made-drinks';
import { listMakeable, listSuggestions } from './matching';

/** Filler ingredients no recipe uses, so one bar can reach MAX_BAR_ITEMS. */
const FILLERS = MAX_BAR_ITEMS + 1;

/**
 * The test seed plus what My Bar needs: sugar, water and honey (simple syrup is made of sugar and water, the ginger honey
 * syrup of honey and water), rye whiskey below whiskey (named as the Old Fashioned's substitute for bourbon), a
 * Boulevardier (bourbon, no substitute), and filler ingredients.
 */
function myBarSeed() {
  const seed = buildTestSeed();
  const ingredient = (
    slug: string,
    name: string,
    category: SeedIngredient['category'],
    parent: string | null = null,
  ): SeedIngredient => ({ slug, name, category, parent, abv: 0, description: `${name}, for the My Bar tests.` });
  seed.ingredients.push(
    ingredient('sugar', 'Sugar', 'Other'),
    ingredient('water', 'Water', 'Mixers'),
    ingredient('honey', 'Honey', 'Other'),
    { ...ingredient('rye-whiskey', 'Rye whiskey', 'Spirits', 'whiskey'), abv: 45 },
  );
  for (let n = 1; n <= FILLERS; n += 1) {
    seed.ingredients.push(ingredient(`filler-${n}`, `Filler ${String(n).padStart(4, '0')}`, 'Other'));
  }
  seed.ingredients.find((i) => i.slug === 'simple-syrup')!.parts = ['sugar', 'water'];
  seed.ingredients.find((i) => i.slug === 'ginger-syrup')!.parts = ['honey', 'water'];
  const oldFashioned = seed.cocktails.find((c) => c.slug === 'old-fashioned')!;
  oldFashioned.ingredients[0]!.substitutes = ['rye-whiskey'];
  const negroni = seed.cocktails.find((c) => c.slug === 'negroni')!;
  seed.cocktails.push({
    ...structuredClone(negroni),
    slug: 'boulevardier',
    name: 'Boulevardier',
    base_spirit: 'Whiskey',
    ingredients: [
      { ingredient: 'bourbon', amount: 45, unit: 'ml' },
      { ingredient: 'campari', amount: 30, unit: 'ml' },
      { ingredient: 'sweet-vermouth', amount: 30, unit: 'ml' },
    ],
  });
  return seed;
}

/** Every My Bar route, as [method, path, body]; `i` and `c` fill an ingredient id and a cocktail id. */
function everyRoute(i: number, c: number, j: number): [string, string, unknown][] {
  return [
    ['GET', '/api/me/bar', undefined],
    ['PUT', `/api/me/bar/${i}`, undefined],
    ['POST', '/api/me/bar', { ingredientIds: [i] }],
    ['DELETE', `/api/me/bar/${i}`, undefined],
    ['GET', '/api/me/bar/makeable?view=can-make', undefined],
    ['GET', '/api/me/bar/makeable?view=one-away&page=0', undefined],
    ['GET', '/api/me/bar/makeable-ids', undefined],
    ['GET', `/api/me/bar/match/${c}`, undefined],
    ['GET', '/api/me/bar/suggestions', undefined],
    ['GET', '/api/me/shopping-list', undefined],
    ['PUT', `/api/me/shopping-list/${i}`, undefined],
    ['DELETE', `/api/me/shopping-list/${i}`, undefined],
    ['POST', `/api/me/shopping-list/${i}/bought`, undefined],
    ['DELETE', '/api/me/shopping-list', undefined],
    ['POST', '/api/me/made', { cocktailId: c }],
    ['GET', '/api/me/made', undefined],
    ['GET', '/api/me/swaps', undefined],
    ['PUT', '/api/me/swaps', { fromId: i, toId: j }],
    ['DELETE', `/api/me/swaps?fromId=${i}&toId=${j}`, undefined],
  ];
}

describe.each(testDialects())('My Bar on %s', (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  let cocktail: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, seed: myBarSeed() });
    const rows = await t.database.db.selectFrom('ingredient').select(['slug', 'id']).execute();
    ing = Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
    const cocktails = await t.database.db.selectFrom('cocktail').select(['slug', 'id']).execute();
    cocktail = Object.fromEntries(cocktails.map((row) => [row.slug, Number(row.id)]));
  });
  afterAll(() => t?.close());

  /** A signed-in user with the pro plan (a support grant). */
  async function proUser(label = 'pro'): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    const id = await userIdOf(t, jar);
    await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
    return { jar, id };
  }

  const call = <T>(jar: CookieJar | null, method: string, path: string, body?: unknown) =>
    t.json<T>(
      path,
      body === undefined
        ? { method, headers: { origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) } }
        : postJson(body, jar ?? undefined, method),
    );
  const get = <T>(jar: CookieJar, path: string) => call<T>(jar, 'GET', path);
  const bar = async (jar: CookieJar) => (await get<BarList>(jar, '/api/me/bar')).body.items.map((item) => item.slug);
  const setBar = async (jar: CookieJar, slugs: string[]) => {
    for (const slug of await bar(jar)) await call(jar, 'DELETE', `/api/me/bar/${ing[slug]}`);
    if (slugs.length > 0) {
      const answer = await call<BarList>(jar, 'POST', '/api/me/bar', { ingredientIds: slugs.map((s) => ing[s]) });
      expect(answer.status).toBe(200);
    }
  };
  const makeable = async (jar: CookieJar, view: 'can-make' | 'one-away', extra = '') => {
    const answer = await get<MakeablePage>(jar, `/api/me/bar/makeable?view=${view}${extra}`);
    expect(answer.status).toBe(200);
    expect(makeablePageSchema.parse(answer.body)).toEqual(answer.body);
    return answer.body;
  };
  const canMake = async (jar: CookieJar) => (await makeable(jar, 'can-make')).items.map((item) => item.cocktail.slug);
  const match = async (jar: CookieJar, slug: string) => {
    const answer = await get<RecipeMatch>(jar, `/api/me/bar/match/${cocktail[slug]}`);
    expect(answer.status).toBe(200);
    expect(recipeMatchSchema.parse(answer.body)).toEqual(answer.body);
    return answer.body;
  };
  const coverage = (answer: RecipeMatch) =>
    answer.lines.map((line) => [line.ingredient.name, line.coverage, line.via?.name ?? null]);

  describe('the gate', () => {
    it('answers 401 to every route signed out', async () => {
      for (const [method, path, body] of everyRoute(ing.gin!, cocktail.negroni!, ing.bourbon!)) {
        const { status, body: error } = await call<ApiErrorBody>(null, method, path, body);
        expect(status, `${method} ${path}`).toBe(401);
        expect(error.error.code).toBe('UNAUTHORIZED');
      }
    });

    it('answers 403 ENTITLEMENT_REQUIRED to every route for a free user, and changes nothing', async () => {
      const jar = await signIn(t, randomEmail('free'));
      const id = await userIdOf(t, jar);
      for (const [method, path, body] of everyRoute(ing.gin!, cocktail.negroni!, ing.bourbon!)) {
        const { status, body: error } = await call<ApiErrorBody>(jar, method, path, body);
        expect(status, `${method} ${path}`).toBe(403);
        expect(error.error.code, `${method} ${path}`).toBe('ENTITLEMENT_REQUIRED');
      }
      for (const table of ['bar_item', 'shopping_item', 'made_drink', 'ingredient_swap'] as const) {
        expect(await t.database.db.selectFrom(table).select('user_id').where('user_id', '=', id).execute()).toEqual([]);
      }
    });

    it('after a lapse shows the bar, list, swaps, made drinks and views, lets the user remove, refuses only adding', async () => {
      const { jar, id } = await proUser('lapse');
      await setBar(jar, ['gin', 'campari']);
      await call(jar, 'PUT', `/api/me/shopping-list/${ing['sweet-vermouth']}`);
      await call(jar, 'POST', '/api/me/made', { cocktailId: cocktail.negroni });
      await call(jar, 'PUT', '/api/me/swaps', { fromId: ing.bourbon, toId: ing['rye-whiskey'] });
      const before = await get<MakeablePage>(jar, '/api/me/bar/makeable?view=one-away');
      expect(await revokeEntitlement({ db: t.database.db, userId: id, name: 'pro' })).toBe(true);

      // Everything the user made stays readable.
      expect(await bar(jar)).toEqual(['campari', 'gin']);
      const list = await get<ShoppingListBody>(jar, '/api/me/shopping-list');
      expect(list.status).toBe(200);
      expect(list.body.items.map((item) => item.ingredient.id)).toEqual([ing['sweet-vermouth']]);
      expect((await get<MadeList>(jar, '/api/me/made')).body.total).toBe(1);
      expect((await get<SwapList>(jar, '/api/me/swaps')).body.items).toHaveLength(1);
      expect((await get<MakeablePage>(jar, '/api/me/bar/makeable?view=one-away')).body).toEqual(before.body);
      const routes = everyRoute(ing.gin!, cocktail.negroni!, ing.bourbon!);
      for (const [, path] of routes.filter(([verb]) => verb === 'GET')) {
        expect((await get(jar, path)).status, path).toBe(200);
      }

      // Adding (what the plan sells) is refused and changes nothing.
      const rows = async () => ({
        bar: await t.database.db.selectFrom('bar_item').select('ingredient_id').where('user_id', '=', id).execute(),
        list: await t.database.db
          .selectFrom('shopping_item')
          .select('ingredient_id')
          .where('user_id', '=', id)
          .execute(),
        made: await t.database.db.selectFrom('made_drink').select('id').where('user_id', '=', id).execute(),
      });
      const kept = await rows();
      const adds: [string, string, unknown][] = [
        ['PUT', `/api/me/bar/${ing.bourbon}`, undefined],
        ['POST', '/api/me/bar', { ingredientIds: [ing.bourbon] }],
        ['PUT', `/api/me/shopping-list/${ing.bourbon}`, undefined],
        ['POST', `/api/me/shopping-list/${ing['sweet-vermouth']}/bought`, undefined],
        ['POST', '/api/me/made', { cocktailId: cocktail.negroni }],
        ['PUT', '/api/me/swaps', { fromId: ing.gin, toId: ing.bourbon }],
      ];
      for (const [method, path, body] of adds) {
        const answer = await call<ApiErrorBody>(jar, method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.error.code).toBe('ENTITLEMENT_REQUIRED');
      }
      expect(await rows()).toEqual(kept);

      // Removing stays open: the user can clear what they keep, and only their own.
      const other = await proUser('lapse-neighbour');
      await setBar(other.jar, ['gin']);
      expect((await call(jar, 'DELETE', `/api/me/bar/${ing.gin}`)).status).toBe(200);
      expect(await bar(other.jar)).toEqual(['gin']);
      expect((await call(jar, 'DELETE', `/api/me/shopping-list/${ing['sweet-vermouth']}`)).status).toBe(200);
      const swap = `fromId=${ing.bourbon}&toId=${ing['rye-whiskey']}`;
      expect((await call(jar, 'DELETE', `/api/me/swaps?${swap}`)).status).toBe(200);
      expect((await call(jar, 'DELETE', '/api/me/shopping-list')).status).toBe(200);
      expect(await bar(jar)).toEqual(['campari']);
      expect((await get<SwapList>(jar, '/api/me/swaps')).body.items).toEqual([]);

      // Renewal opens adding again, with the rows as they were left.
      await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
      expect((await call(jar, 'PUT', `/api/me/bar/${ing.bourbon}`)).status).toBe(200);
      expect(await bar(jar)).toEqual(['bourbon', 'campari']);
    });

    it('lets enterprise in, and refuses a write from another site', async () => {
      const jar = await signIn(t, randomEmail('enterprise'));
      await grantEntitlement({ db: t.database.db, userId: await userIdOf(t, jar), name: 'enterprise' });
      expect((await get(jar, '/api/me/bar')).status).toBe(200);
      const crossSite = await t.json<ApiErrorBody>(`/api/me/bar/${ing.gin}`, {
        method: 'PUT',
        headers: { ...jar.headers(), origin: 'https://evil.example' },
      });
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.error.code).toBe('FORBIDDEN');
      expect(await bar(jar)).toEqual([]);
    });
  });

  describe('the bar', () => {
    it('adds (idempotently, keeping the first time), lists by name, and removes (idempotently)', async () => {
      const { jar } = await proUser();
      const first = await call<BarList>(jar, 'PUT', `/api/me/bar/${ing['simple-syrup']}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(barListSchema.parse(first.body)).toEqual(first.body);
      expect(first.body.items).toEqual([
        {
          id: ing['simple-syrup'],
          slug: 'simple-syrup',
          name: 'Simple syrup',
          category: 'Syrups',
          parentId: null,
          houseMade: true,
          addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        },
      ]);
      const again = await call<BarList>(jar, 'PUT', `/api/me/bar/${ing['simple-syrup']}`);
      expect(again.body).toEqual(first.body);
      await addBarItem({
        db: t.database.db,
        userId: await userIdOf(t, jar),
        ingredientId: ing.bourbon!,
        now: () => new Date(Date.now() + 60_000),
      });
      const many = await call<BarList>(jar, 'POST', '/api/me/bar', {
        ingredientIds: [ing.gin, ing.campari, ing.gin, ing['simple-syrup']],
      });
      expect(many.body.items.map((item) => [item.name, item.houseMade])).toEqual([
        ['Bourbon', false],
        ['Campari', false],
        ['Gin', false],
        ['Simple syrup', true],
      ]);
      expect(many.body.items.find((item) => item.slug === 'bourbon')?.parentId).toBe(ing.whiskey);
      expect(many.body.items.find((item) => item.slug === 'simple-syrup')?.addedAt).toBe(first.body.items[0]?.addedAt);
      const removed = await call<BarList>(jar, 'DELETE', `/api/me/bar/${ing.gin}`);
      expect(removed.status).toBe(200);
      expect(removed.body.items.map((item) => item.slug)).toEqual(['bourbon', 'campari', 'simple-syrup']);
      expect((await call<BarList>(jar, 'DELETE', `/api/me/bar/${ing.gin}`)).body).toEqual(removed.body);
    });

    it('refuses unknown ingredients: 404 naming every unknown id, and POST adds none of the batch', async () => {
      const { jar } = await proUser();
      const one = await call<ApiErrorBody>(jar, 'PUT', '/api/me/bar/999999');
      expect(one.status).toBe(404);
      expect(one.body.error).toEqual({ code: 'NOT_FOUND', message: 'no ingredient has id 999999' });
      const batch = await call<ApiErrorBody>(jar, 'POST', '/api/me/bar', { ingredientIds: [ing.gin, 999998, 999999] });
      expect(batch.status).toBe(404);
      expect(batch.body.error.message).toContain('999998, 999999');
      expect(await bar(jar)).toEqual([]);
      // Ids beyond the database's integer range name nothing: refused at the edge, reads and writes alike.
      expect((await call(jar, 'PUT', '/api/me/bar/2147483647')).status).toBe(404);
      expect((await call(jar, 'PUT', '/api/me/bar/9999999999')).status).toBe(400);
      expect((await call(jar, 'DELETE', '/api/me/bar/9999999999')).status).toBe(400);
      expect((await call(jar, 'DELETE', '/api/me/shopping-list/9999999999')).status).toBe(400);
      expect((await call(jar, 'DELETE', '/api/me/swaps?fromId=9999999999&toId=1')).status).toBe(400);
    });

    it(`holds at most ${MAX_BAR_ITEMS} ingredients: 409 past it, and nothing changes`, async () => {
      const { jar } = await proUser('full');
      const fillers = Array.from({ length: MAX_BAR_ITEMS }, (_, n) => ing[`filler-${n + 1}`] as number);
      for (let start = 0; start < fillers.length; start += MAX_BAR_BATCH) {
        const answer = await call(jar, 'POST', '/api/me/bar', {
          ingredientIds: fillers.slice(start, start + MAX_BAR_BATCH),
        });
        expect(answer.status).toBe(200);
      }
      expect((await get<BarList>(jar, '/api/me/bar')).body.items).toHaveLength(MAX_BAR_ITEMS);
      const more = await call<ApiErrorBody>(jar, 'PUT', `/api/me/bar/${ing.gin}`);
      expect(more.status).toBe(409);
      expect(more.body.error.code).toBe('CONFLICT');
      expect((await call(jar, 'POST', '/api/me/bar', { ingredientIds: [fillers[0], ing.gin] })).status).toBe(409);
      // Adding one already there is still fine at the limit.
      expect((await call(jar, 'PUT', `/api/me/bar/${fillers[0]}`)).status).toBe(200);
      // Checking off a bought ingredient into a full bar changes nothing: it stays on the list.
      await call(jar, 'PUT', `/api/me/shopping-list/${ing.gin}`);
      const bought = await call<ApiErrorBody>(jar, 'POST', `/api/me/shopping-list/${ing.gin}/bought`);
      expect(bought.status).toBe(409);
      const list = await get<ShoppingListBody>(jar, '/api/me/shopping-list');
      expect(list.body.items.map((item) => item.ingredient.slug)).toEqual(['gin']);
      expect((await get<BarList>(jar, '/api/me/bar')).body.items).toHaveLength(MAX_BAR_ITEMS);
    });

    it('removing a bottle removes nothing else (shopping list, swaps, made drinks stay)', async () => {
      const { jar } = await proUser();
      await setBar(jar, ['bourbon', 'campari']);
      await call(jar, 'PUT', `/api/me/shopping-list/${ing.bourbon}`);
      await call(jar, 'PUT', '/api/me/swaps', { fromId: ing.bourbon, toId: ing['rye-whiskey'] });
      await call(jar, 'POST', '/api/me/made', { cocktailId: cocktail['old-fashioned'] });
      await call(jar, 'DELETE', `/api/me/bar/${ing.bourbon}`);
      expect(await bar(jar)).toEqual(['campari']);
      expect((await get<ShoppingListBody>(jar, '/api/me/shopping-list')).body.items).toHaveLength(1);
      expect((await get<SwapList>(jar, '/api/me/swaps')).body.items).toHaveLength(1);
      expect((await get<MadeList>(jar, '/api/me/made')).body.total).toBe(1);
    });
  });

  describe('matching (DOMAIN.md)', () => {
    let jar: CookieJar;
    beforeAll(async () => {
      jar = (await proUser('matcher')).jar;
    });

    it('covers a line by anything below it in the hierarchy (the whole subtree), never by something above', async () => {
      await setBar(jar, ['bourbon', 'lime-juice', 'honey', 'campari', 'sweet-vermouth']);
      // Penicillin asks for whiskey: bourbon (below it) covers it; its ginger honey syrup is made of honey and water.
      expect(coverage(await match(jar, 'penicillin'))).toEqual([
        ['Whiskey', 'below', 'Bourbon'],
        ['Lime juice', 'in-stock', 'Lime juice'],
        ['Ginger honey syrup', 'house-made', 'Ginger honey syrup'],
      ]);
      expect(await canMake(jar)).toEqual(['boulevardier', 'penicillin']);
      // Owning just 'whiskey' does not cover lines asking for bourbon.
      await setBar(jar, ['whiskey', 'campari', 'sweet-vermouth']);
      const boulevardier = await match(jar, 'boulevardier');
      expect(boulevardier.canMake).toBe(false);
      expect(coverage(boulevardier)[0]).toEqual(['Bourbon', 'missing', null]);
      // Gin (the parent) does not cover London dry gin; London dry gin covers gin.
      await setBar(jar, ['london-dry-gin', 'lime-juice', 'simple-syrup']);
      expect(await canMake(jar)).toEqual(['gin-basil-smash']);
      expect(coverage(await match(jar, 'gin-basil-smash'))[0]).toEqual(['Gin', 'below', 'London dry gin']);
    });

    it('counts a substitute the recipe names, and no other', async () => {
      await setBar(jar, ['rye-whiskey', 'simple-syrup', 'campari', 'sweet-vermouth']);
      const oldFashioned = await match(jar, 'old-fashioned');
      expect(oldFashioned.canMake).toBe(true);
      expect(coverage(oldFashioned)).toEqual([
        ['Bourbon', 'substitute', 'Rye whiskey'],
        ['Simple syrup', 'in-stock', 'Simple syrup'],
      ]);
      // The Boulevardier names no substitute: one away, naming Bourbon.
      const oneAway = await makeable(jar, 'one-away');
      expect(oneAway.items.map((item) => [item.cocktail.slug, item.missing])).toEqual([
        ['boulevardier', { id: ing.bourbon, name: 'Bourbon' }],
        ['caipirinha', { id: ing.cachaca, name: 'Cachaça' }],
        ['negroni', { id: ing['london-dry-gin'], name: 'London dry gin' }],
      ]);
    });

    it("counts the user's swaps everywhere until they are dropped", async () => {
      await setBar(jar, ['rye-whiskey', 'simple-syrup', 'campari', 'sweet-vermouth']);
      const put = await call<SwapList>(jar, 'PUT', '/api/me/swaps', { fromId: ing.bourbon, toId: ing['rye-whiskey'] });
      expect(put.status).toBe(200);
      expect(swapListSchema.parse(put.body)).toEqual(put.body);
      expect(put.body.items.map((swap) => [swap.from.name, swap.to.name])).toEqual([['Bourbon', 'Rye whiskey']]);
      expect(
        (await call<SwapList>(jar, 'PUT', '/api/me/swaps', { fromId: ing.bourbon, toId: ing['rye-whiskey'] })).body,
      ).toEqual(put.body);
      expect(coverage(await match(jar, 'boulevardier'))[0]).toEqual(['Bourbon', 'swap', 'Rye whiskey']);
      expect(await canMake(jar)).toEqual(['boulevardier', 'old-fashioned']);
      const markIds = await get<MakeableIds>(jar, '/api/me/bar/makeable-ids');
      expect(makeableIdsSchema.parse(markIds.body)).toEqual(markIds.body);
      expect(markIds.headers.get('cache-control')).toBe('no-store');
      expect(markIds.body.ids.sort()).toEqual([cocktail.boulevardier, cocktail['old-fashioned']].sort());
      expect((await makeable(jar, 'one-away')).items.map((item) => item.cocktail.slug)).toEqual([
        'caipirinha',
        'negroni',
      ]);
      const dropped = await call<SwapList>(
        jar,
        'DELETE',
        `/api/me/swaps?fromId=${ing.bourbon}&toId=${ing['rye-whiskey']}`,
      );
      expect(dropped.body).toEqual({ items: [] });
      expect(await canMake(jar)).toEqual(['old-fashioned']);
    });

    it('refuses a swap naming an unknown ingredient (404) or the same one twice (400)', async () => {
      const unknown = await call<ApiErrorBody>(jar, 'PUT', '/api/me/swaps', { fromId: ing.bourbon, toId: 999999 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toContain('999999');
      const same = await call<ApiErrorBody>(jar, 'PUT', '/api/me/swaps', { fromId: ing.gin, toId: ing.gin });
      expect(same.status).toBe(400);
      expect(same.body.error.message).toContain('toId');
      expect((await call<ApiErrorBody>(jar, 'DELETE', '/api/me/swaps?fromId=abc&toId=2')).status).toBe(400);
      expect((await call<ApiErrorBody>(jar, 'PUT', '/api/me/swaps', { fromId: ing.gin })).status).toBe(400);
    });

    it('makes a house-made ingredient from its parts (sugar and tap water make simple syrup)', async () => {
      await setBar(jar, ['cachaca', 'sugar']);
      expect(await canMake(jar)).toEqual(['caipirinha']);
      expect(coverage(await match(jar, 'caipirinha'))).toEqual([
        ['Cachaça', 'in-stock', 'Cachaça'],
        ['Simple syrup', 'house-made', 'Simple syrup'],
      ]);
      // Owning the syrup itself (marked as made) counts as in stock.
      await setBar(jar, ['cachaca', 'simple-syrup']);
      expect(coverage(await match(jar, 'caipirinha'))[1]).toEqual(['Simple syrup', 'in-stock', 'Simple syrup']);
    });

    it('never lets an optional line block; a required top-up does', async () => {
      await setBar(jar, ['white-rum', 'gin', 'lime-juice', 'sugar']);
      expect(await canMake(jar)).toEqual(['daiquiri', 'gin-basil-smash', 'mojito']);
      const mojito = await match(jar, 'mojito');
      expect(coverage(mojito)[3]).toEqual(['Soda water', 'not-needed', null]);
      const oneAway = await makeable(jar, 'one-away');
      expect(oneAway.items.map((item) => [item.cocktail.slug, item.missing?.name])).toEqual([
        ['caipirinha', 'Cachaça'],
        ['gin-fizz', 'Soda water'],
        ['old-fashioned', 'Bourbon'],
      ]);
      expect(oneAway.items[1]?.lines.map((line) => line.coverage)).toEqual([
        'in-stock',
        'in-stock',
        'house-made',
        'missing',
      ]);
    });

    it('pages in catalogue name order, filters by name, and carries the cocktail card', async () => {
      await setBar(jar, ['white-rum', 'gin', 'lime-juice', 'sugar', 'cachaca']);
      const all = await makeable(jar, 'can-make');
      expect(all).toMatchObject({ total: 4, page: 0, pageSize: 50 });
      expect(all.items.map((item) => item.cocktail.name)).toEqual([
        'Caipirinha',
        'Daiquiri',
        'Gin Basil Smash',
        'Mojito',
      ]);
      expect(all.items[0]?.cocktail.ingredients.map((card) => card.ingredient)).toEqual(['Cachaça', 'Simple syrup']);
      const filtered = await makeable(jar, 'can-make', '&q=%20DAIQ');
      expect(filtered.items.map((item) => item.cocktail.name)).toEqual(['Daiquiri']);
      expect(filtered.total).toBe(1);
      const cachaca = await makeable(jar, 'can-make', '&q=caipirinha');
      expect(cachaca.total).toBe(1);
      const past = await makeable(jar, 'can-make', '&page=3');
      expect(past).toMatchObject({ items: [], total: 4, page: 3 });
      // The default view is can-make.
      expect((await get<MakeablePage>(jar, '/api/me/bar/makeable')).body.total).toBe(4);
      for (const query of ['view=all', 'page=-1', 'page=1.5', `q=${'x'.repeat(201)}`]) {
        const bad = await get<ApiErrorBody>(jar, `/api/me/bar/makeable?${query}`);
        expect(bad.status, query).toBe(400);
        expect(bad.body.error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('answers 404 for an unknown cocktail and 400 for a bad id', async () => {
      const unknown = await get<ApiErrorBody>(jar, '/api/me/bar/match/999999');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('NOT_FOUND');
      expect((await get(jar, '/api/me/bar/match/2147483647')).status).toBe(404);
      expect((await get(jar, '/api/me/bar/match/9999999999')).status).toBe(400);
      const bad = await get<ApiErrorBody>(jar, '/api/me/bar/match/abc');
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain('cocktailId');
    });

    it('ranks buy next by the cocktails each bottle makes possible, counted exactly, with examples', async () => {
      await setBar(jar, ['lime-juice', 'sugar']);
      const answer = await get<SuggestionList>(jar, '/api/me/bar/suggestions');
      expect(answer.status).toBe(200);
      expect(suggestionListSchema.parse(answer.body)).toEqual(answer.body);
      // White rum makes the Daiquiri and the Mojito (syrup from sugar; the Mojito's soda is optional). Gin and London dry
      // gin make the Gin Basil Smash, bourbon and rye the Old Fashioned, cachaça the Caipirinha; all but cachaça also bring
      // a cocktail within one (the Gin Fizz lacks gin and soda; the Penicillin whiskey and its honey syrup).
      expect(answer.body.items.map((s) => [s.ingredient.name, s.unlocks, s.nearer, s.examples])).toEqual([
        ['White rum', 2, 0, ['Daiquiri', 'Mojito']],
        ['Bourbon', 1, 1, ['Old Fashioned']],
        ['Gin', 1, 1, ['Gin Basil Smash']],
        ['London dry gin', 1, 1, ['Gin Basil Smash']],
        ['Rye whiskey', 1, 1, ['Old Fashioned']],
        ['Cachaça', 1, 0, ['Caipirinha']],
      ]);
      // Counted exactly: adding each suggestion makes exactly that many more cocktails.
      const before = (await get<MakeableIds>(jar, '/api/me/bar/makeable-ids')).body.ids.length;
      for (const suggestion of answer.body.items) {
        await call(jar, 'PUT', `/api/me/bar/${suggestion.ingredient.id}`);
        const after = (await get<MakeableIds>(jar, '/api/me/bar/makeable-ids')).body.ids.length;
        expect(after - before, suggestion.ingredient.name).toBe(suggestion.unlocks);
        await call(jar, 'DELETE', `/api/me/bar/${suggestion.ingredient.id}`);
      }
    });
  });

  describe('the shopping list', () => {
    it('adds idempotently, lists oldest first, removes one, clears all', async () => {
      const { jar } = await proUser('shopper');
      const first = await call<ShoppingListBody>(jar, 'PUT', `/api/me/shopping-list/${ing['sweet-vermouth']}`);
      expect(first.status).toBe(200);
      expect(shoppingListSchema.parse(first.body)).toEqual(first.body);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await call(jar, 'PUT', `/api/me/shopping-list/${ing.campari}`);
      const again = await call<ShoppingListBody>(jar, 'PUT', `/api/me/shopping-list/${ing['sweet-vermouth']}`);
      expect(again.body.items.map((item) => item.ingredient.name)).toEqual(['Sweet vermouth', 'Campari']);
      expect(again.body.items[0]?.addedAt).toBe(first.body.items[0]?.addedAt);
      expect((await call(jar, 'PUT', '/api/me/shopping-list/999999')).status).toBe(404);
      const removed = await call<ShoppingListBody>(jar, 'DELETE', `/api/me/shopping-list/${ing.campari}`);
      expect(removed.body.items.map((item) => item.ingredient.slug)).toEqual(['sweet-vermouth']);
      expect((await call(jar, 'DELETE', `/api/me/shopping-list/${ing.campari}`)).status).toBe(200);
      const cleared = await call<ShoppingListBody>(jar, 'DELETE', '/api/me/shopping-list');
      expect(cleared.body).toEqual({ items: [], together: { unlocks: 0, examples: [] } });
      expect((await get<ShoppingListBody>(jar, '/api/me/shopping-list')).body).toEqual({
        items: [],
        together: { unlocks: 0, examples: [] },
      });
    });

    it('says which drinks each item makes possible on its own, and what the whole list makes together', async () => {
      const { jar } = await proUser('unlocks');
      await setBar(jar, ['london-dry-gin']);
      await call(jar, 'PUT', `/api/me/shopping-list/${ing.campari}`);
      const one = await call<ShoppingListBody>(jar, 'PUT', `/api/me/shopping-list/${ing['sweet-vermouth']}`);
      // A Negroni needs both: neither makes it alone, the two together do.
      expect(one.body.items.map((item) => [item.ingredient.slug, item.unlocks, item.examples])).toEqual([
        ['campari', 0, []],
        ['sweet-vermouth', 0, []],
      ]);
      expect(one.body.together).toEqual({ unlocks: 1, examples: ['Negroni'] });
      await setBar(jar, ['london-dry-gin', 'campari']);
      const list = await get<ShoppingListBody>(jar, '/api/me/shopping-list');
      const vermouth = list.body.items.find((item) => item.ingredient.slug === 'sweet-vermouth');
      expect(vermouth).toMatchObject({ unlocks: 1, examples: ['Negroni'] });
    });

    it('checking one off moves it from the list into the bar in one go (Negroni back under can make)', async () => {
      const { jar } = await proUser('bought');
      await setBar(jar, ['london-dry-gin', 'campari']);
      expect((await makeable(jar, 'one-away')).items.map((item) => item.missing?.name)).toEqual(['Sweet vermouth']);
      await call(jar, 'PUT', `/api/me/shopping-list/${ing['sweet-vermouth']}`);
      await call(jar, 'PUT', `/api/me/shopping-list/${ing.gin}`);
      const bought = await call<ShoppingBought>(jar, 'POST', `/api/me/shopping-list/${ing['sweet-vermouth']}/bought`);
      expect(bought.status).toBe(200);
      expect(shoppingBoughtSchema.parse(bought.body)).toEqual(bought.body);
      expect(bought.body.bar.items.map((item) => item.slug)).toEqual(['campari', 'london-dry-gin', 'sweet-vermouth']);
      expect(bought.body.list.items.map((item) => item.ingredient.slug)).toEqual(['gin']);
      expect(await canMake(jar)).toEqual(['negroni']);
      // Again: still in the bar, still off the list.
      const twice = await call<ShoppingBought>(jar, 'POST', `/api/me/shopping-list/${ing['sweet-vermouth']}/bought`);
      expect(twice.body).toEqual(bought.body);
      expect((await call(jar, 'POST', '/api/me/shopping-list/999999/bought')).status).toBe(404);
    });
  });

  describe('made drinks', () => {
    it('records them (201), lists them newest first with the total, and counts them in /api/me and the activity', async () => {
      const { jar, id } = await proUser('maker');
      const made = await call<MadeDrink>(jar, 'POST', '/api/me/made', {
        cocktailId: cocktail.negroni,
        note: '  Stirred, with an orange twist  ',
      });
      expect(made.status).toBe(201);
      expect(madeDrinkSchema.parse(made.body)).toEqual(made.body);
      expect(made.body).toEqual({
        id: expect.any(Number),
        cocktail: { id: cocktail.negroni, name: 'Negroni' },
        madeAt: expect.stringMatching(/Z$/),
        note: 'Stirred, with an orange twist',
      });
      const earlier = await call<MadeDrink>(jar, 'POST', '/api/me/made', {
        cocktailId: cocktail.daiquiri,
        madeAt: '2024-06-01T20:30:00+02:00',
        note: '   ',
      });
      expect(earlier.body).toMatchObject({ madeAt: '2024-06-01T18:30:00.000Z', note: null });
      await recordMadeDrink({ db: t.database.db, userId: id, cocktailId: cocktail.mojito!, now: () => new Date() });
      const list = await get<MadeList>(jar, '/api/me/made');
      expect(madeListSchema.parse(list.body)).toEqual(list.body);
      expect(list.body.total).toBe(3);
      expect(list.body.items.map((item) => item.cocktail.name)).toEqual(['Mojito', 'Negroni', 'Daiquiri']);
      expect((await get<MeResponse>(jar, '/api/me')).body.counts).toEqual({ favorites: 0, made: 3 });
      const activity = await get<ActivityResponse>(jar, '/api/me/activity');
      expect(activity.body.made.map((entry) => [entry.name, entry.cocktailId])).toEqual([
        ['Mojito', cocktail.mojito],
        ['Negroni', cocktail.negroni],
        ['Daiquiri', cocktail.daiquiri],
      ]);
      expect(activity.body.made[1]?.id).toBe(made.body.id);
    });

    it('refuses an unknown cocktail (404), a time in the future, a bad time or an overlong note (400)', async () => {
      const { jar } = await proUser();
      expect((await call<ApiErrorBody>(jar, 'POST', '/api/me/made', { cocktailId: 999999 })).status).toBe(404);
      expect((await call(jar, 'POST', '/api/me/made', { cocktailId: 2147483647 })).status).toBe(404);
      expect((await call(jar, 'POST', '/api/me/made', { cocktailId: 9999999999 })).status).toBe(400);
      const future = await call<ApiErrorBody>(jar, 'POST', '/api/me/made', {
        cocktailId: cocktail.negroni,
        madeAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(future.status).toBe(400);
      expect(future.body.error.message).toContain('madeAt');
      for (const body of [
        { cocktailId: cocktail.negroni, madeAt: 'yesterday' },
        // Year 0000 passes the ISO format but no database stores it (a fuzz finding: PostgreSQL answered 500).
        { cocktailId: cocktail.negroni, madeAt: '0000-01-01T00:00:00Z' },
        { cocktailId: cocktail.negroni, madeAt: '1899-12-31T23:59:59Z' },
        { cocktailId: cocktail.negroni, note: 'x'.repeat(501) },
        { cocktailId: 'negroni' },
        {},
      ]) {
        const bad = await call<ApiErrorBody>(jar, 'POST', '/api/me/made', body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.body.error.code).toBe('VALIDATION_FAILED');
      }
      expect((await get<MadeList>(jar, '/api/me/made')).body).toEqual({ items: [], total: 0 });
    });
  });

  describe('requests', () => {
    it.each(['abc', '0', '-3', '1.5'])('answer 400 naming the id for %s', async (id) => {
      const { jar } = await proUser();
      for (const [method, path] of [
        ['PUT', `/api/me/bar/${id}`],
        ['DELETE', `/api/me/bar/${id}`],
        ['PUT', `/api/me/shopping-list/${id}`],
        ['DELETE', `/api/me/shopping-list/${id}`],
        ['POST', `/api/me/shopping-list/${id}/bought`],
      ] as const) {
        const answer = await call<ApiErrorBody>(jar, method, path);
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(answer.body.error.message).toContain('ingredientId');
      }
      const batch = await call<ApiErrorBody>(jar, 'POST', '/api/me/bar', { ingredientIds: [id] });
      expect(batch.status).toBe(400);
      const empty = await call<ApiErrorBody>(jar, 'POST', '/api/me/bar', { ingredientIds: [] });
      expect(empty.body.error.message).toContain('ingredientIds');
      const tooMany = await call<ApiErrorBody>(jar, 'POST', '/api/me/bar', {
        ingredientIds: Array.from({ length: MAX_BAR_BATCH + 1 }, (_, n) => n + 1),
      });
      expect(tooMany.status).toBe(400);
    });

    it('answer 413 to a body over the route’s limit, before reading it', async () => {
      const { jar } = await proUser();
      for (const [path, method, bytes] of [
        ['/api/me/bar', 'POST', 5 * 1024],
        ['/api/me/made', 'POST', 5 * 1024],
        ['/api/me/swaps', 'PUT', 2 * 1024],
        [`/api/me/shopping-list/${ing.gin}`, 'PUT', 2 * 1024],
      ] as const) {
        const answer = await t.json<ApiErrorBody>(path, {
          method,
          headers: { ...jar.headers(), origin: TEST_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ padding: 'x'.repeat(bytes) }),
        });
        expect(answer.status, path).toBe(413);
        expect(answer.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      }
      expect(await bar(jar)).toEqual([]);
    });
  });

  describe('cross-user isolation', () => {
    it('B never sees or changes A’s bar, shopping list, made drinks or swaps, through any route', async () => {
      const a = await proUser('a');
      const b = await proUser('b');
      await setBar(a.jar, ['london-dry-gin', 'campari', 'sweet-vermouth']);
      await call(a.jar, 'PUT', `/api/me/shopping-list/${ing.bourbon}`);
      await call(a.jar, 'POST', '/api/me/made', { cocktailId: cocktail.negroni, note: 'A’s secret note' });
      await call(a.jar, 'PUT', '/api/me/swaps', { fromId: ing.bourbon, toId: ing['rye-whiskey'] });
      const snapshot = async () => {
        const db = t.database.db;
        return {
          bar: await db
            .selectFrom('bar_item')
            .selectAll()
            .where('user_id', '=', a.id)
            .orderBy('ingredient_id')
            .execute(),
          shopping: await db.selectFrom('shopping_item').selectAll().where('user_id', '=', a.id).execute(),
          made: await db.selectFrom('made_drink').selectAll().where('user_id', '=', a.id).execute(),
          swaps: await db.selectFrom('ingredient_swap').selectAll().where('user_id', '=', a.id).execute(),
        };
      };
      const before = await snapshot();
      const aViews = async () => ({
        bar: (await get(a.jar, '/api/me/bar')).body,
        shopping: (await get(a.jar, '/api/me/shopping-list')).body,
        made: (await get(a.jar, '/api/me/made')).body,
        swaps: (await get(a.jar, '/api/me/swaps')).body,
        canMake: (await get(a.jar, '/api/me/bar/makeable-ids')).body,
      });
      const aBefore = await aViews();
      expect((aBefore.canMake as MakeableIds).ids).toEqual([cocktail.negroni]);

      // B's reads show B's own (empty) data, whatever B names.
      const named = `userId=${encodeURIComponent(a.id)}`;
      for (const path of ['/api/me/bar', '/api/me/swaps']) {
        expect((await get(b.jar, `${path}?${named}`)).body).toEqual({ items: [] });
      }
      expect((await get(b.jar, `/api/me/shopping-list?${named}`)).body).toEqual({
        items: [],
        together: { unlocks: 0, examples: [] },
      });
      expect((await get(b.jar, `/api/me/made?${named}`)).body).toEqual({ items: [], total: 0 });
      expect((await get<MakeableIds>(b.jar, `/api/me/bar/makeable-ids?${named}`)).body.ids).toEqual([]);
      expect((await get<MakeablePage>(b.jar, `/api/me/bar/makeable?view=one-away&${named}`)).body.total).toBe(0);
      expect((await get<RecipeMatch>(b.jar, `/api/me/bar/match/${cocktail.negroni}?${named}`)).body.canMake).toBe(
        false,
      );
      const bMe = await get<MeResponse>(b.jar, '/api/me');
      expect(bMe.body.counts.made).toBe(0);
      expect(JSON.stringify((await get(b.jar, '/api/me/activity')).body)).not.toContain('Negroni');

      // B's writes on the same ingredients and pairs touch B's rows only.
      for (const [method, path, body] of everyRoute(ing.bourbon!, cocktail.negroni!, ing['rye-whiskey']!)) {
        if (method === 'GET') continue;
        const answer = await call(b.jar, method, `${path}${path.includes('?') ? '&' : '?'}${named}`, body);
        expect(answer.status, `${method} ${path}`).toBeLessThan(300);
      }
      for (const slug of ['london-dry-gin', 'campari', 'sweet-vermouth']) {
        await call(b.jar, 'DELETE', `/api/me/bar/${ing[slug]}`);
      }
      await call(b.jar, 'DELETE', '/api/me/shopping-list');
      await call(b.jar, 'DELETE', `/api/me/swaps?fromId=${ing.bourbon}&toId=${ing['rye-whiskey']}`);

      expect(await snapshot()).toEqual(before);
      expect(await aViews()).toEqual(aBefore);
    });
  });
});

describe.each(testDialects())('My Bar while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect, seed: myBarSeed() });
    jar = await signIn(t, randomEmail('outage'));
    userId = await userIdOf(t, jar);
    await grantEntitlement({ db: t.database.db, userId, name: 'pro' });
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After on every route, never a 500', async () => {
    for (const [method, path, body] of everyRoute(1, 1, 2)) {
      const answer = await t.json<ApiErrorBody>(
        path,
        body === undefined
          ? { method, headers: { ...jar.headers(), origin: TEST_ORIGIN } }
          : postJson(body, jar, method),
      );
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
  });

  it('lets the database error through the operations unwrapped (so the error handler answers 503)', async () => {
    for (const operation of [
      () => listMakeable({ db: t.database.db, userId, query: { view: 'can-make', page: 0, q: '' } }),
      () => listSuggestions({ db: t.database.db, userId }),
      () => addBarItem({ db: t.database.db, userId, ingredientId: 1 }),
    ]) {
      const failure = await operation().then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailableError(failure)).toBe(true);
    }
  });
});
