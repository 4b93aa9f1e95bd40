import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownRecipeSchema, type OwnRecipe, type OwnRecipeWriteInput } from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, TEST_ORIGIN } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { noisyImage } from '../../../tests/support/images';
import { createTestApp, type TestApp, ingredientIdsOf } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';

/** A short own recipe of the test seed's ingredients. */
function gimlet(ing: Record<string, number>): OwnRecipeWriteInput {
  return {
    name: 'Photo Gimlet',
    base_spirit: 'Gin',
    category: 'Modern',
    instructions: 'Shake with ice and strain into a chilled coupe.',
    difficulty_level: 'Easy',
    glassware: 'Coupe',
    technique: 'Shake',
    preparation_time: 3,
    ingredients: [
      { ingredient_id: ing.gin!, amount: 50, unit: 'ml' },
      { ingredient_id: ing['lime-juice']!, amount: 20, unit: 'ml' },
    ],
  };
}

describe.each(testDialects())("An own recipe's photo on %s", (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ing = await ingredientIdsOf(t);
  });
  afterAll(() => t?.close());

  const upload = (jar: CookieJar | null, id: number, bytes: Uint8Array, origin = TEST_ORIGIN) =>
    t.json<OwnRecipe>(`/api/me/recipes/${id}/photo`, {
      method: 'PUT',
      headers: { origin, 'content-type': 'image/jpeg', ...(jar ? jar.headers() : {}) },
      body: new Uint8Array(bytes),
    });
  const remove = (jar: CookieJar, id: number) =>
    t.json<OwnRecipe>(`/api/me/recipes/${id}/photo`, {
      method: 'DELETE',
      headers: { origin: TEST_ORIGIN, ...jar.headers() },
    });
  async function create(jar: CookieJar): Promise<OwnRecipe> {
    const answer = await t.json('/api/me/recipes', postJson(gimlet(ing), jar));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return ownRecipeSchema.parse(answer.body);
  }

  it('keeps a photo as sized variants, replaces it (the old files go), keeps it through an edit and removes it', async () => {
    const jar = await signIn(t, randomEmail('own-photo'));
    const recipe = await create(jar);
    const first = await upload(jar, recipe.id, await noisyImage(900, 600, 'jpeg'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const photo = ownRecipeSchema.parse(first.body).photo!;
    expect(photo.variants.map((v) => [v.width, v.format])).toEqual([
      [320, 'webp'],
      [320, 'jpeg'],
      [640, 'webp'],
      [640, 'jpeg'],
    ]);
    expect(first.body.image_url).toBe(photo.variants[3]!.url);
    for (const variant of photo.variants) expect((await t.request(variant.url)).status).toBe(200);

    const second = await upload(jar, recipe.id, await noisyImage(800, 800, 'png'));
    expect(second.status).toBe(200);
    for (const variant of photo.variants) expect((await t.request(variant.url)).status).toBe(404);
    const kept = ownRecipeSchema.parse(second.body).photo!;

    const edited = await t.json<OwnRecipe>(
      `/api/me/recipes/${recipe.id}`,
      postJson({ ...gimlet(ing), name: 'Photo Gimlet, drier' }, jar, 'PUT'),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.photo).toEqual(kept);

    const removed = await remove(jar, recipe.id);
    expect(removed.status).toBe(200);
    expect(removed.body.photo).toBeNull();
    expect(removed.body.image_url).toBeNull();
    for (const variant of kept.variants) expect((await t.request(variant.url)).status).toBe(404);
    // Removing none is no error.
    expect((await remove(jar, recipe.id)).status).toBe(200);

    // Deleting a recipe takes its photo's files with it.
    const last = ownRecipeSchema.parse((await upload(jar, recipe.id, await noisyImage(300, 200, 'jpeg'))).body).photo!;
    const deleted = await t.json(`/api/me/recipes/${recipe.id}`, {
      method: 'DELETE',
      headers: { origin: TEST_ORIGIN, ...jar.headers() },
    });
    expect(deleted.status).toBe(200);
    for (const variant of last.variants) expect((await t.request(variant.url)).status).toBe(404);
  });

  it("refuses what is not an image, another user's recipe, a signed-out or cross-site upload, and keeps the photo", async () => {
    const owner = await signIn(t, randomEmail('own-photo-owner'));
    const other = await signIn(t, randomEmail('own-photo-other'));
    const recipe = await create(owner);
    const photo = ownRecipeSchema.parse(
      (await upload(owner, recipe.id, await noisyImage(400, 300, 'webp'))).body,
    ).photo;

    const notImage = await upload(owner, recipe.id, new TextEncoder().encode('not a picture at all'));
    expect(notImage.status).toBe(400);
    expect(notImage.body).toMatchObject({ error: { code: 'IMAGE_INVALID' } });
    const theirs = await upload(other, recipe.id, await noisyImage(400, 300, 'jpeg'));
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await remove(other, recipe.id)).status).toBe(404);
    expect((await upload(null, recipe.id, await noisyImage(40, 30, 'jpeg'))).status).toBe(401);
    const crossSite = await upload(owner, recipe.id, await noisyImage(40, 30, 'jpeg'), 'https://elsewhere.example');
    expect(crossSite.status).toBe(403);

    const after = await t.json<OwnRecipe>(`/api/me/recipes/${recipe.id}`, { headers: owner.headers() });
    expect(after.body.photo).toEqual(photo);
  });
});

describe.each(testDialects())("An own recipe's photo while the database is away, on %s", (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t, randomEmail('photo-outage'));
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 SERVICE_UNAVAILABLE to an upload and a removal, never a 500', async () => {
    const upload = await t.json(`/api/me/recipes/1/photo`, {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN, 'content-type': 'image/jpeg', ...jar.headers() },
      body: new Uint8Array(await noisyImage(64, 48, 'jpeg')),
    });
    const removal = await t.json(`/api/me/recipes/1/photo`, {
      method: 'DELETE',
      headers: { origin: TEST_ORIGIN, ...jar.headers() },
    });
    for (const answer of [upload, removal]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    }
  });
});
