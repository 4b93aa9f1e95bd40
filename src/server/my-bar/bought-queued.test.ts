import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { ShoppingBought } from '@/shared/schemas/my-bar';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { WRITE_CONFLICT_MESSAGE } from '../http/write-age';
import { grantEntitlement } from '../payments';
import { addBarItem } from './bar';

const HOUR = 60 * 60 * 1000;

/**
 * 'Bought' (`POST /api/me/shopping-list/:ingredientId/bought`) sent from the offline queue (docs/api.md, "Offline
 * writes"): run once per Idempotency-Key, and its bottle under the same write-age rule as the bottle's own PUT.
 */
describe.each(testDialects())("a queued 'bought' on %s", (dialect) => {
  let t: TestApp;
  let ingredientIds: number[];
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const ingredients = await t.database.db.selectFrom('ingredient').select('id').orderBy('id').execute();
    ingredientIds = ingredients.map((row) => Number(row.id));
  });
  afterAll(() => t?.close());

  async function proUser(label: string): Promise<{ jar: CookieJar; userId: string }> {
    const jar = await signIn(t, randomEmail(label));
    const userId = await userIdOf(t, jar);
    await grantEntitlement({ db: t.database.db, userId, name: 'pro' });
    return { jar, userId };
  }
  /** Sends one write as the queue does: with its key and its age when given. */
  const send = <T>(jar: CookieJar, method: string, path: string, headers: Record<string, string> = {}) => {
    const init = postJson(undefined, jar, method);
    return t.json<T & ApiErrorBody>(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...headers },
    });
  };
  const bought = (jar: CookieJar, id: number, headers: Record<string, string> = {}) =>
    send<ShoppingBought>(jar, 'POST', `/api/me/shopping-list/${id}/bought`, headers);
  const listed = async (jar: CookieJar) =>
    (await send<ShoppingBought['list']>(jar, 'GET', '/api/me/shopping-list')).body.items.map((i) => i.ingredient.id);
  const inBar = async (jar: CookieJar) =>
    (await send<ShoppingBought['bar']>(jar, 'GET', '/api/me/bar')).body.items.map((item) => item.id);
  const expectConflict = (answer: { status: number; body: ApiErrorBody }) => {
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({ code: 'WRITE_CONFLICT', message: WRITE_CONFLICT_MESSAGE });
  };

  it('runs once for its key: sent again, it answers the first answer and changes nothing', async () => {
    const { jar } = await proUser('bought-replay');
    const [id, other] = [ingredientIds[0]!, ingredientIds[1]!];
    await send(jar, 'PUT', `/api/me/shopping-list/${id}`);
    await send(jar, 'PUT', `/api/me/shopping-list/${other}`);
    const key = crypto.randomUUID();
    const first = await bought(jar, id, { 'Idempotency-Key': key, 'Barback-Write-Age': '5000' });
    expect(first.status).toBe(200);
    expect(first.body.bar.items.map((item) => item.id)).toEqual([id]);
    expect(first.body.list.items.map((item) => item.ingredient.id)).toEqual([other]);
    // Listed again meanwhile: a second run would take it off again; the replay does not run.
    await send(jar, 'PUT', `/api/me/shopping-list/${id}`);
    const again = await bought(jar, id, { 'Idempotency-Key': key, 'Barback-Write-Age': '6000' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await listed(jar)).toEqual([other, id]);
    expect(await inBar(jar)).toEqual([id]);
  });

  it('is stamped with when it was made', async () => {
    const { jar } = await proUser('bought-stamp');
    const id = ingredientIds[2]!;
    const answer = await bought(jar, id, { 'Barback-Write-Age': String(HOUR) });
    expect(answer.status).toBe(200);
    const addedAt = new Date(answer.body.bar.items[0]!.addedAt).getTime();
    expect(Math.abs(addedAt - (Date.now() - HOUR))).toBeLessThan(60_000);
  });

  it("loses, as the bottle's PUT does, to a removal made after it: the bottle stays out, the item on the list", async () => {
    const { jar, userId } = await proUser('bought-removed');
    const id = ingredientIds[3]!;
    await send(jar, 'PUT', `/api/me/shopping-list/${id}`);
    await addBarItem({ db: t.database.db, userId, ingredientId: id, now: () => new Date(Date.now() - 3 * HOUR) });
    // Another device removed the bottle two hours ago.
    expect((await send(jar, 'DELETE', `/api/me/bar/${id}`, { 'Barback-Write-Age': String(2 * HOUR) })).status).toBe(
      200,
    );
    const put = await send(jar, 'PUT', `/api/me/bar/${id}`, { 'Barback-Write-Age': String(3 * HOUR - 60_000) });
    expectConflict(put);
    expectConflict(await bought(jar, id, { 'Barback-Write-Age': String(3 * HOUR - 60_000) }));
    expect(await inBar(jar)).toEqual([]);
    expect(await listed(jar)).toEqual([id]);
    // Made after the removal, it applies.
    const newer = await bought(jar, id, { 'Barback-Write-Age': String(HOUR) });
    expect(newer.status).toBe(200);
    expect(await inBar(jar)).toEqual([id]);
    expect(await listed(jar)).toEqual([]);
  });

  it("loses, as the bottle's PUT does, to the bottle added after it; one added before it stays as it is", async () => {
    const { jar, userId } = await proUser('bought-added');
    const [late, early] = [ingredientIds[4]!, ingredientIds[5]!];
    const db = t.database.db;
    await send(jar, 'PUT', `/api/me/shopping-list/${late}`);
    await send(jar, 'PUT', `/api/me/shopping-list/${early}`);
    await addBarItem({ db, userId, ingredientId: late, now: () => new Date(Date.now() - HOUR) });
    await addBarItem({ db, userId, ingredientId: early, now: () => new Date(Date.now() - 3 * HOUR) });
    expectConflict(await send(jar, 'PUT', `/api/me/bar/${late}`, { 'Barback-Write-Age': String(2 * HOUR) }));
    expectConflict(await bought(jar, late, { 'Barback-Write-Age': String(2 * HOUR) }));
    expect(await listed(jar)).toEqual([late, early]);
    const before = (await send<ShoppingBought['bar']>(jar, 'GET', '/api/me/bar')).body.items;
    const answer = await bought(jar, early, { 'Barback-Write-Age': String(2 * HOUR) });
    expect(answer.status).toBe(200);
    expect(answer.body.bar.items).toEqual(before);
    expect(answer.body.list.items.map((item) => item.ingredient.id)).toEqual([late]);
  });

  it('without the header, applies as a live write whatever changed before', async () => {
    const { jar, userId } = await proUser('bought-live');
    const id = ingredientIds[6]!;
    await addBarItem({ db: t.database.db, userId, ingredientId: id });
    await send(jar, 'DELETE', `/api/me/bar/${id}`);
    await send(jar, 'PUT', `/api/me/shopping-list/${id}`);
    const answer = await bought(jar, id);
    expect(answer.status).toBe(200);
    expect(answer.body.bar.items.map((item) => item.id)).toEqual([id]);
    expect(answer.body.list.items).toEqual([]);
  });
});
