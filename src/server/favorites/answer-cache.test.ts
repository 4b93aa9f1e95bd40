import { describe, expect, it } from 'vitest';
import { FavoritesAnswerCache } from './answer-cache';

/** A body of `bytes` bytes. */
const bodyOf = (bytes: number) => new Uint8Array(bytes);

describe('FavoritesAnswerCache', () => {
  it('answers a kept body under its ETag and nothing under another', () => {
    const cache = new FavoritesAnswerCache(10_000);
    const body = new TextEncoder().encode('{"ids":[]}');
    cache.set('W/"a"', body);
    expect(cache.get('W/"a"')).toBe(body);
    expect(cache.get('W/"b"')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('evicts the least recently read bodies once their bytes pass the bound', () => {
    // Each entry counts its body plus 200 bytes: three of 300 + 200 fit in 1,600 bytes, a fourth does not.
    const cache = new FavoritesAnswerCache(1_600);
    cache.set('a', bodyOf(300));
    cache.set('b', bodyOf(300));
    cache.set('c', bodyOf(300));
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeDefined(); // a is now the most recent; b the oldest
    cache.set('d', bodyOf(300));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    // One large body pushes out as many as it needs.
    cache.set('e', bodyOf(1_000));
    expect(cache.size).toBe(1);
    expect(cache.get('e')).toBeDefined();
  });

  it('does not keep a body larger than the whole bound, and keeps what it held', () => {
    const cache = new FavoritesAnswerCache(1_000);
    cache.set('small', bodyOf(100));
    cache.set('huge', bodyOf(1_000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBeDefined();
  });

  it('refuses a bound below one byte', () => {
    expect(() => new FavoritesAnswerCache(0)).toThrow(RangeError);
  });
});
