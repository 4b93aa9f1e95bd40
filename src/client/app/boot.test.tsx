// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATH_ATTRIBUTE } from '@/shared/first-paint';
import { canHydrate } from './boot';

/** A `#root` holding the pre-rendered page of `path`. */
function rootOf(path: string): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute(PRERENDERED_PATH_ATTRIBUTE, path);
  return root;
}

const at = (pathname: string, search = '') => ({ pathname, search }) as Location;

describe('canHydrate', () => {
  it('hydrates the pre-rendered page of this path, with no query or only a recipe deep link, in a plain browser', () => {
    expect(canHydrate(rootOf('/'), at('/'), 'web')).toBe(true);
    expect(canHydrate(rootOf('/'), at('/', '?recipe=12'), 'web')).toBe(true);
    expect(canHydrate(rootOf('/discover'), at('/discover', '?recipe=7'), 'web')).toBe(true);
  });

  it('draws afresh for another path, another query, or inside the iOS shell', () => {
    expect(canHydrate(rootOf('/'), at('/discover'), 'web')).toBe(false);
    expect(canHydrate(rootOf('/'), at('/', '?q=gin'), 'web')).toBe(false);
    expect(canHydrate(rootOf('/'), at('/', '?recipe=12&q=gin'), 'web')).toBe(false);
    expect(canHydrate(rootOf('/'), at('/'), 'ios')).toBe(false);
    expect(canHydrate(document.createElement('div'), at('/'), 'web')).toBe(false);
  });
});
