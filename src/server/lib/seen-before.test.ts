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

  it('recognises any key (the empty one included) asked for again right away, after any others', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 20 }), (keys) => {
        const seen = new SeenBefore(1 << 16);
        // A first sighting is false unless an earlier key had the very same 32-bit hash (about 1 in 10^8 here).
        for (const key of keys) expect([seen.check(key), seen.check(key)], JSON.stringify(key)).toEqual([false, true]);
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
