// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../app';
import { FIRST_PAINT_SCRIPT_HASH } from './first-paint-csp';
import { AGE_VERIFIED_ATTRIBUTE, FIRST_PAINT_SCRIPT } from '@/shared/first-paint';

/** The pre-rendered gate's buttons, as the build writes them. */
const GATE_HTML =
  '<div id="age-gate-root"><div role="dialog"><button data-age-gate="yes"><span>Yes, I am of legal age</span></button>' +
  '<button data-age-gate="no">No</button></div></div>';

/**
 * Runs the first-paint script as the browser would at the top of `<head>`, on a fresh document at `path` with the gate
 * in the body, localStorage 'bb:age-verified' = `marker` and 'bb:shell:auth-hint' = `authHint` (none when null). The test document is jsdom's, which does
 * not run inline scripts itself: the script's text runs with `document.currentScript` pointing at its tag.
 */
function loadDom(path: string, marker: string | null, authHint: string | null = null) {
  window.history.replaceState(null, '', path);
  localStorage.clear();
  if (marker !== null) localStorage.setItem('bb:age-verified', marker);
  if (authHint !== null) localStorage.setItem('bb:shell:auth-hint', authHint);
  document.documentElement.removeAttribute(AGE_VERIFIED_ATTRIBUTE);
  document.documentElement.removeAttribute('data-signed-in');
  document.head.replaceChildren();
  document.body.innerHTML = GATE_HTML;
  const tag = document.createElement('script');
  tag.setAttribute('data-app-modules', '/assets/boot.js /assets/react.js');
  tag.setAttribute('data-home-modules', '/assets/home.js');
  tag.setAttribute('data-home-fetch', '/api/cocktails?page=0&pageSize=50');
  document.head.append(tag);
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
  try {
    new Function(FIRST_PAINT_SCRIPT)();
  } finally {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  }
  return { window, document, KeyboardEvent, MouseEvent };
}

/** Loads {@link loadDom}'s page: whether <html> is marked verified, and the links the script added. */
function loadPage(path: string, marker: string | null) {
  loadDom(path, marker);
  const links = [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    href: link.getAttribute('href'),
    as: link.getAttribute('as'),
    crossOrigin: link.getAttribute('crossorigin'),
  }));
  return { verified: document.documentElement.hasAttribute(AGE_VERIFIED_ATTRIBUTE), links };
}

describe('the first-paint script', () => {
  it('is allowed by exactly its own SHA-256 in the CSP, without unsafe-inline', () => {
    const expected = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;
    expect(FIRST_PAINT_SCRIPT_HASH).toBe(expected);
    expect(CONTENT_SECURITY_POLICY.scriptSrc).toEqual(["'self'", expected]);
  });

  it('leaves a first visitor (or an unknown marker) to the gate and preloads nothing', () => {
    expect(loadPage('/', null)).toEqual({ verified: false, links: [] });
    expect(loadPage('/', 'v0')).toEqual({ verified: false, links: [] });
  });

  it("on '/' marks a returning visitor verified and preloads the app, the home page and the landing list", () => {
    expect(loadPage('/', 'v1')).toEqual({
      verified: true,
      links: [
        { rel: 'modulepreload', href: '/assets/boot.js', as: null, crossOrigin: null },
        { rel: 'modulepreload', href: '/assets/react.js', as: null, crossOrigin: null },
        { rel: 'modulepreload', href: '/assets/home.js', as: null, crossOrigin: null },
        { rel: 'preload', href: '/api/cocktails?page=0&pageSize=50', as: 'fetch', crossOrigin: 'anonymous' },
      ],
    });
  });

  it('marks a browser signed in last time, so CSS hides what only signed-out visitors see', () => {
    loadDom('/', 'v1', 'signed-out');
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(false);
    loadDom('/', 'v1', 'signed-in');
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(true);
  });

  it("elsewhere, or on '/' with a query, preloads the app's modules only", () => {
    for (const url of ['/discover', '/?recipe=12']) {
      const page = loadPage(url, 'v1');
      expect(page.verified, url).toBe(true);
      expect(
        page.links.map((link) => link.href),
        url,
      ).toEqual(['/assets/boot.js', '/assets/react.js']);
    }
  });

  it("answers a tap on the pre-rendered 'Yes', or Enter, before the gate's code has loaded", () => {
    for (const act of ['click yes', 'enter']) {
      const dom = loadDom('/discover', null);
      const { document, KeyboardEvent, MouseEvent } = dom;
      if (act === 'click yes') {
        document.querySelector('[data-age-gate="yes"] span')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      } else {
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      }
      expect(document.documentElement.hasAttribute(AGE_VERIFIED_ATTRIBUTE), act).toBe(true);
      expect(localStorage.getItem('bb:age-verified'), act).toBe('v1');
    }
  });

  it("ignores 'No', Enter on 'No', and everything once React has the gate (data-live)", () => {
    const dom = loadDom('/', null);
    const { document, KeyboardEvent, MouseEvent } = dom;
    const no = document.querySelector('[data-age-gate="no"]') as HTMLElement;
    no.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    no.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(document.documentElement.hasAttribute(AGE_VERIFIED_ATTRIBUTE)).toBe(false);
    document.getElementById('age-gate-root')?.setAttribute('data-live', '');
    document.querySelector('[data-age-gate="yes"]')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(document.documentElement.hasAttribute(AGE_VERIFIED_ATTRIBUTE)).toBe(false);
    expect(localStorage.getItem('bb:age-verified')).toBeNull();
  });
});
