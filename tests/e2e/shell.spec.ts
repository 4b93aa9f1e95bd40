import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import {
  eventually,
  expectNoPageErrors,
  gone,
  see,
  startJourneyEnv,
  stopJourneyEnv,
  visit,
  type JourneyEnv,
} from './support/journey';

/**
 * Journey 6, the shell (spec section 2 "Application shells", "Error screens", legal routes, section 5 URL echo tool): the 404
 * page, the phone-only bottom tab bar, the keyboard-operable Legal menu, the legal pages and the /dev/echo-url messages.
 */

let env: JourneyEnv;

beforeAll(async () => {
  env = await startJourneyEnv();
});

afterAll(async () => {
  await stopJourneyEnv(env);
});

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`focus did not reach the target after ${max} Tab presses`);
}

describe('shell', () => {
  it("shows the 404 page for an unknown path, and 'Return to Bar' goes home", async () => {
    const { page, context, errors } = await visit(env, '/no-such-place/at-all');
    await see(page.getByRole('heading', { name: "Oops! This cocktail recipe doesn't exist" }));
    await page.getByRole('link', { name: 'Return to Bar' }).click();
    await eventually(() => new URL(page.url()).pathname, '/');
    await see(page.getByRole('heading', { name: 'All cocktails' }));
    expect(await page.getByText("Oops! This cocktail recipe doesn't exist").count()).toBe(0);

    expectNoPageErrors(errors);
    await context.close();
  });

  it('shows the bottom tab bar at 390 px and hides it at 1280 px', async () => {
    const phone = await visit(env, '/discover', { viewport: PHONE });
    const tabBar = phone.page.getByTestId('tab-bar');
    await see(tabBar);
    await see(tabBar.getByRole('link', { name: 'Discover' }));
    await see(tabBar.getByRole('link', { name: 'Search' }));
    expect(await tabBar.getByRole('link', { name: 'Discover' }).getAttribute('aria-current')).toBe('page');
    // The tab bar takes the user to another page.
    await tabBar.getByRole('link', { name: 'Search' }).click();
    await see(phone.page.getByRole('heading', { name: 'Find a cocktail' }));
    expectNoPageErrors(phone.errors);
    await phone.context.close();

    const desktop = await visit(env, '/discover', { viewport: DESKTOP });
    await see(desktop.page.getByRole('heading', { name: 'Find your next favourite drink' }));
    expect(await desktop.page.getByTestId('tab-bar').isVisible()).toBe(false);
    expectNoPageErrors(desktop.errors);
    await desktop.context.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`opens the Legal menu with the keyboard on ${label} and follows its links`, async () => {
      const { page, context, errors } = await visit(env, '/', { viewport });
      await see(page.getByRole('heading', { name: 'All cocktails' }));
      const trigger = page.getByRole('button', { name: 'Legal' });
      await tabTo(page, trigger);
      await page.keyboard.press('Enter');

      const menu = page.getByRole('menu');
      await see(menu);
      const items = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
      expect(items).toEqual(expect.arrayContaining(['Privacy Policy', 'Terms of Service', 'Data Deletion']));

      // Escape closes it and focus goes back to the trigger.
      await page.keyboard.press('Escape');
      await gone(menu);
      await eventually(() => isFocused(trigger), true);

      // Open again with the keyboard and choose Terms of Service with the arrow keys.
      await page.keyboard.press('Enter');
      await see(menu);
      const terms = menu.getByRole('menuitem', { name: 'Terms of Service' });
      for (let presses = 0; presses < 6 && !(await isFocused(terms)); presses += 1)
        await page.keyboard.press('ArrowDown');
      expect(await isFocused(terms)).toBe(true);
      await page.keyboard.press('Enter');
      await eventually(() => new URL(page.url()).pathname, '/terms');
      await see(page.getByRole('heading', { level: 1, name: 'Terms of Service' }));

      expectNoPageErrors(errors);
      await context.close();
    });
  }

  it('renders the legal pages with their titles', async () => {
    const { page, context, errors } = await visit(env, '/privacy');
    await see(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
    await eventually(() => page.title(), 'Privacy Policy · Barback');

    await page.goto('/terms');
    await see(page.getByRole('heading', { level: 1, name: 'Terms of Service' }));
    await eventually(() => page.title(), 'Terms of Service · Barback');

    await page.goto('/delete-account');
    await see(page.getByRole('heading', { level: 1, name: 'Data Deletion' }));
    await see(page.getByRole('heading', { name: 'What is deleted' }));
    await see(page.getByRole('heading', { name: 'What is retained' }));
    // The timeline of spec section 2: acknowledgement within 7 days, completion within 30, backups within 30 to 90.
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/7 days/);
    expect(text).toMatch(/30 days/);
    expect(text).toMatch(/30 to 90 days/);

    expectNoPageErrors(errors);
    await context.close();
  });

  it('/dev/echo-url explains an empty and a malformed URL and parses a good one', async () => {
    const { page, context, errors } = await visit(env, '/dev/echo-url');
    const input = page.getByLabel('URL to test');
    const submit = page.getByRole('button', { name: 'Test URL' });
    await see(input);

    await input.fill('');
    await submit.click();
    await see(page.getByRole('alert').getByText('Please enter a URL to test', { exact: true }));
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.fill('not a url at all');
    await input.press('Enter');
    await see(page.getByRole('alert').getByText('Invalid URL format', { exact: true }));
    expect(await page.getByText('Please enter a URL to test').count()).toBe(0);

    await input.fill('https://barback.example/discover?q=negroni&debug=1#top');
    await submit.click();
    await see(page.getByRole('heading', { name: 'Parsed URL' }));
    expect(await page.getByRole('alert').filter({ hasText: 'Invalid URL format' }).count()).toBe(0);
    const result = await page.locator('main').innerText();
    expect(result).toContain('barback.example');
    expect(result).toContain('/discover');
    expect(result).toContain('negroni');

    expectNoPageErrors(errors);
    await context.close();
  });
});
