import { describe, expect, it } from 'vitest';
import { formatMinutes } from './recipe-text';

describe('formatMinutes', () => {
  it('shows minutes', () => {
    expect(formatMinutes(5)).toBe('5 min');
  });
});
