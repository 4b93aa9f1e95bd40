import type { Page } from '@playwright/test';
import { PAYMENTS_ENV } from '../support/payments';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { getJson, type CocktailPageBody } from './support/journey';
import { signInAsPro, signInFresh } from './support/payments';
import type { TestServer } from './support/server';

/**
 * Journey: collections, notes and ratings. A Pro user makes a collection from the recipe modal, adds two more
 * cocktails, reorders it by keyboard, rates and notes a cocktail, shares the collection and opens the link in a fresh
 * anonymous browser, then turns sharing off (the link stops working). A free user meets the lock and /upgrade. Axe clean.
 */

test.use({ ...ACCOUNTS, serverEnv: PAYMENTS_ENV });

async function idOf(server: TestServer, name: string): Promise<number> {
  const page = await getJson<CocktailPageBody>(server, `/api/cocktails?q=${encodeURIComponent(name)}&pageSize=20`);
  const found = page.items.find((item) => item.name === name);
  if (!found) throw new Error(`no cocktail named ${name}`);
  return found.id;
}

/** Opens the recipe modal of `name`. */
async function openRecipe(page: Page, server: TestServer, name: string) {
  await page.goto(`/?recipe=${await idOf(server, name)}`);
  return page.getByRole('dialog', { name });
}

const rows = (page: Page) => page.getByTestId('collection-item').getByRole('link');

test.describe('collections, notes and ratings', () => {
  test('collect from the modal, reorder by keyboard, rate and note, share with a stranger, unshare', async ({
    page,
    browser,
    mail,
    server,
    openApp,
    axe,
    pageErrors,
  }) => {
    // The stranger's last load asks for a link that no longer works: the browser logs that 404 on purpose.
    pageErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    await signInAsPro(page, mail, server, 'collector');

    let dialog = await openRecipe(page, server, 'Negroni');
    await dialog.getByRole('button', { name: 'Add to collection' }).click();
    await page.getByRole('menuitem', { name: 'New collection…' }).click();
    const naming = page.getByRole('dialog', { name: 'New collection' });
    await naming.getByLabel('Name').fill('Aperitivo hour');
    await naming.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Aperitivo hour created with Negroni')).toBeVisible();

    // Rate and note it here: half stars from the keyboard, the note saves itself.
    const stars = dialog.getByRole('slider', { name: 'Your rating of Negroni' });
    await stars.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(stars).toHaveAttribute('aria-valuetext', '4.5 of 5 stars');
    // Each half star is a target of at least 24 x 24 px (WCAG 2.2, 2.5.8), and a tap on one sets its value.
    const starBoxes = await stars
      .getByTestId('rating-star')
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect()).map((box) => ({ width: box.width, height: box.height })),
      );
    expect(starBoxes).toHaveLength(5);
    for (const box of starBoxes) expect(box.width / 2 >= 24 && box.height >= 24, JSON.stringify(box)).toBe(true);
    await stars
      .getByTestId('rating-star')
      .nth(2)
      .click({ position: { x: 6, y: 22 } });
    await expect(stars).toHaveAttribute('aria-valuetext', '2.5 of 5 stars');
    await stars
      .getByTestId('rating-star')
      .nth(3)
      .click({ position: { x: 42, y: 22 } });
    await expect(stars).toHaveAttribute('aria-valuetext', '4 of 5 stars');
    await page.keyboard.press('ArrowRight');
    await expect(stars).toHaveAttribute('aria-valuetext', '4.5 of 5 stars');
    await dialog.getByLabel('Private note').fill('Carpano Antica makes it.');
    await expect(dialog.getByTestId('note-status')).toHaveText('Saved');

    dialog = await openRecipe(page, server, 'Americano');
    await dialog.getByRole('button', { name: 'Add to collection' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Aperitivo hour/ }).click();
    await expect(page.getByText('Americano added to Aperitivo hour')).toBeVisible();

    // From a card: the rating shows there, and the card's own button adds to a collection.
    await page.goto('/search?q=boulevardier');
    const card = page
      .getByRole('list', { name: 'Cocktails' })
      .getByRole('listitem')
      .filter({ hasText: 'Boulevardier' });
    await card.getByRole('button', { name: 'Add Boulevardier to a collection' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Aperitivo hour/ }).click();
    await expect(page.getByText('Boulevardier added to Aperitivo hour')).toBeVisible();
    await page.goto('/search?q=negroni');
    await expect(page.getByRole('img', { name: 'Your rating of Negroni: 4.5 of 5 stars' }).first()).toBeVisible();

    // The note and rating are there on a fresh load.
    dialog = await openRecipe(page, server, 'Negroni');
    await expect(dialog.getByLabel('Private note')).toHaveValue('Carpano Antica makes it.');
    await expect(dialog.getByRole('slider', { name: 'Your rating of Negroni' })).toHaveAttribute(
      'aria-valuenow',
      '4.5',
    );

    await page.goto('/collections');
    await page.getByRole('link', { name: /Aperitivo hour/ }).click();
    await expect(rows(page)).toHaveText(['Negroni', 'Americano', 'Boulevardier']);
    // Keyboard: Alt+ArrowDown on the first row moves the Negroni down one.
    await rows(page).first().focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(rows(page)).toHaveText(['Americano', 'Negroni', 'Boulevardier']);
    await page.getByRole('button', { name: 'Move Boulevardier up' }).click();
    await expect(rows(page)).toHaveText(['Americano', 'Boulevardier', 'Negroni']);
    await page.reload();
    await expect(rows(page)).toHaveText(['Americano', 'Boulevardier', 'Negroni']);
    await axe.expectClean(page, 'a collection');

    const sharing = page.getByRole('checkbox', { name: 'Share as a read-only link' });
    await sharing.click();
    await expect(sharing).toBeChecked();
    const link = page.getByRole('textbox', { name: 'Share link' });
    await expect(link).toHaveValue(/\/shared\/[A-Za-z0-9_-]{22,}$/);
    const url = new URL(await link.inputValue());

    const stranger = await openApp(url.pathname);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Aperitivo hour' })).toBeVisible();
    await expect(stranger.getByRole('list', { name: 'Cocktails' }).getByRole('listitem')).toHaveCount(3);
    await axe.expectClean(stranger, 'a shared collection');
    await expect(stranger).toHaveTitle('Aperitivo hour · cocktail collection · Barback');
    // The server draws the collection into the page: a browser without JavaScript, or a crawler, reads it.
    const noScript = await browser.newContext({ baseURL: server.origin, javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(url.pathname);
    await expect(bare.locator('#root h1')).toHaveText('Aperitivo hour');
    await expect(bare.locator('#root [data-cocktail-link]')).toHaveCount(3);
    await expect(bare).toHaveTitle('Aperitivo hour · cocktail collection · Barback');
    await noScript.close();

    await sharing.click();
    await expect(sharing).not.toBeChecked();
    await expect(link).toHaveCount(0);
    await stranger.reload();
    await expect(stranger.getByTestId('shared-collection-missing')).toContainText('not shared');
  });

  test("Discover and search in my own order: 'Rated 4+', 'My ratings', 'Rated first'", async ({
    page,
    mail,
    server,
    axe,
  }) => {
    await signInAsPro(page, mail, server, 'rater');
    // Three ratings, in this order: Americano 3, Negroni 5, Daiquiri 4.5 (through the API, as the modal's stars would).
    for (const [name, stars] of [
      ['Americano', 3],
      ['Negroni', 5],
      ['Daiquiri', 4.5],
    ] as const) {
      const id = await idOf(server, name);
      const status = await page.evaluate(
        async ([cocktailId, value]) =>
          (
            await fetch(`/api/me/ratings/${cocktailId}`, {
              method: 'PUT',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ stars: value }),
            })
          ).status,
        [id, stars] as const,
      );
      expect(status).toBe(200);
    }

    await page.goto('/discover');
    const cardNames = (label: string) => page.getByRole('list', { name: label }).getByRole('heading', { level: 3 });
    // Click and wait for the state (the switch follows at once; the address catches up after its navigation).
    const rated = page.getByRole('checkbox', { name: 'Rated 4+' });
    await rated.click();
    await expect(rated).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Rated 4+', exact: true })).toBeVisible();
    await expect(cardNames('All cocktails')).toHaveText(['Daiquiri', 'Negroni']);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Sort: My ratings' });
    await expect(cardNames('All cocktails')).toHaveText(['Negroni', 'Daiquiri']);
    await expect(page).toHaveURL(/sort=my-ratings/);
    await expect(page).toHaveURL(/rated=4/);
    await axe.expectClean(page, 'Discover in my own order');

    // Without the filter the rest of the catalogue follows the rated ones; the order survives a reload.
    await rated.click();
    await expect(rated).not.toBeChecked();
    await expect(cardNames('All cocktails').first()).toHaveText('Negroni');
    await page.reload();
    await expect(cardNames('All cocktails').nth(0)).toHaveText('Negroni');
    await expect(cardNames('All cocktails').nth(1)).toHaveText('Daiquiri');
    await expect(cardNames('All cocktails').nth(2)).toHaveText('Americano');

    // Search: 'Rated first' puts the most recently rated first, within the search.
    await page.goto('/search?sort=rated-first');
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('rated-first');
    await expect(cardNames('Cocktails').nth(0)).toHaveText('Daiquiri');
    await expect(cardNames('Cocktails').nth(1)).toHaveText('Negroni');
    await expect(cardNames('Cocktails').nth(2)).toHaveText('Americano');
    await rated.click();
    await expect(rated).toBeChecked();
    await expect(page.getByTestId('result-count')).toHaveText('2 cocktails found');
    await expect(cardNames('Cocktails')).toHaveText(['Daiquiri', 'Negroni']);
  });

  test('a free user meets the lock, which leads to /upgrade', async ({ page, mail, server }) => {
    await page.goto('/');
    await signInFresh(page, mail, 'collector-free');
    const dialog = await openRecipe(page, server, 'Negroni');
    await expect(dialog.getByRole('slider')).toHaveCount(0);
    await dialog.getByRole('link', { name: 'Collections come with Pro' }).click();
    await expect(page).toHaveURL(/\/upgrade\?from=/);
  });
});
