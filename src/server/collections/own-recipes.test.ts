import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  collectionDetailSchema,
  collectionListSchema,
  noteSchema,
  sharedCollectionSchema,
  type CollectionDetail,
  type CollectionList,
  type Note,
  type RatingList,
  type SharedCollection,
} from '@/shared/schemas/collections';
import type { OwnRecipe, OwnRecipeWriteInput } from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, publicCocktailIds, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { grantEntitlement } from '../payments';

/**
 * A user's own recipes in collections, notes and ratings (docs/recipes.md "Where your recipes appear"): for their owner
 * as any cocktail, for anyone else an unknown id, and through a shared collection only while the recipe is itself shared.
 */

let names = 0;
/** A recipe name no catalogue cocktail has (and that a leak would show plainly). */
const secretName = (label: string) => `Zorvath ${label} ${++names}`;

describe.each(testDialects())('Own recipes in collections, notes and ratings on %s', (dialect) => {
  let t: TestApp;
  let ids: number[];
  let gin: number;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ids = await publicCocktailIds(t);
    const row = await t.database.db
      .selectFrom('ingredient')
      .select('id')
      .where('slug', '=', 'gin')
      .executeTakeFirstOrThrow();
    gin = Number(row.id);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;

  async function proUser(label = 'pro'): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    const id = await userIdOf(t, jar);
    await grantEntitlement({ db: db(), userId: id, name: 'pro' });
    return { jar, id };
  }

  const call = <T>(jar: CookieJar | null, method: string, path: string, body?: unknown) =>
    t.json<T>(
      path,
      body === undefined
        ? { method, headers: { origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) } }
        : postJson(body, jar ?? undefined, method),
    );

  async function ownRecipe(jar: CookieJar, name = secretName('Sour')): Promise<OwnRecipe> {
    const body: OwnRecipeWriteInput = {
      name,
      base_spirit: 'Gin',
      category: 'Modern',
      description: 'A private twist.',
      instructions: 'Shake hard and strain.',
      difficulty_level: 'Easy',
      glassware: 'Coupe',
      technique: 'Shake',
      garnish: 'Lemon twist',
      preparation_time: 3,
      flavor_profile: ['Sour'],
      ingredients: [
        { ingredient_id: gin, amount: 50, unit: 'ml' },
        { ingredient_name: `${name} cordial`, amount: 20, unit: 'ml' },
      ],
    };
    const answer = await call<OwnRecipe>(jar, 'POST', '/api/me/recipes', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }

  async function collection(jar: CookieJar, cocktailIds: number[]): Promise<CollectionDetail> {
    const answer = await call<CollectionDetail>(jar, 'POST', '/api/me/collections', { name: 'Mine', cocktailIds });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(collectionDetailSchema.parse(answer.body)).toEqual(answer.body);
    return answer.body;
  }

  it('lets the owner collect their own recipe: detail, summary, cover, contains and reorder', async () => {
    const { jar } = await proUser('collector');
    const mine = await ownRecipe(jar);
    const other = await ownRecipe(jar);
    const created = await collection(jar, [ids[0]!, mine.id]);
    expect(created.items.map((item) => item.id)).toEqual([ids[0], mine.id]);
    const listed = created.items[1]!;
    expect(listed).toMatchObject({ id: mine.id, name: mine.name, slug: mine.slug, own: true, shareSlug: null });
    expect(listed.ingredients).toEqual([
      { amount: 50, unit: 'ml', ingredient: 'Gin' },
      { amount: 20, unit: 'ml', ingredient: `${mine.name} cordial` },
    ]);
    // A catalogue cocktail carries neither mark.
    expect(created.items[0]).not.toHaveProperty('own');
    expect(created.items[0]).not.toHaveProperty('shareSlug');

    const added = await call<CollectionDetail>(jar, 'PUT', `/api/me/collections/${created.id}/items/${other.id}`);
    expect(added.status).toBe(200);
    expect(collectionDetailSchema.parse(added.body)).toEqual(added.body);
    expect(added.body.items.map((item) => item.id)).toEqual([ids[0], mine.id, other.id]);
    expect(added.body).toMatchObject({ itemCount: 3, coverIds: [ids[0], mine.id, other.id] });

    const list = await call<CollectionList>(jar, 'GET', `/api/me/collections?cocktailId=${mine.id}`);
    expect(collectionListSchema.parse(list.body)).toEqual(list.body);
    expect(list.body.items[0]).toMatchObject({
      id: created.id,
      itemCount: 3,
      coverIds: [ids[0], mine.id, other.id],
      contains: true,
    });

    const reordered = await call<CollectionDetail>(jar, 'PUT', `/api/me/collections/${created.id}/order`, {
      cocktailIds: [other.id, ids[0]!, mine.id],
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.items.map((item) => item.id)).toEqual([other.id, ids[0], mine.id]);
    const read = await call<CollectionDetail>(jar, 'GET', `/api/me/collections/${created.id}`);
    expect(read.body.items.map((item) => item.id)).toEqual([other.id, ids[0], mine.id]);

    const removed = await call<CollectionDetail>(jar, 'DELETE', `/api/me/collections/${created.id}/items/${other.id}`);
    expect(removed.body.items.map((item) => item.id)).toEqual([ids[0], mine.id]);
  });

  it("lets the owner note and rate their own recipe; another user's recipe is NOT_FOUND as an unknown id", async () => {
    const owner = await proUser('owner');
    const stranger = await proUser('stranger');
    const mine = await ownRecipe(owner.jar);

    const note = await call<Note>(owner.jar, 'PUT', `/api/me/notes/${mine.id}`, { text: 'less cordial next time' });
    expect(note.status).toBe(200);
    expect(noteSchema.parse(note.body)).toMatchObject({ cocktailId: mine.id, text: 'less cordial next time' });
    expect((await call<Note>(owner.jar, 'GET', `/api/me/notes/${mine.id}`)).body.text).toBe('less cordial next time');
    expect((await call(owner.jar, 'PUT', `/api/me/ratings/${mine.id}`, { stars: 4.5 })).status).toBe(200);
    const ratings = await call<RatingList>(owner.jar, 'GET', '/api/me/ratings');
    expect(ratings.body.items).toEqual([{ cocktailId: mine.id, stars: 4.5, updatedAt: expect.any(String) }]);

    const strangers = await collection(stranger.jar, []);
    const unknown = 2_000_000_000;
    const attempts: [string, (c: number) => string, unknown][] = [
      ['PUT', (c) => `/api/me/collections/${strangers.id}/items/${c}`, undefined],
      ['POST', () => '/api/me/collections', 'create'],
      ['PUT', (c) => `/api/me/notes/${c}`, { text: 'sneaky' }],
      ['GET', (c) => `/api/me/notes/${c}`, undefined],
      ['PUT', (c) => `/api/me/ratings/${c}`, { stars: 1 }],
    ];
    for (const [method, path, body] of attempts) {
      const answerFor = async (c: number) => {
        const sent = body === 'create' ? { name: 'Theirs', cocktailIds: [c] } : body;
        const answer = await call<ApiErrorBody>(stranger.jar, method, path(c), sent);
        return { status: answer.status, code: answer.body.error.code, message: answer.body.error.message };
      };
      const theirs = await answerFor(mine.id);
      const none = await answerFor(unknown);
      expect(theirs, `${method} ${path(mine.id)}`).toEqual({
        ...none,
        message: none.message.replace(String(unknown), String(mine.id)),
      });
      expect(theirs.status).toBe(404);
      expect(JSON.stringify(theirs)).not.toContain(mine.name);
    }
    // Nothing of the stranger's names the recipe, and the owner's note and rating are untouched.
    expect(
      (await call<CollectionDetail>(stranger.jar, 'GET', `/api/me/collections/${strangers.id}`)).body.items,
    ).toEqual([]);
    expect((await call<RatingList>(stranger.jar, 'GET', '/api/me/ratings')).body.items).toEqual([]);
    const notes = await db().selectFrom('cocktail_note').select('user_id').where('cocktail_id', '=', mine.id).execute();
    expect(notes.map((row) => row.user_id)).toEqual([owner.id]);
  });

  it('shows an own recipe through a shared collection only while the recipe itself is shared', async () => {
    const { jar } = await proUser('sharer');
    const hidden = await ownRecipe(jar, secretName('Hidden'));
    const open = await ownRecipe(jar, secretName('Open'));
    const shareOn = await call<OwnRecipe>(jar, 'PUT', `/api/me/recipes/${open.id}/share`, { shared: true });
    const recipeSlug = shareOn.body.shareSlug!;
    expect(recipeSlug).toEqual(expect.any(String));
    const created = await collection(jar, [hidden.id, ids[1]!, open.id]);
    // The owner sees every item, each own recipe with its link's state.
    const owners = await call<CollectionDetail>(jar, 'GET', `/api/me/collections/${created.id}`);
    expect(owners.body.items.map((item) => [item.id, item.own ? item.shareSlug : 'catalogue'])).toEqual([
      [hidden.id, null],
      [ids[1], 'catalogue'],
      [open.id, recipeSlug],
    ]);
    const shared = await call<CollectionDetail>(jar, 'PATCH', `/api/me/collections/${created.id}`, { shared: true });
    const slug = shared.body.shareSlug!;

    const seen = await t.json<SharedCollection>(`/api/collections/shared/${slug}`);
    expect(seen.status).toBe(200);
    expect(sharedCollectionSchema.strict().parse(seen.body)).toEqual(seen.body);
    expect(seen.body.items.map((item) => item.id)).toEqual([ids[1], open.id]);
    expect(seen.body.items[1]).toMatchObject({ name: open.name, own: true, shareSlug: recipeSlug });
    expect(JSON.stringify(seen.body)).not.toContain(hidden.name);
    // The link opens the recipe for anyone.
    expect((await t.json<OwnRecipe>(`/api/recipes/shared/${recipeSlug}`)).body.name).toBe(open.name);

    // Turning the recipe's own link off takes it out of the shared collection, not out of the owner's.
    await call(jar, 'PUT', `/api/me/recipes/${open.id}/share`, { shared: false });
    const after = await t.json<SharedCollection>(`/api/collections/shared/${slug}`);
    expect(after.body.items.map((item) => item.id)).toEqual([ids[1]]);
    expect(JSON.stringify(after.body)).not.toContain(open.name);
    const ownersAfter = await call<CollectionDetail>(jar, 'GET', `/api/me/collections/${created.id}`);
    expect(ownersAfter.body.items.map((item) => item.id)).toEqual([hidden.id, ids[1], open.id]);
  });

  it('takes a deleted own recipe out of collections, notes, ratings and made drinks (the cascade)', async () => {
    const { jar, id: userId } = await proUser('deleter');
    const doomed = await ownRecipe(jar);
    const kept = await ownRecipe(jar);
    const created = await collection(jar, [doomed.id, ids[0]!, kept.id]);
    for (const recipe of [doomed, kept]) {
      expect((await call(jar, 'PUT', `/api/me/notes/${recipe.id}`, { text: 'good' })).status).toBe(200);
      expect((await call(jar, 'PUT', `/api/me/ratings/${recipe.id}`, { stars: 3 })).status).toBe(200);
      expect((await call(jar, 'POST', '/api/me/made', { cocktailId: recipe.id })).status).toBe(201);
    }
    expect((await call(jar, 'DELETE', `/api/me/recipes/${doomed.id}`)).status).toBe(200);

    const detail = await call<CollectionDetail>(jar, 'GET', `/api/me/collections/${created.id}`);
    expect(detail.body).toMatchObject({ itemCount: 2, coverIds: [ids[0], kept.id] });
    expect(detail.body.items.map((item) => item.id)).toEqual([ids[0], kept.id]);
    const rowsNaming = async (cocktailId: number) => ({
      items: (
        await db().selectFrom('collection_item').select('cocktail_id').where('cocktail_id', '=', cocktailId).execute()
      ).length,
      notes: (
        await db()
          .selectFrom('cocktail_note')
          .select('cocktail_id')
          .where('user_id', '=', userId)
          .where('cocktail_id', '=', cocktailId)
          .execute()
      ).length,
      ratings: (
        await db()
          .selectFrom('cocktail_rating')
          .select('cocktail_id')
          .where('user_id', '=', userId)
          .where('cocktail_id', '=', cocktailId)
          .execute()
      ).length,
      made: (
        await db()
          .selectFrom('made_drink')
          .select('cocktail_id')
          .where('user_id', '=', userId)
          .where('cocktail_id', '=', cocktailId)
          .execute()
      ).length,
    });
    expect(await rowsNaming(doomed.id)).toEqual({ items: 0, notes: 0, ratings: 0, made: 0 });
    expect(await rowsNaming(kept.id)).toEqual({ items: 1, notes: 1, ratings: 1, made: 1 });
    // Its id is now unknown everywhere, as any deleted cocktail's.
    expect((await call(jar, 'PUT', `/api/me/ratings/${doomed.id}`, { stars: 3 })).status).toBe(404);
    expect((await call(jar, 'PUT', `/api/me/collections/${created.id}/items/${doomed.id}`)).status).toBe(404);
  });
});
