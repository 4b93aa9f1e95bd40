import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('evicts the least recently used entry past the entry bound', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('evicts by total size and refuses a single entry larger than the bound', () => {
    const cache = new LruCache<string, string>(100, 10, (value) => value.length);
    cache.set('a', '123456');
    cache.set('b', '1234');
    cache.set('c', '12');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('1234');
    cache.set('huge', '12345678901');
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('c')).toBe('12');
  });

  it('replaces, deletes and clears', () => {
    const cache = new LruCache<string, number>(3);
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.get('a')).toBe(2);
    expect(cache.size).toBe(1);
    expect(cache.delete('a')).toBe(true);
    expect(cache.delete('a')).toBe(false);
    cache.set('b', 1);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
