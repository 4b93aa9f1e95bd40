import { LRUCache } from 'lru-cache';

/**
 * A least-recently-used cache bounded by entry count and by total size (in whatever unit `sizeOf` returns, e.g. bytes),
 * over the `lru-cache` library (constant-time reads: a hit relinks the entry in typed-array lists instead of deleting and
 * re-inserting it in a Map, which cost about 30 µs a search when a page read 50 list items). Reads refresh an entry's
 * recency; inserting past either bound evicts the oldest entries. Not shared between processes: it only ever holds copies
 * of data that lives elsewhere.
 */
export class LruCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly #cache: LRUCache<K, V>;

  /**
   * @param maxEntries most entries kept (>= 1).
   * @param maxSize largest total of `sizeOf` over the entries; an entry larger than this on its own is not stored.
   * @param sizeOf size of one value; defaults to 1 per entry (rounded up to a whole number, at least 1).
   * @throws RangeError when `maxEntries` is below 1.
   */
  constructor(maxEntries: number, maxSize = Number.POSITIVE_INFINITY, sizeOf: (value: V) => number = () => 1) {
    if (!(maxEntries >= 1)) throw new RangeError('maxEntries must be at least 1');
    const bounded = Number.isFinite(maxSize);
    this.#cache = new LRUCache<K, V>({
      max: Math.floor(maxEntries),
      ...(bounded
        ? {
            maxSize: Math.max(1, Math.floor(maxSize)),
            sizeCalculation: (value: V) => Math.max(1, Math.ceil(sizeOf(value))),
          }
        : {}),
    });
  }

  /** Number of entries held. */
  get size(): number {
    return this.#cache.size;
  }

  /** The value under `key` (refreshing its recency), or undefined. */
  get(key: K): V | undefined {
    return this.#cache.get(key);
  }

  /** Stores `value` under `key`, evicting the least recently used entries beyond the bounds. */
  set(key: K, value: V): void {
    this.#cache.set(key, value);
  }

  /** Removes `key`; true when it was present. */
  delete(key: K): boolean {
    return this.#cache.delete(key);
  }

  /** Removes every entry. */
  clear(): void {
    this.#cache.clear();
  }
}
