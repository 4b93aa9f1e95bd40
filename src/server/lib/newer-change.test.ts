import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { FavoriteList } from '@/shared/schemas/favorites';
import type { Note, RatingList } from '@/shared/schemas/collections';
import type { BarList } from '@/shared/schemas/my-bar';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { captureStatements } from '../../../tests/support/query-plans';
import { createTestApp, publicCocktailIds, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { grantEntitlement } from '../payments';
import { DELETED_VALUE_PRUNE_INTERVAL_MS, pruneDeletedValues } from './newer-change';
import { MAX_WRITE_AGE_MS, WRITE_CONFLICT_MESSAGE } from '../http/write-age';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The conflict rule of queued writes against deletions made on another device, and its compare-and-write as one step:
 * every value (favorite, rating, note, bottle) through the API as a device sees it, writes sent at once, and the
 * records' end (account deletion, the prune).
 */
describe.each(testDialects())('queued writes and deletions made on another device on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  let userId: string;
  let cocktails: number[];
  let ingredients: number[];
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ({ jar, userId } = await proUser('devices'));
    cocktails = await publicCocktailIds(t);
    const rows = await t.database.db.selectFrom('ingredient').select('id').orderBy('id').execute();
    ingredients = rows.map((row) => Number(row.id));
  });
  afterAll(() => t?.close());

  async function proUser(label: string): Promise<{ jar: CookieJar; userId: string }> {
    const signedIn = await signIn(t, randomEmail(label));
    const id = await userIdOf(t, signedIn);
    await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
    return { jar: signedIn, userId: id };
  }

  /** A write as a device sends it: with `ageMs`, one queued that long ago; without, a live one. */
  const send = (method: string, path: string, body: unknown, ageMs?: number, from = jar) => {
    const init = postJson(body, from, method);
    const age: Record<string, string> = ageMs === undefined ? {} : { 'Barback-Write-Age': String(ageMs) };
    return t.json<ApiErrorBody>(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...age } });
  };
  const get = async <T>(path: string): Promise<T> => {
    const answer = await t.json<T>(path, { headers: { origin: TEST_ORIGIN, ...jar.headers() } });
    expect(answer.status, path).toBe(200);
    return answer.body;
  };
  const expectConflict = (answer: { status: number; body: ApiErrorBody }) => {
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({ code: 'WRITE_CONFLICT', message: WRITE_CONFLICT_MESSAGE });
  };

  /** One kind of value: its path, the body of its n-th PUT, and what the user's own reads show of it (null: none). */
  interface Value {
    kind: string;
    path: (id: number) => string;
    body: (n: number) => unknown;
    shown: (id: number) => Promise<unknown>;
    /** What `shown` gives after the n-th PUT. */
    after: (n: number) => unknown;
    ids: () => number[];
  }
  const VALUES: Value[] = [
    {
      kind: 'favorite',
      path: (id) => `/api/me/favorites/${id}`,
      body: () => ({}),
      shown: async (id) => ((await get<FavoriteList>('/api/me/favorites')).ids.includes(id) ? true : null),
      after: () => true,
      ids: () => cocktails,
    },
    {
      kind: 'rating',
      path: (id) => `/api/me/ratings/${id}`,
      body: (n) => ({ stars: n }),
      shown: async (id) =>
        (await get<RatingList>('/api/me/ratings')).items.find((item) => item.cocktailId === id)?.stars ?? null,
      after: (n) => n,
      ids: () => cocktails,
    },
    {
      kind: 'note',
      path: (id) => `/api/me/notes/${id}`,
      body: (n) => ({ text: `note ${n}` }),
      shown: async (id) => (await get<Note>(`/api/me/notes/${id}`)).text || null,
      after: (n) => `note ${n}`,
      ids: () => cocktails,
    },
    {
      kind: 'bottle',
      path: (id) => `/api/me/bar/${id}`,
      body: () => undefined,
      shown: async (id) => ((await get<BarList>('/api/me/bar')).items.some((item) => item.id === id) ? true : null),
      after: () => true,
      ids: () => ingredients,
    },
  ];
  /** The row of each kind of value (to clear one before a test uses it). */
  const ROWS: Record<string, [table: string, column: string]> = {
    favorite: ['user_favorites', 'cocktail_id'],
    rating: ['cocktail_rating', 'cocktail_id'],
    note: ['cocktail_note', 'cocktail_id'],
    bottle: ['bar_item', 'ingredient_id'],
  };
  const used = new Map<string, number>();
  /** A value of this kind, the next id in turn, nothing stored or recorded for the user (the catalogue is small). */
  const fresh = async (value: Value): Promise<number> => {
    const next = used.get(value.kind) ?? 0;
    used.set(value.kind, next + 1);
    const ids = value.ids();
    const id = ids[next % ids.length]!;
    const [table, column] = ROWS[value.kind]!;
    const db = t.database.db;
    await sql`delete from ${sql.table(table)} where user_id = ${userId} and ${sql.ref(column)} = ${id}`.execute(db);
    await db
      .deleteFrom('deleted_value')
      .where('user_id', '=', userId)
      .where('kind', '=', value.kind)
      .where('item_id', '=', id)
      .execute();
    return id;
  };

  describe.each(VALUES)('$kind', (value) => {
    it('refuses a queued PUT made before another device deleted the value, which stays deleted', async () => {
      const id = await fresh(value);
      expect((await send('PUT', value.path(id), value.body(4), 2 * HOUR)).status).toBe(200);
      expect(await value.shown(id)).toEqual(value.after(4));
      expect((await send('DELETE', value.path(id), undefined)).status).toBe(200);
      expectConflict(await send('PUT', value.path(id), value.body(3), HOUR));
      expect(await value.shown(id)).toBeNull();
    });

    it('applies a queued PUT made after the deletion, and refuses one made before a queued deletion', async () => {
      const id = await fresh(value);
      expect((await send('PUT', value.path(id), value.body(4), 3 * HOUR)).status).toBe(200);
      expect((await send('DELETE', value.path(id), undefined, 2 * HOUR)).status).toBe(200);
      expectConflict(await send('PUT', value.path(id), value.body(2), 2.5 * HOUR));
      expect(await value.shown(id)).toBeNull();
      expect((await send('PUT', value.path(id), value.body(5), HOUR)).status).toBe(200);
      expect(await value.shown(id)).toEqual(value.after(5));
    });

    it('refuses a queued DELETE older than a newer PUT, and keeps the value', async () => {
      const id = await fresh(value);
      expect((await send('PUT', value.path(id), value.body(4))).status).toBe(200);
      expectConflict(await send('DELETE', value.path(id), undefined, HOUR));
      expect(await value.shown(id)).toEqual(value.after(4));
    });

    it('keeps the deletion when a live DELETE and a queued PUT made before it arrive together', async () => {
      for (let round = 0; round < 4; round += 1) {
        const id = await fresh(value);
        expect((await send('PUT', value.path(id), value.body(4), 3 * HOUR)).status).toBe(200);
        const remove = () => send('DELETE', value.path(id), undefined);
        const put = () => send('PUT', value.path(id), value.body(2), HOUR);
        const [deleted, queued] =
          round % 2 === 0 ? await Promise.all([remove(), put()]) : (await Promise.all([put(), remove()])).reverse();
        expect(deleted!.status).toBe(200);
        expect([200, 409]).toContain(queued!.status);
        expect(await value.shown(id), `round ${round}`).toBeNull();
      }
    });

    it('leaves the value of the later made of a queued PUT and a queued DELETE sent together, in either order', async () => {
      for (let round = 0; round < 6; round += 1) {
        const id = await fresh(value);
        const deletionIsLater = round % 2 === 0;
        const [putAge, deleteAge] = deletionIsLater ? [2 * HOUR, HOUR] : [HOUR, 2 * HOUR];
        const put = () => send('PUT', value.path(id), value.body(3), putAge);
        const remove = () => send('DELETE', value.path(id), undefined, deleteAge);
        const answers = await Promise.all(round % 4 < 2 ? [put(), remove()] : [remove(), put()]);
        for (const answer of answers) expect([200, 409]).toContain(answer.status);
        expect(await value.shown(id), `round ${round}`).toEqual(deletionIsLater ? null : value.after(3));
      }
    });

    it('leaves live writes as they were: a PUT applies over a recorded deletion, a DELETE of nothing records nothing', async () => {
      const id = await fresh(value);
      expect((await send('DELETE', value.path(id), undefined, 0)).status).toBe(200);
      expect((await send('PUT', value.path(id), value.body(1))).status).toBe(200);
      expect(await value.shown(id)).toEqual(value.after(1));
      expect((await send('DELETE', value.path(id), undefined)).status).toBe(200);
      expect(await value.shown(id)).toBeNull();
      // A live DELETE of a value that is not there records nothing: a queued PUT made before it still applies.
      const other = await fresh(value);
      expect((await send('DELETE', value.path(other), undefined)).status).toBe(200);
      expect((await send('PUT', value.path(other), value.body(2), HOUR)).status).toBe(200);
      expect(await value.shown(other)).toEqual(value.after(2));
    });
  });

  it('leaves exactly the later made of two queued ratings, or notes, sent together, whichever arrives first', async () => {
    const [rating, note] = [VALUES[1]!, VALUES[2]!];
    for (const value of [rating, note]) {
      for (let round = 0; round < 6; round += 1) {
        const id = await fresh(value);
        if (round >= 3) expect((await send('PUT', value.path(id), value.body(1), 3 * HOUR)).status).toBe(200);
        const older = () => send('PUT', value.path(id), value.body(2), 2 * HOUR);
        const newer = () => send('PUT', value.path(id), value.body(5), HOUR);
        const [first, second] = round % 2 === 0 ? [older(), newer()] : [newer(), older()];
        const answers = await Promise.all([first, second]);
        for (const answer of answers) expect([200, 409]).toContain(answer.status);
        expect(await value.shown(id), `${value.kind} round ${round}`).toEqual(value.after(5));
      }
    }
  });

  it('keeps the later made of two queued edits of an own recipe sent together, whichever arrives first', async () => {
    const recipe = (name: string) => ({
      name,
      base_spirit: 'Gin',
      category: 'Modern',
      instructions: 'Stir with ice and strain into a chilled coupe.',
      difficulty_level: 'Easy',
      glassware: 'Coupe',
      technique: 'Stir',
      preparation_time: 2,
      ingredients: [{ ingredient_id: ingredients[0]!, amount: 50, unit: 'ml' }],
    });
    const created = await send('POST', '/api/me/recipes', recipe('House Martini'));
    expect(created.status).toBe(201);
    const id = (created.body as unknown as { id: number }).id;
    for (let round = 0; round < 4; round += 1) {
      const threeHoursAgo = new Date(Date.now() - 3 * HOUR).toISOString();
      await t.database.db.updateTable('cocktail').set({ updated_at: threeHoursAgo }).where('id', '=', id).execute();
      const older = () => send('PUT', `/api/me/recipes/${id}`, recipe('Laptop Martini'), 2 * HOUR);
      const newer = () => send('PUT', `/api/me/recipes/${id}`, recipe('Phone Martini'), HOUR);
      const answers = await Promise.all(round % 2 === 0 ? [older(), newer()] : [newer(), older()]);
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      expect((await get<{ name: string }>(`/api/me/recipes/${id}`)).name, `round ${round}`).toBe('Phone Martini');
    }
  });

  it('runs a live favorite write as before: a PUT one statement, a DELETE one more on SQLite only', async () => {
    const id = await fresh(VALUES[0]!);
    await send('DELETE', `/api/me/favorites/${id}`, undefined); // the process's prune of the hour ran
    const capture = captureStatements(t.database);
    try {
      const touching = () =>
        capture.statements.filter((s) => /user_favorites|deleted_value|^\s*begin/i.test(s.sql)).map((s) => s.sql);
      expect((await send('PUT', `/api/me/favorites/${id}`, {})).status).toBe(200);
      expect(touching()).toHaveLength(1);
      capture.statements.length = 0;
      expect((await send('DELETE', `/api/me/favorites/${id}`, undefined)).status).toBe(200);
      expect(touching()).toHaveLength(dialect === 'postgres' ? 1 : 2);
    } finally {
      capture.stop();
    }
  });

  it("deletes a user's records with the account", async () => {
    const other = await proUser('leaving');
    const id = cocktails[0]!;
    expect((await send('PUT', `/api/me/favorites/${id}`, {}, undefined, other.jar)).status).toBe(200);
    expect((await send('DELETE', `/api/me/favorites/${id}`, undefined, undefined, other.jar)).status).toBe(200);
    expect((await send('DELETE', `/api/me/ratings/${id}`, undefined, HOUR, other.jar)).status).toBe(200);
    const records = () =>
      t.database.db.selectFrom('deleted_value').select('kind').where('user_id', '=', other.userId).execute();
    expect((await records()).map((row) => row.kind).sort()).toEqual(['favorite', 'rating']);
    expect((await send('DELETE', '/api/me', { confirm: 'DELETE' }, undefined, other.jar)).status).toBe(200);
    expect(await records()).toEqual([]);
  });

  it('prunes records older than the oldest write accepted, at most once an hour', async () => {
    const db = t.database.db;
    const record = (itemId: number, ageMs: number) =>
      db
        .insertInto('deleted_value')
        .values({
          user_id: userId,
          kind: 'note',
          item_id: itemId,
          deleted_at: new Date(Date.now() - ageMs).toISOString(),
        })
        .execute();
    const kept = () =>
      db
        .selectFrom('deleted_value')
        .select('item_id')
        .where('user_id', '=', userId)
        .where('item_id', '<', 0)
        .orderBy('item_id')
        .execute();
    await record(-1, MAX_WRITE_AGE_MS + DAY);
    await record(-2, MAX_WRITE_AGE_MS - DAY);
    const at = Date.now() + DELETED_VALUE_PRUNE_INTERVAL_MS; // past any prune the requests above ran
    await pruneDeletedValues(db, at);
    expect((await kept()).map((row) => Number(row.item_id))).toEqual([-2]);
    await record(-3, MAX_WRITE_AGE_MS + DAY);
    await pruneDeletedValues(db, at + 1000);
    expect((await kept()).map((row) => Number(row.item_id))).toEqual([-3, -2]);
  });
});
