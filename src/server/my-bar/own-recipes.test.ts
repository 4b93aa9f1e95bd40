import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  barListSchema,
  makeableIdsSchema,
  makeablePageSchema,
  recipeMatchSchema,
  shoppingListSchema,
  suggestionListSchema,
  type BarList,
  type MadeDrink,
  type MadeList,
  type MakeableIds,
  type MakeablePage,
  type RecipeMatch,
  type ShoppingBought,
  type ShoppingListBody,
  type SuggestionList,
} from '@/shared/schemas/my-bar';
import type { OwnRecipe, OwnRecipeWriteInput } from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { grantEntitlement } from '../payments';

/**
 * My Bar over a user's own recipes (docs/recipes.md "Where your recipes appear"): matched against the bar as catalogue
 * cocktails are (the hierarchy included), per request and for their owner only; a free-text ingredient of the user's own
 * is covered only by itself in the bar.
 */

describe.each(testDialects())('My Bar with own recipes on %s', (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const rows = await t.database.db.selectFrom('ingredient').select(['slug', 'id']).execute();
    ing = Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
  });
  afterAll(() => t?.close());

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

  /** Writes an own recipe of `lines`: a catalogue slug, or `{name}` for a free-text ingredient. */
  async function ownRecipe(jar: CookieJar, name: string, lines: (string | { name: string })[]): Promise<OwnRecipe> {
    const body: OwnRecipeWriteInput = {
      name,
      base_spirit: 'Gin',
      category: 'Modern',
      description: 'For the My Bar tests.',
      instructions: 'Stir and strain.',
      difficulty_level: 'Easy',
      glassware: 'Coupe',
      technique: 'Stir',
      garnish: 'None',
      preparation_time: 3,
      ingredients: lines.map((line) =>
        typeof line === 'string'
          ? { ingredient_id: ing[line]!, amount: 30, unit: 'ml' as const }
          : { ingredient_name: line.name, amount: 15, unit: 'ml' as const },
      ),
    };
    const answer = await call<OwnRecipe>(jar, 'POST', '/api/me/recipes', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }

  async function setBar(jar: CookieJar, ids: number[]): Promise<BarList> {
    const answer = await call<BarList>(jar, 'POST', '/api/me/bar', { ingredientIds: ids });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(barListSchema.parse(answer.body)).toEqual(answer.body);
    return answer.body;
  }

  async function makeable(jar: CookieJar, query: string): Promise<MakeablePage> {
    const answer = await get<MakeablePage>(jar, `/api/me/bar/makeable?${query}`);
    expect(answer.status).toBe(200);
    expect(makeablePageSchema.parse(answer.body)).toEqual(answer.body);
    return answer.body;
  }

  it('matches own recipes in every view, the hierarchy included; own ingredients only by themselves', async () => {
    const { jar } = await proUser('home');
    const spritz = await ownRecipe(jar, 'Aardvark Spritz', ['gin', 'campari']);
    const smash = await ownRecipe(jar, 'House Whiskey Smash', ['whiskey', 'simple-syrup']);
    const cordial = await ownRecipe(jar, 'Quorn Cordial Sour', ['gin', { name: 'Quorn yuzu cordial' }]);
    const cordialId = cordial.ingredients[1]!.ingredient_id;
    expect(cordial.ingredients[1]!.ingredient).toBe('Quorn yuzu cordial');

    await setBar(jar, [ing.gin!, ing.campari!, ing.bourbon!, ing['simple-syrup']!]);
    const can = await makeable(jar, 'view=can-make');
    const names = can.items.map((item) => item.cocktail.name);
    expect(names).toEqual(expect.arrayContaining(['Aardvark Spritz', 'House Whiskey Smash']));
    expect(names).not.toContain('Quorn Cordial Sour');
    // Name order among the catalogue's: 'Aardvark' first.
    expect(names[0]).toBe('Aardvark Spritz');
    const spritzItem = can.items[0]!;
    expect(spritzItem.cocktail).toMatchObject({ id: spritz.id, own: true, shareSlug: null });
    const smashItem = can.items.find((item) => item.cocktail.id === smash.id)!;
    expect(smashItem.lines.map((line) => [line.ingredient.name, line.coverage, line.via?.name ?? null])).toEqual([
      ['Whiskey', 'below', 'Bourbon'],
      ['Simple syrup', 'in-stock', 'Simple syrup'],
    ]);

    // The free-text cordial is missing: one away, named.
    const away = await makeable(jar, 'view=one-away');
    const cordialItem = away.items.find((item) => item.cocktail.id === cordial.id)!;
    expect(cordialItem.missing).toEqual({ id: cordialId, name: 'Quorn yuzu cordial' });
    // `q` filters own recipes by name as it filters the catalogue's.
    expect((await makeable(jar, 'view=one-away&q=quorn')).items.map((item) => item.cocktail.id)).toEqual([cordial.id]);
    expect((await makeable(jar, 'view=can-make&q=AARDVARK')).total).toBe(1);

    const ids = await get<MakeableIds>(jar, '/api/me/bar/makeable-ids');
    expect(makeableIdsSchema.parse(ids.body)).toEqual(ids.body);
    expect(ids.body.ids).toEqual(expect.arrayContaining([spritz.id, smash.id]));
    expect(ids.body.ids).not.toContain(cordial.id);
    expect(ids.body.ids).toEqual(can.items.map((item) => item.cocktail.id));

    const matched = await get<RecipeMatch>(jar, `/api/me/bar/match/${cordial.id}`);
    expect(matched.status).toBe(200);
    expect(recipeMatchSchema.parse(matched.body)).toEqual({
      cocktailId: cordial.id,
      canMake: false,
      lines: [
        {
          position: 0,
          ingredient: { id: ing.gin, name: 'Gin' },
          coverage: 'in-stock',
          via: { id: ing.gin, name: 'Gin' },
        },
        { position: 1, ingredient: { id: cordialId, name: 'Quorn yuzu cordial' }, coverage: 'missing', via: null },
      ],
    });

    // The user's own ingredient goes into the bar (listed after the catalogue's), and then it covers its line.
    const withCordial = await call<BarList>(jar, 'PUT', `/api/me/bar/${cordialId}`);
    expect(withCordial.status).toBe(200);
    expect(withCordial.body.items.at(-1)).toMatchObject({
      id: cordialId,
      name: 'Quorn yuzu cordial',
      category: 'Other',
      parentId: null,
      houseMade: false,
    });
    const nowMatched = await get<RecipeMatch>(jar, `/api/me/bar/match/${cordial.id}`);
    expect(nowMatched.body.canMake).toBe(true);
    expect(nowMatched.body.lines[1]).toMatchObject({ coverage: 'in-stock', via: { id: cordialId } });
    const removed = await call<BarList>(jar, 'DELETE', `/api/me/bar/${cordialId}`);
    expect(removed.body.items.map((item) => item.id)).not.toContain(cordialId);
    expect((await get<RecipeMatch>(jar, `/api/me/bar/match/${cordial.id}`)).body.canMake).toBe(false);
  });

  it('counts own recipes in buy next, exactly, beside a user with the same bar and no recipes', async () => {
    const writer = await proUser('writer');
    const plain = await proUser('plain');
    await ownRecipe(writer.jar, 'Aardwolf Americano', ['campari', 'sweet-vermouth', 'soda-water']);
    await ownRecipe(writer.jar, 'Aardwolf Cordial', ['gin', { name: 'Aardwolf rhubarb cordial' }]);
    for (const user of [writer, plain]) await setBar(user.jar, [ing.gin!, ing.campari!, ing['soda-water']!]);
    const suggestions = async (jar: CookieJar) => {
      const answer = await get<SuggestionList>(jar, '/api/me/bar/suggestions');
      expect(answer.status).toBe(200);
      expect(suggestionListSchema.parse(answer.body)).toEqual(answer.body);
      return new Map(answer.body.items.map((item) => [item.ingredient.name, item]));
    };
    const mine = await suggestions(writer.jar);
    const theirs = await suggestions(plain.jar);
    const vermouth = mine.get('Sweet vermouth')!;
    expect(vermouth.unlocks).toBe((theirs.get('Sweet vermouth')?.unlocks ?? 0) + 1);
    expect(vermouth.examples[0]).toBe('Aardwolf Americano');
    // The own free-text ingredient is suggested to its owner only.
    expect(mine.get('Aardwolf rhubarb cordial')).toMatchObject({
      unlocks: 1,
      examples: ['Aardwolf Cordial'],
      ingredient: { category: 'Other', houseMade: false },
    });
    expect(theirs.has('Aardwolf rhubarb cordial')).toBe(false);
  });

  it('keeps own ingredients on the shopping list, counting what they make among own recipes too', async () => {
    const writer = await proUser('shopper');
    const stranger = await proUser('stranger');
    const recipe = await ownRecipe(writer.jar, 'Aardwolf Shrub Highball', ['gin', { name: 'Aardwolf plum shrub' }]);
    const shrubId = recipe.ingredients[1]!.ingredient_id;
    await setBar(writer.jar, [ing.gin!]);
    const listed = await call<ShoppingListBody>(writer.jar, 'PUT', `/api/me/shopping-list/${shrubId}`);
    expect(listed.status).toBe(200);
    expect(shoppingListSchema.parse(listed.body)).toEqual(listed.body);
    expect(listed.body.items).toEqual([
      {
        ingredient: expect.objectContaining({ id: shrubId, name: 'Aardwolf plum shrub', category: 'Other' }),
        addedAt: expect.any(String),
        unlocks: 1,
        examples: ['Aardwolf Shrub Highball'],
      },
    ]);
    expect(listed.body.together).toEqual({ unlocks: 1, examples: ['Aardwolf Shrub Highball'] });
    // A catalogue bottle on the list counts the own recipes it completes as well.
    await ownRecipe(writer.jar, 'Aardwolf Campari Gin', ['gin', 'campari']);
    const withCampari = await call<ShoppingListBody>(writer.jar, 'PUT', `/api/me/shopping-list/${ing.campari}`);
    const campari = withCampari.body.items.find((item) => item.ingredient.id === ing.campari)!;
    expect(campari.examples[0]).toBe('Aardwolf Campari Gin');

    const bought = await call<ShoppingBought>(writer.jar, 'POST', `/api/me/shopping-list/${shrubId}/bought`);
    expect(bought.status).toBe(200);
    expect(bought.body.bar.items.map((item) => item.id)).toContain(shrubId);
    expect(bought.body.list.items.map((item) => item.ingredient.id)).toEqual([ing.campari]);

    for (const [method, path] of [
      ['PUT', `/api/me/shopping-list/${shrubId}`],
      ['POST', `/api/me/shopping-list/${shrubId}/bought`],
    ] as const) {
      const answer = await call<ApiErrorBody>(stranger.jar, method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const theirs = await get<ShoppingListBody>(stranger.jar, '/api/me/shopping-list');
    expect(JSON.stringify(theirs.body)).not.toContain('Aardwolf');
  });

  it("records 'I made this' for an own recipe; another user's recipe and ingredient are NOT_FOUND", async () => {
    const owner = await proUser('owner');
    const stranger = await proUser('stranger');
    const recipe = await ownRecipe(owner.jar, 'Zorvath Private Fizz', ['gin', { name: 'Zorvath secret syrup' }]);
    const syrupId = recipe.ingredients[1]!.ingredient_id;

    const made = await call<MadeDrink>(owner.jar, 'POST', '/api/me/made', { cocktailId: recipe.id, note: 'good' });
    expect(made.status).toBe(201);
    expect(made.body.cocktail).toEqual({ id: recipe.id, name: 'Zorvath Private Fizz' });
    const list = await get<MadeList>(owner.jar, '/api/me/made');
    expect(list.body.items.map((item) => item.cocktail.id)).toEqual([recipe.id]);

    // The same bar as the owner's: still nothing of theirs.
    await setBar(stranger.jar, [ing.gin!]);
    const unknown = 2_000_000_000;
    const attempts: [string, (c: number, i: number) => string, (c: number) => unknown][] = [
      ['POST', () => '/api/me/made', (c) => ({ cocktailId: c })],
      ['GET', (c) => `/api/me/bar/match/${c}`, () => undefined],
      ['PUT', (_c, i) => `/api/me/bar/${i}`, () => undefined],
      ['POST', () => '/api/me/bar', () => 'many'],
    ];
    for (const [method, path, body] of attempts) {
      const answerFor = async (c: number, i: number) => {
        const sent = body(c) === 'many' ? { ingredientIds: [i] } : body(c);
        const answer = await call<ApiErrorBody>(stranger.jar, method, path(c, i), sent);
        return { status: answer.status, code: answer.body.error.code, message: answer.body.error.message };
      };
      const theirs = await answerFor(recipe.id, syrupId);
      const none = await answerFor(unknown, unknown);
      expect(theirs.status, `${method} ${path(recipe.id, syrupId)}`).toBe(404);
      expect(theirs.code).toBe(none.code);
      expect(theirs.message.replace(/\d+/g, 'N')).toBe(none.message.replace(/\d+/g, 'N'));
      expect(theirs.message).not.toContain('Zorvath');
    }
    const views = [
      await get<MakeablePage>(stranger.jar, '/api/me/bar/makeable?view=can-make'),
      await get<MakeablePage>(stranger.jar, '/api/me/bar/makeable?view=one-away'),
      await get<MakeableIds>(stranger.jar, '/api/me/bar/makeable-ids'),
      await get<SuggestionList>(stranger.jar, '/api/me/bar/suggestions'),
      await get<BarList>(stranger.jar, '/api/me/bar'),
      await get<MadeList>(stranger.jar, '/api/me/made'),
    ];
    for (const view of views) {
      expect(view.status).toBe(200);
      expect(JSON.stringify(view.body)).not.toContain('Zorvath');
    }
    expect((await get<MakeableIds>(stranger.jar, '/api/me/bar/makeable-ids')).body.ids).not.toContain(recipe.id);
    // Removing another user's ingredient from one's bar changes nothing of theirs.
    expect((await call(stranger.jar, 'DELETE', `/api/me/bar/${syrupId}`)).status).toBe(200);
  });
});
