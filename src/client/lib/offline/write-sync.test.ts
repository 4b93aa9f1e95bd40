// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/client/test/msw-server';
import { clearOfflineData } from './offline-data';
import {
  closeOfflineDb,
  keepWrite,
  OFFLINE_DB_NAME,
  pendingWrites,
  subscribeWriteQueue,
  type QueuedWrite,
} from './write-queue';
import { flushWrites } from './write-sync';

const NOW = new Date('2026-05-01T12:00:00.000Z').getTime();
const DAY = 24 * 60 * 60 * 1000;

/** What the server received of one request. */
interface Received {
  method: string;
  path: string;
  key: string | null;
  age: string | null;
  contentType: string | null;
  body: string;
}

/**
 * The server: records every request and answers with `answer` (the default: 200 `{}`); `answer` may return
 * HttpResponse.error() for a request that never got an answer.
 */
function serve(answer: (received: Received) => Response = () => HttpResponse.json({})) {
  const received: Received[] = [];
  server.use(
    http.all('/api/*', async ({ request }) => {
      const one = {
        method: request.method,
        path: new URL(request.url).pathname,
        key: request.headers.get('Idempotency-Key'),
        age: request.headers.get('Barback-Write-Age'),
        contentType: request.headers.get('Content-Type'),
        body: await request.text(),
      };
      received.push(one);
      return answer(one);
    }),
  );
  return received;
}

const errorAnswer = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

/** Keeps a write of user-1 made `ago` ms before NOW. */
async function keep(overrides: Partial<QueuedWrite> & { path: string }, ago = 1000): Promise<QueuedWrite> {
  const write = {
    key: crypto.randomUUID(),
    userId: 'user-1',
    method: 'PUT' as const,
    madeAt: NOW - ago,
    label: `Change ${overrides.path}`,
    ...overrides,
  };
  await keepWrite(write);
  return write;
}

const paths = (writes: { path: string }[]) => writes.map((write) => write.path);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterEach(async () => {
  vi.useRealTimers();
  await closeOfflineDb();
  await deleteDB(OFFLINE_DB_NAME);
});

describe('flushWrites', () => {
  it('sends the kept writes oldest first, each with its key, age and body, and forgets them', async () => {
    const favorite = await keep({ path: '/api/me/favorites/1' }, 60_000);
    const rating = await keep({ path: '/api/me/ratings/2', body: '{"stars":4}' }, 30_000);
    const made = await keep({ method: 'POST', path: '/api/me/made', body: '{"cocktailId":3}' }, 1000);
    const received = serve();

    const outcome = await flushWrites('user-1');

    expect(received).toEqual([
      { method: 'PUT', path: '/api/me/favorites/1', key: favorite.key, age: '60000', contentType: null, body: '' },
      {
        method: 'PUT',
        path: '/api/me/ratings/2',
        key: rating.key,
        age: '30000',
        contentType: 'application/json',
        body: '{"stars":4}',
      },
      {
        method: 'POST',
        path: '/api/me/made',
        key: made.key,
        age: '1000',
        contentType: 'application/json',
        body: '{"cocktailId":3}',
      },
    ]);
    expect(outcome).toEqual({
      sent: [
        { ...favorite, seq: expect.any(Number) as number },
        { ...rating, seq: expect.any(Number) as number },
        { ...made, seq: expect.any(Number) as number },
      ],
      conflicts: [],
      refused: [],
      waiting: 0,
    });
    expect(await pendingWrites()).toEqual([]);
  });

  it('answers an empty outcome when nothing waits', async () => {
    const received = serve();

    expect(await flushWrites('user-1')).toEqual({ sent: [], conflicts: [], refused: [], waiting: 0 });
    expect(received).toEqual([]);
  });

  it('drops a write another device overtook, and a write the server refuses, with its message', async () => {
    await keep({ path: '/api/me/ratings/1', label: 'Rate Negroni 4 stars' });
    await keep({ path: '/api/me/ratings/2', label: 'Rate Daiquiri 9 stars' });
    await keep({ path: '/api/me/favorites/3', label: 'Save Gimlet to your favorites' });
    await keep({ path: '/api/me/favorites/4', label: 'Save Sazerac to your favorites' });
    serve(({ path }) => {
      if (path === '/api/me/ratings/1') {
        return errorAnswer(409, 'WRITE_CONFLICT', 'A newer change from another device was kept.');
      }
      if (path === '/api/me/ratings/2') return errorAnswer(422, 'VALIDATION_FAILED', 'Stars go from 1 to 5.');
      if (path === '/api/me/favorites/3') return errorAnswer(404, 'NOT_FOUND', 'No such cocktail.');
      return HttpResponse.json({ cocktailId: 4, favorite: true });
    });

    const outcome = await flushWrites('user-1');

    expect(paths(outcome.conflicts)).toEqual(['/api/me/ratings/1']);
    expect(outcome.conflicts[0]!.label).toBe('Rate Negroni 4 stars');
    expect(outcome.refused.map(({ write, message }) => [write.path, message])).toEqual([
      ['/api/me/ratings/2', 'Stars go from 1 to 5.'],
      ['/api/me/favorites/3', 'No such cocktail.'],
    ]);
    expect(paths(outcome.sent)).toEqual(['/api/me/favorites/4']);
    expect(outcome.waiting).toBe(0);
    expect(await pendingWrites()).toEqual([]);
  });

  it('refuses with the status when the answer has no error body', async () => {
    await keep({ path: '/api/me/ratings/1' });
    serve(() => new HttpResponse('Bad request', { status: 400 }));

    const outcome = await flushWrites('user-1');

    expect(outcome.refused.map(({ message }) => message)).toEqual(['The server answered 400.']);
    expect(await pendingWrites()).toEqual([]);
  });

  it.each([
    ['a server fault', () => errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Try again later.')],
    ['no answer', () => HttpResponse.error()],
    ['a signed-out session', () => errorAnswer(401, 'UNAUTHORIZED', 'Sign in again.')],
    ['a duplicate still running', () => errorAnswer(409, 'IDEMPOTENCY_IN_PROGRESS', 'Still running.')],
    ['throttling', () => errorAnswer(429, 'RATE_LIMITED', 'Slow down.')],
  ])('keeps a write and every later one, unsent, after %s', async (_, failure) => {
    const first = await keep({ path: '/api/me/favorites/1' }, 3000);
    const second = await keep({ path: '/api/me/ratings/2', body: '{"stars":4}' }, 2000);
    const third = await keep({ method: 'POST', path: '/api/me/made', body: '{"cocktailId":3}' }, 1000);
    const received = serve(({ path }) => (path === '/api/me/ratings/2' ? failure() : HttpResponse.json({})));

    const outcome = await flushWrites('user-1');

    expect(paths(received)).toEqual(['/api/me/favorites/1', '/api/me/ratings/2']);
    expect(paths(outcome.sent)).toEqual(['/api/me/favorites/1']);
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.refused).toEqual([]);
    expect(outcome.waiting).toBe(2);
    expect((await pendingWrites()).map((kept) => kept.key)).toEqual([second.key, third.key]);
    expect(first.key).not.toBe(second.key);

    // The next pass sends them, in order, with the keys they were kept with.
    server.resetHandlers();
    const again = serve();
    const next = await flushWrites('user-1');
    expect(again.map((one) => [one.path, one.key])).toEqual([
      ['/api/me/ratings/2', second.key],
      ['/api/me/made', third.key],
    ]);
    expect(paths(next.sent)).toEqual(['/api/me/ratings/2', '/api/me/made']);
    expect(await pendingWrites()).toEqual([]);
  });

  it("drops another user's writes unsent and counts only this user's as waiting", async () => {
    await keep({ userId: 'user-2', path: '/api/me/favorites/1' });
    const own = await keep({ path: '/api/me/favorites/2' });
    await keep({ userId: 'user-2', path: '/api/me/ratings/3', body: '{"stars":5}' });
    const received = serve();

    const outcome = await flushWrites('user-1');

    expect(received.map((one) => one.key)).toEqual([own.key]);
    expect(paths(outcome.sent)).toEqual(['/api/me/favorites/2']);
    expect(await pendingWrites()).toEqual([]);
  });

  it('counts only the waiting writes of this user', async () => {
    await keep({ path: '/api/me/favorites/1' });
    await keep({ userId: 'user-2', path: '/api/me/favorites/2' });
    await keep({ path: '/api/me/favorites/3' });
    serve(() => HttpResponse.error());

    expect((await flushWrites('user-1')).waiting).toBe(2);
  });

  it('sends a write older than 30 days as 30 days old, and one from a clock set back as 0 ms old', async () => {
    await keep({ path: '/api/me/favorites/1' }, 45 * DAY);
    await keep({ path: '/api/me/favorites/2' }, -5000);
    const received = serve();

    await flushWrites('user-1');

    expect(received.map((one) => one.age)).toEqual(['2592000000', '0']);
  });

  it('tells the queue listeners that the queue changed', async () => {
    await keep({ path: '/api/me/favorites/1' });
    serve();
    const listener = vi.fn();
    const stop = subscribeWriteQueue(listener);

    await flushWrites('user-1');
    stop();

    expect(listener).toHaveBeenCalled();
  });

  it('does not throw when the offline data is cleared while a write is on its way', async () => {
    await keep({ path: '/api/me/favorites/1' });
    await keep({ path: '/api/me/favorites/2' });
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const arrived: string[] = [];
    server.use(
      http.all('/api/*', async ({ request }) => {
        arrived.push(new URL(request.url).pathname);
        await answered;
        return HttpResponse.json({});
      }),
    );

    const flushing = flushWrites('user-1');
    await vi.waitFor(() => expect(arrived).toEqual(['/api/me/favorites/1']));
    await clearOfflineData();
    answer();

    const outcome = await flushing;
    expect(paths(outcome.sent)).toEqual(['/api/me/favorites/1']);
    expect(arrived).toEqual(['/api/me/favorites/1']);
    expect(await pendingWrites()).toEqual([]);
  });
});
