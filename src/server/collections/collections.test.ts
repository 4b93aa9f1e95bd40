import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { ACCOUNT_EXPORT_ENTRY, accountExportSchema, type AccountExport } from '@/shared/schemas/export';
import {
  collectionDetailSchema,
  collectionListSchema,
  MAX_COLLECTION_ITEMS,
  MAX_COLLECTIONS,
  MAX_NOTE_LENGTH,
  noteSchema,
  ratingListSchema,
  sharedCollectionSchema,
  type CollectionDetail,
  type CollectionList,
  type Note,
  type RatingList,
  type SharedCollection,
} from '@/shared/schemas/collections';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, publicCocktailIds, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../app';
import { grantEntitlement, revokeEntitlement } from '../payments';
import { renderAccountMarkdown } from '../account/export/markdown';
import { addCollectionItem, createCollection, newShareSlug } from './collections';

/** Every write that needs the plan, as [method, path, body]; `id` a collection, `c` a cocktail. */
function everyWrite(id: number, c: number, order: number[]): [string, string, unknown][] {
  return [
    ['POST', '/api/me/collections', { name: 'Stirred', cocktailIds: [c] }],
    ['PATCH', `/api/me/collections/${id}`, { name: 'Renamed' }],
    ['PATCH', `/api/me/collections/${id}`, { shared: true }],
    ['PUT', `/api/me/collections/${id}/items/${c}`, undefined],
    ['PUT', `/api/me/collections/${id}/order`, { cocktailIds: order }],
    ['PUT', `/api/me/notes/${c}`, { text: 'more bitters' }],
    ['PUT', `/api/me/ratings/${c}`, { stars: 4.5 }],
  ];
}

/** Every read, open to any signed-in user. */
function everyRead(id: number, c: number): [string, string][] {
  return [
    ['GET', '/api/me/collections'],
    ['GET', `/api/me/collections?cocktailId=${c}`],
    ['GET', `/api/me/collections/${id}`],
    ['GET', `/api/me/notes/${c}`],
    ['GET', '/api/me/ratings'],
    ['GET', '/api/me/export?format=json'],
    ['GET', '/api/me/export?format=md'],
  ];
}

/** Every delete, open to any signed-in user. */
function everyDelete(id: number, c: number): [string, string][] {
  return [
    ['DELETE', `/api/me/collections/${id}/items/${c}`],
    ['DELETE', `/api/me/notes/${c}`],
    ['DELETE', `/api/me/ratings/${c}`],
    ['DELETE', `/api/me/collections/${id}`],
  ];
}

describe.each(testDialects())('Collections, notes and ratings on %s', (dialect) => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ids = await publicCocktailIds(t);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;

  /** A signed-in user with the pro plan (a support grant). */
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
  /** The JSON account export of `jar` (GET /api/me/export answers it in a zip), with the response. */
  const exported = async (jar: CookieJar, query = '') => {
    const response = await t.request(`/api/me/export${query}`, { headers: jar.headers() });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const body: AccountExport = accountExportSchema.parse(JSON.parse(strFromU8(files[ACCOUNT_EXPORT_ENTRY]!)));
    return { status: response.status, headers: response.headers, body };
  };
  const create = async (jar: CookieJar, body: unknown) => {
    const answer = await call<CollectionDetail>(jar, 'POST', '/api/me/collections', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(collectionDetailSchema.parse(answer.body)).toEqual(answer.body);
    return answer.body;
  };
  const order = (detail: CollectionDetail) => detail.items.map((item) => item.id);

  /** Everything of a user's in the new tables. */
  async function rowsOf(userId: string) {
    const collections = await db()
      .selectFrom('collection')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return {
      collections,
      items: await db()
        .selectFrom('collection_item')
        .selectAll()
        .where('collection_id', 'in', collections.map((row) => Number(row.id)).concat([-1]))
        .orderBy('collection_id')
        .orderBy('cocktail_id')
        .execute(),
      notes: await db().selectFrom('cocktail_note').selectAll().where('user_id', '=', userId).execute(),
      ratings: await db().selectFrom('cocktail_rating').selectAll().where('user_id', '=', userId).execute(),
    };
  }

  describe('the gate', () => {
    it('answers 401 to every route signed out', async () => {
      const routes = [
        ...everyWrite(1, ids[0]!, [ids[0]!]),
        ...everyRead(1, ids[0]!).map(([m, p]) => [m, p, undefined] as const),
        ...everyDelete(1, ids[0]!).map(([m, p]) => [m, p, undefined] as const),
      ];
      for (const [method, path, body] of routes) {
        const answer = await call<ApiErrorBody>(null, method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body.error.code).toBe('UNAUTHORIZED');
      }
    });

    it('answers 403 ENTITLEMENT_REQUIRED to every write of a free user and writes nothing; reads are open', async () => {
      const jar = await signIn(t, randomEmail('free'));
      const id = await userIdOf(t, jar);
      const [c] = ids as [number];
      for (const [method, path, body] of everyWrite(1, c, [c])) {
        const answer = await call<ApiErrorBody>(jar, method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.error.code, `${method} ${path}`).toBe('ENTITLEMENT_REQUIRED');
      }
      expect(await rowsOf(id)).toEqual({ collections: [], items: [], notes: [], ratings: [] });
      expect((await call<CollectionList>(jar, 'GET', '/api/me/collections')).body).toEqual({ items: [] });
      expect((await call<Note>(jar, 'GET', `/api/me/notes/${c}`)).body).toEqual({
        cocktailId: c,
        text: '',
        updatedAt: null,
      });
      expect((await call<RatingList>(jar, 'GET', '/api/me/ratings')).body).toEqual({ items: [] });
    });

    it('after a lapse (revoked or expired) reads, exports, unshares and deletes, but never writes', async () => {
      for (const lapse of ['revoke', 'expire'] as const) {
        const { jar, id } = await proUser(`lapse-${lapse}`);
        const [a, b] = ids as [number, number];
        const made = await create(jar, { name: 'Keepers', description: 'the good ones', cocktailIds: [a, b] });
        const link = (await call<CollectionDetail>(jar, 'PATCH', `/api/me/collections/${made.id}`, { shared: true }))
          .body.shareSlug;
        await call(jar, 'PUT', `/api/me/notes/${a}`, { text: 'A secret twist' });
        await call(jar, 'PUT', `/api/me/ratings/${a}`, { stars: 3.5 });
        if (lapse === 'revoke') {
          expect(await revokeEntitlement({ db: db(), userId: id, name: 'pro' })).toBe(true);
        } else {
          await db()
            .updateTable('entitlement')
            .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
            .where('user_id', '=', id)
            .execute();
        }
        for (const [method, path, body] of everyWrite(made.id, a, [b, a])) {
          const answer = await call<ApiErrorBody>(jar, method, path, body);
          expect(answer.status, `${lapse}: ${method} ${path}`).toBe(403);
          expect(answer.body.error.code).toBe('ENTITLEMENT_REQUIRED');
        }
        for (const [method, path] of everyRead(made.id, a)) {
          expect((await t.request(path, { method, headers: jar.headers() })).status, `${lapse}: ${path}`).toBe(200);
        }
        const detail = await call<CollectionDetail>(jar, 'GET', `/api/me/collections/${made.id}`);
        expect(order(detail.body)).toEqual([a, b]);
        // Turning sharing off takes away, as a delete does: open after a lapse. Renaming with it is still a paid write.
        expect((await t.request(`/api/collections/shared/${link}`)).status).toBe(200);
        const mixed = await call<ApiErrorBody>(jar, 'PATCH', `/api/me/collections/${made.id}`, {
          shared: false,
          name: 'Renamed',
        });
        expect(mixed.status, lapse).toBe(403);
        // Another user cannot take the link down: the collection is not theirs (404, as one that does not exist).
        const stranger = await signIn(t, randomEmail(`stranger-${lapse}`));
        const foreign = await call<ApiErrorBody>(stranger, 'PATCH', `/api/me/collections/${made.id}`, {
          shared: false,
        });
        expect(foreign.status, lapse).toBe(404);
        expect((await t.request(`/api/collections/shared/${link}`)).status).toBe(200);
        const off = await call<CollectionDetail>(jar, 'PATCH', `/api/me/collections/${made.id}`, { shared: false });
        expect(off.status, lapse).toBe(200);
        expect(off.body).toMatchObject({ name: 'Keepers', shareSlug: null });
        expect((await t.request(`/api/collections/shared/${link}`)).status).toBe(404);
        const exportedData = await exported(jar);
        expect(exportedData.body.notes.map((note) => note.text)).toEqual(['A secret twist']);
        expect(exportedData.body.ratings.map((rating) => rating.stars)).toEqual([3.5]);
        for (const [method, path] of everyDelete(made.id, a)) {
          expect((await call(jar, method, path)).status, `${lapse}: ${method} ${path}`).toBe(200);
        }
        expect(await rowsOf(id)).toEqual({ collections: [], items: [], notes: [], ratings: [] });
      }
    });

    it('refuses a write from another site', async () => {
      const { jar, id } = await proUser();
      for (const [method, path] of [
        ['POST', '/api/me/collections'],
        ['PUT', `/api/me/notes/${ids[0]}`],
        ['DELETE', `/api/me/ratings/${ids[0]}`],
      ]) {
        const answer = await t.json<ApiErrorBody>(path!, {
          method,
          headers: { ...jar.headers(), origin: 'https://evil.example', 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'x', text: 'x' }),
        });
        expect(answer.status, path).toBe(403);
        expect(answer.body.error.code).toBe('FORBIDDEN');
      }
      expect((await rowsOf(id)).collections).toEqual([]);
    });
  });

  describe('collections', () => {
    it('creates, lists (most recent first, with counts, covers and contains), renames, describes and deletes', async () => {
      const { jar } = await proUser();
      const [a, b, c, d, e] = ids as [number, number, number, number, number];
      const first = await create(jar, { name: '  Summer  ', cocktailIds: [c, a, c, b, d, e] });
      expect(first).toMatchObject({
        name: 'Summer',
        description: '',
        itemCount: 5,
        shareSlug: null,
        coverIds: [c, a, b, d],
        contains: false,
      });
      expect(order(first)).toEqual([c, a, b, d, e]);
      expect(first.items[0]).toMatchObject({ id: c });
      const second = await create(jar, { name: 'Winter', description: 'warming' });
      const list = await call<CollectionList>(jar, 'GET', '/api/me/collections');
      expect(list.headers.get('cache-control')).toBe('no-store');
      expect(collectionListSchema.parse(list.body)).toEqual(list.body);
      expect(list.body.items.map((item) => [item.name, item.itemCount])).toEqual([
        ['Winter', 0],
        ['Summer', 5],
      ]);
      const marked = await call<CollectionList>(jar, 'GET', `/api/me/collections?cocktailId=${a}`);
      expect(marked.body.items.map((item) => [item.name, item.contains])).toEqual([
        ['Winter', false],
        ['Summer', true],
      ]);
      const renamed = await call<CollectionDetail>(jar, 'PATCH', `/api/me/collections/${first.id}`, {
        name: 'Late summer',
        description: 'sunset drinks',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Late summer', description: 'sunset drinks', itemCount: 5 });
      expect(
        (await call<CollectionList>(jar, 'GET', '/api/me/collections')).body.items.map((item) => item.name),
      ).toEqual(['Late summer', 'Winter']);
      const nothing = await call<ApiErrorBody>(jar, 'PATCH', `/api/me/collections/${first.id}`, {});
      expect(nothing.status).toBe(400);
      const deleted = await call<CollectionList>(jar, 'DELETE', `/api/me/collections/${second.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.items.map((item) => item.id)).toEqual([first.id]);
      expect((await call(jar, 'DELETE', `/api/me/collections/${second.id}`)).status).toBe(404);
      expect((await call(jar, 'GET', `/api/me/collections/${second.id}`)).status).toBe(404);
    });

    it('adds at the end (idempotently), removes, and reorders only to exactly the same cocktails', async () => {
      const { jar } = await proUser();
      const [a, b, c, d] = ids as [number, number, number, number];
      const made = await create(jar, { name: 'Order', cocktailIds: [a, b] });
      const path = `/api/me/collections/${made.id}`;
      const added = await call<CollectionDetail>(jar, 'PUT', `${path}/items/${c}`);
      expect(order(added.body)).toEqual([a, b, c]);
      expect(order((await call<CollectionDetail>(jar, 'PUT', `${path}/items/${a}`)).body)).toEqual([a, b, c]);
      const reordered = await call<CollectionDetail>(jar, 'PUT', `${path}/order`, { cocktailIds: [c, a, b] });
      expect(reordered.status).toBe(200);
      expect(order(reordered.body)).toEqual([c, a, b]);
      expect(order((await call<CollectionDetail>(jar, 'GET', path)).body)).toEqual([c, a, b]);
      for (const wrong of [[c, a], [c, a, b, d], [c, a, a], [c, a, d], []]) {
        const answer = await call<ApiErrorBody>(jar, 'PUT', `${path}/order`, { cocktailIds: wrong });
        expect(answer.status, JSON.stringify(wrong)).toBe(400);
        expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      }
      expect(order((await call<CollectionDetail>(jar, 'GET', path)).body)).toEqual([c, a, b]);
      const removed = await call<CollectionDetail>(jar, 'DELETE', `${path}/items/${a}`);
      expect(order(removed.body)).toEqual([c, b]);
      expect(order((await call<CollectionDetail>(jar, 'DELETE', `${path}/items/${a}`)).body)).toEqual([c, b]);
      expect(order((await call<CollectionDetail>(jar, 'PUT', `${path}/items/${a}`)).body)).toEqual([c, b, a]);
      // A cocktail may sit in several collections.
      const other = await create(jar, { name: 'Other', cocktailIds: [a] });
      expect(order(other)).toEqual([a]);
    });

    it('answers 404 to unknown cocktails and collections, 400 to bad ids and names', async () => {
      const { jar } = await proUser();
      const [a] = ids as [number];
      const unknown = await call<ApiErrorBody>(jar, 'POST', '/api/me/collections', {
        name: 'X',
        cocktailIds: [a, 999999],
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toContain('999999');
      const made = await create(jar, { name: 'Ok' });
      expect((await call(jar, 'PUT', `/api/me/collections/${made.id}/items/999999`)).status).toBe(404);
      expect((await call(jar, 'GET', '/api/me/collections/999999')).status).toBe(404);
      expect((await call(jar, 'PUT', `/api/me/notes/999999`, { text: 'x' })).status).toBe(404);
      expect((await call(jar, 'PUT', `/api/me/ratings/999999`, { stars: 3 })).status).toBe(404);
      for (const [method, path, body] of [
        ['GET', '/api/me/collections/abc', undefined],
        ['GET', '/api/me/collections/0', undefined],
        ['GET', '/api/me/collections/-1', undefined],
        ['GET', '/api/me/collections/1.5', undefined],
        ['GET', '/api/me/collections?cocktailId=x', undefined],
        ['PATCH', '/api/me/collections/abc', { name: 'x' }],
        ['DELETE', '/api/me/collections/abc', undefined],
        ['PUT', `/api/me/collections/${made.id}/items/abc`, undefined],
        ['DELETE', `/api/me/collections/${made.id}/items/0`, undefined],
        ['PUT', '/api/me/collections/x/order', { cocktailIds: [] }],
        ['GET', '/api/me/notes/abc', undefined],
        ['PUT', '/api/me/notes/abc', { text: 'x' }],
        ['DELETE', '/api/me/ratings/abc', undefined],
        ['PUT', '/api/me/ratings/1.5', { stars: 3 }],
        ['GET', '/api/me/export?format=pdf', undefined],
        ['POST', '/api/me/collections', { name: '' }],
        ['POST', '/api/me/collections', { name: '   ' }],
        ['POST', '/api/me/collections', { name: 'x'.repeat(81) }],
        ['POST', '/api/me/collections', { name: 'x', description: 'y'.repeat(501) }],
        ['POST', '/api/me/collections', { name: 'x', cocktailIds: ['1'] }],
        ['POST', '/api/me/collections', {}],
        ['PATCH', `/api/me/collections/${made.id}`, { name: 'x'.repeat(81) }],
        ['PATCH', `/api/me/collections/${made.id}`, { shared: 'yes' }],
        ['PUT', `/api/me/collections/${made.id}/order`, { cocktailIds: 'all' }],
        ['PUT', `/api/me/notes/${a}`, { text: 'x'.repeat(MAX_NOTE_LENGTH + 1) }],
        ['PUT', `/api/me/notes/${a}`, {}],
      ] as const) {
        const answer = await call<ApiErrorBody>(jar, method, path, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 40)}`).toBe(400);
        expect(answer.body.error.code).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
      }
      expect((await create(jar, { name: 'x'.repeat(80) })).name).toHaveLength(80);
      expect((await create(jar, { name: 'y' })).name).toBe('y');
    });

    it('keeps at most MAX_COLLECTIONS collections and MAX_COLLECTION_ITEMS cocktails each (400 past them)', async () => {
      const { jar, id } = await proUser('limits');
      const [a, b] = ids as [number, number];
      // Fill to one below the limits directly (the API path is the same code).
      const at = new Date().toISOString();
      await db()
        .insertInto('collection')
        .values(
          Array.from({ length: MAX_COLLECTIONS - 1 }, (_, n) => ({
            user_id: id,
            name: `Filler ${n}`,
            share_slug: null,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await create(jar, { name: 'The last one', cocktailIds: [a] });
      const over = await call<ApiErrorBody>(jar, 'POST', '/api/me/collections', { name: 'One too many' });
      expect(over.status).toBe(400);
      expect(over.body.error.message).toContain(String(MAX_COLLECTIONS));
      expect((await call<CollectionList>(jar, 'GET', '/api/me/collections')).body.items).toHaveLength(MAX_COLLECTIONS);

      // Items: the test seed has far fewer than MAX_COLLECTION_ITEMS cocktails, so a lowered limit shows the refusal.
      const full = await createCollection({
        db: db(),
        userId: id,
        input: { name: 'small', description: '', cocktailIds: [a, b] },
        limits: { maxCollections: MAX_COLLECTIONS + 1, maxItems: 2 },
      });
      expect(order(full)).toEqual([a, b]);
      await expect(
        addCollectionItem({
          db: db(),
          userId: id,
          id: full.id,
          cocktailId: ids[2]!,
          limits: { maxCollections: MAX_COLLECTIONS + 1, maxItems: 2 },
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      const tooMany = await call<ApiErrorBody>(jar, 'POST', '/api/me/collections', {
        name: 'big',
        cocktailIds: Array.from({ length: MAX_COLLECTION_ITEMS + 1 }, (_, n) => n + 1),
      });
      expect(tooMany.status).toBe(400);
    });
  });

  describe('share links', () => {
    it('turns on with an unguessable slug, answers anyone read-only, 404 once off, and a new slug when on again', async () => {
      const { jar } = await proUser();
      const [a, b] = ids as [number, number];
      const made = await create(jar, { name: 'To share', description: 'for friends', cocktailIds: [b, a] });
      const on = await call<CollectionDetail>(jar, 'PATCH', `/api/me/collections/${made.id}`, { shared: true });
      const slug = on.body.shareSlug!;
      expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Set(Array.from({ length: 50 }, () => newShareSlug())).size).toBe(50);
      const again = await call<CollectionDetail>(jar, 'PATCH', `/api/me/collections/${made.id}`, { shared: true });
      expect(again.body.shareSlug).toBe(slug);

      const shared = await t.json<SharedCollection>(`/api/collections/shared/${slug}`);
      expect(shared.status).toBe(200);
      expect(sharedCollectionSchema.strict().parse(shared.body)).toEqual(shared.body);
      expect(shared.body.name).toBe('To share');
      expect(shared.body.items.map((item) => item.id)).toEqual([b, a]);
      expect(shared.headers.get('cache-control')).toBe('no-store');
      expect(JSON.stringify(shared.body)).not.toContain(String(made.id) + ',');
      // Read-only: no write method answers at the link.
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
        expect((await t.request(`/api/collections/shared/${slug}`, { method })).status, method).toBe(404);
      }

      const off = await call<CollectionDetail>(jar, 'PATCH', `/api/me/collections/${made.id}`, { shared: false });
      expect(off.body.shareSlug).toBeNull();
      const gone = await t.json<ApiErrorBody>(`/api/collections/shared/${slug}`);
      const unknown = await t.json<ApiErrorBody>(`/api/collections/shared/${newShareSlug()}`);
      const malformed = await t.json<ApiErrorBody>('/api/collections/shared/short');
      expect(gone.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(malformed.status).toBe(404);
      expect(gone.body).toEqual(unknown.body);
      expect(gone.body).toEqual(malformed.body);

      const back = await call<CollectionDetail>(jar, 'PATCH', `/api/me/collections/${made.id}`, { shared: true });
      expect(back.body.shareSlug).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(back.body.shareSlug).not.toBe(slug);
      expect((await t.request(`/api/collections/shared/${slug}`)).status).toBe(404);
      expect((await t.request(`/api/collections/shared/${back.body.shareSlug}`)).status).toBe(200);
      // A lapse does not turn sharing off (nothing changes), and deleting the collection ends the link.
      await call(jar, 'DELETE', `/api/me/collections/${made.id}`);
      expect((await t.request(`/api/collections/shared/${back.body.shareSlug}`)).status).toBe(404);
    });
  });

  describe('notes and ratings', () => {
    it('saves, reads, replaces and deletes a note (empty text deletes)', async () => {
      const { jar } = await proUser();
      const [a] = ids as [number];
      const long = 'é'.repeat(MAX_NOTE_LENGTH);
      const saved = await call<Note>(jar, 'PUT', `/api/me/notes/${a}`, { text: long });
      expect(saved.status).toBe(200);
      expect(noteSchema.parse(saved.body)).toEqual(saved.body);
      expect(saved.body.text).toBe(long);
      expect((await call<Note>(jar, 'GET', `/api/me/notes/${a}`)).body.text).toBe(long);
      await call(jar, 'PUT', `/api/me/notes/${a}`, { text: 'Shorter\nline two' });
      expect((await call<Note>(jar, 'GET', `/api/me/notes/${a}`)).body.text).toBe('Shorter\nline two');
      const emptied = await call<Note>(jar, 'PUT', `/api/me/notes/${a}`, { text: '' });
      expect(emptied.body).toEqual({ cocktailId: a, text: '', updatedAt: null });
      await call(jar, 'PUT', `/api/me/notes/${a}`, { text: 'again' });
      expect((await call<Note>(jar, 'DELETE', `/api/me/notes/${a}`)).body.text).toBe('');
      expect((await call<Note>(jar, 'GET', `/api/me/notes/${a}`)).body.updatedAt).toBeNull();
    });

    it('accepts a note of 5,000 escaped characters within the body limit, and 413 past the limits', async () => {
      const { jar } = await proUser();
      const [a] = ids as [number];
      const escaped = JSON.stringify({ text: '\u0001'.repeat(MAX_NOTE_LENGTH) });
      expect(escaped.length).toBeGreaterThan(24 * 1024);
      const fits = await t.request(`/api/me/notes/${a}`, {
        method: 'PUT',
        headers: { ...jar.headers(), origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: escaped,
      });
      expect(fits.status).toBe(200);
      for (const [path, method, bytes] of [
        [`/api/me/notes/${a}`, 'PUT', 33 * 1024],
        ['/api/me/collections', 'POST', 13 * 1024],
        ['/api/me/collections/1', 'PATCH', 13 * 1024],
        ['/api/me/collections/1/order', 'PUT', 13 * 1024],
        [`/api/me/ratings/${a}`, 'PUT', 2 * 1024],
      ] as const) {
        const answer = await t.json<ApiErrorBody>(path, {
          method,
          headers: { ...jar.headers(), origin: TEST_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ padding: 'x'.repeat(bytes) }),
        });
        expect(answer.status, path).toBe(413);
        expect(answer.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      }
    });

    it('rates in half stars from 0.5 to 5, lists every rating, and removes one', async () => {
      const { jar } = await proUser();
      const [a, b] = ids as [number, number];
      for (const stars of [0.25, 5.5, 0, -1, 4.4, 6, '4', null]) {
        const answer = await call<ApiErrorBody>(jar, 'PUT', `/api/me/ratings/${a}`, { stars });
        expect(answer.status, String(stars)).toBe(400);
        expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      }
      for (const stars of [0.5, 5, 3.5]) {
        const answer = await call(jar, 'PUT', `/api/me/ratings/${a}`, { stars });
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ cocktailId: a, stars });
      }
      await call(jar, 'PUT', `/api/me/ratings/${b}`, { stars: 4 });
      const list = await call<RatingList>(jar, 'GET', '/api/me/ratings');
      expect(ratingListSchema.parse(list.body)).toEqual(list.body);
      expect(list.body.items.map((item) => [item.cocktailId, item.stars]).sort()).toEqual(
        [
          [a, 3.5],
          [b, 4],
        ].sort(),
      );
      expect((await call(jar, 'DELETE', `/api/me/ratings/${a}`)).body).toEqual({ cocktailId: a, stars: null });
      expect((await call<RatingList>(jar, 'GET', '/api/me/ratings')).body.items.map((i) => i.cocktailId)).toEqual([b]);
    });
  });

  describe('export', () => {
    it('answers JSON (an attachment per the contract) and a readable Markdown document', async () => {
      const { jar } = await proUser();
      const [a, b] = ids as [number, number];
      const made = await create(jar, { name: 'Tiki *night*', description: 'rum', cocktailIds: [b, a] });
      await call(jar, 'PATCH', `/api/me/collections/${made.id}`, { shared: true });
      await call(jar, 'PUT', `/api/me/notes/${a}`, { text: 'Less sugar\nmore lime' });
      await call(jar, 'PUT', `/api/me/ratings/${a}`, { stars: 4.5 });
      const json = await exported(jar, '?format=json');
      expect(json.status).toBe(200);
      expect(json.headers.get('content-disposition')).toMatch(
        /^attachment; filename="barback-export-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      expect(json.headers.get('cache-control')).toBe('no-store');
      const slugOf = async (id: number) =>
        (await t.database.db.selectFrom('cocktail').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug;
      expect(json.body.collections).toEqual([
        {
          name: 'Tiki *night*',
          description: 'rum',
          shared: true,
          items: await Promise.all(
            made.items.map(async (item) => ({ kind: 'catalogue', slug: await slugOf(item.id), name: item.name })),
          ),
        },
      ]);
      const nameOfA = made.items.find((item) => item.id === a)!.name;
      expect(json.body.notes).toMatchObject([{ cocktail: { name: nameOfA }, text: 'Less sugar\nmore lime' }]);
      expect(json.body.ratings).toMatchObject([{ cocktail: { name: nameOfA }, stars: 4.5 }]);
      expect((await exported(jar)).body.collections).toHaveLength(1);

      const md = await t.request('/api/me/export?format=md', { headers: jar.headers() });
      expect(md.status).toBe(200);
      expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
      expect(md.headers.get('content-disposition')).toMatch(/^attachment; filename="barback-export-[\d-]{10}\.md"$/);
      const text = await md.text();
      const nameA = made.items.find((item) => item.id === a)!.name;
      expect(text).toContain('# My Barback');
      expect(text).toContain('### Tiki \\*night\\* (shared)');
      expect(text).toContain('> Less sugar\n> more lime');
      expect(text).toContain('★★★★½ (4.5/5)');
      expect(text).toContain(nameA);
      expect(renderAccountMarkdown({ ...json.body, collections: [], notes: [], ratings: [] })).toContain(
        'No collections.',
      );
    });
  });

  describe('cross-user isolation', () => {
    it('B never reads or changes A’s collections, notes or ratings, through any route', async () => {
      const a = await proUser('a');
      const b = await proUser('b');
      const [c1, c2, c3] = ids as [number, number, number];
      const aColl = await create(a.jar, { name: 'A’s secret list', description: 'A only', cocktailIds: [c1, c2] });
      const shared = await call<CollectionDetail>(a.jar, 'PATCH', `/api/me/collections/${aColl.id}`, { shared: true });
      await call(a.jar, 'PUT', `/api/me/notes/${c1}`, { text: 'A’s secret note' });
      await call(a.jar, 'PUT', `/api/me/ratings/${c1}`, { stars: 2 });
      const before = await rowsOf(a.id);
      const aViews = async () => ({
        list: (await call(a.jar, 'GET', '/api/me/collections')).body,
        detail: (await call(a.jar, 'GET', `/api/me/collections/${aColl.id}`)).body,
        note: (await call(a.jar, 'GET', `/api/me/notes/${c1}`)).body,
        ratings: (await call(a.jar, 'GET', '/api/me/ratings')).body,
      });
      const aBefore = await aViews();

      const named = `userId=${encodeURIComponent(a.id)}`;
      const path = `/api/me/collections/${aColl.id}`;
      // A's collection id answers B 404, on every route that takes it, with no data.
      for (const [method, route, body] of [
        ['GET', path, undefined],
        ['PATCH', path, { name: 'hijacked' }],
        ['PATCH', path, { shared: false }],
        ['PUT', `${path}/items/${c3}`, undefined],
        ['DELETE', `${path}/items/${c1}`, undefined],
        ['PUT', `${path}/order`, { cocktailIds: [c2, c1] }],
        ['DELETE', path, undefined],
      ] as const) {
        const answer = await call<ApiErrorBody>(b.jar, method, `${route}?${named}`, body);
        expect(answer.status, `${method} ${route}`).toBe(404);
        expect(JSON.stringify(answer.body)).not.toContain('secret');
      }
      // B's reads show B's own (empty) data.
      expect((await call(b.jar, 'GET', `/api/me/collections?${named}&cocktailId=${c1}`)).body).toEqual({ items: [] });
      expect((await call(b.jar, 'GET', `/api/me/notes/${c1}?${named}`)).body).toEqual({
        cocktailId: c1,
        text: '',
        updatedAt: null,
      });
      expect((await call(b.jar, 'GET', `/api/me/ratings?${named}`)).body).toEqual({ items: [] });
      const bExport = await exported(b.jar, `?${named}`);
      expect(bExport.body).toMatchObject({ collections: [], notes: [], ratings: [] });
      const bMd = await (await t.request(`/api/me/export?format=md&${named}`, { headers: b.jar.headers() })).text();
      expect(bMd).not.toContain('secret');
      // B's writes on the same cocktails touch B's rows only; B's deletes leave A's alone.
      for (const [method, route, body] of [
        ['PUT', `/api/me/notes/${c1}`, { text: 'B’s note' }],
        ['DELETE', `/api/me/notes/${c1}`, undefined],
        ['PUT', `/api/me/ratings/${c1}`, { stars: 5 }],
        ['DELETE', `/api/me/ratings/${c1}`, undefined],
        ['POST', '/api/me/collections', { name: 'B’s', cocktailIds: [c1] }],
      ] as const) {
        const answer = await call(b.jar, method, `${route}?${named}`, body);
        expect(answer.status, `${method} ${route}`).toBeLessThan(300);
      }
      const bList = await call<CollectionList>(b.jar, 'GET', '/api/me/collections');
      expect(bList.body.items.map((item) => item.name)).toEqual(['B’s']);
      // The share link is the only way in for anyone else, and it is read-only.
      expect((await t.request(`/api/collections/shared/${shared.body.shareSlug}`)).status).toBe(200);

      expect(await rowsOf(a.id)).toEqual(before);
      expect(await aViews()).toEqual(aBefore);
    });
  });
});

describe.each(testDialects())('Collections while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t, randomEmail('outage'));
    await grantEntitlement({ db: t.database.db, userId: await userIdOf(t, jar), name: 'pro' });
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, never a 500', async () => {
    const routes: [string, string, unknown][] = [
      ...everyWrite(1, 1, [1]),
      ...everyRead(1, 1).map(([m, p]): [string, string, unknown] => [m, p, undefined]),
      ...everyDelete(1, 1).map(([m, p]): [string, string, unknown] => [m, p, undefined]),
      ['GET', `/api/collections/shared/${newShareSlug()}`, undefined],
    ];
    for (const [method, path, body] of routes) {
      const answer = await t.json<ApiErrorBody>(
        path,
        body === undefined
          ? { method, headers: { ...jar.headers(), origin: TEST_ORIGIN } }
          : postJson(body, jar, method),
      );
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
  });
});
