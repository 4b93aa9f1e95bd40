import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectGateAsking, PHONE } from './support/journey';

/**
 * Journey 1, the age gate (docs/product.md: Screens, States): a first visit is blocked by 'Age Verification'; 'Yes' is
 * remembered (localStorage 'bb:age-verified' = 'v1'), 'No' blocks without being remembered, Enter confirms.
 */

test.use({ ageVerified: false });

const storedMarker = (page: Page) => page.evaluate(() => window.localStorage.getItem('bb:age-verified'));

test.describe('age gate', () => {
  test('asks first, hides after Yes and stays hidden after a reload', async ({ page }) => {
    await page.goto('/');
    // Nothing of the app is rendered behind the gate.
    const gate = await expectGateAsking(page);
    expect(await storedMarker(page)).toBeNull();

    await gate.getByRole('button', { name: 'Yes, I am of legal age' }).click();
    await expect(gate).toBeHidden();
    await expect(page.getByRole('heading', { name: 'All cocktails' })).toBeVisible();
    expect(await storedMarker(page)).toBe('v1');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'All cocktails' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Age Verification' })).toHaveCount(0);
    expect(await storedMarker(page)).toBe('v1');
  });

  test("'No' shows the blocking message, is not remembered, and the gate is back after a reload", async ({
    openApp,
  }) => {
    const page = await openApp('/discover', { viewport: PHONE });
    const gate = page.getByRole('dialog', { name: 'Age Verification' });
    await expect(gate).toBeVisible();
    await gate.getByRole('button', { name: 'No', exact: true }).click();

    await expect(gate.getByRole('alert').getByText('Sorry, you must be of legal drinking age')).toBeVisible();
    await expect(gate.getByText(/please close it now/)).toBeVisible();
    await expect(gate.getByRole('button', { name: 'Yes, I am of legal age' })).toHaveCount(0);
    // Escape does not get the visitor past the refusal.
    await page.keyboard.press('Escape');
    await expect(gate.getByText('Sorry, you must be of legal drinking age')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Find your next favorite drink' })).toHaveCount(0);
    expect(await storedMarker(page)).toBeNull();

    await page.reload();
    await expect(
      page.getByRole('dialog', { name: 'Age Verification' }).getByRole('button', { name: 'Yes, I am of legal age' }),
    ).toBeVisible();
    await expect(page.getByText('Sorry, you must be of legal drinking age')).toHaveCount(0);
    expect(await storedMarker(page)).toBeNull();
  });

  test('pressing Enter confirms', async ({ page }) => {
    await page.goto('/search');
    const gate = page.getByRole('dialog', { name: 'Age Verification' });
    // The server draws the gate before the page's code runs; focus lands on 'Yes' once it is live.
    await expect(gate.getByRole('button', { name: 'Yes, I am of legal age' })).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(gate).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Find a cocktail' })).toBeVisible();
    expect(await storedMarker(page)).toBe('v1');
  });
});
