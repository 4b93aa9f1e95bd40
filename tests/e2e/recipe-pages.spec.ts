import type { Page } from '@playwright/test';
import { HOME_PAGE_SIZE } from './support/catalogue';
import { expect, test } from './support/fixtures';
import { DESKTOP, getJson, PAGE_NOT_FOUND, PHONE, type CocktailPageBody } from './support/journey';
import type { TestServer } from './support/server';

/**
 * Recipe pages (docs/product.md, Recipe pages): a card opens the recipe's dialog at the cocktail's own address; that
 * address, copied into a fresh browser, opens the same recipe; back, forward and reload keep it; the HTML holds the
 * recipe without JavaScript; the old deep link redirects there.
 */

/** A cocktail of the home page's first list, by name, with its page's slug. */
async function homeCocktail(server: TestServer, index: number) {
  const list = await getJson<CocktailPageBody>(server, `/api/cocktails?pageSize=${HOME_PAGE_SIZE}`);
  return list.items[index]!;
}

/** The recipe dialog's ingredient lines, as the visitor reads them. */
async function ingredientLines(page: Page, name: string): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
  return dialog.getByRole('region', { name: 'Ingredients' }).getByRole('listitem').allInnerTexts();
}

/** Saves a screenshot when SCREENSHOTS names a folder (looked at by hand, not compared). */
async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width}.png` });
}

test.describe('recipe pages', () => {
  test("a card opens the recipe at its page's address, which opens the same recipe in a fresh browser", async ({
    page,
    server,
    openApp,
    axe,
  }) => {
    const cocktail = await homeCocktail(server, 2);
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await expect(cards).toHaveCount(HOME_PAGE_SIZE);
    const link = cards.getByRole('link', { name: cocktail.name, exact: true });
    // The card's link is the page itself: what a crawler follows and a long-press copies.
    await expect(link).toHaveAttribute('href', `/cocktails/${cocktail.slug}`);
    await link.click();

    const dialog = page.getByRole('dialog', { name: cocktail.name });
    const lines = await ingredientLines(page, cocktail.name);
    expect(lines.length).toBeGreaterThan(0);
    await expect(page).toHaveURL(`/cocktails/${cocktail.slug}`);
    // The list stays under the dialog (hidden from assistive technology while it is open); back closes it, forward
    // opens it again.
    await expect(page.locator('[data-cocktail-link]')).toHaveCount(HOME_PAGE_SIZE);
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/');
    await page.goForward();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`/cocktails/${cocktail.slug}`);

    // The copied address, in a browser that has never seen the app: the same recipe.
    const copied = page.url();
    const fresh = await openApp(copied);
    expect(await ingredientLines(fresh, cocktail.name)).toEqual(lines);
    await expect(fresh).toHaveURL(`/cocktails/${cocktail.slug}`);
    await expect(fresh).toHaveTitle(`${cocktail.name} cocktail recipe · Barback`);
    await axe.expectClean(fresh, 'a recipe page');

    // A reload keeps the recipe at its address; Close leads home.
    await page.reload();
    expect(await ingredientLines(page, cocktail.name)).toEqual(lines);
    await expect(page).toHaveURL(`/cocktails/${cocktail.slug}`);
    await dialog.getByRole('link', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/');
    await expect(cards.first()).toBeVisible();
  });

  test('the HTML holds the whole recipe and says what it is, with JavaScript off', async ({ browser, server }) => {
    const cocktail = await homeCocktail(server, 0);
    const detail = await getJson<{ ingredients: { ingredient: string }[]; instructions: string }>(
      server,
      `/api/cocktails/${cocktail.id}`,
    );
    const context = await browser.newContext({ baseURL: server.origin, viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const answer = await page.goto(`/cocktails/${cocktail.slug}`);
    expect(answer?.status()).toBe(200);
    const dialog = page.locator('#root').getByRole('dialog', { name: cocktail.name, includeHidden: true });
    await expect(dialog).toHaveCount(1);
    for (const line of detail.ingredients) await expect(dialog).toContainText(line.ingredient);
    await expect(dialog).toContainText(detail.instructions.slice(0, 40));
    await expect(page).toHaveTitle(`${cocktail.name} cocktail recipe · Barback`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/cocktails/${cocktail.slug}$`),
    );
    const recipe = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      '@type'?: string;
      name?: string;
    };
    expect(recipe).toMatchObject({ '@type': 'Recipe', name: cocktail.name });
    // The age gate is over it, as on every page, for a visitor who has not answered it.
    await expect(page.getByRole('heading', { name: 'Age Verification' })).toBeVisible();
    await context.close();
  });

  test('the old deep link redirects to the page, and an unknown one says the recipe was not found', async ({
    page,
    server,
    pageErrors,
  }) => {
    const cocktail = await homeCocktail(server, 1);
    await page.goto(`/?recipe=${cocktail.id}`);
    await expect(page).toHaveURL(`/cocktails/${cocktail.slug}`);
    await expect(
      page.getByRole('dialog', { name: cocktail.name }).getByRole('heading', { name: 'Ingredients' }),
    ).toBeVisible();

    pageErrors.allow(PAGE_NOT_FOUND);
    const answer = await page.goto('/cocktails/no-such-drink');
    expect(answer?.status()).toBe(404);
    const missing = page.getByRole('alertdialog', { name: 'Recipe not found' });
    await expect(missing).toBeVisible();
    await missing.getByRole('button', { name: 'Back to cocktails' }).click();
    await expect(page).toHaveURL('/');
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`looks right at ${viewport.width} px (screenshots when SCREENSHOTS is set)`, async ({ page, server }) => {
      await page.setViewportSize(viewport);
      const cocktail = await homeCocktail(server, 0);
      await page.goto(`/cocktails/${cocktail.slug}`);
      await expect(page.locator('#root')).toHaveAttribute('data-live', '');
      await ingredientLines(page, cocktail.name);
      await screenshot(page, 'recipe-page');
      // Its link preview: the drawing, 1200 x 630.
      const image = await page.request.get(`/og/cocktails/${cocktail.slug}.png`);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const folder = process.env.SCREENSHOTS;
      if (folder && viewport === DESKTOP) {
        const { writeFile } = await import('node:fs/promises');
        await writeFile(`${folder}/recipe-preview-1200.png`, await image.body());
      }
    });
  }
});
