import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1200)).toBe('-1,200');
    expect(formatCount(12.9)).toBe('12');
  });

  it("prints every safe integer as toLocaleString('en-US') does", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});
