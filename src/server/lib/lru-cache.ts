/**
 * A small least-recently-used cache bounded by entry count and by total size (in whatever unit `sizeOf` returns, e.g. bytes).
 * Reads refresh an entry's recency; inserting past either bound evicts the oldest entries. Not shared between processes:
 * it only ever holds copies of data that lives elsewhere.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, { value: V; size: number }>();
  #totalSize = 0;

  /**
   * @param maxEntries most entries kept (>= 1).
   * @param maxSize largest total of `sizeOf` over the entries; an entry larger than this on its own is not stored.
   * @param sizeOf size of one value; defaults to 1 per entry.
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxSize = Number.POSITIVE_INFINITY,
    private readonly sizeOf: (value: V) => number = () => 1,
  ) {
    if (!(maxEntries >= 1)) throw new RangeError('maxEntries must be at least 1');
  }

  /** Number of entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value under `key` (refreshing its recency), or undefined. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` under `key`, evicting the least recently used entries beyond the bounds. */
  set(key: K, value: V): void {
    const size = this.sizeOf(value);
    this.delete(key);
    if (size > this.maxSize) return;
    this.#entries.set(key, { value, size });
    this.#totalSize += size;
    for (const [oldestKey] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#totalSize <= this.maxSize) break;
      this.delete(oldestKey);
    }
  }

  /** Removes `key`; true when it was present. */
  delete(key: K): boolean {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#entries.delete(key);
    this.#totalSize -= entry.size;
    return true;
  }

  /** Removes every entry. */
  clear(): void {
    this.#entries.clear();
    this.#totalSize = 0;
  }
}
