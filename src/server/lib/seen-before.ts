/**
 * Remembers, approximately and in a fixed 4 bytes per slot, which keys were offered lately, so a cache can keep an
 * answer only from its second request on: the "doorkeeper" of TinyLFU (Einziger, Friedman and Manes, "TinyLFU: A Highly
 * Efficient Cache Admission Policy", ACM Transactions on Storage 13(4), 2017) and nginx's `proxy_cache_min_uses 2`.
 * Answers asked for once (a search nobody repeats) then never enter the cache, so they neither evict answers people do
 * repeat nor live long enough to be promoted to the old generation and cost a major garbage collection later.
 *
 * Each key is hashed (FNV-1a, 32 bits) into one slot of a direct-mapped table holding the hash. Two keys sharing a slot
 * overwrite each other (a key may then need a third request to be admitted); two keys with the same 32-bit hash count as
 * one (an answer admitted one request early). Neither changes what a cache answers, only what it keeps.
 */
export class SeenBefore {
  readonly #slots: Int32Array;
  readonly #mask: number;

  /**
   * @param slots table size, rounded up to a power of two (at least 16): the more distinct keys arrive between two
   *   requests of the same key, the more slots it takes to still recognise it.
   */
  constructor(slots: number) {
    let size = 16;
    while (size < slots) size *= 2;
    this.#slots = new Int32Array(size);
    this.#mask = size - 1;
  }

  /** True when `key` was offered before and is still remembered; otherwise remembers it and answers false. */
  check(key: string): boolean {
    const raw = fnv1a(key);
    const hash = raw === 0 ? 1 : raw; // an empty slot holds 0
    const slot = raw & this.#mask;
    if (this.#slots[slot] === hash) return true;
    this.#slots[slot] = hash;
    return false;
  }

  /** Forgets every key. */
  clear(): void {
    this.#slots.fill(0);
  }
}

/** 32-bit FNV-1a over the UTF-16 code units of `text` (http://www.isthe.com/chongo/tech/comp/fnv/), as a signed int. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash;
}
