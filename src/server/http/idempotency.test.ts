import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';
import { toErrorResponse } from '../errors';
import type { CurrentSession, SessionReader } from './current-session';
import {
  IDEMPOTENCY_ABANDONED_MS,
  IDEMPOTENCY_PRUNE_INTERVAL_MS,
  IDEMPOTENCY_WINDOW_MS,
  idempotentWrites,
  parseIdempotencyKey,
} from './idempotency';

/**
 * The idempotency middleware on its own, over a real database of each dialect: a tiny app whose routes count their runs,
 * a session reader that signs a request in as the user its `x-user` header names, and a clock the tests move.
 */

/** A session reader for `x-user: <id>` (no header: signed out). */
function headerSessions(): SessionReader {
  const read = async (c: Parameters<SessionReader['read']>[0]): Promise<CurrentSession | null> => {
    const id = c.req.header('x-user');
    if (!id) return null;
    const at = new Date().toISOString();
    return {
      user: {
        id,
        email: `${id}@example.com`,
        name: id,
        image: null,
        emailVerified: true,
        twoFactorEnabled: false,
        createdAt: at,
        updatedAt: at,
      },
      session: { id: `s-${id}`, expiresAt: new Date(Date.now() + 60_000) },
    };
  };
  return { read } as unknown as SessionReader;
}

describe('parseIdempotencyKey', () => {
  it('takes 1 to 128 characters of [A-Za-z0-9_-] and refuses anything else with 400 VALIDATION_FAILED', () => {
    expect(parseIdempotencyKey(undefined)).toBeNull();
    for (const key of ['a', crypto.randomUUID(), 'A_b-9', 'x'.repeat(128)]) expect(parseIdempotencyKey(key)).toBe(key);
    for (const key of ['', 'x'.repeat(129), 'a b', 'ü', 'a/b', 'a.b', '"a"', 'a\u0000']) {
      expect(() => parseIdempotencyKey(key), JSON.stringify(key)).toThrow(
        expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.stringContaining('Idempotency-Key') }),
      );
    }
  });
});

describe.each(testDialects())('idempotent writes on %s', (dialect) => {
  let database: TestDatabase;
  let app: Hono;
  let clock: number;
  const runs = new Map<string, number>();
  const run = (name: string) => {
    const count = (runs.get(name) ?? 0) + 1;
    runs.set(name, count);
    return count;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const at = new Date().toISOString();
    for (const id of ['u1', 'u2']) {
      await database.db
        .insertInto('user')
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: dialect === 'postgres' ? true : 1,
          image: null,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
    app = new Hono();
    app.use('*', idempotentWrites({ db: database.db, sessions: headerSessions(), now: () => clock }));
    app.post('/things', (c) => c.json({ run: run('things') }, 201, { 'x-route': 'ran' }));
    app.put('/things/:id', (c) => c.json({ run: run('put') }));
    app.get('/things', (c) => c.json({ run: run('get') }));
    app.post('/thrown', () => {
      run('thrown');
      throw new Error('boom');
    });
    app.post('/unavailable', (c) => c.json({ run: run('unavailable') }, 503));
    app.post('/refused', (c) => c.json({ error: { code: 'NOT_FOUND', message: `run ${run('refused')}` } }, 404));
    app.post('/bytes', (c) => {
      run('bytes');
      return c.body(new Uint8Array([0, 255, 1, 128]), 200, { 'Content-Type': 'application/octet-stream' });
    });
    app.delete('/empty', (c) => {
      run('empty');
      return c.body(null, 204);
    });
    app.onError((error, c) => {
      const { status, body } = toErrorResponse(error);
      return c.json(body, status);
    });
  });
  afterAll(() => database?.drop());
  beforeEach(() => {
    clock = Date.now();
    runs.clear();
  });

  const send = (path: string, key: string | null, user: string | null = 'u1', method = 'POST') =>
    app.request(path, {
      method,
      headers: { ...(key === null ? {} : { 'Idempotency-Key': key }), ...(user ? { 'x-user': user } : {}) },
    });
  const rowsOf = (user: string, key: string) =>
    database.db.selectFrom('idempotent_write').selectAll().where('user_id', '=', user).where('key', '=', key).execute();

  it('runs a keyed write once and answers the same key again with the first answer, marked as replayed', async () => {
    const key = crypto.randomUUID();
    const first = await send('/things', key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await first.json()).toEqual({ run: 1 });
    for (let i = 0; i < 2; i += 1) {
      const again = await send('/things', key);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect(again.headers.get('x-route')).toBeNull();
      expect(await again.json()).toEqual({ run: 1 });
    }
    expect(runs.get('things')).toBe(1);
    expect(await rowsOf('u1', key)).toMatchObject([{ method: 'POST', path: '/things', status: 201 }]);
  });

  it('leaves writes without a key, reads and signed-out requests alone', async () => {
    await send('/things', null);
    await send('/things', null);
    expect(runs.get('things')).toBe(2);
    const key = crypto.randomUUID();
    await send('/things', key, 'u1', 'GET');
    await send('/things', key, 'u1', 'GET');
    await send('/things', key, null);
    await send('/things', key, null);
    expect(runs.get('get')).toBe(2);
    expect(runs.get('things')).toBe(4);
    expect(await rowsOf('u1', key)).toEqual([]);
  });

  it('refuses a malformed key with 400 before anything runs', async () => {
    const answer = await send('/things', 'not a key!');
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    expect(runs.get('things')).toBeUndefined();
  });

  it('keeps 4xx answers, and replays a body that is not text byte for byte; an empty 204 replays empty', async () => {
    const refused = crypto.randomUUID();
    expect((await send('/refused', refused)).status).toBe(404);
    const again = await send('/refused', refused);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'run 1' } });

    const bytes = crypto.randomUUID();
    await send('/bytes', bytes);
    const replayed = await send('/bytes', bytes);
    expect(replayed.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await replayed.arrayBuffer())]).toEqual([0, 255, 1, 128]);
    expect(runs.get('bytes')).toBe(1);

    const empty = crypto.randomUUID();
    await send('/empty', empty, 'u1', 'DELETE');
    const none = await send('/empty', empty, 'u1', 'DELETE');
    expect(none.status).toBe(204);
    expect(none.headers.get('idempotent-replayed')).toBe('true');
    expect(await none.text()).toBe('');
    expect(runs.get('empty')).toBe(1);
  });

  it('keeps no 5xx answer (returned or thrown): the next try runs again', async () => {
    for (const path of ['/unavailable', '/thrown']) {
      const key = crypto.randomUUID();
      expect((await send(path, key)).status).toBeGreaterThanOrEqual(500);
      expect(await rowsOf('u1', key)).toEqual([]);
      expect((await send(path, key)).status).toBeGreaterThanOrEqual(500);
    }
    expect(runs.get('unavailable')).toBe(2);
    expect(runs.get('thrown')).toBe(2);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the key on another path or method, running nothing', async () => {
    const key = crypto.randomUUID();
    await send('/things/1', key, 'u1', 'PUT');
    for (const [path, method] of [
      ['/things/2', 'PUT'],
      ['/things/1?x=1', 'PUT'],
      ['/things', 'POST'],
    ] as const) {
      const answer = await send(path, key, 'u1', method);
      expect(answer.status, `${method} ${path}`).toBe(422);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(runs.get('put')).toBe(1);
    expect(runs.get('things')).toBeUndefined();
  });

  it('answers 409 IDEMPOTENCY_IN_PROGRESS while the first request runs; a claim left unanswered is taken over', async () => {
    const key = crypto.randomUUID();
    const at = new Date(clock - 1000).toISOString();
    await database.db
      .insertInto('idempotent_write')
      .values({ user_id: 'u1', key, method: 'POST', path: '/things', created_at: at })
      .execute();
    const busy = await send('/things', key);
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(runs.get('things')).toBeUndefined();

    clock += IDEMPOTENCY_ABANDONED_MS;
    const taken = await send('/things', key);
    expect(taken.status).toBe(201);
    expect(taken.headers.get('idempotent-replayed')).toBeNull();
    expect(runs.get('things')).toBe(1);
    expect((await send('/things', key)).headers.get('idempotent-replayed')).toBe('true');
  });

  it('runs concurrent duplicates once: the others are told it is in progress or get the first answer', async () => {
    const key = crypto.randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => send('/things', key)));
    expect(runs.get('things')).toBe(1);
    for (const answer of answers) {
      expect([201, 409]).toContain(answer.status);
      if (answer.status === 201) expect(await answer.json()).toEqual({ run: 1 });
    }
  });

  it("keeps each user's keys apart: the same key of two users runs for each", async () => {
    const key = crypto.randomUUID();
    expect(await (await send('/things', key, 'u1')).json()).toEqual({ run: 1 });
    expect(await (await send('/things', key, 'u2')).json()).toEqual({ run: 2 });
    expect(await (await send('/things', key, 'u2')).json()).toEqual({ run: 2 });
    expect(await (await send('/things', key, 'u1')).json()).toEqual({ run: 1 });
    expect(runs.get('things')).toBe(2);
  });

  it('never replays an answer older than a day, and prunes such rows at most once a minute', async () => {
    const key = crypto.randomUUID();
    await send('/things', key);
    clock += IDEMPOTENCY_WINDOW_MS;
    // A day later the key is fresh again: the write runs, and its new answer is the one kept.
    const later = await send('/things', key);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await later.json()).toEqual({ run: 2 });
    expect(await (await send('/things', key)).json()).toEqual({ run: 2 });

    const old = crypto.randomUUID();
    await database.db
      .insertInto('idempotent_write')
      .values({
        user_id: 'u2',
        key: old,
        method: 'POST',
        path: '/things',
        status: 201,
        body: '{"run":0}',
        content_type: 'application/json',
        created_at: new Date(clock - IDEMPOTENCY_WINDOW_MS - 1).toISOString(),
      })
      .execute();
    clock += IDEMPOTENCY_PRUNE_INTERVAL_MS;
    await send('/things', crypto.randomUUID());
    expect(await rowsOf('u2', old)).toEqual([]);
    expect(await rowsOf('u1', key)).toHaveLength(1);
  });
});
