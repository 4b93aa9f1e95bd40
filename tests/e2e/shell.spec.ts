import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DESKTOP, PAGE_NOT_FOUND, PHONE, pathIs } from './support/journey';

/**
 * Journey 6, the shell (docs/product.md, Shells, Error screens and the legal routes; Validation, URL echo tool): the
 * 404 page, the phone-only bottom tab bar, the keyboard-operable Legal menu, the legal pages and the /dev/echo-url
 * messages.
 */

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`focus did not reach the target after ${max} Tab presses`);
}

test.describe('shell', () => {
  test("shows the 404 page for an unknown path, and 'Return to Bar' goes home", async ({ page, pageErrors }) => {
    const response = await page.goto('/no-such-place/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: "Oops! This cocktail recipe doesn't exist" })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Bar' }).click();
    await expect(page).toHaveURL(pathIs('/'));
    await expect(page.getByRole('heading', { name: 'All cocktails' })).toBeVisible();
    await expect(page.getByText("Oops! This cocktail recipe doesn't exist")).toHaveCount(0);

    // The browser logs the 404 answer once; nothing else.
    expect(pageErrors.all.filter((entry) => PAGE_NOT_FOUND.test(entry))).toHaveLength(1);
    pageErrors.allow(PAGE_NOT_FOUND);
  });

  test('preloads the two fonts of the first paint, which are the fonts the page then draws with', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'All cocktails' })).toBeVisible();
    const preloads = await page
      .locator('head link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloads.map((href) => new URL(href).pathname)).toEqual([
      expect.stringMatching(/^\/assets\/fraunces-latin-wght-normal-[\w-]+\.woff2$/),
      expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
    ]);
    for (const href of preloads) {
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('font/woff2');
    }
    // The preloaded files are the faces in use (a preload the page never uses would only waste the phone's bandwidth).
    const used = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((face) => face.status === 'loaded')
        .map((face) => face.family.replace(/"/g, ''))
        .sort();
    });
    expect(used).toEqual(expect.arrayContaining(['Fraunces Variable', 'Inter Variable']));
  });

  test('shows the bottom tab bar at 390 px and hides it at 1280 px', async ({ openApp }) => {
    const phone = await openApp('/discover', { viewport: PHONE });
    const tabBar = phone.getByTestId('tab-bar');
    await expect(tabBar).toBeVisible();
    await expect(tabBar.getByRole('link', { name: 'Discover' })).toBeVisible();
    await expect(tabBar.getByRole('link', { name: 'Search' })).toBeVisible();
    await expect(tabBar.getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');
    // The tab bar takes the user to another page.
    await tabBar.getByRole('link', { name: 'Search' }).click();
    await expect(phone.getByRole('heading', { name: 'Find a cocktail' })).toBeVisible();

    const desktop = await openApp('/discover', { viewport: DESKTOP });
    await expect(desktop.getByRole('heading', { name: 'Find your next favorite drink' })).toBeVisible();
    await expect(desktop.getByTestId('tab-bar')).toBeHidden();
  });

  test('puts toasts where they cover no heading: above the tab bar on a phone, under the header on a desktop', async ({
    openApp,
  }) => {
    /** The toast's box once it has settled (Sonner slides it in over 400 ms). */
    const toastBox = async (page: Page) => {
      const toast = page.locator('[data-sonner-toast][data-mounted="true"]').first();
      // The page's listener starts once its code has loaded: say it again until a toast shows.
      await expect
        .poll(async () => {
          await page.evaluate(() =>
            window.dispatchEvent(new CustomEvent('bb:toast', { detail: { title: 'Saved to your bar' } })),
          );
          return toast.count();
        })
        .toBeGreaterThan(0);
      await expect(toast).toContainText('Saved to your bar');
      let box = await toast.boundingBox();
      await expect
        .poll(async () => {
          const next = await toast.boundingBox();
          const settled = next !== null && box !== null && Math.abs(next.y - box.y) < 0.5;
          box = next;
          return settled;
        })
        .toBe(true);
      return box!;
    };

    const phone = await openApp('/discover', { viewport: PHONE });
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
    const onPhone = await toastBox(phone);
    const tabBar = (await phone.getByTestId('tab-bar').boundingBox())!;
    expect(onPhone.y, 'in the lower half of the screen').toBeGreaterThan(PHONE.height / 2);
    expect(onPhone.y + onPhone.height, 'above the tab bar').toBeLessThanOrEqual(tabBar.y);
    // With a dialog open (a bottom sheet on a phone) toasts go to the top, off the sheet's buttons.
    await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
    const sheet = (await phone.getByRole('dialog').boundingBox())!;
    const overSheet = await toastBox(phone);
    expect(overSheet.y + overSheet.height, 'above the bottom sheet').toBeLessThanOrEqual(sheet.y + 1);

    const desktop = await openApp('/discover', { viewport: DESKTOP });
    await expect(desktop.getByRole('heading', { level: 1 })).toBeVisible();
    const onDesktop = await toastBox(desktop);
    const header = (await desktop.locator('header').first().boundingBox())!;
    expect(onDesktop.y, 'under the header').toBeGreaterThanOrEqual(header.y + header.height);
    expect(onDesktop.y).toBeLessThan(DESKTOP.height / 2);
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`opens the Legal menu with the keyboard on ${label} and follows its links`, async ({ openApp }) => {
      const page = await openApp('/', { viewport });
      await expect(page.getByRole('heading', { name: 'All cocktails' })).toBeVisible();
      const trigger = page.getByRole('button', { name: 'Legal' });
      await tabTo(page, trigger);
      await page.keyboard.press('Enter');

      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      const items = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
      expect(items).toEqual(expect.arrayContaining(['Privacy Policy', 'Terms of Service', 'Data Deletion']));

      // Escape closes it and focus goes back to the trigger.
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();

      // Open again with the keyboard and choose Terms of Service with the arrow keys.
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      // The menu takes focus as it opens; arrow keys pressed before that would be lost.
      await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      const terms = menu.getByRole('menuitem', { name: 'Terms of Service' });
      for (let presses = 0; presses < 6 && !(await isFocused(terms)); presses += 1)
        await page.keyboard.press('ArrowDown');
      await expect(terms).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(pathIs('/terms'));
      await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    });
  }

  test('renders the legal pages with their titles', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page).toHaveTitle('Privacy Policy · Barback');

    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page).toHaveTitle('Terms of Service · Barback');

    await page.goto('/delete-account');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Deletion' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What is deleted' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What is retained' })).toBeVisible();
    // The timeline of docs/product.md, Data deletion: acknowledgement within 7 days, completion within 30, backups
    // within 30 to 90.
    const main = page.locator('main');
    await expect(main).toContainText(/7 days/);
    await expect(main).toContainText(/30 days/);
    await expect(main).toContainText(/30 to 90 days/);
  });

  test('/dev/echo-url explains an empty and a malformed URL and parses a good one', async ({ page }) => {
    await page.goto('/dev/echo-url');
    const input = page.getByLabel('URL to test');
    const submit = page.getByRole('button', { name: 'Test URL' });
    await expect(input).toBeVisible();

    await input.fill('');
    await submit.click();
    await expect(page.getByRole('alert').getByText('Please enter a URL to test', { exact: true })).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');

    await input.fill('not a url at all');
    await input.press('Enter');
    await expect(page.getByRole('alert').getByText('Invalid URL format', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a URL to test')).toHaveCount(0);

    await input.fill('https://barback.example/discover?q=negroni&debug=1#top');
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Parsed URL' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid URL format' })).toHaveCount(0);
    const result = page.locator('main');
    await expect(result).toContainText('barback.example');
    await expect(result).toContainText('/discover');
    await expect(result).toContainText('negroni');
  });
});
