import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { cocktailSummarySchema } from '@/shared/schemas/cocktail';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import type { FavoriteList } from '@/shared/schemas/favorites';
import { addFavorite } from './operations';

describe.each(testDialects())('favorites on %s', (dialect) => {
  let t: TestApp;
  let alice: CookieJar;
  let bob: CookieJar;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    alice = await signIn(t, randomEmail('alice'));
    bob = await signIn(t, randomEmail('bob'));
    const rows = await t.database.db.selectFrom('cocktail').select(['id', 'slug']).execute();
    ids = Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
  });
  afterAll(() => t?.close());

  const put = (jar: CookieJar, id: number | string) =>
    t.json<{ cocktailId: number; favorite: boolean }>(`/api/me/favorites/${id}`, postJson({}, jar, 'PUT'));
  const remove = (jar: CookieJar, id: number | string) =>
    t.json<{ cocktailId: number; favorite: boolean }>(`/api/me/favorites/${id}`, postJson({}, jar, 'DELETE'));
  const list = (jar: CookieJar) => t.json<FavoriteList>('/api/me/favorites', { headers: jar.headers() });

  it('adds, lists newest first as cards, and removes; both writes are idempotent', async () => {
    const jar = await signIn(t, randomEmail('fav'));
    expect((await list(jar)).body).toEqual({ ids: [], items: [] });
    expect(await put(jar, ids.negroni!)).toMatchObject({
      status: 200,
      body: { cocktailId: ids.negroni, favorite: true },
    });
    // The route stamps with the system clock; the next favorite is added through the operation on a clock a minute ahead
    // (its `now` option), so the order does not hang on two requests landing in different milliseconds.
    const aMinuteLater = new Date(Date.now() + 60_000);
    const userId = await userIdOf(t, jar);
    await addFavorite({ db: t.database.db, userId, cocktailId: ids.mojito!, now: () => aMinuteLater });
    await put(jar, ids.negroni!); // again: no duplicate, keeps its time
    const listed = await list(jar);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.ids).toEqual([ids.mojito, ids.negroni]);
    expect(listed.body.items.map((item) => item.slug)).toEqual(['mojito', 'negroni']);
    for (const item of listed.body.items) expect(cocktailSummarySchema.parse(item)).toEqual(item);

    expect(await remove(jar, ids.mojito!)).toMatchObject({
      status: 200,
      body: { cocktailId: ids.mojito, favorite: false },
    });
    expect((await remove(jar, ids.mojito!)).status).toBe(200);
    expect((await list(jar)).body.ids).toEqual([ids.negroni]);
  });

  it('keeps each user to their own rows: B can neither read nor change A’s favorites', async () => {
    await put(alice, ids.daiquiri!);
    await put(alice, ids['gin-fizz']!);
    await put(bob, ids.caipirinha!);

    expect((await list(alice)).body.ids.sort()).toEqual([ids.daiquiri, ids['gin-fizz']].sort());
    expect((await list(bob)).body.ids).toEqual([ids.caipirinha]);

    // Bob deleting "Daiquiri" removes only his own (absent) row.
    expect((await remove(bob, ids.daiquiri!)).status).toBe(200);
    // Bob adding "Gin Fizz" creates his row, not a change to Alice's.
    await put(bob, ids['gin-fizz']!);
    await remove(bob, ids['gin-fizz']!);
    expect((await list(alice)).body.ids.sort()).toEqual([ids.daiquiri, ids['gin-fizz']].sort());
    expect((await list(bob)).body.ids).toEqual([ids.caipirinha]);

    // A client-sent user id is ignored: the session decides.
    const aliceId = (await t.json<{ user: { id: string } }>('/api/me', { headers: alice.headers() })).body.user.id;
    const sneaky = await t.json<FavoriteList>(`/api/me/favorites?userId=${aliceId}`, { headers: bob.headers() });
    expect(sneaky.body.ids).toEqual([ids.caipirinha]);
    const rows = await t.database.db
      .selectFrom('user_favorites')
      .select('cocktail_id')
      .where('user_id', '=', aliceId)
      .execute();
    expect(rows.map((row) => Number(row.cocktail_id)).sort()).toEqual([ids.daiquiri, ids['gin-fizz']].sort());
  });

  it('answers 401 to every favorites route when signed out, or with a forged session cookie', async () => {
    const headerSets: Record<string, string>[] = [{}, { cookie: 'barback.session_token=forged.value' }];
    for (const headers of headerSets) {
      for (const [path, method] of [
        ['/api/me/favorites', 'GET'],
        [`/api/me/favorites/${ids.negroni}`, 'PUT'],
        [`/api/me/favorites/${ids.negroni}`, 'DELETE'],
      ] as const) {
        const { status, body } = await t.json<ApiErrorBody>(path, { method, headers });
        expect(status, `${method} ${path}`).toBe(401);
        expect(body.error.code).toBe('UNAUTHORIZED');
      }
    }
  });

  it.each(['abc', '0', '-3', '1.5', '2147483648', '9999999999'])(
    'answers 400 naming cocktailId for the id %s',
    async (id) => {
      for (const response of [await put(alice, id), await remove(alice, id)]) {
        expect(response.status).toBe(400);
        expect((response.body as unknown as ApiErrorBody).error.message).toContain('cocktailId');
      }
    },
  );

  it('answers 404 when adding a cocktail that does not exist, and deleting one is still fine', async () => {
    for (const id of [999_999, 2_147_483_647]) {
      const added = await put(alice, id);
      expect(added.status).toBe(404);
      expect((added.body as unknown as ApiErrorBody).error.code).toBe('NOT_FOUND');
      expect((await remove(alice, id)).status).toBe(200);
    }
  });

  it('refuses a write from another site', async () => {
    const response = await t.request(`/api/me/favorites/${ids.negroni}`, {
      method: 'PUT',
      headers: { ...alice.headers(), origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});
