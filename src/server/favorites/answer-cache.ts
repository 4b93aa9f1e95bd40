import { LruCache } from '../lib/lru-cache';

/**
 * Most bytes of favorites answers one process keeps (16 MB). A page answer is every id of the list (about 7 bytes each)
 * plus 50 cards (about 1 kB each), so some 50-60 kB for a typical list: about 300 answers, enough for the users reading
 * their favorites in the last minutes, while staying an eighth of the card memory the catalogue keeps
 * (SUMMARY_CACHE_BYTES). A miss costs little more than before the cache: the cards come from that card memory.
 */
export const FAVORITES_ANSWER_CACHE_BYTES = 16 * 1024 * 1024;

/** Bytes counted per entry beyond its body: the ETag key and the LRU's bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The UTF-8 bodies of `GET /api/me/favorites` answers, keyed by their ETag, in process memory (a least-recently-used
 * cache bounded by bytes), so a repeat GET with nothing changed since sends the kept bytes without loading a card.
 *
 * Its correctness rests on the ETag alone: the tag digests everything the body is built from (the user, the page, the
 * user's ids in order, the catalogue version), so equal tags mean equal bodies, and a write or a catalogue change makes a
 * new tag that misses. Entries are never invalidated; a superseded answer simply ages out. Not shared between processes.
 */
export class FavoritesAnswerCache {
  readonly #cache: LruCache<string, Uint8Array<ArrayBuffer>>;

  /**
   * @param maxBytes most bytes kept, bodies plus a fixed overhead each (default {@link FAVORITES_ANSWER_CACHE_BYTES}); a
   *   body larger than this on its own is not kept.
   * @throws RangeError when `maxBytes` is below 1.
   */
  constructor(maxBytes = FAVORITES_ANSWER_CACHE_BYTES) {
    if (!(maxBytes >= 1)) throw new RangeError('maxBytes must be at least 1');
    // The entry bound never binds before the byte bound: every entry counts at least the overhead.
    const maxEntries = Math.max(1, Math.ceil(maxBytes / ENTRY_OVERHEAD_BYTES));
    this.#cache = new LruCache(maxEntries, maxBytes, (body) => body.byteLength + ENTRY_OVERHEAD_BYTES);
  }

  /** Number of answers held. */
  get size(): number {
    return this.#cache.size;
  }

  /** The body kept under `etag` (refreshing its recency), or undefined. */
  get(etag: string): Uint8Array<ArrayBuffer> | undefined {
    return this.#cache.get(etag);
  }

  /** Keeps `body` (JSON text as UTF-8) under `etag`, evicting the least recently used answers beyond the byte bound. */
  set(etag: string, body: Uint8Array<ArrayBuffer>): void {
    this.#cache.set(etag, body);
  }
}
