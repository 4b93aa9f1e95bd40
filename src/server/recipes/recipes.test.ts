import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { CocktailPage } from '@/shared/schemas/cocktail';
import { FREE_OWN_RECIPES } from '@/shared/domain/plans';
import {
  ownRecipeListSchema,
  ownRecipeSchema,
  sharedRecipeSchema,
  type OwnRecipe,
  type OwnRecipeList,
  type OwnRecipeWriteInput,
} from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, publicCocktailIds, type TestApp, ingredientIdsOf } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../app';
import { grantEntitlement } from '../payments';
import { copyName, ownRecipeLimitMessage } from './operations';

let names = 0;
/** A fresh recipe name no catalogue search of the test seed can find. */
const freshName = (label: string) => `Quillon ${label} ${++names}`;

/** The house Negroni, as a home bartender writes it. */
function houseNegroni(ing: Record<string, number>, name = freshName('Negroni')): OwnRecipeWriteInput {
  return {
    name,
    base_spirit: 'Gin',
    category: 'Modern',
    description: 'A touch more gin, and orange bitters.',
    instructions: 'Stir with ice for thirty seconds and strain over a large cube.',
    difficulty_level: 'Easy',
    glassware: 'Rocks',
    technique: 'Stir',
    garnish: 'Orange twist',
    preparation_time: 3,
    ingredients: [
      { ingredient_id: ing.gin!, amount: 40, unit: 'ml' },
      { ingredient_id: ing['sweet-vermouth']!, amount: 30, unit: 'ml' },
      { ingredient_id: ing['simple-syrup']!, amount: 1, amount_max: 2, unit: 'barspoon', is_optional: true },
    ],
  };
}

describe.each(testDialects())('Own recipes on %s', (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  let publicIds: number[];
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ing = await ingredientIdsOf(t);
    publicIds = await publicCocktailIds(t);
  });
  afterAll(() => t?.close());

  /** A request as `jar` (null: signed out), with the app's origin. */
  async function call<T>(jar: CookieJar | null, method: string, path: string, body?: unknown) {
    return t.json<T>(
      path,
      body === undefined
        ? { method, headers: { ...(jar ? jar.headers() : {}), origin: TEST_ORIGIN } }
        : postJson(body, jar ?? undefined, method),
    );
  }

  async function user(label: string, plan: 'free' | 'pro' = 'free'): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    const id = await userIdOf(t, jar);
    if (plan === 'pro') await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
    return { jar, id };
  }

  async function create(jar: CookieJar, recipe: OwnRecipeWriteInput): Promise<OwnRecipe> {
    const answer = await call<OwnRecipe>(jar, 'POST', '/api/me/recipes', recipe);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return ownRecipeSchema.parse(answer.body);
  }

  it('writes, reads, edits and deletes a recipe, with strength and lines derived as for the catalogue', async () => {
    const { jar } = await user('writer');
    const recipe = houseNegroni(ing);
    const created = await create(jar, recipe);
    expect(created).toMatchObject({ name: recipe.name, technique: 'Stir', glassware: 'Rocks', shareSlug: null });
    expect(created.slug).toMatch(/^u--quillon-negroni-\d+-[0-9a-f]{8}$/);
    expect(created.strength).toBe('Strong');
    expect(created.ingredients.map((line) => [line.ingredient_id, line.amount, line.unit, line.is_optional])).toEqual([
      [ing.gin, 40, 'ml', false],
      [ing['sweet-vermouth'], 30, 'ml', false],
      [ing['simple-syrup'], 1, 'barspoon', true],
    ]);

    const read = await call<OwnRecipe>(jar, 'GET', `/api/me/recipes/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(ownRecipeSchema.parse(read.body)).toEqual(created);

    const edited = await call<OwnRecipe>(jar, 'PUT', `/api/me/recipes/${created.id}`, {
      ...recipe,
      ingredients: [{ ingredient_id: ing.gin!, amount: 60, unit: 'ml' }, ...recipe.ingredients.slice(1)],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.ingredients[0]).toMatchObject({ ingredient_id: ing.gin, amount: 60 });

    const list = await call<OwnRecipeList>(jar, 'GET', '/api/me/recipes');
    expect(ownRecipeListSchema.parse(list.body)).toMatchObject({ limit: FREE_OWN_RECIPES });
    expect(list.body.items.map((item) => item.id)).toEqual([created.id]);

    const deleted = await call<OwnRecipeList>(jar, 'DELETE', `/api/me/recipes/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.items).toEqual([]);
    expect((await call(jar, 'GET', `/api/me/recipes/${created.id}`)).status).toBe(404);
  });

  it('refuses a line naming an unknown ingredient and writes nothing', async () => {
    const { jar } = await user('typo');
    const recipe = houseNegroni(ing);
    const answer = await call<ApiErrorBody>(jar, 'POST', '/api/me/recipes', {
      ...recipe,
      ingredients: [{ ingredient_id: 999_999, amount: 30, unit: 'ml' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(answer.body.error.message).toContain('ingredients.0.ingredient_id');
    expect((await call<OwnRecipeList>(jar, 'GET', '/api/me/recipes')).body.items).toEqual([]);
  });

  it('keeps own recipes out of the public catalogue and out of search', async () => {
    const { jar } = await user('private');
    const created = await create(jar, houseNegroni(ing, 'Quillon Hidden Stinger'));
    const page = await call<CocktailPage>(null, 'GET', '/api/cocktails?pageSize=100');
    expect(page.body.items.map((item) => item.id)).not.toContain(created.id);
    const search = await call<CocktailPage>(jar, 'GET', '/api/cocktails?q=quillon%20hidden');
    expect(search.body.items.map((item) => item.id)).not.toContain(created.id);
    expect((await call(null, 'GET', `/api/cocktails/${created.id}`)).status).toBe(404);
  });

  it("never shows, edits, shares, copies or deletes another user's recipe (404, as for none)", async () => {
    const owner = await user('owner');
    const stranger = await user('stranger', 'pro');
    const recipe = houseNegroni(ing);
    const mine = await create(owner.jar, recipe);
    for (const [method, path, body] of [
      ['GET', `/api/me/recipes/${mine.id}`, undefined],
      ['PUT', `/api/me/recipes/${mine.id}`, recipe],
      ['PUT', `/api/me/recipes/${mine.id}/share`, { shared: true }],
      ['POST', `/api/me/recipes/copy/${mine.id}`, undefined],
      ['DELETE', `/api/me/recipes/${mine.id}`, undefined],
    ] as const) {
      const answer = await call<ApiErrorBody>(stranger.jar, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    expect((await call<OwnRecipeList>(stranger.jar, 'GET', '/api/me/recipes')).body.items).toEqual([]);
    const still = await call<OwnRecipe>(owner.jar, 'GET', `/api/me/recipes/${mine.id}`);
    expect(still.body).toEqual(mine);
  });

  it("copies a catalogue cocktail ('Make it my own') and duplicates an own recipe", async () => {
    const { jar } = await user('copier');
    const source = publicIds[0]!;
    const detail = await call<OwnRecipe>(null, 'GET', `/api/cocktails/${source}`);
    const copy = await call<OwnRecipe>(jar, 'POST', `/api/me/recipes/copy/${source}`);
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe(copyName(detail.body.name));
    expect(copy.body.id).not.toBe(source);
    expect(copy.body.ingredients.map((line) => [line.ingredient_id, line.amount, line.unit])).toEqual(
      detail.body.ingredients.map((line) => [line.ingredient_id, line.amount, line.unit]),
    );
    const again = await call<OwnRecipe>(jar, 'POST', `/api/me/recipes/copy/${copy.body.id}`);
    expect(again.status).toBe(201);
    expect(again.body.name).toBe(copyName(copy.body.name));
    expect((await call<ApiErrorBody>(jar, 'POST', '/api/me/recipes/copy/999999')).status).toBe(404);
  });

  it('refuses to copy a cocktail that does not fit the write (400, never a 500), and writes nothing', async () => {
    const { jar } = await user('long-copy');
    const source = publicIds[1]!;
    await t.database.db
      .updateTable('cocktail')
      .set({ description: 'long '.repeat(150) })
      .where('id', '=', source)
      .execute();
    const answer = await call<ApiErrorBody>(jar, 'POST', `/api/me/recipes/copy/${source}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.message).toMatch(/^This cocktail cannot be copied: description /);
    expect((await call<OwnRecipeList>(jar, 'GET', '/api/me/recipes')).body.items).toEqual([]);
  });

  it('keeps a free account to its limit (403 with the count) and takes nothing away; Pro keeps any number', async () => {
    const free = await user('free');
    const made: OwnRecipe[] = [];
    for (let n = 0; n < FREE_OWN_RECIPES; n += 1) made.push(await create(free.jar, houseNegroni(ing)));
    const refused = await call<ApiErrorBody>(free.jar, 'POST', '/api/me/recipes', houseNegroni(ing));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'ENTITLEMENT_REQUIRED',
      message: ownRecipeLimitMessage(FREE_OWN_RECIPES, FREE_OWN_RECIPES),
    });
    expect((await call(free.jar, 'POST', `/api/me/recipes/copy/${publicIds[0]}`)).status).toBe(403);
    // Everything written stays, and can still be edited and shared.
    const list = await call<OwnRecipeList>(free.jar, 'GET', '/api/me/recipes');
    expect(list.body.items).toHaveLength(FREE_OWN_RECIPES);
    const edit = await call(free.jar, 'PUT', `/api/me/recipes/${made[0]!.id}`, houseNegroni(ing, 'Quillon Kept'));
    expect(edit.status).toBe(200);

    const pro = await user('pro', 'pro');
    for (let n = 0; n <= FREE_OWN_RECIPES; n += 1) await create(pro.jar, houseNegroni(ing));
    const proList = await call<OwnRecipeList>(pro.jar, 'GET', '/api/me/recipes');
    expect(proList.body).toMatchObject({ limit: null });
    expect(proList.body.items).toHaveLength(FREE_OWN_RECIPES + 1);
  });

  it('shares through a random link that ends for good when turned off', async () => {
    const { jar } = await user('sharer');
    const recipe = await create(jar, houseNegroni(ing));
    const on = await call<OwnRecipe>(jar, 'PUT', `/api/me/recipes/${recipe.id}/share`, { shared: true });
    const slug = on.body.shareSlug!;
    expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const seen = await call(null, 'GET', `/api/recipes/shared/${slug}`);
    expect(seen.status).toBe(200);
    const shared = sharedRecipeSchema.parse(seen.body);
    expect(shared).toMatchObject({ id: recipe.id, name: recipe.name });
    expect(seen.body).not.toHaveProperty('shareSlug');

    expect((await call(jar, 'PUT', `/api/me/recipes/${recipe.id}/share`, { shared: false })).status).toBe(200);
    expect((await call(null, 'GET', `/api/recipes/shared/${slug}`)).status).toBe(404);
    const again = await call<OwnRecipe>(jar, 'PUT', `/api/me/recipes/${recipe.id}/share`, { shared: true });
    expect(again.body.shareSlug).not.toBe(slug);
    expect((await call(null, 'GET', `/api/recipes/shared/${slug}`)).status).toBe(404);
    expect((await call(null, 'GET', '/api/recipes/shared/not-a-link')).status).toBe(404);
  });

  it('needs a session, and refuses writes from another site', async () => {
    expect((await call(null, 'GET', '/api/me/recipes')).status).toBe(401);
    const { jar } = await user('csrf');
    const answer = await t.json<ApiErrorBody>('/api/me/recipes', {
      method: 'POST',
      headers: { ...jar.headers(), 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify(houseNegroni(ing)),
    });
    expect(answer.status).toBe(403);
    expect((await call<OwnRecipeList>(jar, 'GET', '/api/me/recipes')).body.items).toEqual([]);
  });

  it("keeps a free-text ingredient as one of the user's own: reused by name, never the catalogue's or another user's", async () => {
    const { jar } = await user('freetext');
    const recipe = houseNegroni(ing);
    const lines = [
      { ingredient_name: 'Yuzu kosho syrup', amount: 10, unit: 'ml' },
      { ingredient_name: 'GIN', amount: 40, unit: 'ml' },
      recipe.ingredients[1]!,
    ];
    const created = await create(jar, { ...recipe, ingredients: lines });
    const [yuzu, gin] = created.ingredients;
    expect(yuzu).toMatchObject({ ingredient: 'Yuzu kosho syrup', category: 'Other', abv: 0 });
    expect(gin).toMatchObject({ ingredient_id: ing.gin, ingredient: 'Gin' });
    // The same name again is the same ingredient, and the catalogue never lists it.
    const again = await create(jar, {
      ...recipe,
      ingredients: [{ ingredient_name: 'yuzu kosho SYRUP', amount: 5, unit: 'ml' }],
    });
    expect(again.ingredients[0]!.ingredient_id).toBe(yuzu!.ingredient_id);
    const listed = await call<{ items: { id: number }[] }>(jar, 'GET', '/api/ingredients?q=yuzu');
    expect(listed.body.items.map((item) => item.id)).not.toContain(yuzu!.ingredient_id);
    // Another user cannot name it by id.
    const other = await user('other');
    const refused = await call<ApiErrorBody>(other.jar, 'POST', '/api/me/recipes', {
      ...recipe,
      ingredients: [{ ingredient_id: yuzu!.ingredient_id, amount: 5, unit: 'ml' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('ingredients.0.ingredient_id');
    // A line names one ingredient: an id or a name, not both, not neither.
    for (const line of [
      { ingredient_id: ing.gin!, ingredient_name: 'Gin', amount: 5, unit: 'ml' },
      { amount: 5, unit: 'ml' },
    ]) {
      const answer = await call<ApiErrorBody>(jar, 'POST', '/api/me/recipes', { ...recipe, ingredients: [line] });
      expect(answer.status, JSON.stringify(line)).toBe(400);
      expect(answer.body.error.message).toContain('choose an ingredient, or name one');
    }
  });

  it("goes with the user's account", async () => {
    const { jar, id } = await user('leaving');
    const recipe = await create(jar, houseNegroni(ing));
    await create(jar, {
      ...houseNegroni(ing),
      ingredients: [{ ingredient_name: 'Leaving bitters', amount: 2, unit: 'dash' }],
    });
    await t.database.db.deleteFrom('user').where('id', '=', id).execute();
    const row = await t.database.db.selectFrom('cocktail').select('id').where('id', '=', recipe.id).executeTakeFirst();
    expect(row).toBeUndefined();
    const own = await t.database.db.selectFrom('ingredient').select('id').where('owner_id', '=', id).execute();
    expect(own).toEqual([]);
  });
});

describe.each(testDialects())('Own recipes while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t, randomEmail('outage'));
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, never a 500', async () => {
    const write = houseNegroni({ gin: 1, 'sweet-vermouth': 2, 'simple-syrup': 3 });
    for (const [method, path, body] of [
      ['GET', '/api/me/recipes', undefined],
      ['POST', '/api/me/recipes', write],
      ['GET', '/api/me/recipes/1', undefined],
      ['PUT', '/api/me/recipes/1', write],
      ['DELETE', '/api/me/recipes/1', undefined],
      ['POST', '/api/me/recipes/copy/1', undefined],
      ['PUT', '/api/me/recipes/1/share', { shared: true }],
      ['POST', '/api/me/recipes/import/reviewed', { format: 'text', recipes: [{ index: 0, write }] }],
      ['DELETE', '/api/me/recipes/1/photo', undefined],
      ['GET', '/api/recipes/shared/AAAAAAAAAAAAAAAAAAAAAA', undefined],
    ] as const) {
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
});
