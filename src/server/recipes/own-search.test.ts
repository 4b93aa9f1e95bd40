import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  MAX_OWN_RECIPE_QUERY,
  ownRecipeListSchema,
  type OwnRecipe,
  type OwnRecipeList,
  type OwnRecipeWriteInput,
} from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, TEST_ORIGIN } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp, ingredientIdsOf } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';

/**
 * `GET /api/me/recipes?q=`: the owner's search of their own recipes (name, ingredients, tags), folded as the catalogue
 * search folds text, so the client can put the owner's matches beside the catalogue's.
 */
describe.each(testDialects())('Searching own recipes on %s', (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ing = await ingredientIdsOf(t);
  });
  afterAll(() => t?.close());

  const call = <T>(jar: CookieJar, method: string, path: string, body?: unknown) =>
    t.json<T>(
      path,
      body === undefined ? { method, headers: { ...jar.headers(), origin: TEST_ORIGIN } } : postJson(body, jar, method),
    );

  async function create(
    jar: CookieJar,
    name: string,
    extra: Partial<OwnRecipeWriteInput>,
    lines: OwnRecipeWriteInput['ingredients'],
  ) {
    const body: OwnRecipeWriteInput = {
      name,
      base_spirit: 'Rum',
      category: 'Modern',
      description: 'Searched for.',
      instructions: 'Build over ice.',
      difficulty_level: 'Easy',
      glassware: 'Rocks',
      technique: 'Build',
      garnish: 'None',
      preparation_time: 2,
      ingredients: lines,
      ...extra,
    };
    const answer = await call<OwnRecipe>(jar, 'POST', '/api/me/recipes', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }

  const search = async (jar: CookieJar, q: string) => {
    const answer = await call<OwnRecipeList>(jar, 'GET', `/api/me/recipes?q=${encodeURIComponent(q)}`);
    expect(answer.status).toBe(200);
    expect(ownRecipeListSchema.parse(answer.body)).toEqual(answer.body);
    return answer.body.items.map((item) => item.name);
  };

  it('matches name, ingredients and tags, each word as a word start, case and accents aside', async () => {
    const jar = await signIn(t, randomEmail('searcher'));
    await create(jar, 'Crème Brûlée Flip', { flavor_profile: ['Creamy'], occasion_tags: ['Brunch'] }, [
      { ingredient_id: ing['white-rum']!, amount: 45, unit: 'ml' },
      { ingredient_name: 'Vanilla custard', amount: 30, unit: 'ml' },
    ]);
    await create(jar, "Bee's Rum Punch", { seasonal_tags: ['Summer'] }, [
      { ingredient_id: ing.cachaca!, amount: 45, unit: 'ml' },
      { ingredient_id: ing['lime-juice']!, amount: 20, unit: 'ml' },
    ]);
    expect(await search(jar, '')).toEqual(["Bee's Rum Punch", 'Crème Brûlée Flip']);
    expect(await search(jar, 'creme brulee')).toEqual(['Crème Brûlée Flip']);
    expect(await search(jar, 'BRÛ')).toEqual(['Crème Brûlée Flip']);
    expect(await search(jar, 'bees')).toEqual(["Bee's Rum Punch"]);
    // An ingredient's name, catalogue or free text, accents folded.
    expect(await search(jar, 'cachaca')).toEqual(["Bee's Rum Punch"]);
    expect(await search(jar, 'custard')).toEqual(['Crème Brûlée Flip']);
    expect(await search(jar, 'rum')).toEqual(["Bee's Rum Punch", 'Crème Brûlée Flip']);
    // Tags: flavour, season, occasion.
    expect(await search(jar, 'creamy')).toEqual(['Crème Brûlée Flip']);
    expect(await search(jar, 'summer')).toEqual(["Bee's Rum Punch"]);
    expect(await search(jar, 'brunch flip')).toEqual(['Crème Brûlée Flip']);
    // Every word must match, and inside a word is not a match.
    expect(await search(jar, 'rum summer lime')).toEqual(["Bee's Rum Punch"]);
    expect(await search(jar, 'rum custard lime')).toEqual([]);
    expect(await search(jar, 'ustard')).toEqual([]);
    expect(await search(jar, 'punch and rum')).toEqual(["Bee's Rum Punch"]);
  });

  it("finds only the user's own, keeps the plan's limit in the answer, and bounds q", async () => {
    const owner = await signIn(t, randomEmail('owner'));
    const stranger = await signIn(t, randomEmail('stranger'));
    await create(owner, 'Zorvath Night Cap', {}, [{ ingredient_id: ing.bourbon!, amount: 60, unit: 'ml' }]);
    expect(await search(stranger, 'zorvath')).toEqual([]);
    const answer = await call<OwnRecipeList>(owner, 'GET', '/api/me/recipes?q=night');
    expect(answer.body).toMatchObject({ limit: 10, items: [{ name: 'Zorvath Night Cap' }] });
    const long = await call<ApiErrorBody>(owner, 'GET', `/api/me/recipes?q=${'a'.repeat(MAX_OWN_RECIPE_QUERY + 1)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('VALIDATION_FAILED');
  });
});
