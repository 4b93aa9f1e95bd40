// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../app';
import { FIRST_PAINT_SCRIPT_HASH } from './first-paint-csp';
import {
  AGE_VERIFIED_ATTRIBUTE,
  EARLY_CLICKS_PROPERTY,
  FIRST_PAINT_SCRIPT,
  HOME_LIST_PATH,
  RECIPE_DATA_ID,
  RECIPE_DETAIL_PATH,
} from '@/shared/first-paint';

/** The pre-rendered gate's buttons, as the build writes them. */
const GATE_HTML =
  '<div id="age-gate-root"><div role="dialog"><button data-age-gate="yes"><span>Yes, I am of legal age</span></button>' +
  '<button data-age-gate="no">No</button></div></div>' +
  '<div id="root"><button id="sign-up"><span>Sign Up</span></button><a id="card" href="/?recipe=1">Negroni</a></div>';

/** A stand-in for the browser's PerformanceObserver: records the one observer, so a test can report the paint. */
class FakePaintObserver {
  static last: FakePaintObserver | null = null;
  observed: unknown = null;
  disconnected = false;
  constructor(readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    FakePaintObserver.last = this;
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  /** Reports a paint entry named `name` to the observer's callback. */
  report(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

/**
 * Runs the first-paint script as the browser would at the top of `<head>`, on a fresh document at `path` with the gate
 * in the body, localStorage 'bb:age-verified' = `marker` and 'bb:shell:auth-hint' = `authHint` (none when null). The
 * page is visible, and paint timing is {@link FakePaintObserver} (a test reports the first paint with
 * `FakePaintObserver.last.report('first-contentful-paint')`). jsdom does not run inline scripts itself: the script's
 * text runs with `document.currentScript` pointing at its tag.
 */
function loadDom(path: string, marker: string | null, authHint: string | null = null, visibility = 'visible') {
  window.history.replaceState(null, '', path);
  localStorage.clear();
  if (marker !== null) localStorage.setItem('bb:age-verified', marker);
  if (authHint !== null) localStorage.setItem('bb:shell:auth-hint', authHint);
  document.documentElement.removeAttribute(AGE_VERIFIED_ATTRIBUTE);
  document.documentElement.removeAttribute('data-signed-in');
  delete (document.documentElement as unknown as Record<string, unknown>)[EARLY_CLICKS_PROPERTY];
  document.head.replaceChildren();
  document.body.innerHTML = GATE_HTML;
  const tag = document.createElement('script');
  tag.setAttribute('data-entry', '/assets/index.js');
  tag.setAttribute('data-gate-modules', '/assets/gate.js /assets/react.js');
  tag.setAttribute('data-app-modules', '/assets/app.js /assets/react.js');
  tag.setAttribute('data-page-modules', '/assets/home.js');
  tag.setAttribute('data-page-fetch', HOME_LIST_PATH);
  tag.setAttribute('data-recipe-modules', '/assets/recipe-modal.js');
  document.head.append(tag);
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  FakePaintObserver.last = null;
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
  try {
    new Function(FIRST_PAINT_SCRIPT)();
  } finally {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  }
  return { window, document, KeyboardEvent, MouseEvent };
}

/** What the script has added to `<head>` so far: the entry's script and the preload links, in order. */
function loads() {
  return [...document.head.children]
    .filter((element) => !element.hasAttribute('data-entry'))
    .map((element) =>
      element.tagName === 'SCRIPT'
        ? { script: element.getAttribute('src'), type: element.getAttribute('type') }
        : {
            rel: element.getAttribute('rel'),
            href: element.getAttribute('href'),
            as: element.getAttribute('as'),
            crossOrigin: element.getAttribute('crossorigin'),
          },
    );
}

/** Loads {@link loadDom}'s page and reports its first paint: whether <html> is marked verified, and what loaded. */
function loadPage(path: string, marker: string | null) {
  loadDom(path, marker);
  FakePaintObserver.last?.report('first-contentful-paint');
  vi.runAllTimers();
  return { verified: document.documentElement.hasAttribute(AGE_VERIFIED_ATTRIBUTE), loads: loads() };
}

const ENTRY = { script: '/assets/index.js', type: 'module' };
const modulePreload = (href: string) => ({ rel: 'modulepreload', href, as: null, crossOrigin: null });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the first-paint script', () => {
  it('is allowed by exactly its own SHA-256 in the CSP, without unsafe-inline', () => {
    const expected = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;
    expect(FIRST_PAINT_SCRIPT_HASH).toBe(expected);
    expect(CONTENT_SECURITY_POLICY.scriptSrc).toEqual(["'self'", expected]);
  });

  it('leaves a first visitor (or an unknown marker) to the gate and loads only the gate after the first paint', () => {
    vi.useFakeTimers();
    for (const marker of [null, 'v0']) {
      expect(loadPage('/', marker)).toEqual({
        verified: false,
        loads: [ENTRY, modulePreload('/assets/gate.js'), modulePreload('/assets/react.js')],
      });
    }
  });

  it('loads nothing before the first contentful paint is reported, then everything once', () => {
    vi.useFakeTimers();
    loadDom('/', 'v1');
    const observer = FakePaintObserver.last;
    expect(observer?.observed).toEqual({ type: 'paint', buffered: true });
    observer?.report('first-paint');
    vi.advanceTimersByTime(10);
    expect(loads()).toEqual([]);
    observer?.report('first-contentful-paint');
    expect(observer?.disconnected).toBe(true);
    vi.runAllTimers();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loads().filter((item) => 'script' in item)).toEqual([ENTRY]);
    expect(loads()).toHaveLength(5);
  });

  it('loads after 1 s when no paint is reported, and at once in a hidden page', () => {
    vi.useFakeTimers();
    loadDom('/discover', 'v1');
    vi.advanceTimersByTime(999);
    expect(loads()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loads()[0]).toEqual(ENTRY);
    loadDom('/discover', 'v1', null, 'hidden');
    expect(loads()[0]).toEqual(ENTRY);
  });

  it('marks a returning visitor verified and preloads the app, the page and its first list', () => {
    vi.useFakeTimers();
    expect(loadPage('/', 'v1')).toEqual({
      verified: true,
      loads: [
        ENTRY,
        { rel: 'preload', href: HOME_LIST_PATH, as: 'fetch', crossOrigin: 'anonymous' },
        modulePreload('/assets/app.js'),
        modulePreload('/assets/react.js'),
        modulePreload('/assets/home.js'),
      ],
    });
  });

  it('adds four preload links per task, the data first, the rest in the tasks after', () => {
    vi.useFakeTimers();
    loadDom('/?recipe=12', 'v1');
    FakePaintObserver.last?.report('first-contentful-paint');
    vi.advanceTimersToNextTimer();
    // The entry and four links in the task that starts loading; the fifth and sixth in the next one.
    expect(loads()).toEqual([
      ENTRY,
      { rel: 'preload', href: `${RECIPE_DETAIL_PATH}12`, as: 'fetch', crossOrigin: 'anonymous' },
      { rel: 'preload', href: HOME_LIST_PATH, as: 'fetch', crossOrigin: 'anonymous' },
      modulePreload('/assets/app.js'),
      modulePreload('/assets/react.js'),
    ]);
    vi.advanceTimersToNextTimer();
    expect(loads().slice(5)).toEqual([modulePreload('/assets/home.js'), modulePreload('/assets/recipe-modal.js')]);
  });

  it('marks a browser signed in last time, so CSS hides what only signed-out visitors see', () => {
    loadDom('/', 'v1', 'signed-out');
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(false);
    loadDom('/', 'v1', 'signed-in');
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(true);
  });

  it("with '/?recipe=12', preloads the recipe, the page's list (drawn under the modal) and the app's, the page's and the recipe modal's modules", () => {
    vi.useFakeTimers();
    const page = loadPage('/?recipe=12', 'v1');
    expect(page.verified).toBe(true);
    expect(page.loads).toEqual([
      ENTRY,
      { rel: 'preload', href: `${RECIPE_DETAIL_PATH}12`, as: 'fetch', crossOrigin: 'anonymous' },
      { rel: 'preload', href: HOME_LIST_PATH, as: 'fetch', crossOrigin: 'anonymous' },
      modulePreload('/assets/app.js'),
      modulePreload('/assets/react.js'),
      modulePreload('/assets/home.js'),
      modulePreload('/assets/recipe-modal.js'),
    ]);
    // Another query opens no recipe: the modal's modules wait until one is opened; the page draws another list.
    const search = loadPage('/?q=gin', 'v1').loads;
    expect(search).not.toContainEqual(modulePreload('/assets/recipe-modal.js'));
    expect(search.filter((load) => 'as' in load && load.as === 'fetch')).toEqual([]);
    // The server embedded the recipe's detail in the page (a deep link it drew): no request for it.
    loadDom('/?recipe=12', 'v1');
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = RECIPE_DATA_ID;
    document.body.append(data);
    FakePaintObserver.last?.report('first-contentful-paint');
    vi.runAllTimers();
    expect(loads().filter((load) => 'href' in load && load.href === `${RECIPE_DETAIL_PATH}12`)).toEqual([]);
    // An id that is not a whole number gets the modal's code (it shows the error) but no request.
    const odd = loadPage('/discover?q=gin&recipe=12abc', 'v1').loads;
    expect(odd).toContainEqual(modulePreload('/assets/recipe-modal.js'));
    expect(odd.filter((load) => 'as' in load && load.as === 'fetch')).toEqual([]);
    expect(loadPage('/discover?q=gin&recipe=7&x=1', 'v1').loads).toContainEqual({
      rel: 'preload',
      href: `${RECIPE_DETAIL_PATH}7`,
      as: 'fetch',
      crossOrigin: 'anonymous',
    });
  });

  it("on a cocktail's page, preloads the recipe modal's modules and the list under it, but no detail (it is embedded)", () => {
    vi.useFakeTimers();
    expect(loadPage('/cocktails/negroni', 'v1').loads).toEqual([
      ENTRY,
      { rel: 'preload', href: HOME_LIST_PATH, as: 'fetch', crossOrigin: 'anonymous' },
      modulePreload('/assets/app.js'),
      modulePreload('/assets/react.js'),
      modulePreload('/assets/home.js'),
      modulePreload('/assets/recipe-modal.js'),
    ]);
    expect(loadPage('/discover/cocktails', 'v1').loads).not.toContainEqual(modulePreload('/assets/recipe-modal.js'));
  });

  it("remembers a verified visitor's taps on the page's buttons until the app is live, for boot to replay", () => {
    loadDom('/', 'v1');
    const button = document.getElementById('sign-up') as HTMLElement;
    document.querySelector('#sign-up span')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.getElementById('card')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const early = () => (document.documentElement as unknown as Record<string, unknown>)[EARLY_CLICKS_PROPERTY];
    expect(early()).toEqual([button]);
    document.getElementById('root')?.setAttribute('data-live', '');
    document.getElementById('sign-up')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(early()).toEqual([button]);
    // A first visitor's taps belong to the gate: 'No' is kept for it ('Yes' is answered at once), the page's are not.
    loadDom('/', null);
    const no = document.querySelector('[data-age-gate="no"]') as HTMLElement;
    no.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.getElementById('sign-up')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(early()).toEqual([no]);
  });

  it('still loads the app when storage throws (cookies disabled): as a first visit', () => {
    vi.useFakeTimers();
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(loadPage('/', null).loads[0]).toEqual(ENTRY);
    } finally {
      getItem.mockRestore();
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
