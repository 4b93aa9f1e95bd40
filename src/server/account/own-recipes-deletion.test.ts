import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnRecipe } from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { grantEntitlement } from '../payments';

/** Account deletion takes the user's own recipes, their own ingredients and every row naming them, and nothing else. */
describe.each(testDialects())('Deleting an account with own recipes on %s', (dialect) => {
  let t: TestApp;
  let gin: number;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const row = await t.database.db
      .selectFrom('ingredient')
      .select('id')
      .where('slug', '=', 'gin')
      .executeTakeFirstOrThrow();
    gin = Number(row.id);
  });
  afterAll(() => t?.close());

  it('removes own recipes, own ingredients, and their lines, collection places, notes, ratings, made drinks, bar rows', async () => {
    const db = t.database.db;
    const users = [];
    for (const label of ['leaver', 'stayer']) {
      const jar = await signIn(t, randomEmail(label));
      const id = await userIdOf(t, jar);
      await grantEntitlement({ db, userId: id, name: 'pro' });
      const recipe = (
        await t.json<OwnRecipe>(
          '/api/me/recipes',
          postJson(
            {
              name: `Zorvath ${label}`,
              base_spirit: 'Gin',
              category: 'Modern',
              description: 'Leaves with its owner.',
              instructions: 'Stir with ice and strain.',
              difficulty_level: 'Easy',
              glassware: 'Coupe',
              technique: 'Stir',
              garnish: 'None',
              preparation_time: 2,
              ingredients: [
                { ingredient_id: gin, amount: 50, unit: 'ml' },
                { ingredient_name: `Zorvath ${label} bitters`, amount: 2, unit: 'dash' },
              ],
            },
            jar,
          ),
        )
      ).body;
      expect(recipe.ingredients, JSON.stringify(recipe)).toHaveLength(2);
      const ownIngredient = recipe.ingredients[1]!.ingredient_id;
      for (const [method, path, body] of [
        ['POST', '/api/me/collections', { name: 'Mine', cocktailIds: [recipe.id] }],
        ['PUT', `/api/me/notes/${recipe.id}`, { text: 'noted' }],
        ['PUT', `/api/me/ratings/${recipe.id}`, { stars: 4 }],
        ['POST', '/api/me/made', { cocktailId: recipe.id }],
        ['PUT', `/api/me/bar/${ownIngredient}`, {}],
      ] as const) {
        const answer = await t.request(path, postJson(body, jar, method));
        expect(answer.status, `${method} ${path}`).toBeLessThan(300);
      }
      users.push({ jar, id, recipe, ownIngredient });
    }
    const [leaver, stayer] = users as [(typeof users)[number], (typeof users)[number]];
    const rowsOf = async (user: typeof leaver) => ({
      recipes: (await db.selectFrom('cocktail').select('id').where('owner_id', '=', user.id).execute()).length,
      ingredients: (await db.selectFrom('ingredient').select('id').where('owner_id', '=', user.id).execute()).length,
      lines: (
        await db
          .selectFrom('cocktail_ingredient')
          .select('position')
          .where('cocktail_id', '=', user.recipe.id)
          .execute()
      ).length,
      items: (
        await db.selectFrom('collection_item').select('position').where('cocktail_id', '=', user.recipe.id).execute()
      ).length,
      notes: (await db.selectFrom('cocktail_note').select('text').where('cocktail_id', '=', user.recipe.id).execute())
        .length,
      ratings: (
        await db.selectFrom('cocktail_rating').select('stars').where('cocktail_id', '=', user.recipe.id).execute()
      ).length,
      made: (await db.selectFrom('made_drink').select('id').where('cocktail_id', '=', user.recipe.id).execute()).length,
      bar: (await db.selectFrom('bar_item').select('user_id').where('ingredient_id', '=', user.ownIngredient).execute())
        .length,
    });
    const everything = { recipes: 1, ingredients: 1, lines: 2, items: 1, notes: 1, ratings: 1, made: 1, bar: 1 };
    expect(await rowsOf(leaver)).toEqual(everything);

    const deleted = await t.request('/api/me', postJson({ confirm: 'DELETE' }, leaver.jar, 'DELETE'));
    expect(deleted.status).toBe(200);
    expect(await rowsOf(leaver)).toEqual({
      recipes: 0,
      ingredients: 0,
      lines: 0,
      items: 0,
      notes: 0,
      ratings: 0,
      made: 0,
      bar: 0,
    });
    expect(await rowsOf(stayer)).toEqual(everything);
  });
});
