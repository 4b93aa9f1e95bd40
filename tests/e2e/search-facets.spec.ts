import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DESKTOP, PHONE, getJson, type CocktailPageBody } from './support/journey';

/**
 * Search in a real browser: the search box's suggestions as a combobox driven by the keyboard (home and /search), the
 * facets with their live counts (desktop panel, phone dialog), the 'did you mean' line, the URL keeping every choice,
 * and axe finding nothing serious with the suggestions and the filters open.
 */

const countText = (total: number) => `${total.toLocaleString('en-US')} ${total === 1 ? 'cocktail' : 'cocktails'} found`;
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search cocktails' });

test.describe('search suggestions and facets', () => {
  test('the home combobox suggests as you type; arrows and Enter open a cocktail, Escape closes', async ({
    openApp,
    axe,
  }) => {
    const page = await openApp('/', { viewport: PHONE });
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('negorni', { delay: 15 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('option').first()).toContainText('Negroni');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await axe.expectClean(page, 'home with suggestions open');

    await box.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await expect(box).toBeFocused();
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('negorni');

    await box.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2, name: 'Negroni' })).toBeVisible();
    await expect(page).toHaveURL(/\/cocktails\/negroni$/);
  });

  test('an ingredient picked from the suggestions filters /search by it', async ({ openApp, server }) => {
    const page = await openApp('/search', { viewport: DESKTOP });
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('lime jui', { delay: 15 });
    const option = page.getByRole('option', { name: /Lime juice/ });
    await expect(option).toBeVisible();
    // Move down until the ingredient is the active option, then pick it with Enter.
    for (let step = 0; step < 12; step += 1) {
      await box.press('ArrowDown');
      if ((await option.getAttribute('aria-selected')) === 'true') break;
    }
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');

    await expect(page).toHaveURL(/[?&]with=\d+/);
    const withId = new URL(page.url()).searchParams.get('with');
    await expect(box).toHaveValue('');
    await expect(page.getByRole('button', { name: 'With Lime juice' })).toHaveAttribute('aria-pressed', 'true');
    const expected = await getJson<CocktailPageBody>(server, `/api/cocktails?with=${withId}`);
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.total));
  });

  test('facets narrow the results with live counts, combine, and survive a reload', async ({
    openApp,
    server,
    axe,
  }) => {
    const page = await openApp('/search?q=sour', { viewport: DESKTOP });
    const panel = page.getByRole('complementary', { name: 'Filters' });
    const all = await getJson<CocktailPageBody>(server, '/api/cocktails?q=sour');
    await expect(page.getByTestId('result-count')).toHaveText(countText(all.total));

    // The count on a facet value is what choosing it gives.
    const coupe = panel.getByRole('button', { name: /^Coupe \d+$/ });
    const coupeCount = Number((await coupe.textContent())?.replace(/\D+/g, ''));
    await coupe.click();
    await expect(coupe).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('result-count')).toHaveText(countText(coupeCount));
    await expect(page).toHaveURL(/glass=Coupe/);

    // Ingredients: without egg white.
    await panel.getByRole('button', { name: 'Without Egg white' }).click();
    await expect(page).toHaveURL(/without=\d+/);
    const url = new URL(page.url());
    const expected = await getJson<CocktailPageBody>(
      server,
      `/api/cocktails?q=sour&glass=Coupe&without=${url.searchParams.get('without')}`,
    );
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.total));
    await axe.expectClean(page, 'search with facets chosen');

    await page.reload();
    await expect(panel.getByRole('button', { name: /^Coupe \d+$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('button', { name: 'Without Egg white' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.total));

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('result-count')).toHaveText(countText(all.total));
  });

  test('on a phone the facets open in a Filters dialog that keeps focus and shows the count', async ({
    openApp,
    axe,
  }) => {
    const page = await openApp('/search?q=gin', { viewport: PHONE });
    await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
    const trigger = page.getByRole('button', { name: 'Filters', exact: true });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Stir \d+$/ })).toBeVisible();
    await axe.expectClean(page, 'filters dialog (phone)');

    await dialog.getByRole('button', { name: /^Stir \d+$/ }).click();
    await expect(page).toHaveURL(/technique=Stir/);
    await dialog.getByRole('button', { name: /^Show \d+ cocktails?$/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();
  });

  test("a mistyped search offers 'Did you mean' and searches the correction", async ({ openApp }) => {
    const page = await openApp('/search?q=margerita', { viewport: DESKTOP });
    const line = page.getByTestId('did-you-mean');
    await expect(line).toHaveText('Did you mean margarita?');
    await line.getByRole('button', { name: 'margarita' }).click();
    await expect(page).toHaveURL(/q=margarita/);
    await expect(searchBox(page)).toHaveValue('margarita');
    await expect(line).toBeHidden();
  });
});
