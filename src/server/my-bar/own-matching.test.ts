import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMatcher, type BarStock } from '@/shared/domain/my-bar';
import {
  buildOwnMatcher,
  buyNextOverBoth,
  ownRecipesForMatch,
  viewIds,
  type BarMatchers,
} from '@/shared/domain/my-bar-own';
import { ownRecipeCard } from '@/shared/domain/recipe-card';
import { toSearchKey } from '@/shared/domain/search-words';
import { SUGGESTION_EXAMPLES, SUGGESTION_LIMIT } from '@/shared/domain/vocabulary';
import { OFFLINE_INDEX_PATH } from '@/shared/offline';
import {
  barListSchema,
  makeableIdsSchema,
  makeablePageSchema,
  recipeMatchSchema,
  suggestionListSchema,
  swapListSchema,
} from '@/shared/schemas/my-bar';
import { offlineIndexSchema } from '@/shared/schemas/offline';
import { ownRecipeListSchema, type OwnRecipe, type OwnRecipeWriteInput } from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { grantEntitlement } from '../payments';

/**
 * The server's My Bar over own recipes against the browser's (lib/offline/worker-bar.ts): the shared code
 * (shared/domain/my-bar-own.ts) run over nothing but the answers the service worker keeps (the offline index, the bar,
 * the swaps and `GET /api/me/recipes`) answers every view as the server does, for every bar tried.
 */
describe.each(testDialects())('own recipes matched from the kept answers, against the server, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  let ing: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const rows = await t.database.db.selectFrom('ingredient').select(['slug', 'id']).execute();
    ing = Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
    jar = await signIn(t, randomEmail('offline-own'));
    await grantEntitlement({ db: t.database.db, userId: await userIdOf(t, jar), name: 'pro' });
  });
  afterAll(() => t?.close());

  const call = async (method: string, path: string, body?: unknown, status = 200) => {
    const answer = await t.json<unknown>(
      path,
      body === undefined ? { method, headers: { origin: TEST_ORIGIN, ...jar.headers() } } : postJson(body, jar, method),
    );
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  };
  const get = (path: string) => call('GET', path);

  /** Writes an own recipe: a line is a catalogue slug, `{name}` a free-text ingredient, `{slug, optional}` optional. */
  async function ownRecipe(name: string, lines: (string | { name: string } | { slug: string; optional: true })[]) {
    const body: OwnRecipeWriteInput = {
      name,
      base_spirit: 'Gin',
      category: 'Modern',
      description: 'For the offline comparison.',
      instructions: 'Stir and strain.',
      difficulty_level: 'Easy',
      glassware: 'Coupe',
      technique: 'Stir',
      garnish: 'None',
      preparation_time: 3,
      ingredients: lines.map((line) =>
        typeof line === 'string'
          ? { ingredient_id: ing[line]!, amount: 30, unit: 'ml' as const }
          : 'name' in line
            ? { ingredient_name: line.name, amount: 15, unit: 'ml' as const }
            : { ingredient_id: ing[line.slug]!, amount: 5, unit: 'ml' as const, is_optional: true },
      ),
    };
    return (await call('POST', '/api/me/recipes', body, 201)) as OwnRecipe;
  }

  it('answers can-make, one-away, the makeable ids, line marks and buy next as the server does', async () => {
    await ownRecipe('Aardvark Americano', ['campari', 'sweet-vermouth', 'soda-water']);
    await ownRecipe('House Whiskey Smash', ['whiskey', 'simple-syrup', { slug: 'lime-juice', optional: true }]);
    const cordial = await ownRecipe('Quorn Cordial Sour', ['gin', { name: 'Quorn yuzu cordial' }]);
    await ownRecipe('Zed Rum Cordial', ['white-rum', { name: 'Quorn yuzu cordial' }, 'lime-juice']);
    await ownRecipe('Gin Rickey House', ['london-dry-gin', 'lime-juice', 'soda-water']);
    const cordialId = cordial.ingredients[1]!.ingredient_id;

    const index = offlineIndexSchema.parse(await get(OFFLINE_INDEX_PATH));
    const kept = ownRecipeListSchema.parse(await get('/api/me/recipes'));
    const catalogueIds = new Set(index.match.ingredients.map((ingredient) => ingredient.id));
    const own = ownRecipesForMatch(kept.items, (id) => catalogueIds.has(id));
    expect([...own.ingredients.keys()]).toEqual([cordialId]);
    const catalogueKeys = new Map(index.items.map((item) => [item.id, toSearchKey(item.name)]));
    const ownById = new Map(own.recipes.map((recipe) => [recipe.id, recipe]));
    const ingredientNames = new Map(
      [...index.match.ingredients, ...own.ingredients.values()].map((item) => [item.id, item.name]),
    );
    const matchers: BarMatchers = {
      catalogue: buildMatcher(index.match),
      own: buildOwnMatcher(index.match.ingredients, own.ingredients.values(), own.recipes),
      keyOf: (id) => ownById.get(id)?.nameKey ?? catalogueKeys.get(id) ?? '',
      ingredientName: (id) => ingredientNames.get(id) ?? `#${id}`,
    };
    const nameOf = (id: number) => ownById.get(id)?.name ?? index.items.find((item) => item.id === id)?.name;

    const all = [...catalogueIds, cordialId];
    const bars = [
      [],
      [ing.gin!],
      [ing['london-dry-gin']!, ing.campari!, ing['sweet-vermouth']!, ing['soda-water']!],
      [ing.bourbon!, ing['simple-syrup']!, ing.gin!, cordialId],
      all.filter((_, at) => at % 2 === 0),
      all.filter((_, at) => at % 3 !== 0),
      all,
    ];
    let ownSeen = 0;
    for (const [at, owned] of bars.entries()) {
      const label = `bar ${JSON.stringify(owned)}${at >= 4 ? ' with a swap' : ''}`;
      const before = barListSchema.parse(await get('/api/me/bar'));
      for (const item of before.items) await call('DELETE', `/api/me/bar/${item.id}`);
      if (owned.length > 0) await call('POST', '/api/me/bar', { ingredientIds: owned });
      // From the fifth bar on, white rum is swapped for gin: 'I use gin for white rum'.
      if (at === 4) await call('PUT', '/api/me/swaps', { fromId: ing['white-rum'], toId: ing.gin });
      // The bar and swaps as the device keeps them are what it matches with.
      const bar = barListSchema.parse(await get('/api/me/bar'));
      const swaps = swapListSchema.parse(await get('/api/me/swaps'));
      const stock: BarStock = {
        owned: bar.items.map((item) => item.id),
        swaps: swaps.items.map((swap) => ({ fromId: swap.from.id, toId: swap.to.id })),
      };

      const ids = makeableIdsSchema.parse(await get('/api/me/bar/makeable-ids'));
      expect(viewIds(matchers, stock, 'canMake'), label).toEqual(ids.ids);
      for (const [view, pick] of [
        ['can-make', 'canMake'],
        ['one-away', 'oneAway'],
      ] as const) {
        const served = makeablePageSchema.parse(await get(`/api/me/bar/makeable?view=${view}`));
        const browser = viewIds(matchers, stock, pick);
        expect(browser, `${label} ${view}`).toEqual(served.items.map((item) => item.cocktail.id));
        for (const item of served.items) {
          const recipe = kept.items.find((entry) => entry.id === item.cocktail.id);
          if (!recipe) continue;
          ownSeen += 1;
          expect(ownRecipeCard(recipe, recipe.shareSlug), label).toEqual(item.cocktail);
          const match = matchers.own!.match(recipe.id, stock)!;
          expect(view === 'one-away' ? match.missing[0] : null, label).toBe(item.missing?.id ?? null);
        }
      }
      for (const recipe of kept.items) {
        const served = recipeMatchSchema.parse(await get(`/api/me/bar/match/${recipe.id}`));
        const match = matchers.own!.match(recipe.id, stock)!;
        expect(
          match.lines.map((line) => [line.position, line.ingredientId, line.coverage, line.viaId]),
          `${label} ${recipe.name}`,
        ).toEqual(served.lines.map((line) => [line.position, line.ingredient.id, line.coverage, line.via?.id ?? null]));
        expect(match.missing.length === 0).toBe(served.canMake);
      }
      const suggestions = suggestionListSchema.parse(await get('/api/me/bar/suggestions'));
      const browser = buyNextOverBoth(matchers, stock, SUGGESTION_LIMIT, SUGGESTION_EXAMPLES);
      expect(
        browser.map((s) => [s.ingredientId, s.unlocks, s.nearer, s.examples.map(nameOf)]),
        `${label} suggestions`,
      ).toEqual(suggestions.items.map((s) => [s.ingredient.id, s.unlocks, s.nearer, s.examples]));
    }
    // The bars tried put own recipes in the views.
    expect(ownSeen).toBeGreaterThan(5);
  });
});
