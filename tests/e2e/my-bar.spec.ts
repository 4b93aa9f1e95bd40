import type { Page } from '@playwright/test';
import { PAYMENTS_ENV } from '../support/payments';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { signInAsPro, signInFresh } from './support/payments';

/**
 * Journey: My Bar. A Pro user adds gin, Campari and sweet vermouth and sees the Negroni under 'Can make now';
 * removes the vermouth and sees the Negroni under 'One away' naming it; puts it on the shopping list and ticks it off,
 * which puts it back in the bar; opens the recipe (each line marked), records 'I made this' and sees the profile's
 * counter rise. A free user is sent to /upgrade. Axe finds nothing on the views.
 */

test.use({ ...ACCOUNTS, serverEnv: PAYMENTS_ENV });

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

/** Adds one bottle through the type-ahead: type its name, pick it with Enter. */
async function addBottle(page: Page, name: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Add a bottle' });
  await box.fill(name);
  await expect(page.getByRole('option', { name: new RegExp(`^${name} \\(`) })).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page.getByRole('region', { name: /./ }).getByText(name, { exact: true }).first()).toBeVisible();
}

/** Waits until no toast is on screen (axe measures a fading toast at half opacity). */
const toastsGone = (page: Page) => expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });

/** The card of `cocktail` in the current view. */
const card = (page: Page, cocktail: string) =>
  page.getByTestId('makeable-card').filter({ has: page.getByRole('link', { name: cocktail, exact: true }) });

test.describe('My Bar', () => {
  test('bottles make the Negroni; one away names the vermouth; the shopping list puts it back; I made this counts', async ({
    page,
    mail,
    server,
    axe,
  }) => {
    await signInAsPro(page, mail, server, 'mybar');
    await page.goto('/my-bar');
    await expect(page.getByTestId('my-bar-plan')).toHaveText('Pro');
    // An empty bar opens on 'My bottles'.
    await expect(tab(page, /^My bottles/)).toHaveAttribute('aria-selected', 'true');
    await axe.expectClean(page, 'an empty My Bar');

    for (const name of ['Gin', 'Campari', 'Sweet vermouth']) await addBottle(page, name);
    await expect(page.getByTestId('my-bar-summary')).toContainText('3 bottles');

    await tab(page, /^Can make now/).click();
    await expect(card(page, 'Negroni')).toBeVisible();
    await toastsGone(page);
    await axe.expectClean(page, 'Can make now');

    // Remove the vermouth: the Negroni is one away, naming it.
    await tab(page, /^My bottles/).click();
    await page.getByRole('button', { name: 'Remove Sweet vermouth' }).click();
    await expect(page.getByRole('button', { name: 'Remove Sweet vermouth' })).toHaveCount(0);
    await tab(page, /^One away/).click();
    const negroni = card(page, 'Negroni');
    await expect(negroni.getByTestId('missing-ingredient')).toHaveText('Sweet vermouth');
    await negroni.getByRole('button', { name: /Add to shopping list/ }).click();
    await expect(negroni.getByRole('button', { name: /On your list/ })).toBeDisabled();

    // Tick it off: it moves into My Bar, and the Negroni can be made again.
    await tab(page, /^Shopping list/).click();
    await toastsGone(page);
    await axe.expectClean(page, 'the shopping list');
    // The item says what it would make possible with the bar as it is.
    await expect(page.getByRole('listitem').filter({ hasText: 'Sweet vermouth' })).toContainText(/Makes .*Negroni/);
    await page.getByRole('checkbox', { name: /Sweet vermouth/ }).click();
    await expect(page.getByText('Your shopping list is empty.')).toBeVisible();
    await tab(page, /^My bottles/).click();
    await expect(page.getByRole('button', { name: 'Remove Sweet vermouth' })).toBeVisible();
    await tab(page, /^Can make now/).click();
    await card(page, 'Negroni').getByRole('link', { name: 'Negroni', exact: true }).click();

    // The recipe marks each line and records a made drink.
    const dialog = page.getByRole('dialog', { name: 'Negroni' });
    await expect(dialog.getByTestId('line-mark')).toHaveText(['in your bar', 'in your bar', 'in your bar']);
    await expect(dialog.getByTestId('recipe-bar-panel')).toContainText('You can make this with your bar');
    await dialog.getByRole('button', { name: 'I made this' }).click();
    await dialog.getByLabel('Note (optional)').fill('Perfect with a big cube');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Negroni recorded')).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByTestId('made-count')).toHaveText('1');

    // The catalogue marks what the bar makes, and /search filters to it.
    await page.goto('/search?q=negroni');
    const canMakeOnly = page.getByRole('checkbox', { name: 'Can make only' });
    await canMakeOnly.click();
    await expect(canMakeOnly).toBeChecked();
    await expect(page).toHaveURL(/canMake=1/);
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await expect(cards.filter({ hasText: 'Negroni' }).first().getByTestId('can-make-mark')).toBeVisible();
    for (const text of await cards.allTextContents()) expect(text).toContain('Can make');
  });

  test('a free user is sent to /upgrade', async ({ page, mail }) => {
    await page.goto('/');
    await signInFresh(page, mail, 'mybar-free');
    await page.goto('/my-bar');
    await expect(page).toHaveURL(/\/upgrade\?from=%2Fmy-bar$/);
  });
});
