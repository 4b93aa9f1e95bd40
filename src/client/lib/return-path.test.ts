// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberReturnPath, RETURN_PATH_KEY, RETURN_PATH_TTL_MS, takeReturnPath } from './return-path';

describe('the page to open after sign-in', () => {
  beforeEach(() => localStorage.clear());

  it('is given back once', () => {
    rememberReturnPath('/venues/join/abc', 1_000);
    expect(takeReturnPath(2_000)).toBe('/venues/join/abc');
    expect(takeReturnPath(3_000)).toBeNull();
  });

  it('is forgotten after 30 minutes', () => {
    rememberReturnPath('/venues/join/abc', 1_000);
    expect(takeReturnPath(1_000 + RETURN_PATH_TTL_MS + 1)).toBeNull();
    expect(localStorage.getItem(RETURN_PATH_KEY)).toBeNull();
  });

  it('never sends anyone off the site, whatever is stored', () => {
    rememberReturnPath('https://evil.example/x', 1_000);
    expect(localStorage.getItem(RETURN_PATH_KEY)).toBeNull();
    localStorage.setItem(RETURN_PATH_KEY, JSON.stringify({ path: '//evil.example', at: 1_000 }));
    expect(takeReturnPath(2_000)).toBeNull();
    localStorage.setItem(RETURN_PATH_KEY, 'not json');
    expect(takeReturnPath(2_000)).toBeNull();
  });
});
