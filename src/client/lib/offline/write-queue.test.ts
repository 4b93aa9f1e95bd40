// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/client/lib/api-client';
import { server } from '@/client/test/msw-server';
import {
  closeOfflineDb,
  keepWrite,
  OFFLINE_DB_NAME,
  pendingWrites,
  sendWrite,
  subscribeWriteQueue,
  wasKept,
  type QueuedWrite,
} from './write-queue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the server received of one request. */
interface Received {
  method: string;
  path: string;
  key: string | null;
  contentType: string | null;
  body: string;
}

/** Answers `method path` with `answer` and records what arrived. */
function serve(method: 'put' | 'post' | 'delete', path: string, answer: () => Response) {
  const received: Received[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      received.push({
        method: request.method,
        path: new URL(request.url).pathname,
        key: request.headers.get('Idempotency-Key'),
        contentType: request.headers.get('Content-Type'),
        body: await request.text(),
      });
      return answer();
    }),
  );
  return received;
}

const rating = {
  userId: 'user-1',
  method: 'PUT' as const,
  path: '/api/me/ratings/12',
  body: { stars: 4 },
  label: 'Rate Negroni 4 stars',
};

/** A write as keepWrite takes it. */
function write(overrides: Partial<QueuedWrite>): Omit<QueuedWrite, 'seq'> {
  return {
    key: crypto.randomUUID(),
    userId: 'user-1',
    method: 'PUT',
    path: '/api/me/favorites/1',
    madeAt: Date.now(),
    label: 'Save Negroni to your favorites',
    ...overrides,
  };
}

afterEach(async () => {
  vi.restoreAllMocks();
  await closeOfflineDb();
  await deleteDB(OFFLINE_DB_NAME);
});

describe('sendWrite', () => {
  it("sends the write once with an Idempotency-Key and returns the server's answer", async () => {
    const received = serve('put', '/api/me/ratings/12', () => HttpResponse.json({ cocktailId: 12, stars: 4 }));

    const answer = await sendWrite(rating, null, () => ({ cocktailId: 12, stars: 0 }));

    expect(answer).toEqual({ cocktailId: 12, stars: 4 });
    expect(wasKept(answer)).toBe(false);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'PUT', contentType: 'application/json', body: '{"stars":4}' });
    expect(received[0]!.key).toMatch(UUID);
    expect(await pendingWrites()).toEqual([]);
  });

  it('uses a new key for every write', async () => {
    const received = serve('put', '/api/me/ratings/12', () => HttpResponse.json({ cocktailId: 12, stars: 4 }));

    await sendWrite(rating, null, () => ({ cocktailId: 12, stars: 4 }));
    await sendWrite(rating, null, () => ({ cocktailId: 12, stars: 4 }));

    expect(received).toHaveLength(2);
    expect(received[0]!.key).not.toBe(received[1]!.key);
  });

  it('keeps the write, with the key the lost attempt sent, when no answer comes', async () => {
    const received = serve('put', '/api/me/ratings/12', () => HttpResponse.error());
    const before = Date.now();

    const answer = await sendWrite(rating, null, () => ({ cocktailId: 12, stars: 4 }));

    expect(answer).toEqual({ cocktailId: 12, stars: 4 });
    expect(wasKept(answer)).toBe(true);
    expect(received).toHaveLength(1);
    const kept = await pendingWrites();
    expect(kept).toEqual([
      {
        seq: expect.any(Number) as number,
        key: received[0]!.key,
        userId: 'user-1',
        method: 'PUT',
        path: '/api/me/ratings/12',
        body: '{"stars":4}',
        madeAt: expect.any(Number) as number,
        label: 'Rate Negroni 4 stars',
      },
    ]);
    expect(kept[0]!.key).toMatch(UUID);
    expect(kept[0]!.madeAt).toBeGreaterThanOrEqual(before);
    expect(kept[0]!.madeAt).toBeLessThanOrEqual(Date.now());
  });

  it('keeps a write without a body with no body', async () => {
    serve('delete', '/api/me/favorites/12', () => HttpResponse.error());

    await sendWrite(
      { userId: 'user-1', method: 'DELETE', path: '/api/me/favorites/12', label: 'Remove Negroni from your favorites' },
      null,
      () => ({ cocktailId: 12, favorite: false }),
    );

    const [kept] = await pendingWrites();
    expect(kept).toMatchObject({ method: 'DELETE', path: '/api/me/favorites/12' });
    expect(kept!.body).toBeUndefined();
  });

  it('fetches nothing and keeps the write when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const received = serve('put', '/api/me/ratings/12', () => HttpResponse.json({ cocktailId: 12, stars: 4 }));

    const answer = await sendWrite(rating, null, () => ({ cocktailId: 12, stars: 4 }));

    expect(wasKept(answer)).toBe(true);
    expect(received).toEqual([]);
    expect(await pendingWrites()).toMatchObject([
      { userId: 'user-1', method: 'PUT', path: '/api/me/ratings/12', body: '{"stars":4}', label: rating.label },
    ]);
  });

  it("throws the server's refusal and keeps nothing", async () => {
    serve('put', '/api/me/ratings/12', () =>
      HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'No such cocktail.' } }, { status: 404 }),
    );

    const sending = sendWrite(rating, null, () => ({ cocktailId: 12, stars: 4 }));

    await expect(sending).rejects.toBeInstanceOf(ApiError);
    await expect(sending).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such cocktail.' });
    expect(await pendingWrites()).toEqual([]);
  });

  it('throws NETWORK_ERROR when offline and IndexedDB cannot keep the write', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const keepAnswer = vi.fn(() => ({ cocktailId: 12, stars: 4 }));

    await expect(sendWrite(rating, null, keepAnswer)).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      code: 'NETWORK_ERROR',
    });
    expect(keepAnswer).not.toHaveBeenCalled();
    expect(await pendingWrites()).toEqual([]);
  });
});

describe('wasKept', () => {
  it('is false for anything sendWrite did not make', () => {
    expect(wasKept({ cocktailId: 12, stars: 4 })).toBe(false);
    expect(wasKept(null)).toBe(false);
    expect(wasKept('kept')).toBe(false);
  });
});

describe('keepWrite', () => {
  it("replaces the same user's earlier PUT of a path with a later DELETE of it", async () => {
    await keepWrite(write({ method: 'PUT', path: '/api/me/favorites/1', key: 'put-key' }));
    await keepWrite(write({ method: 'DELETE', path: '/api/me/favorites/1', key: 'delete-key' }));

    expect(await pendingWrites()).toMatchObject([{ method: 'DELETE', path: '/api/me/favorites/1', key: 'delete-key' }]);
    expect(await pendingWrites()).toHaveLength(1);
  });

  it('keeps the last of several PUTs of one path, with its own time', async () => {
    await keepWrite(write({ path: '/api/me/ratings/2', body: '{"stars":3}', madeAt: 1000 }));
    await keepWrite(write({ path: '/api/me/ratings/2', body: '{"stars":4}', madeAt: 2000 }));
    await keepWrite(write({ path: '/api/me/ratings/2', body: '{"stars":5}', madeAt: 3000 }));

    expect(await pendingWrites()).toMatchObject([{ path: '/api/me/ratings/2', body: '{"stars":5}', madeAt: 3000 }]);
    expect(await pendingWrites()).toHaveLength(1);
  });

  it('keeps every POST, in order', async () => {
    await keepWrite(write({ method: 'POST', path: '/api/me/made', body: '{"cocktailId":1}', key: 'a' }));
    await keepWrite(write({ method: 'POST', path: '/api/me/made', body: '{"cocktailId":1}', key: 'b' }));
    await keepWrite(write({ method: 'POST', path: '/api/me/made', body: '{"cocktailId":2}', key: 'c' }));

    expect((await pendingWrites()).map((kept) => kept.key)).toEqual(['a', 'b', 'c']);
  });

  it("does not replace another user's write of the same path, nor a write of another path", async () => {
    await keepWrite(write({ userId: 'user-1', path: '/api/me/favorites/1', key: 'one' }));
    await keepWrite(write({ userId: 'user-2', path: '/api/me/favorites/1', key: 'two' }));
    await keepWrite(write({ userId: 'user-1', path: '/api/me/favorites/2', key: 'three' }));

    expect((await pendingWrites()).map((kept) => [kept.userId, kept.key])).toEqual([
      ['user-1', 'one'],
      ['user-2', 'two'],
      ['user-1', 'three'],
    ]);
  });

  it('does not let a PUT replace a POST of the same path', async () => {
    await keepWrite(write({ method: 'POST', path: '/api/me/bar', key: 'post' }));
    await keepWrite(write({ method: 'PUT', path: '/api/me/bar', key: 'put' }));

    expect((await pendingWrites()).map((kept) => kept.key)).toEqual(['post', 'put']);
  });
});

describe('subscribeWriteQueue', () => {
  it('calls its listeners when a write is kept, until they stop', async () => {
    const listener = vi.fn();
    const stop = subscribeWriteQueue(listener);

    await keepWrite(write({}));
    expect(listener).toHaveBeenCalledOnce();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await sendWrite(rating, null, () => ({ cocktailId: 12, stars: 4 }));
    expect(listener).toHaveBeenCalledTimes(2);

    stop();
    await keepWrite(write({ path: '/api/me/favorites/9' }));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
