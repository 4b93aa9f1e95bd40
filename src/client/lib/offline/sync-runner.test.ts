// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { deleteDB } from 'idb';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/client/test/msw-server';
import { toasterMounted, type ToastApi } from '@/client/lib/toast-events';
import { RETRY_MS, startWriteSync, syncMessages } from './sync-runner';
import { closeOfflineDb, keepWrite, OFFLINE_DB_NAME, pendingWrites, type QueuedWrite } from './write-queue';
import type { FlushOutcome } from './write-sync';

/** A kept write of user-1. */
function write(overrides: Partial<QueuedWrite> & { path: string }): QueuedWrite {
  return {
    key: crypto.randomUUID(),
    userId: 'user-1',
    method: 'PUT',
    madeAt: Date.now() - 1000,
    label: 'Save Negroni to your favorites',
    ...overrides,
  };
}

const outcome = (parts: Partial<FlushOutcome>): FlushOutcome => ({
  sent: [],
  conflicts: [],
  refused: [],
  waiting: 0,
  ...parts,
});

describe('syncMessages', () => {
  it('says nothing when nothing happened', () => {
    expect(syncMessages(outcome({ waiting: 3 }))).toEqual([]);
  });

  it('says one change was saved', () => {
    expect(syncMessages(outcome({ sent: [write({ path: '/api/me/favorites/1' })] }))).toEqual([
      { title: 'Your change made offline is saved.', variant: 'success' },
    ]);
  });

  it('says how many changes were saved, in one message', () => {
    const sent = [1, 2, 3].map((id) => write({ path: `/api/me/favorites/${id}` }));
    expect(syncMessages(outcome({ sent }))).toEqual([
      { title: 'Your 3 changes made offline are saved.', variant: 'success' },
    ]);
  });

  it('names each change dropped for a newer one and each refused one', () => {
    const messages = syncMessages(
      outcome({
        sent: [write({ path: '/api/me/favorites/1' })],
        conflicts: [
          write({ path: '/api/me/ratings/2', label: 'Rate Daiquiri 4 stars' }),
          write({ path: '/api/me/notes/3', label: 'Edit your note on Gimlet' }),
        ],
        refused: [{ write: write({ path: '/api/me/made', label: 'Log a Sazerac' }), message: 'No such cocktail.' }],
      }),
    );

    expect(messages).toEqual([
      { title: 'Your change made offline is saved.', variant: 'success' },
      {
        title: 'A newer change from another device was kept.',
        description: 'Your older change made offline was not applied: Rate Daiquiri 4 stars.',
        variant: 'default',
      },
      {
        title: 'A newer change from another device was kept.',
        description: 'Your older change made offline was not applied: Edit your note on Gimlet.',
        variant: 'default',
      },
      {
        title: 'A change made offline could not be saved.',
        description: 'Log a Sazerac: No such cocktail.',
        variant: 'error',
      },
    ]);
  });
});

describe('startWriteSync', () => {
  const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() });
  let queryClient: QueryClient;
  let stops: (() => void)[];

  beforeAll(() => {
    toasterMounted(toast as unknown as ToastApi);
  });

  beforeEach(() => {
    queryClient = new QueryClient();
    stops = [];
  });

  afterEach(async () => {
    for (const stop of stops) stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
    toast.mockClear();
    toast.success.mockClear();
    toast.error.mockClear();
    queryClient.clear();
    await closeOfflineDb();
    await deleteDB(OFFLINE_DB_NAME);
  });

  /** Starts the sync for user-1, stopped after the test. */
  function start() {
    const onPending = vi.fn();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const stop = startWriteSync({ userId: 'user-1', queryClient, onPending });
    stops.push(stop);
    return { onPending, invalidate, stop };
  }

  /** The server: records the paths it is sent and answers with `answer` (200 `{}` by default). */
  function serve(answer: (path: string) => Response = () => HttpResponse.json({})) {
    const received: string[] = [];
    server.use(
      http.all('/api/*', ({ request }) => {
        const path = new URL(request.url).pathname;
        received.push(path);
        return answer(path);
      }),
    );
    return received;
  }

  /** Lets pending IndexedDB and fetch work settle (a wait after which a send that was going to happen has). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('sends the waiting writes at start, refetches, says so and counts none left', async () => {
    await keepWrite(write({ path: '/api/me/favorites/1' }));
    await keepWrite(write({ path: '/api/me/favorites/2' }));
    const received = serve();

    const { onPending, invalidate } = start();

    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your 2 changes made offline are saved.', undefined),
    );
    expect(received).toEqual(['/api/me/favorites/1', '/api/me/favorites/2']);
    expect(invalidate).toHaveBeenCalled();
    await vi.waitFor(() => expect(onPending).toHaveBeenLastCalledWith(0));
    expect(await pendingWrites()).toEqual([]);
  });

  it('shows a conflict with what the user did', async () => {
    await keepWrite(write({ path: '/api/me/ratings/2', label: 'Rate Daiquiri 4 stars' }));
    serve(() =>
      HttpResponse.json(
        { error: { code: 'WRITE_CONFLICT', message: 'A newer change from another device was kept.' } },
        { status: 409 },
      ),
    );

    const { invalidate } = start();

    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith('A newer change from another device was kept.', {
        description: 'Your older change made offline was not applied: Rate Daiquiri 4 stars.',
      }),
    );
    expect(invalidate).toHaveBeenCalled();
    expect(await pendingWrites()).toEqual([]);
  });

  it('neither refetches nor says anything when nothing could be sent, and counts what waits', async () => {
    await keepWrite(write({ path: '/api/me/favorites/1' }));
    await keepWrite(write({ userId: 'user-2', path: '/api/me/favorites/2' }));
    const received = serve(() => new HttpResponse(null, { status: 503 }));

    const { onPending, invalidate } = start();

    await vi.waitFor(() => expect(received).toEqual(['/api/me/favorites/1']));
    await settle();
    expect(onPending).toHaveBeenLastCalledWith(1);
    expect(invalidate).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect((await pendingWrites()).filter((kept) => kept.userId === 'user-1')).toMatchObject([
      { path: '/api/me/favorites/1' },
    ]);
  });

  it("waits while the browser is offline, then sends on the window's online event", async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await keepWrite(write({ path: '/api/me/favorites/1' }));
    const received = serve();

    const { onPending, invalidate } = start();
    await vi.waitFor(() => expect(onPending).toHaveBeenCalledWith(1));
    await settle();
    expect(received).toEqual([]);

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));

    await vi.waitFor(() => expect(received).toEqual(['/api/me/favorites/1']));
    await vi.waitFor(() => expect(onPending).toHaveBeenLastCalledWith(0));
    expect(invalidate).toHaveBeenCalled();
  });

  it('counts a write kept after it started', async () => {
    serve();
    const { onPending } = start();
    await vi.waitFor(() => expect(onPending).toHaveBeenCalledWith(0));

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await keepWrite(write({ path: '/api/me/favorites/1' }));

    await vi.waitFor(() => expect(onPending).toHaveBeenLastCalledWith(1));
  });

  it('tries again every RETRY_MS while writes wait', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await keepWrite(write({ path: '/api/me/favorites/1' }));
    let up = false;
    const received = serve(() => (up ? HttpResponse.json({}) : new HttpResponse(null, { status: 503 })));

    const { onPending } = start();
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await vi.waitFor(() => expect(onPending).toHaveBeenLastCalledWith(1));

    up = true;
    vi.advanceTimersByTime(RETRY_MS);

    await vi.waitFor(() => expect(received).toHaveLength(2));
    await vi.waitFor(() => expect(onPending).toHaveBeenLastCalledWith(0));
    expect(await pendingWrites()).toEqual([]);
  });

  it('stops listening for the online event when stopped', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await keepWrite(write({ path: '/api/me/favorites/1' }));
    const received = serve();
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { onPending, stop } = start();
    await vi.waitFor(() => expect(onPending).toHaveBeenCalledWith(1));
    const listener = added.mock.calls.find(([type]) => type === 'online')?.[1];
    expect(listener).toBeTypeOf('function');

    stop();
    expect(removed).toHaveBeenCalledWith('online', listener);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await settle();

    expect(received).toEqual([]);
    expect(await pendingWrites()).toHaveLength(1);
  });
});
