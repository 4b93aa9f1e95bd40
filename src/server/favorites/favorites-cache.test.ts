import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAVORITES_PAGE_SIZE, favoriteListSchema } from '@/shared/schemas/favorites';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { generateSyntheticSeed } from '../../../tests/support/synthetic-catalogue';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import * as catalogue from '../catalogue';
import { addFavorite, removeFavorite } from './operations';

// Counts the card loads, so a test can tell an answer sent from the answer cache from one built again.
vi.mock('../catalogue', async (importOriginal) => {
  const original = await importOriginal<typeof import('../catalogue')>();
  return { ...original, loadSummaryJsonByIds: vi.fn(original.loadSummaryJsonByIds) };
});
const cardLoads = vi.mocked(catalogue.loadSummaryJsonByIds);

describe.each(testDialects())('the favorites answer cache on %s', (dialect) => {
  let t: TestApp;
  /** Public cocktail ids, lowest first. */
  let cocktails: number[];
  beforeAll(async () => {
    t = await createTestApp({ dialect, seed: generateSyntheticSeed({ cocktails: 70 }) });
    cocktails = (await t.database.db.selectFrom('cocktail').select('id').orderBy('id').execute()).map((row) =>
      Number(row.id),
    );
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    cardLoads.mockClear();
  });

  const get = async (jar: CookieJar, query = '') => {
    const response = await t.request(`/api/me/favorites${query}`, { headers: jar.headers() });
    const text = await response.text();
    return { response, text, list: favoriteListSchema.parse(JSON.parse(text)) };
  };
  const write = async (jar: CookieJar, id: number, method: 'PUT' | 'DELETE') =>
    expect((await t.request(`/api/me/favorites/${id}`, postJson({}, jar, method))).status).toBe(200);
  /** Adds `ids` for `userId` one minute apart, the last newest, starting a day ago. */
  const addInOrder = async (userId: string, ids: number[]) => {
    const start = Date.now() - 24 * 60 * 60_000;
    for (const [index, cocktailId] of ids.entries()) {
      await addFavorite({ db: t.database.db, userId, cocktailId, now: () => new Date(start + index * 60_000) });
    }
  };

  it('answers a repeat GET from the cache, byte for byte what parsing and serialising the cards gave', async () => {
    const jar = await signIn(t, randomEmail('cache'));
    const mine = cocktails.slice(0, 60);
    await addInOrder(await userIdOf(t, jar), mine);
    const first = await get(jar);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('application/json');
    const ids = [...mine].reverse();
    const items = await catalogue.loadSummariesByIds(t.database.db, ids.slice(0, FAVORITES_PAGE_SIZE));
    const expected = { ids, items, page: 0, pageSize: FAVORITES_PAGE_SIZE, total: mine.length };
    expect(first.text).toBe(JSON.stringify(expected));
    const second = await get(jar, '?page=1');
    expect(second.list.items.map((item) => item.id)).toEqual(ids.slice(FAVORITES_PAGE_SIZE));
    expect(second.text).toBe(JSON.stringify({ ...expected, items: second.list.items, page: 1 }));

    cardLoads.mockClear();
    const again = await get(jar);
    expect(again.text).toBe(first.text);
    expect(again.response.headers.get('etag')).toBe(first.response.headers.get('etag'));
    expect(again.response.headers.get('cache-control')).toBe('private, no-cache');
    expect(again.response.headers.get('content-type')).toBe('application/json');
    expect(cardLoads).not.toHaveBeenCalled();
    // A page past the end loads no card either way.
    expect((await get(jar, '?page=5')).list).toMatchObject({ items: [], page: 5, total: mine.length });
    expect(cardLoads).not.toHaveBeenCalled();
  });

  it('never serves a stale answer after a write: an add, a delete, and a delete plus an add on the same page', async () => {
    const jar = await signIn(t, randomEmail('writes'));
    const [a, b, c, d] = cocktails.slice(0, 4) as [number, number, number, number];
    await addInOrder(await userIdOf(t, jar), [a, b]);
    expect((await get(jar)).list.ids).toEqual([b, a]);
    expect((await get(jar)).list.ids).toEqual([b, a]); // now from the cache

    await write(jar, c, 'PUT');
    const added = await get(jar);
    expect(added.list.ids).toEqual([c, b, a]);
    expect(added.list.items.map((item) => item.id)).toEqual([c, b, a]);

    await write(jar, a, 'DELETE');
    expect((await get(jar)).list.ids).toEqual([c, b]);

    // Same count on the same page: one cocktail out, a different one in, back to back.
    await write(jar, b, 'DELETE');
    await write(jar, d, 'PUT');
    const swapped = await get(jar);
    expect(swapped.list.ids).toEqual([d, c]);
    expect(swapped.list.items.map((item) => item.id)).toEqual([d, c]);
    expect(swapped.list.total).toBe(2);
  });

  it('sees a remove and re-add that only reorders the list, even at the newest row’s very time', async () => {
    const jar = await signIn(t, randomEmail('reorder'));
    const userId = await userIdOf(t, jar);
    const [low, high] = cocktails.slice(10, 12) as [number, number];
    const at = new Date(Date.now() - 60_000);
    await addFavorite({ db: t.database.db, userId, cocktailId: high, now: () => new Date(at.getTime() - 60_000) });
    await addFavorite({ db: t.database.db, userId, cocktailId: low, now: () => at });
    const before = await get(jar);
    expect(before.list.ids).toEqual([low, high]);
    expect((await get(jar)).text).toBe(before.text); // cached

    // Same count, same id sum, same newest time: only the order differs (ties go to the higher id).
    await removeFavorite({ db: t.database.db, userId, cocktailId: high });
    await addFavorite({ db: t.database.db, userId, cocktailId: high, now: () => at });
    const after = await get(jar);
    expect(after.response.headers.get('etag')).not.toBe(before.response.headers.get('etag'));
    expect(after.list.ids).toEqual([high, low]);
    expect(after.list.items.map((item) => item.id)).toEqual([high, low]);
  });

  it('never gives one user the answer kept for another, even for the same list', async () => {
    const erin = await signIn(t, randomEmail('erin'));
    const frank = await signIn(t, randomEmail('frank'));
    const same = cocktails.slice(20, 25);
    await addInOrder(await userIdOf(t, erin), same);
    await addInOrder(await userIdOf(t, frank), same);
    const erins = await get(erin);
    const franks = await get(frank);
    expect(franks.response.headers.get('etag')).not.toBe(erins.response.headers.get('etag'));
    expect(franks.list.ids).toEqual(erins.list.ids);

    await write(frank, cocktails[30]!, 'PUT');
    expect((await get(frank)).list.ids).toEqual([cocktails[30], ...[...same].reverse()]);
    const erinsAgain = await get(erin);
    expect(erinsAgain.text).toBe(erins.text);
    expect(erinsAgain.list.ids).toEqual([...same].reverse());
  });
});
