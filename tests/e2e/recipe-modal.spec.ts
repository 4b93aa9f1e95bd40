import type { Locator, Page } from '@playwright/test';
import { computeCocktailAlcohol, type Technique } from '@/shared/domain/abv';
import { formatAmount } from '@/shared/domain/units';
import { HOME_PAGE_SIZE } from './support/catalogue';
import { expect, test } from './support/fixtures';
import { getJson, type CocktailDetailBody, type CocktailPageBody } from './support/journey';
import type { TestServer } from './support/server';

/**
 * Journey 3, the recipe modal (docs/product.md, Cocktail detail): a card opens with the keyboard, the dialog shows the
 * recipe (ingredients, method, glass, garnish, ABV), Escape closes it and gives focus back to the card; the ml/oz switch
 * changes the amounts and is remembered after a reload.
 */

interface DetailWithAbv extends CocktailDetailBody {
  ingredients: (CocktailDetailBody['ingredients'][number] & { abv: number; is_optional: boolean })[];
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus (at most `max` presses), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`focus did not reach the target after ${max} Tab presses`);
}

/** The home page's first 50 cocktails by name, as the API lists them. */
const homeFirstPage = (server: TestServer) =>
  getJson<CocktailPageBody>(server, `/api/cocktails?pageSize=${HOME_PAGE_SIZE}`);

/** The first home cocktail (by name) whose recipe has a line of exactly 45 ml. */
async function cocktailWith45Ml(server: TestServer): Promise<DetailWithAbv> {
  for (const summary of (await homeFirstPage(server)).items) {
    const detail = await getJson<DetailWithAbv>(server, `/api/cocktails/${summary.id}`);
    if (detail.ingredients.some((line) => line.amount === 45 && line.unit === 'ml' && line.amount_max === null))
      return detail;
  }
  throw new Error('no cocktail among the first 50 has a 45 ml line');
}

test.describe('recipe modal', () => {
  test('opens from a card with the keyboard, shows the recipe, and Escape closes it with focus back on the card', async ({
    page,
    server,
  }) => {
    const target = (await homeFirstPage(server)).items[0]!;
    const detail = await getJson<DetailWithAbv>(server, `/api/cocktails/${target.id}`);
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await expect(cards).toHaveCount(HOME_PAGE_SIZE);
    const cardLink = cards.getByRole('link', { name: target.name, exact: true });

    await tabTo(page, cardLink);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: target.name });
    await expect(dialog.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Method' })).toBeVisible();
    const text = await dialog.innerText();
    for (const line of detail.ingredients) {
      expect(text).toContain(line.ingredient);
      expect(text).toContain(formatAmount(line.amount, line.unit, 'ml', line.amount_max));
    }
    expect(text).toContain(detail.instructions.split(/(?<=\.)\s/)[0]!.trim());
    expect(text).toContain(detail.glassware);
    expect(text).toContain(detail.garnish);
    // The strength the recipe shows is the shared ABV maths on the recipe's lines (optional ones left out).
    const alcohol = computeCocktailAlcohol(
      detail.ingredients.filter((line) => !line.is_optional),
      detail.technique as Technique,
    );
    expect(text).toMatch(/ABV/);
    expect(text).toContain(`${alcohol.finalAbv.toFixed(1)}%`);
    // The address bar shows the cocktail's own page.
    await expect(page).toHaveURL(`/cocktails/${target.slug}`);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(cardLink).toBeFocused();
    expect(new URL(page.url()).searchParams.has('recipe')).toBe(false);
  });

  test('switches amounts between ml and oz and remembers the choice after a reload', async ({ page, server }) => {
    const detail = await cocktailWith45Ml(server);
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await expect(cards).toHaveCount(HOME_PAGE_SIZE);
    const openRecipe = async () => {
      await cards.getByRole('link', { name: detail.name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: detail.name });
      await expect(dialog.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
      return dialog;
    };

    let dialog = await openRecipe();
    const units = dialog.getByRole('radiogroup', { name: 'Units' });
    await expect(dialog.getByText('45 ml', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText('1½ oz', { exact: true })).toHaveCount(0);

    await units.getByRole('radio', { name: 'oz' }).click();
    await expect(dialog.getByText('1½ oz', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText('45 ml', { exact: true })).toHaveCount(0);
    await expect(units.getByRole('radio', { name: 'oz' })).toHaveAttribute('aria-checked', 'true');
    const ozText = await dialog.innerText();
    for (const line of detail.ingredients)
      expect(ozText).toContain(formatAmount(line.amount, line.unit, 'oz', line.amount_max));

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(cards).toHaveCount(HOME_PAGE_SIZE);

    dialog = await openRecipe();
    await expect(dialog.getByText('1½ oz', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText('45 ml', { exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('radiogroup', { name: 'Units' }).getByRole('radio', { name: 'oz' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // And back to ml.
    await dialog.getByRole('radiogroup', { name: 'Units' }).getByRole('radio', { name: 'ml' }).click();
    await expect(dialog.getByText('45 ml', { exact: true }).first()).toBeVisible();
  });
});
