// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEBUG_SESSION_KEY, resolveDebugMode } from './debug-mode';

beforeEach(() => sessionStorage.clear());

describe('resolveDebugMode', () => {
  it('is off by default', () => {
    expect(resolveDebugMode('')).toBe(false);
  });

  it('turns on with ?debug=1 and stays on for the tab session', () => {
    expect(resolveDebugMode('?debug=1')).toBe(true);
    expect(sessionStorage.getItem(DEBUG_SESSION_KEY)).toBe('1');
    expect(resolveDebugMode('?q=gin')).toBe(true);
  });

  it('only the exact value 1 turns it on; ?debug=0 turns it off again', () => {
    expect(resolveDebugMode('?debug=true')).toBe(false);
    resolveDebugMode('?debug=1');
    expect(resolveDebugMode('?debug=0')).toBe(false);
    expect(resolveDebugMode('')).toBe(false);
  });
});
