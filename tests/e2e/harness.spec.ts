import { expect, test } from './support/fixtures';
import { BENCH_DISABLED_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from './support/browser';

/**
 * The end-of-journey error check itself (fixtures.ts `pageErrors`, run after every journey): it sees console errors and
 * uncaught errors of every browser of the test, an entry nobody allowed fails it, and an allowance lets an expected entry
 * pass. So a journey that passes without allowances means its pages logged nothing.
 */

const heading = { level: 1, name: 'Privacy Policy' } as const;

test.describe('the error check itself', () => {
  test('sees console errors and uncaught errors from every browser of the test, and honours allowances', async ({
    page,
    openApp,
    pageErrors,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', heading)).toBeVisible();
    expect(pageErrors.all).toEqual([]);

    await page.evaluate(() => console.error('planted console error'));
    const second = await openApp('/privacy');
    await expect(second.getByRole('heading', heading)).toBeVisible();
    await second.evaluate(() => {
      setTimeout(() => {
        throw new Error('planted uncaught error');
      });
    });

    await expect
      .poll(() => [...pageErrors.all].sort())
      .toEqual(['console: planted console error', 'pageerror: planted uncaught error']);
    expect(pageErrors.unexpected()).toHaveLength(2);
    pageErrors.allow(/planted/);
    expect(pageErrors.unexpected()).toEqual([]);
  });

  test('the end-of-journey check fails on an error nobody allowed, and passes once it is allowed', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', heading)).toBeVisible();
    // What the fixture runs after every journey that passed its own steps.
    expect(() => pageErrors.expectNoneUnexpected()).not.toThrow();

    await page.evaluate(() => console.error('planted console error'));
    await expect.poll(() => pageErrors.all).toEqual(['console: planted console error']);
    expect(() => pageErrors.expectNoneUnexpected()).toThrow(/planted console error/);

    pageErrors.allow(/^console: planted console error$/);
    expect(() => pageErrors.expectNoneUnexpected()).not.toThrow();
  });
});

test.describe('the browser the journeys drive', () => {
  test("keeps Playwright's disabled features and turns off the omnibox popup, in a single --disable-features", async ({
    browser,
  }) => {
    // chrome://version shows the browser's command line as Chromium parsed it (CDP's getBrowserCommandLine needs
    // --enable-automation, which Playwright does not pass headless).
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('chrome://version');
    const commandLine = await page.locator('#command_line').innerText();
    await context.close();
    const lists = commandLine.split(/\s+/).filter((arg) => arg.startsWith('--disable-features='));
    expect(lists).toHaveLength(1);
    const features = lists[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...BENCH_DISABLED_FEATURES]));
  });
});
