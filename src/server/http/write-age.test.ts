import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { saveNote } from '../collections/notes';
import { rateCocktail } from '../collections/ratings';
import { addFavorite } from '../favorites/operations';
import { addBarItem } from '../my-bar/bar';
import { grantEntitlement } from '../payments';
import { MAX_WRITE_AGE_MS, parseWriteAge, WRITE_CONFLICT_MESSAGE } from './write-age';

const HOUR = 3_600_000;

describe('parseWriteAge', () => {
  it('takes whole milliseconds from 0 to 30 days and refuses anything else with 400 VALIDATION_FAILED', () => {
    expect(parseWriteAge(undefined)).toBeNull();
    expect(parseWriteAge('0')).toBe(0);
    expect(parseWriteAge('0042')).toBe(42);
    expect(parseWriteAge(String(MAX_WRITE_AGE_MS))).toBe(MAX_WRITE_AGE_MS);
    for (const value of ['', ' 1', '-1', '1.0', '1e3', '0x10', String(MAX_WRITE_AGE_MS + 1), '99999999999', 'NaN']) {
      expect(() => parseWriteAge(value), JSON.stringify(value)).toThrow(
        expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.stringContaining('Barback-Write-Age') }),
      );
    }
  });
});

/**
 * The conflict rule on each write it guards: the stored value is set through its operation on a clock two hours back,
 * then a queued write made three hours ago (older: 409, nothing written) and one made an hour ago (newer: applied).
 */
describe.each(testDialects())('queued writes older than the stored value on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  let userId: string;
  let cocktailIds: number[];
  let ingredientIds: number[];
  const twoHoursAgo = () => new Date(Date.now() - 2 * HOUR);
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t, randomEmail('devices'));
    userId = await userIdOf(t, jar);
    await grantEntitlement({ db: t.database.db, userId, name: 'pro' });
    const cocktails = await t.database.db.selectFrom('cocktail').select('id').where('venue_id', 'is', null).execute();
    cocktailIds = cocktails.map((row) => Number(row.id));
    const ingredients = await t.database.db.selectFrom('ingredient').select('id').orderBy('id').execute();
    ingredientIds = ingredients.map((row) => Number(row.id));
  });
  afterAll(() => t?.close());

  const send = (method: string, path: string, body: unknown, ageMs?: number) => {
    const init = postJson(body, jar, method);
    const age: Record<string, string> = ageMs === undefined ? {} : { 'Barback-Write-Age': String(ageMs) };
    return t.json<ApiErrorBody>(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...age } });
  };
  const expectConflict = (answer: { status: number; body: ApiErrorBody }) => {
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({ code: 'WRITE_CONFLICT', message: WRITE_CONFLICT_MESSAGE });
  };
  const db = () => t.database.db;

  it('favorites: an older PUT or DELETE loses; a newer one applies', async () => {
    const cocktailId = cocktailIds[0]!;
    const isFavorite = async () =>
      (await db()
        .selectFrom('user_favorites')
        .select('cocktail_id')
        .where('user_id', '=', userId)
        .where('cocktail_id', '=', cocktailId)
        .executeTakeFirst()) !== undefined;
    await addFavorite({ db: db(), userId, cocktailId, now: twoHoursAgo });
    expectConflict(await send('DELETE', `/api/me/favorites/${cocktailId}`, {}, 3 * HOUR));
    expectConflict(await send('PUT', `/api/me/favorites/${cocktailId}`, {}, 3 * HOUR));
    expect(await isFavorite()).toBe(true);
    expect((await send('DELETE', `/api/me/favorites/${cocktailId}`, {}, HOUR)).status).toBe(200);
    expect(await isFavorite()).toBe(false);
    // The removal, made an hour ago, is newer than a write made three hours ago, and older than one made half an hour ago.
    expectConflict(await send('PUT', `/api/me/favorites/${cocktailId}`, {}, 3 * HOUR));
    expect(await isFavorite()).toBe(false);
    expect((await send('PUT', `/api/me/favorites/${cocktailId}`, {}, HOUR / 2)).status).toBe(200);
    expect(await isFavorite()).toBe(true);
  });

  it('ratings: an older PUT or DELETE loses and the stars stay; a newer one applies', async () => {
    const cocktailId = cocktailIds[1]!;
    const stars = async () =>
      (
        await db()
          .selectFrom('cocktail_rating')
          .select('stars')
          .where('user_id', '=', userId)
          .where('cocktail_id', '=', cocktailId)
          .executeTakeFirst()
      )?.stars;
    await rateCocktail({ db: db(), userId, cocktailId, stars: 4, now: twoHoursAgo });
    expectConflict(await send('PUT', `/api/me/ratings/${cocktailId}`, { stars: 2 }, 3 * HOUR));
    expectConflict(await send('DELETE', `/api/me/ratings/${cocktailId}`, {}, 3 * HOUR));
    expect(Number(await stars())).toBe(4);
    expect((await send('PUT', `/api/me/ratings/${cocktailId}`, { stars: 2.5 }, HOUR)).status).toBe(200);
    expect(Number(await stars())).toBe(2.5);
    // That write is stamped with when it was made, an hour ago: a write made two hours ago is older than it.
    expectConflict(await send('DELETE', `/api/me/ratings/${cocktailId}`, {}, 2 * HOUR));
    expect((await send('DELETE', `/api/me/ratings/${cocktailId}`, {}, 0)).status).toBe(200);
    expect(await stars()).toBeUndefined();
  });

  it('own recipes: an older edit loses and the recipe stays; a newer one applies', async () => {
    const recipe = (name: string) => ({
      name,
      base_spirit: 'Gin',
      category: 'Modern',
      instructions: 'Stir with ice and strain into a chilled coupe.',
      difficulty_level: 'Easy',
      glassware: 'Coupe',
      technique: 'Stir',
      preparation_time: 2,
      ingredients: [{ ingredient_id: ingredientIds[0]!, amount: 50, unit: 'ml' }],
    });
    const created = await send('POST', '/api/me/recipes', recipe('House Martini'));
    expect(created.status).toBe(201);
    const id = (created.body as unknown as { id: number }).id;
    const twoHoursBack = twoHoursAgo();
    await db().updateTable('cocktail').set({ updated_at: twoHoursBack.toISOString() }).where('id', '=', id).execute();
    const name = async () =>
      (await db().selectFrom('cocktail').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
    expectConflict(await send('PUT', `/api/me/recipes/${id}`, recipe('Laptop Martini'), 3 * HOUR));
    expect(await name()).toBe('House Martini');
    expect((await send('PUT', `/api/me/recipes/${id}`, recipe('Phone Martini'), HOUR)).status).toBe(200);
    expect(await name()).toBe('Phone Martini');
  });

  it('notes: an older PUT loses and the text stays; a newer one applies', async () => {
    const cocktailId = cocktailIds[2]!;
    const text = async () =>
      (
        await db()
          .selectFrom('cocktail_note')
          .select('text')
          .where('user_id', '=', userId)
          .where('cocktail_id', '=', cocktailId)
          .executeTakeFirst()
      )?.text;
    await saveNote({ db: db(), userId, cocktailId, text: 'from the phone', now: twoHoursAgo });
    expectConflict(await send('PUT', `/api/me/notes/${cocktailId}`, { text: 'from the laptop' }, 3 * HOUR));
    expect(await text()).toBe('from the phone');
    expect((await send('PUT', `/api/me/notes/${cocktailId}`, { text: 'from the laptop' }, HOUR)).status).toBe(200);
    expect(await text()).toBe('from the laptop');
    // Without the header a write applies as it always did.
    expect((await send('PUT', `/api/me/notes/${cocktailId}`, { text: 'live' })).status).toBe(200);
    expect(await text()).toBe('live');
  });

  it('My Bar bottles: an older PUT or DELETE loses and the bottle stays; a newer one applies', async () => {
    const ingredientId = ingredientIds[0]!;
    const inBar = async () =>
      (await db()
        .selectFrom('bar_item')
        .select('ingredient_id')
        .where('user_id', '=', userId)
        .where('ingredient_id', '=', ingredientId)
        .executeTakeFirst()) !== undefined;
    await addBarItem({ db: db(), userId, ingredientId, now: twoHoursAgo });
    expectConflict(await send('DELETE', `/api/me/bar/${ingredientId}`, undefined, 3 * HOUR));
    expectConflict(await send('PUT', `/api/me/bar/${ingredientId}`, undefined, 3 * HOUR));
    expect(await inBar()).toBe(true);
    expect((await send('DELETE', `/api/me/bar/${ingredientId}`, undefined, HOUR)).status).toBe(200);
    expect(await inBar()).toBe(false);
    expect((await send('PUT', `/api/me/bar/${ingredientId}`, undefined, HOUR)).status).toBe(200);
    expect(await inBar()).toBe(true);
  });
});
