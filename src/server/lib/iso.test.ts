import { describe, expect, it } from 'vitest';
import { iso } from './iso';

describe('iso', () => {
  it('answers what toISOString gives for a Date, canonical text, and the other forms SQLite may hold', () => {
    const at = new Date('2026-12-08T03:04:05.678Z');
    expect(iso(at)).toBe('2026-12-08T03:04:05.678Z');
    expect(iso('2026-12-08T03:04:05.678Z')).toBe('2026-12-08T03:04:05.678Z');
    expect(iso('2026-12-08 03:04:05')).toBe(new Date('2026-12-08 03:04:05').toISOString());
    expect(iso('2026-12-08T04:04:05.678+01:00')).toBe('2026-12-08T03:04:05.678Z');
  });

  it('throws for a time that is not one', () => {
    expect(() => iso('not a time')).toThrow(RangeError);
  });
});
