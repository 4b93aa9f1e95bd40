import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeenBefore } from './seen-before';

describe('SeenBefore', () => {
  it('answers false the first time a key is offered and true the next times', () => {
    const seen = new SeenBefore(64);
    expect(seen.check('/api/cocktails?q=negroni')).toBe(false);
    expect(seen.check('/api/cocktails?q=negroni')).toBe(true);
    expect(seen.check('/api/cocktails?q=negroni')).toBe(true);
    expect(seen.check('/api/cocktails?q=negron')).toBe(false);
  });

  it('forgets everything on clear', () => {
    const seen = new SeenBefore(64);
    seen.check('a');
    seen.clear();
    expect(seen.check('a')).toBe(false);
  });

  it('recognises a repeated key among few others, whatever the keys (including the empty one)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 8 }), (keys) => {
        const seen = new SeenBefore(1 << 16);
        for (const key of keys) expect(seen.check(key)).toBe(false);
        // 8 keys in 65,536 slots: a slot shared by two of them is rare enough that every key is still held.
        const held = keys.filter((key) => seen.check(key)).length;
        expect(held).toBeGreaterThanOrEqual(keys.length - 1);
      }),
    );
  });

  it('holds a bounded memory: after many other keys, an old one has most likely been overwritten', () => {
    const seen = new SeenBefore(16);
    seen.check('old');
    for (let n = 0; n < 1000; n += 1) seen.check(`new-${n}`);
    expect(seen.check('old')).toBe(false);
  });
});
