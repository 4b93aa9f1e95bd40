import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import {
  DESKTOP,
  expectGateAsking,
  getJson,
  holdRequests,
  PHONE,
  type CocktailDetailBody,
  type CocktailPageBody,
} from './support/journey';

/**
 * The first paint before JavaScript: the built pages carry the pre-rendered age gate and home page, the one
 * inline script is allowed by its hash (never 'unsafe-inline'), a first visitor sees the gate before any script has
 * run, and a returning visitor never sees it at all.
 */

test.use({ viewport: PHONE });

/** The text of every inline `<script>` (one without src) in `html`. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
}

test.describe('first paint', () => {
  test("the pages carry the pre-rendered gate and app, and the one inline script is the CSP's only hash", async ({
    server,
  }) => {
    const home = await fetch(`${server.origin}/`);
    const html = await home.text();
    expect(html).toContain('<div id="root" data-prerendered="/">');
    expect(html).toMatch(/<div id="age-gate-root">.*Age Verification.*Yes, I am of legal age/s);
    expect(html).toMatch(/<h1[^>]*>Pour something/);
    expect(html).toContain('All cocktails');
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<link rel="stylesheet"/);

    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256')
      .update(scripts[0] as string)
      .digest('base64')}'`;
    const scriptSrc = (home.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    expect(html).toContain('data-page-fetch="/api/cocktails?page=0&pageSize=50"');
    // No script or module is fetched before the first paint: the inline script loads the entry afterwards.
    expect(html).toMatch(/data-entry="\/assets\/index-[\w-]+\.js"/);
    expect(html).not.toMatch(/<script[^>]*\bsrc=|rel="modulepreload"/);
    // Nor the web app manifest: the entry links it after the load event (checked in the next journeys).
    expect(html).not.toContain('rel="manifest"');

    // Discover and the batch calculator are pre-rendered too; other pages get the shell around a loading state.
    const discover = await (await fetch(`${server.origin}/discover`)).text();
    expect(discover).toContain('Age Verification');
    expect(discover).toContain('<div id="root" data-prerendered="/discover">');
    expect(discover).toMatch(/<h1[^>]*>Find your next favorite drink/);
    const batch = await (await fetch(`${server.origin}/batch-calculator`)).text();
    expect(batch).toContain('<div id="root" data-prerendered="/batch-calculator">');
    expect(batch).toContain('Batch a cocktail');
    const shell = await (await fetch(`${server.origin}/favorites`)).text();
    expect(shell).toContain('data-testid="route-loading"');
    expect(shell).not.toContain('data-prerendered');
    for (const page of [discover, batch, shell]) expect(inlineScripts(page)).toEqual(scripts);
  });

  test("the build ships React Router's production code, without its development warnings", () => {
    // React Router's package points every import at its development build; vite.config.ts takes the production one.
    const assets = path.join(process.cwd(), 'dist', 'client', 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // React Router is there (its invariants keep their messages in both builds)...
    const router = scripts.filter((name) =>
      readFileSync(path.join(assets, name), 'utf8').includes('may be used only in the context of a <Router> component'),
    );
    expect(router).not.toEqual([]);
    // ...and none of its development warnings is.
    const warned = scripts.filter((name) =>
      readFileSync(path.join(assets, name), 'utf8').includes('You should not include both'),
    );
    expect(warned).toEqual([]);
  });

  test('a first visitor sees the gate before any script has run (JavaScript disabled)', async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expectGateAsking(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
    await page.goto('/batch-calculator');
    await expect(page.getByRole('dialog', { name: 'Age Verification' })).toBeVisible();
    await context.close();
  });

  test('a returning visitor never sees the gate, from the first frame on', async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: PHONE });
    await context.addInitScript(() => {
      window.localStorage.setItem('bb:age-verified', 'v1');
      const seen: string[] = [];
      (window as unknown as { gateSeen: string[] }).gateSeen = seen;
      // Checks at every DOM change and every frame until well after load whether the gate was laid out.
      const check = (when: string) => {
        const gate = document.getElementById('age-gate-root');
        if (gate && gate.getClientRects().length > 0) seen.push(when);
      };
      new MutationObserver(() => check('mutation')).observe(document, { childList: true, subtree: true });
      const frame = () => {
        check('frame');
        if (performance.now() < 5000) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const page = await context.newPage();
    for (const path of ['/', '/discover']) {
      await page.goto(path);
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { gateSeen: string[] }).gateSeen), path).toEqual([]);
      await expect(page.getByRole('dialog', { name: 'Age Verification' })).toHaveCount(0);
    }
    await expect(page.locator('html')).toHaveAttribute('data-age-verified', '');
    // The web app manifest is linked once the page has loaded, and answers.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(((await manifest.json()) as { name?: string }).name).toContain('Barback');
    await context.close();
  });

  test('the loading cards stay still for their first second, then pulse, and never behind an open recipe', async ({
    page,
    server,
  }) => {
    // The landing list is held back, so the pre-rendered loading cards stay on screen.
    const release = await holdRequests(page, '**/api/cocktails?*');
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('[data-slot="skeleton"]').first()).toBeAttached();
    const timings = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => (animation as CSSAnimation).animationName === 'skeleton-pulse')
          .map((animation) => {
            const timing = animation.effect!.getComputedTiming();
            return { delay: timing.delay, time: Number(animation.currentTime), pulsing: timing.progress !== null };
          }),
      );
    const early = await timings();
    expect(early.length).toBeGreaterThan(0);
    for (const { delay, time, pulsing } of early) {
      expect(delay).toBe(1000);
      // Still (no progress) in the first second, pulsing after it.
      expect(pulsing).toBe(time >= 1000);
    }
    await expect.poll(async () => (await timings()).every(({ pulsing }) => pulsing)).toBe(true);

    // A deep link's page waits for the same list under the recipe: its placeholders do not pulse while it is open.
    const first = (await getJson<CocktailPageBody>(server, '/api/cocktails?pageSize=1')).items[0]!;
    await page.goto(`/?recipe=${first.id}`);
    await expect(page.locator('#root')).toHaveAttribute('data-live', '');
    await expect(page.locator('[data-slot="skeleton"]').first()).toBeAttached();
    await page.waitForTimeout(1500);
    expect(await timings()).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(async () => (await timings()).length).toBeGreaterThan(0);

    release();
    await expect(page.getByTestId('cocktail-card').first()).toBeVisible();
    await expect.poll(async () => (await timings()).length).toBe(0);
  });

  test('a list of 50 is drawn a few cards a frame, each waiting card holding its place, so nothing below it moves', async ({
    page,
  }) => {
    // Each frame of the start, recorded in the page: the list's height, its drawn cards and its empty card frames.
    await page.addInitScript(() => {
      const frames: { height: number; cards: number; slots: number }[] = [];
      (window as unknown as { listFrames: typeof frames }).listFrames = frames;
      const record = () => {
        const list = document.querySelector('#root main ul[aria-label]');
        if (list && list.querySelector('[data-testid="cocktail-card"], [data-testid="cocktail-card-slot"]'))
          frames.push({
            height: list.getBoundingClientRect().height,
            cards: list.querySelectorAll('[data-testid="cocktail-card"]').length,
            slots: list.querySelectorAll('[data-testid="cocktail-card-slot"]').length,
          });
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    for (const [path, list] of [
      ['/', 'Cocktails'],
      ['/discover', 'Selected cocktails'],
    ] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        const cards = page.getByRole('list', { name: list }).getByRole('article');
        await expect(cards).toHaveCount(50);
        await expect(page.getByRole('list', { name: list })).toHaveAttribute('aria-busy', 'false');
        const frames = await page.evaluate(
          () => (window as unknown as { listFrames: { height: number; cards: number; slots: number }[] }).listFrames,
        );
        const where = `${path} at ${viewport.width} px`;
        // Drawn in steps: some frames showed the first cards with the rest still empty frames of their size.
        expect(
          frames.some(({ cards: drawn, slots }) => drawn > 0 && slots > 0 && drawn + slots === 50),
          where,
        ).toBe(true);
        // The list (and so everything below it) kept one height from the first card to the last.
        const final = frames.at(-1)!.height;
        expect(final, where).toBeGreaterThan(0);
        for (const frame of frames) expect(frame.height, `${where}, ${frame.cards} cards drawn`).toBeCloseTo(final, 0);
      }
    }
  });

  test("a tap on the pre-rendered page before the app's code has run still reaches its button", async ({ page }) => {
    // The entry arrives 1.5 s late, as on a slow connection: the page is painted and tappable long before.
    let entryRequested = false;
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      entryRequested = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('main').getByRole('button', { name: 'Sign Up' }).click();
    expect(entryRequested).toBe(true);
    await expect(page.getByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
  });

  /**
   * Holds the entry module back until the returned release is called (a slow connection), on `page`. Navigate with
   * {@link HELD} after it: the first-paint script may add the entry before the load event, which then waits for it.
   */
  const HELD = { waitUntil: 'domcontentloaded' } as const;
  const holdEntry = (page: import('@playwright/test').Page) => holdRequests(page, /\/assets\/index-[\w-]+\.js$/);

  test('on the pre-rendered batch calculator, text typed before the code has run is kept', async ({ page }) => {
    const release = await holdEntry(page);
    await page.goto('/batch-calculator', HELD);
    await page.getByRole('combobox', { name: 'Start from a cocktail' }).fill('Negr');
    release();
    await expect(page.locator('#root')).toHaveAttribute('data-live', '');
    const picker = page.getByRole('combobox', { name: 'Start from a cocktail' });
    await expect(picker).toHaveValue('Negr');
    await expect(page.getByRole('option', { name: /^Negroni/ }).first()).toBeVisible();
  });

  test('on the pre-rendered batch calculator, a tab tapped before the code has run is switched to', async ({
    page,
  }) => {
    const release = await holdEntry(page);
    await page.goto('/batch-calculator', HELD);
    await page.getByRole('tab', { name: 'Plan a party' }).click();
    release();
    await expect(page.locator('#root')).toHaveAttribute('data-live', '');
    await expect(page.getByRole('tab', { name: 'Plan a party' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a recipe deep link shows the recipe before any script has run, then hydrates the page and the modal in place', async ({
    page,
    server,
  }) => {
    const [first, second] = (await getJson<CocktailPageBody>(server, '/api/cocktails?pageSize=2')).items;
    const detail = await getJson<CocktailDetailBody>(server, `/api/cocktails/${first!.id}`);
    const detailRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/cocktails/${first!.id}`) detailRequests.push(request.url());
    });
    // Whether a script holding zod's code has loaded (its error class keeps its name through minification).
    let zodLoaded = false;
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      void response.text().then(
        (text) => (zodLoaded ||= text.includes('ZodError')),
        () => undefined,
      );
    });
    const release = await holdEntry(page);
    await page.goto(`/?recipe=${first!.id}`, HELD);
    // Drawn by the server: the recipe with its ingredients, in a dialog named after the cocktail.
    const dialog = page.getByRole('dialog', { name: detail.name });
    await expect(dialog.getByRole('heading', { name: detail.name })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
    await expect(page.locator('#root').getByRole('dialog')).toHaveCount(1);
    await expect(page.locator('#root')).not.toHaveAttribute('data-live', '');
    // The page under it and the modal are hydrated, not drawn again: the heading and the dialog stay the same elements.
    await page.evaluate(() => {
      const marks = window as unknown as { heading: Element | null; panel: Element | null };
      marks.heading = document.querySelector('#root h1');
      marks.panel = document.querySelector('#root [role="dialog"]');
    });
    release();
    await expect(page.locator('#root')).toHaveAttribute('data-live', '');
    await expect(dialog).toBeFocused();
    await expect(dialog).toHaveCount(1);
    await expect(dialog.getByRole('link', { name: 'Close' })).toBeVisible();
    expect(
      await page.evaluate(() => {
        const marks = window as unknown as { heading: Element | null; panel: Element | null };
        return (
          marks.heading === document.querySelector('#root h1') &&
          marks.panel === document.querySelector('#root [role="dialog"]')
        );
      }),
    ).toBe(true);
    // The modal started from the detail embedded in the page: no request for it, and no contract to check it against
    // (the server checked it before drawing it).
    expect(detailRequests).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(zodLoaded).toBe(false);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    // Another recipe, fetched from the API, is checked with the contract, whose code loads beside the request: while
    // the answer is held, the dialog shows its skeleton and the contract arrives.
    const releaseDetail = await holdRequests(page, `**/api/cocktails/${second!.id}`);
    await page.locator(`#root a[data-cocktail-link="${second!.id}"]`).first().click();
    await expect(page.getByRole('dialog').getByText('Loading recipe…')).toBeVisible();
    await expect.poll(() => zodLoaded).toBe(true);
    releaseDetail();
    const next = page.getByRole('dialog', { name: second!.name });
    await expect(next.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
  });

  test("the server's recipe closes with its link before the app's code has run", async ({ page, server }) => {
    const first = (await getJson<CocktailPageBody>(server, '/api/cocktails?pageSize=1')).items[0]!;
    await holdEntry(page);
    await page.goto(`/?q=gin&recipe=${first.id}`, HELD);
    await page.locator('#root').getByRole('dialog').getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/\?q=gin$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a recipe deep link with a search opens the live modal once the app has drawn the page', async ({
    page,
    server,
  }) => {
    const first = (await getJson<CocktailPageBody>(server, '/api/cocktails?pageSize=1')).items[0]!;
    await page.goto(`/?q=gin&recipe=${first.id}`);
    await expect(page.locator('#root')).toHaveAttribute('data-live', '');
    const dialog = page.getByRole('dialog', { name: first.name });
    await expect(dialog).toBeFocused();
    // The page under it was drawn for the search (hidden from assistive technology while the modal is open).
    await expect(page.locator('#root input[type="search"]')).toHaveValue('gin');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/\?q=gin$/);
  });
});
