import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = Date.parse('2025-06-15T12:00:00Z');
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it('says "just now" under a minute and for times in the future', () => {
    expect(timeAgo(before(30), now)).toBe('just now');
    expect(timeAgo(before(-120), now)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(timeAgo(before(5 * 60), now)).toBe('5 minutes ago');
    expect(timeAgo(before(3 * 3600 + 59), now)).toBe('3 hours ago');
    expect(timeAgo(before(24 * 3600), now)).toBe('yesterday');
    expect(timeAgo(before(15 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(timeAgo(before(400 * 24 * 3600), now)).toBe('last year');
  });

  it('gives an empty string for a time it cannot read', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});
