import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cocktailDetailSchema } from '@/shared/schemas/cocktail';
import {
  importResultSchema,
  ownRecipeSchema,
  type ImportReview,
  type OwnRecipe,
  type OwnRecipeWriteInput,
} from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, TEST_ORIGIN } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp, ingredientIdsOf } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';

/** A sour of the user's own, with one free-text ingredient. */
function houseSour(ing: Record<string, number>, name: string): OwnRecipeWriteInput {
  return {
    name,
    base_spirit: 'Whiskey',
    category: 'Modern',
    instructions: 'Shake hard with ice and strain into a chilled coupe.',
    difficulty_level: 'Easy',
    glassware: 'Coupe',
    technique: 'Shake',
    preparation_time: 3,
    ingredients: [
      { ingredient_id: ing.bourbon!, amount: 50, unit: 'ml' },
      { ingredient_id: ing['lime-juice']!, amount: 25, unit: 'ml' },
      { ingredient_name: 'Smoked maple syrup', amount: 15, unit: 'ml' },
    ],
  };
}

describe.each(testDialects())('Own recipes through the catalogue and a reviewed import on %s', (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ing = await ingredientIdsOf(t);
  });
  afterAll(() => t?.close());

  const get = (jar: CookieJar | null, path: string) =>
    t.json(path, { headers: { ...(jar ? jar.headers() : {}), origin: TEST_ORIGIN } });

  async function create(jar: CookieJar, recipe: OwnRecipeWriteInput): Promise<OwnRecipe> {
    const answer = await t.json('/api/me/recipes', postJson(recipe, jar));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return ownRecipeSchema.parse(answer.body);
  }

  it("opens an own recipe at the catalogue's detail for its owner only, never kept by a shared cache", async () => {
    const owner = await signIn(t, randomEmail('detail-owner'));
    const other = await signIn(t, randomEmail('detail-other'));
    const recipe = await create(owner, houseSour(ing, 'Maple Whiskey Sour'));

    const mine = await get(owner, `/api/cocktails/${recipe.id}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const detail = cocktailDetailSchema.parse(mine.body);
    expect(detail.name).toBe('Maple Whiskey Sour');
    expect(detail.ingredients.map((line) => line.ingredient)).toEqual(['Bourbon', 'Lime juice', 'Smoked maple syrup']);
    expect(detail.strength).toBe(recipe.strength);

    for (const jar of [other, null]) {
      const answer = await get(jar, `/api/cocktails/${recipe.id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    // The owner's answer was not kept for anyone else.
    expect((await get(null, `/api/cocktails/${recipe.id}`)).status).toBe(404);
  });

  it('writes a reviewed import as corrected, answering the refusals with the new ones', async () => {
    const jar = await signIn(t, randomEmail('reviewed'));
    const review: ImportReview = {
      format: 'text',
      recipes: [
        {
          index: 0,
          write: {
            ...(houseSour(ing, 'Reviewed Sour') as ImportReview['recipes'][number]['write']),
            flavor_profile: [],
            seasonal_tags: [],
            occasion_tags: [],
            description: '',
            garnish: '',
          },
        },
      ],
      refusals: [{ index: 1, name: 'Half a recipe', reason: 'It names no ingredients.' }],
    };
    const answer = await t.json('/api/me/recipes/import/reviewed', postJson(review, jar));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const result = importResultSchema.parse(answer.body);
    expect(result.imported.map((item) => item.name)).toEqual(['Reviewed Sour']);
    expect(result.refusals).toEqual(review.refusals);
    const list = await get(jar, '/api/me/recipes');
    expect((list.body as { items: { name: string }[] }).items.map((item) => item.name)).toEqual(['Reviewed Sour']);

    const bad = await t.json(
      '/api/me/recipes/import/reviewed',
      postJson({ ...review, recipes: [{ index: 0, write: { name: 'x' } }] }, jar),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const crossSite = await t.json('/api/me/recipes/import/reviewed', {
      ...postJson(review, jar),
      headers: { ...postJson(review, jar).headers, origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
  });
});
