import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { cocktailSummarySchema } from '@/shared/schemas/cocktail';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import type { FavoriteList } from '@/shared/schemas/favorites';
import { FAVORITES_PAGE_SIZE, favoriteListSchema } from '@/shared/schemas/favorites';
import { generateSyntheticSeed } from '../../../tests/support/synthetic-catalogue';
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
    expect((await list(jar)).body).toEqual({ ids: [], items: [], page: 0, pageSize: 50, total: 0 });
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
    expect(listed.headers.get('cache-control')).toBe('private, no-cache');
    expect(listed.body.ids).toEqual([ids.mojito, ids.negroni]);
    expect(listed.body.total).toBe(2);
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

describe.each(testDialects())('favorites in pages, with ETags, on %s', (dialect) => {
  const FAVORITES = 120;
  let t: TestApp;
  let carol: CookieJar;
  let dave: CookieJar;
  /** Carol's favorites, newest first. */
  let newestFirst: number[];
  let spare: number[];
  beforeAll(async () => {
    t = await createTestApp({ dialect, seed: generateSyntheticSeed({ cocktails: FAVORITES + 10 }) });
    carol = await signIn(t, randomEmail('carol'));
    dave = await signIn(t, randomEmail('dave'));
    const cocktailIds = (await t.database.db.selectFrom('cocktail').select('id').orderBy('id').execute()).map((row) =>
      Number(row.id),
    );
    const favorites = cocktailIds.slice(0, FAVORITES);
    spare = cocktailIds.slice(FAVORITES);
    // One a minute in the past, in a shuffled order, so "newest first" is not the id order.
    const shuffled = [...favorites].sort((a, b) => ((a * 7919) % 131) - ((b * 7919) % 131));
    const userId = await userIdOf(t, carol);
    const start = Date.now() - 24 * 60 * 60_000;
    for (const [index, cocktailId] of shuffled.entries()) {
      await addFavorite({ db: t.database.db, userId, cocktailId, now: () => new Date(start + index * 60_000) });
    }
    newestFirst = [...shuffled].reverse();
    await addFavorite({ db: t.database.db, userId: await userIdOf(t, dave), cocktailId: spare[0]! });
  });
  afterAll(() => t?.close());

  const page = (jar: CookieJar, query = '', headers: Record<string, string> = {}) =>
    t.request(`/api/me/favorites${query}`, { headers: { ...jar.headers(), ...headers } });
  const body = async (response: Response) => favoriteListSchema.parse(await response.json());

  it('answers every id and one page of 50 cards, newest first across pages, the last page short', async () => {
    const pages = [];
    for (const query of ['', '?page=1', '?page=2', '?page=3']) {
      const response = await page(carol, query);
      expect(response.status).toBe(200);
      pages.push(await body(response));
    }
    expect(pages[0]).toMatchObject({ page: 0, pageSize: FAVORITES_PAGE_SIZE, total: FAVORITES });
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 20, 0]);
    expect(pages.map((p) => p.page)).toEqual([0, 1, 2, 3]);
    for (const p of pages) expect(p.ids).toEqual(newestFirst);
    expect(pages.flatMap((p) => p.items.map((item) => item.id))).toEqual(newestFirst);
  });

  it.each(['-1', '1.5', 'abc', '1e400'])('answers 400 VALIDATION_FAILED for page=%s', async (bad) => {
    const response = await page(carol, `?page=${bad}`);
    expect(response.status).toBe(400);
    const error = (await response.json()) as ApiErrorBody;
    expect(error.error.code).toBe('VALIDATION_FAILED');
    expect(error.error.message).toContain('page');
  });

  it('answers 304 without a body to its own ETag, private and revalidated, per page', async () => {
    const first = await page(carol, '?page=1');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await page(carol, '?page=1', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    // Another page has another tag.
    const other = await page(carol, '?page=0', { 'if-none-match': etag! });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('answers the new list to an old ETag after a PUT and after a DELETE', async () => {
    const before = await page(carol);
    const etag = before.headers.get('etag')!;
    expect((await t.request(`/api/me/favorites/${spare[1]}`, postJson({}, carol, 'PUT'))).status).toBe(200);
    const afterAdd = await page(carol, '', { 'if-none-match': etag });
    expect(afterAdd.status).toBe(200);
    const added = await body(afterAdd);
    expect(added.ids[0]).toBe(spare[1]);
    expect(added.items[0]!.id).toBe(spare[1]);
    expect(added.total).toBe(FAVORITES + 1);
    const addedEtag = afterAdd.headers.get('etag')!;
    expect(addedEtag).not.toBe(etag);
    expect((await page(carol, '', { 'if-none-match': addedEtag })).status).toBe(304);

    expect((await t.request(`/api/me/favorites/${spare[1]}`, postJson({}, carol, 'DELETE'))).status).toBe(200);
    const afterDelete = await page(carol, '', { 'if-none-match': addedEtag });
    expect(afterDelete.status).toBe(200);
    const removed = await body(afterDelete);
    expect(removed.ids).toEqual(newestFirst);
    expect(removed.total).toBe(FAVORITES);
    // A write of no row (adding one already there) changes nothing, so the tag still holds.
    const settled = afterDelete.headers.get('etag')!;
    expect((await t.request(`/api/me/favorites/${newestFirst[3]}`, postJson({}, carol, 'PUT'))).status).toBe(200);
    expect((await page(carol, '', { 'if-none-match': settled })).status).toBe(304);
  });

  it("never shows one user another's list, even given the other's ETag", async () => {
    const carols = await page(carol);
    const etag = carols.headers.get('etag')!;
    const daves = await page(dave, '', { 'if-none-match': etag });
    expect(daves.status).toBe(200);
    expect(daves.headers.get('etag')).not.toBe(etag);
    const list = await body(daves);
    expect(list).toMatchObject({ ids: [spare[0]], total: 1 });
    expect(list.items.map((item) => item.id)).toEqual([spare[0]]);
  });
});
