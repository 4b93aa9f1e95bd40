import { deleteDB } from 'idb';
import { API_CACHE, MEDIA_CACHE } from '@/shared/offline';
import { closeOfflineDb, OFFLINE_DB_NAME, pendingWrites, writeQueueChanged } from './write-queue';

/**
 * What this device keeps for offline use, and the one way to forget it (settings' 'Offline data', and sign-out: no
 * personal byte outlives the session on the device).
 */

/** What the device keeps: counts and bytes (bytes are the browser's estimate for the whole site, null when unknown). */
export interface OfflineDataSummary {
  /** Kept API answers (recipes, lists, the catalogue's offline index...). */
  answers: number;
  /** Of those, whole recipes. */
  recipes: number;
  /** Kept photos. */
  photos: number;
  /** Writes waiting to be sent. */
  pendingWrites: number;
  /** Bytes the site uses on the device (caches, IndexedDB, the app itself), or null. */
  bytes: number | null;
  /** True when the browser has agreed not to evict the site's data under storage pressure. */
  persisted: boolean;
}

const RECIPE_PATH = /^\/api\/cocktails\/\d+$/;

/** Counts what is kept. Never throws: a store the browser refuses counts as empty. */
export async function readOfflineData(): Promise<OfflineDataSummary> {
  const keys = async (name: string) => {
    try {
      if (typeof caches === 'undefined' || !(await caches.has(name))) return [];
      return await (await caches.open(name)).keys();
    } catch {
      return [];
    }
  };
  const [answers, photos, writes, estimate, persisted] = await Promise.all([
    keys(API_CACHE),
    keys(MEDIA_CACHE),
    pendingWrites(),
    navigator.storage?.estimate?.().catch(() => null) ?? Promise.resolve(null),
    navigator.storage?.persisted?.().catch(() => false) ?? Promise.resolve(false),
  ]);
  return {
    answers: answers.length,
    recipes: answers.filter((request) => RECIPE_PATH.test(new URL(request.url).pathname)).length,
    photos: photos.length,
    pendingWrites: writes.length,
    bytes: typeof estimate?.usage === 'number' ? estimate.usage : null,
    persisted,
  };
}

/**
 * Forgets every kept answer, photo and waiting write on this device (the app itself stays installed). Never throws.
 */
export async function clearOfflineData(): Promise<void> {
  // Each store is forgotten on its own: a refusal (thrown at once, e.g. SecurityError where storage is blocked) of one
  // leaves the others to go.
  const quietly = async (forget: () => Promise<unknown>) => {
    try {
      await forget();
    } catch {
      // Nothing more can be done about a store the browser refuses.
    }
  };
  await closeOfflineDb();
  await Promise.all([
    quietly(() => (typeof caches === 'undefined' ? Promise.resolve() : caches.delete(API_CACHE))),
    quietly(() => (typeof caches === 'undefined' ? Promise.resolve() : caches.delete(MEDIA_CACHE))),
    quietly(() => (typeof indexedDB === 'undefined' ? Promise.resolve() : deleteDB(OFFLINE_DB_NAME))),
  ]);
  writeQueueChanged();
}
