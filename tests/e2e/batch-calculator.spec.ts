import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PHONE, getJson, holdRequests, type CocktailPageBody } from './support/journey';
import type { TestServer } from './support/server';

/**
 * Journey: the batch calculator and party planner, open to everyone. A Negroni batched into a 750 ml bottle shows
 * the DOMAIN.md figures (6.94 servings, 208.3 ml of each spirit, 125 ml of water, 22.5 % served, 1.37 US standard drinks,
 * 2.43 UK units); the units switch to oz; a party of 20 guests for 3 hours with two cocktails gives one combined shopping
 * list; share links restore both in a fresh browser; the prep sheet prints on one page; keyboard only; axe clean.
 */

/** The catalogue id of the cocktail named exactly `name`. */
async function cocktailId(server: TestServer, name: string): Promise<number> {
  const page = await getJson<CocktailPageBody>(server, `/api/cocktails?q=${encodeURIComponent(name)}&pageSize=20`);
  const match = page.items.find((item) => item.name === name);
  if (!match) throw new Error(`no cocktail named ${name}`);
  return match.id;
}

/** Picks `name` in a cocktail picker by typing and choosing its option. */
async function pickCocktail(page: Page, picker: string, name: string): Promise<void> {
  const box = page.getByRole('combobox', { name: picker });
  await box.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
}

/** The value shown by one headline figure. */
const figure = (page: Page, testId: string): Locator => page.getByTestId(testId).locator('[data-figure]');

/** The row of the batch table for `ingredient`: [measure, exact]. */
async function batchRow(page: Page, ingredient: string): Promise<string[]> {
  const row = page.getByTestId('batch-table').getByRole('row', { name: new RegExp(`^${ingredient}`) });
  return row.getByRole('cell').allInnerTexts();
}

/** Batches the catalogue Negroni, stirred (20 %), ready to pour, into a 750 ml bottle. */
async function batchNegroni(page: Page): Promise<void> {
  await pickCocktail(page, 'Start from a cocktail', 'Negroni');
  await expect(page.getByLabel('Recipe name')).toHaveValue('Negroni');
  await page.getByLabel('Method', { exact: true }).selectOption('Stir');
  await expect(page.getByRole('radio', { name: 'Ready to pour · fridge' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '750 ml bottle' })).toHaveAttribute('aria-checked', 'true');
}

test.describe('batch calculator', () => {
  test('the Batch Calc button opens it; a Negroni into a 750 ml bottle shows the exact figures; oz switches every amount', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('batch-calc-button').click();
    await expect(page).toHaveURL(/\/batch-calculator/);
    await expect(page.getByRole('heading', { level: 1, name: 'Batch Calculator' })).toBeVisible();
    await batchNegroni(page);

    await expect(figure(page, 'figure-servings')).toHaveText('6.94');
    await expect(figure(page, 'figure-volume')).toHaveText('750 ml');
    await expect(figure(page, 'figure-water')).toHaveText('125 ml');
    await expect(figure(page, 'figure-pour')).toHaveText('108 ml');
    await expect(figure(page, 'figure-start-abv')).toHaveText('27 %');
    await expect(figure(page, 'figure-final-abv')).toHaveText('22.5 %');
    await expect(figure(page, 'figure-us-drinks')).toHaveText('1.37');
    await expect(figure(page, 'figure-uk-units')).toHaveText('2.43');
    // Rounded to 5 ml, the measures stay within the bottle: 205 + 210 + 210 + 125 = 750 ml.
    expect(await batchRow(page, 'Gin')).toEqual(['205 ml', '208.3 ml']);
    for (const spirit of ['Campari', 'Sweet vermouth']) {
      expect(await batchRow(page, spirit)).toEqual(['210 ml', '208.3 ml']);
    }
    expect(await batchRow(page, 'Water')).toEqual(['125 ml', '125 ml']);
    await expect(page.getByTestId('freezer-warning')).toHaveCount(0);

    // The working stays closed until asked for.
    const working = page.getByTestId('figure-us-drinks');
    await expect(working.getByText(/0\.789 g\/ml ÷ 14 g/)).toBeHidden();
    await working.locator('summary').click();
    await expect(working.getByText('24.3 ml × 0.789 g/ml ÷ 14 g per US standard drink (NIAAA) = 1.37.')).toBeVisible();

    // Bottles to buy: one 750 ml bottle of each, 540 ml left over.
    const gin = page.getByTestId('shopping-list').getByRole('row', { name: /^Gin/ });
    await expect(gin).toContainText('1 ×');
    await expect(gin).toContainText('540 ml left over');

    // oz everywhere on the page (and remembered for recipes).
    await page.getByRole('radio', { name: 'oz' }).click();
    expect(await batchRow(page, 'Gin')).toEqual(['7 oz', '7.04 oz']);
    await expect(figure(page, 'figure-water')).toHaveText('4.23 oz');
    // A pour is measured with a jigger: quarter ounces, the same figure in the steps and in 'Pour per glass'.
    const pour = (await figure(page, 'figure-pour').textContent())?.trim() ?? '';
    expect(pour).toMatch(/^3[½¾] oz$/);
    await expect(page.getByRole('list', { name: 'At service' })).toContainText(`Pour ${pour} of the chilled batch`);
    expect(await page.evaluate(() => localStorage.getItem('bb:unit-system'))).toBe('oz');

    // The freezer warns under 22 %: a Negroni shaken-strength dilution of 30 % brings it to 20.8 %.
    await page.getByRole('radio', { name: 'Ready to pour · freezer' }).check();
    await page.getByLabel('Dilution').fill('30');
    await expect(page.getByTestId('freezer-warning')).toContainText('may freeze');
  });

  test("'Batch this' in the recipe modal starts a batch of that cocktail", async ({ page, server }) => {
    const id = await cocktailId(server, 'Daiquiri');
    await page.goto(`/?recipe=${id}`);
    await page.getByRole('dialog', { name: 'Daiquiri' }).getByRole('link', { name: 'Batch this' }).click();
    await expect(page).toHaveURL(/\/batch-calculator/);
    await expect(page.getByLabel('Recipe name')).toHaveValue('Daiquiri');
    // Shaken 25 %: 60 ml rum, 20 ml lime, 2 barspoons of sugar (8.1 g, dissolving to 5.1 ml) -> 106.4 ml at 22.6 %.
    await expect(figure(page, 'figure-final-abv')).toHaveText('22.6 %');
    await expect(page.getByTestId('batch-table').getByRole('row', { name: /^Lime juice/ })).toContainText(
      'Same day only',
    );
    await expect(page.getByTestId('batch-table').getByRole('row', { name: /^Superfine sugar/ })).toContainText('g');
  });

  test('a custom recipe with a top-up counts it in the served ABV; a damaged link starts fresh with a message', async ({
    page,
  }) => {
    const ingredientRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/ingredients')) ingredientRequests.push(request.url());
    });
    await page.goto('/batch-calculator?batch=not-a-real-link');
    await expect(page.getByRole('alert')).toContainText('That link is damaged');
    await page.getByLabel('Recipe name').fill('House G&T');
    // The catalogue's ingredients are asked for, and offered, once an ingredient field is focused (not with the page).
    await page.waitForLoadState('networkidle');
    expect(ingredientRequests).toEqual([]);
    const listId = await page.getByLabel('Ingredient 1', { exact: true }).getAttribute('list');
    const suggestions = page.locator(`datalist[id="${listId}"]`);
    await expect(suggestions.locator('option')).toHaveCount(0);
    await page.getByLabel('Ingredient 1', { exact: true }).focus();
    await expect(suggestions.locator('option[value="London dry gin"]')).toHaveCount(1);
    expect(ingredientRequests).toHaveLength(1);
    await page.getByLabel('Ingredient 1', { exact: true }).fill('London dry gin');
    await expect(page.getByLabel('ABV % of ingredient 1')).toHaveValue('43');
    await page.getByLabel('Amount of ingredient 1').fill('50');
    await page.getByLabel('Ingredient 2', { exact: true }).fill('Tonic water');
    await page.getByLabel('Amount of ingredient 2').fill('150');
    await page.getByLabel('Unit of ingredient 2').selectOption('top');
    await expect(page.getByLabel('Role of ingredient 2')).toHaveValue('at-service');
    await page.getByLabel('Method', { exact: true }).selectOption('Build');
    await page.getByRole('radio', { name: 'Poured over ice' }).check();
    await page.getByRole('radio', { name: 'Servings' }).click();
    await page.getByLabel('Servings').fill('20');
    // Gin 50 ml at 43 % = 21.5 ml of ethanol; the glass: 50 + 15 % water + 150 ml tonic = 207.5 ml -> 10.4 %.
    await expect(figure(page, 'figure-final-abv')).toHaveText('10.4 %');
    await expect(page.getByTestId('at-service')).toContainText('Tonic water');
    await expect(page.getByTestId('at-service')).toContainText('3000 ml in all');
    // An amount the maths cannot use is refused in place, and the figures keep the last good value.
    await page.getByLabel('Amount of ingredient 1').fill('-5');
    await expect(page.getByText('Enter 0 or more')).toBeVisible();
    await expect(figure(page, 'figure-final-abv')).toHaveText('10.4 %');
  });

  test("an ingredient typed before the catalogue's list arrives is matched when it does: its ABV fills in, one the user wrote is kept", async ({
    page,
  }) => {
    // The list is held on its way until the line is typed.
    const releaseList = await holdRequests(page, '**/api/ingredients');
    await page.goto('/batch-calculator');
    await expect(page.locator('#root')).toHaveAttribute('data-live', '');
    await page.getByLabel('Ingredient 1', { exact: true }).fill('London dry gin');
    await page.getByLabel('ABV % of ingredient 2').fill('12');
    await page.getByLabel('Ingredient 2', { exact: true }).fill('Sweet vermouth');
    await expect(page.getByLabel('ABV % of ingredient 1')).toHaveValue('0');
    releaseList();
    await expect(page.getByLabel('ABV % of ingredient 1')).toHaveValue('43');
    // An ABV the user wrote is kept.
    await expect(page.getByLabel('ABV % of ingredient 2')).toHaveValue('12');
  });

  test('plans a party of 20 for 3 hours with two cocktails: one shopping list, ice, glasses; the share link restores it', async ({
    page,
    openApp,
  }) => {
    await page.goto('/batch-calculator');
    await page.getByRole('tab', { name: 'Plan a party' }).click();
    await expect(page.getByTestId('party-total')).toHaveText('80 drinks in all');
    await pickCocktail(page, 'Add a cocktail', 'Negroni');
    await pickCocktail(page, 'Add a cocktail', 'Daiquiri');
    await expect(page.getByTestId('party-drinks')).toHaveText([/^40 drinks/, /^40 drinks/]);

    const shopping = page.getByTestId('shopping-list');
    // Negroni 40 × 30 ml of each; Daiquiri 40 × 60 ml rum and 40 × 20 ml lime juice.
    await expect(shopping.getByRole('row', { name: /^Gin/ })).toContainText('1200 ml');
    await expect(shopping.getByRole('row', { name: /^Gin/ })).toContainText('2 ×');
    await expect(shopping.getByRole('row', { name: /^White rum/ })).toContainText('2400 ml');
    await expect(shopping.getByRole('row', { name: /^White rum/ })).toContainText('4 ×');
    await expect(shopping.getByRole('row', { name: /^Lime juice/ })).toContainText('27 limes');
    await expect(page.getByTestId('party-glassware')).toContainText('24 rocks glasses');
    await expect(page.getByTestId('party-glassware')).toContainText('24 coupe glasses');
    await expect(page.getByTestId('party-ice')).toContainText('kg');
    await expect(page.getByRole('list', { name: 'The day before' })).toContainText('Negroni: mix 1200 ml Gin');

    // It prints as one sheet per cocktail plus the shopping list: three pages.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('party-sheet')).toBeVisible();
    const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g) ?? []).toHaveLength(3);
    await page.emulateMedia({ media: 'screen' });

    const shareUrl = await page.getByRole('button', { name: 'Copy share link' }).getAttribute('data-share-url');
    expect(shareUrl).toContain('tab=party');
    const rows = await shopping.getByRole('row').allTextContents();

    const fresh = await openApp(new URL(shareUrl as string).pathname + new URL(shareUrl as string).search);
    await expect(fresh.getByRole('tab', { name: 'Plan a party' })).toHaveAttribute('aria-selected', 'true');
    await expect(fresh.getByTestId('shopping-list').getByRole('row')).toHaveText(rows);
    await expect(fresh.getByTestId('party-total')).toHaveText('80 drinks in all');
  });

  test('the batch share link restores the whole calculation in a fresh browser', async ({ page, openApp }) => {
    await page.goto('/batch-calculator');
    await batchNegroni(page);
    await page.getByRole('radio', { name: 'Bottles' }).click();
    await page.getByLabel('Bottles', { exact: true }).fill('2');
    await expect(figure(page, 'figure-servings')).toHaveText('13');
    // Shared in oz, it opens in oz for whoever follows it.
    await page.getByRole('radio', { name: 'oz' }).click();
    await expect(page.getByRole('button', { name: 'Copy share link' })).toHaveAttribute('data-share-url', /unit=oz/);
    const shareUrl = new URL(
      (await page.getByRole('button', { name: 'Copy share link' }).getAttribute('data-share-url')) as string,
    );
    const fresh = await openApp(shareUrl.pathname + shareUrl.search, { viewport: PHONE });
    await expect(fresh.getByLabel('Recipe name')).toHaveValue('Negroni');
    await expect(figure(fresh, 'figure-servings')).toHaveText('13');
    await expect(fresh.getByRole('radio', { name: 'oz' })).toBeChecked();
    expect((await batchRow(fresh, 'Gin'))[0]).toMatch(/ oz$/);
    await expect(figure(fresh, 'figure-final-abv')).toHaveText('22.5 %');
    // Nothing runs off the side of a 390 px phone, in the web shell or the iOS app's.
    const overflow = () => fresh.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBe(0);
    await fresh.goto(`${shareUrl.pathname}${shareUrl.search}&app=ios`);
    await expect(fresh.getByTestId('native-header').getByRole('link', { name: 'Batch Calc' })).toBeVisible();
    expect(await overflow()).toBe(0);
  });

  test('the prep sheet prints on one page, without the app around it', async ({ page }) => {
    await page.goto('/batch-calculator');
    await batchNegroni(page);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('prep-sheet')).toBeVisible();
    await expect(page.getByTestId('top-bar')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print prep sheet' })).toBeHidden();
    await expect(page.getByTestId('prep-sheet')).toContainText('NEGRONI');
    await expect(page.getByTestId('prep-sheet')).toContainText('6.94 servings of 108 ml');
    await page.screenshot({ path: test.info().outputPath('prep-sheet-print.png'), fullPage: true });
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = (await page.pdf({ format, printBackground: true })).toString('latin1');
      const pages = pdf.match(/\/Type\s*\/Page(?!s)/g) ?? [];
      expect(pages, `${format} pages`).toHaveLength(1);
    }
  });

  test('works from the keyboard alone, and axe finds nothing on either tab', async ({ page, axe }) => {
    await page.goto('/batch-calculator');
    await axe.expectClean(page, 'empty batch calculator');
    const picker = page.getByRole('combobox', { name: 'Start from a cocktail' });
    for (let presses = 0; presses < 40 && !(await picker.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(picker).toBeFocused();
    await page.keyboard.type('Negroni');
    await expect(page.getByRole('option', { name: /^Negroni \(/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Recipe name')).toHaveValue('Negroni');
    // Method by keyboard: the Negroni is built; one up (Shake, Stir, Build...) is Stir.
    const method = page.getByLabel('Method', { exact: true });
    await method.focus();
    await page.keyboard.press('ArrowUp');
    await expect(method).toHaveValue('Stir');
    await expect(figure(page, 'figure-final-abv')).toHaveText('22.5 %');
    // A figure's working opens with Enter.
    const servings = page.getByTestId('figure-servings').locator('summary');
    await servings.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('figure-servings')).toHaveAttribute('open', '');
    await axe.expectClean(page, 'Negroni batch with a figure open');

    // The party tab by arrow keys.
    await page.getByRole('tab', { name: 'Batch a cocktail' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Plan a party' })).toHaveAttribute('aria-selected', 'true');
    const add = page.getByRole('combobox', { name: 'Add a cocktail' });
    await add.focus();
    await page.keyboard.type('Daiquiri');
    await expect(page.getByRole('option', { name: /^Daiquiri \(/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('party-drinks')).toHaveText([/^80 drinks/]);
    await axe.expectClean(page, 'party plan');
  });
});
