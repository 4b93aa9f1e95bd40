import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../app';
import { grantEntitlement } from '../payments';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency';

/**
 * Offline writes replayed through the whole app: `Idempotency-Key` on the /api/me writes (an 'I made this' that creates a
 * row is the write replayed), the headers' validation, and both headers while the database is away.
 */

describe.each(testDialects())('offline writes replayed on %s', (dialect) => {
  let t: TestApp;
  let cocktailId: number;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    cocktailId = Number((await t.database.db.selectFrom('cocktail').select('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(() => t?.close());

  async function proUser(label: string): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    const id = await userIdOf(t, jar);
    await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
    return { jar, id };
  }
  const keyed = (init: RequestInit, headers: Record<string, string>): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...headers },
  });
  const made = (jar: CookieJar, key: string, note = 'first') =>
    t.json<{ id: number; note: string | null } & ApiErrorBody>(
      '/api/me/made',
      keyed(postJson({ cocktailId, note }, jar), { 'Idempotency-Key': key }),
    );
  const madeRows = (userId: string) =>
    t.database.db.selectFrom('made_drink').select(['id', 'note']).where('user_id', '=', userId).execute();

  it('creates one made drink for a write sent twice, and answers the second with the first answer', async () => {
    const { jar, id } = await proUser('replay');
    const key = crypto.randomUUID();
    const first = await made(jar, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The queued copy is sent again (its first answer was lost): a different body changes nothing, the key decides.
    const again = await made(jar, key, 'second');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.body).toEqual(first.body);
    expect(await madeRows(id)).toEqual([{ id: first.body.id, note: 'first' }]);
    // Without a key the same write is a new one, as before.
    expect((await t.json('/api/me/made', postJson({ cocktailId }, jar))).status).toBe(201);
    expect(await madeRows(id)).toHaveLength(2);
  });

  it('runs concurrent duplicates once', async () => {
    const { jar, id } = await proUser('concurrent');
    const key = crypto.randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => made(jar, key)));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    expect(await madeRows(id)).toHaveLength(1);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the key on another path, writing nothing', async () => {
    const { jar, id } = await proUser('reuse');
    const key = crypto.randomUUID();
    await made(jar, key);
    const other = await t.json<ApiErrorBody>(
      `/api/me/favorites/${cocktailId}`,
      keyed(postJson({}, jar, 'PUT'), { 'Idempotency-Key': key }),
    );
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(
      await t.database.db.selectFrom('user_favorites').select('cocktail_id').where('user_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('keeps two users with the same key apart', async () => {
    const alice = await proUser('alice');
    const bob = await proUser('bob');
    const key = crypto.randomUUID();
    const a = await made(alice.jar, key);
    const b = await made(bob.jar, key);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
    expect(await madeRows(alice.id)).toHaveLength(1);
    expect(await madeRows(bob.id)).toHaveLength(1);
    expect((await made(bob.jar, key)).body).toEqual(b.body);
  });

  it('never replays an answer kept more than a day ago', async () => {
    const { jar, id } = await proUser('stale');
    const key = crypto.randomUUID();
    await t.database.db
      .insertInto('idempotent_write')
      .values({
        user_id: id,
        key,
        method: 'POST',
        path: '/api/me/made',
        status: 201,
        body: '{"stale":true}',
        content_type: 'application/json',
        created_at: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 1000).toISOString(),
      })
      .execute();
    const answer = await made(jar, key);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
    expect(answer.body).not.toHaveProperty('stale');
    expect(await madeRows(id)).toHaveLength(1);
  });

  it('refuses a malformed Idempotency-Key or Barback-Write-Age with 400 VALIDATION_FAILED, writing nothing', async () => {
    const { jar, id } = await proUser('invalid');
    for (const headers of [
      { 'Idempotency-Key': '' } as Record<string, string>,
      { 'Idempotency-Key': 'x'.repeat(129) },
      { 'Idempotency-Key': 'has space' },
      { 'Barback-Write-Age': '-1' },
      { 'Barback-Write-Age': '1.5' },
      { 'Barback-Write-Age': 'soon' },
      { 'Barback-Write-Age': '' },
      { 'Barback-Write-Age': '2592000001' },
    ]) {
      const answer = await t.json<ApiErrorBody>('/api/me/made', keyed(postJson({ cocktailId }, jar), headers));
      expect(answer.status, JSON.stringify(headers)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error.message).toContain(Object.keys(headers)[0]);
    }
    expect(await madeRows(id)).toEqual([]);
    // The largest age is accepted.
    const oldest = await t.json(
      '/api/me/made',
      keyed(postJson({ cocktailId }, jar), { 'Barback-Write-Age': '2592000000' }),
    );
    expect(oldest.status).toBe(201);
  });

  it('leaves signed-out and cross-site writes to their usual answers without claiming the key', async () => {
    const key = crypto.randomUUID();
    const signedOut = await t.json<ApiErrorBody>(
      '/api/me/made',
      keyed(postJson({ cocktailId }), { 'Idempotency-Key': key }),
    );
    expect(signedOut.status).toBe(401);
    const { jar } = await proUser('cross');
    const crossSite = await t.json<ApiErrorBody>('/api/me/made', {
      method: 'POST',
      headers: {
        ...jar.headers(),
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'Idempotency-Key': key,
      },
      body: JSON.stringify({ cocktailId }),
    });
    expect(crossSite.status).toBe(403);
    expect(await t.database.db.selectFrom('idempotent_write').select('key').where('key', '=', key).execute()).toEqual(
      [],
    );
  });
});

describe.each(testDialects())('offline writes while the database is away, on %s', (dialect) => {
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
    for (const [method, path] of [
      ['POST', '/api/me/made'],
      ['PUT', '/api/me/favorites/1'],
      ['DELETE', '/api/me/ratings/1'],
      ['PUT', '/api/me/bar/1'],
    ] as const) {
      const answer = await t.json<ApiErrorBody>(path, {
        method,
        headers: {
          ...jar.headers(),
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          'Idempotency-Key': crypto.randomUUID(),
          'Barback-Write-Age': '1000',
        },
        body: JSON.stringify({ cocktailId: 1 }),
      });
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
  });
});
