// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_CACHE, MEDIA_CACHE } from '@/shared/offline';
import { clearOfflineData, readOfflineData } from './offline-data';
import { closeOfflineDb, keepWrite, OFFLINE_DB_NAME, pendingWrites, subscribeWriteQueue } from './write-queue';

/** Keeps a write of user-1 to `path`. */
const keep = (path: string, userId = 'user-1') =>
  keepWrite({
    key: crypto.randomUUID(),
    userId,
    method: 'PUT',
    path,
    madeAt: Date.now(),
    label: 'Save Negroni to your favorites',
  });

/** A minimal CacheStorage holding `contents` (cache name to kept URLs), recording what is deleted. */
function fakeCaches(contents: Record<string, string[]>) {
  const held = new Map(Object.entries(contents));
  const storage = {
    has: vi.fn(async (name: string) => held.has(name)),
    open: vi.fn(async (name: string) => ({
      keys: async () => (held.get(name) ?? []).map((url) => new Request(new URL(url, location.href))),
    })),
    delete: vi.fn(async (name: string) => held.delete(name)),
  };
  vi.stubGlobal('caches', storage);
  return storage;
}

const databaseNames = async () => (await indexedDB.databases()).map((database) => database.name);

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await closeOfflineDb();
  await deleteDB(OFFLINE_DB_NAME);
});

describe('readOfflineData', () => {
  it('counts the waiting writes, and no answers or photos where the browser has no Cache Storage', async () => {
    expect(typeof caches).toBe('undefined');
    await keep('/api/me/favorites/1');
    await keep('/api/me/favorites/2', 'user-2');
    await keep('/api/me/ratings/3');

    expect(await readOfflineData()).toEqual({
      answers: 0,
      recipes: 0,
      photos: 0,
      pendingWrites: 3,
      bytes: null,
      persisted: false,
    });
  });

  it('counts the kept answers, the whole recipes among them, and the photos', async () => {
    fakeCaches({
      [API_CACHE]: [
        '/api/cocktails/12',
        '/api/cocktails/7',
        '/api/cocktails/7/similar',
        '/api/cocktails?q=gin',
        '/api/cocktails/offline-index',
        '/api/me/favorites',
      ],
      [MEDIA_CACHE]: ['/media/a.jpg', '/media/b.jpg'],
    });

    expect(await readOfflineData()).toMatchObject({ answers: 6, recipes: 2, photos: 2, pendingWrites: 0 });
  });

  it('counts a cache the browser does not have, or refuses to open, as empty', async () => {
    const storage = fakeCaches({ [MEDIA_CACHE]: ['/media/a.jpg'] });
    storage.open.mockRejectedValue(new DOMException('Refused.', 'SecurityError'));

    expect(await readOfflineData()).toMatchObject({ answers: 0, recipes: 0, photos: 0 });
  });

  it("reports the browser's storage estimate and persistence", async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      storage: { estimate: async () => ({ usage: 123_456, quota: 1e9 }), persisted: async () => true },
    });

    expect(await readOfflineData()).toMatchObject({ bytes: 123_456, persisted: true });
  });
});

describe('clearOfflineData', () => {
  it('forgets every waiting write and deletes the database', async () => {
    await keep('/api/me/favorites/1');
    await keep('/api/me/favorites/2', 'user-2');
    expect(await databaseNames()).toContain(OFFLINE_DB_NAME);
    const listener = vi.fn();
    const stop = subscribeWriteQueue(listener);

    await clearOfflineData();
    stop();

    expect(await databaseNames()).not.toContain(OFFLINE_DB_NAME);
    expect(listener).toHaveBeenCalled();
    expect(await pendingWrites()).toEqual([]);
    expect((await readOfflineData()).pendingWrites).toBe(0);
  });

  it('deletes the kept answers and photos', async () => {
    const storage = fakeCaches({ [API_CACHE]: ['/api/cocktails/12'], [MEDIA_CACHE]: ['/media/a.jpg'] });

    await clearOfflineData();

    expect(storage.delete).toHaveBeenCalledWith(API_CACHE);
    expect(storage.delete).toHaveBeenCalledWith(MEDIA_CACHE);
    expect(await readOfflineData()).toMatchObject({ answers: 0, photos: 0 });
  });

  it("is not held up by this page's open database when another tab deletes it", async () => {
    await keep('/api/me/favorites/1');
    let blocked = false;

    // Another tab's sign-out: the deletion this page's connection must give way to.
    await deleteDB(OFFLINE_DB_NAME, {
      blocked() {
        blocked = true;
      },
    });

    expect(blocked).toBe(false);
    expect(await databaseNames()).not.toContain(OFFLINE_DB_NAME);
    expect(await pendingWrites()).toEqual([]);
  });

  it('never throws, whatever the browser refuses', async () => {
    await keep('/api/me/favorites/1');
    const storage = fakeCaches({});
    storage.delete.mockRejectedValue(new DOMException('Refused.', 'SecurityError'));
    vi.spyOn(indexedDB, 'deleteDatabase').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });

    await expect(clearOfflineData()).resolves.toBeUndefined();
  });
});
