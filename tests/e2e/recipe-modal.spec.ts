import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCocktailAlcohol, type Technique } from '@/shared/domain/abv';
import { formatAmount } from '@/shared/domain/units';
import { HOME_PAGE_SIZE } from './support/catalogue';
import {
  eventually,
  expectNoPageErrors,
  getJson,
  gone,
  see,
  startJourneyEnv,
  stopJourneyEnv,
  visit,
  type CocktailDetailBody,
  type CocktailPageBody,
  type JourneyEnv,
} from './support/journey';

/**
 * Journey 3, the recipe modal (spec section 2 "Cocktail detail modal"): a card opens with the keyboard, the dialog shows the
 * recipe (ingredients, method, glass, garnish, ABV), Escape closes it and gives focus back to the card; the ml/oz switch
 * changes the amounts and is remembered after a reload.
 */

interface DetailWithAbv extends CocktailDetailBody {
  ingredients: (CocktailDetailBody['ingredients'][number] & { abv: number; is_optional: boolean })[];
}

let env: JourneyEnv;
let firstPage: CocktailPageBody;

beforeAll(async () => {
  env = await startJourneyEnv();
  firstPage = await getJson<CocktailPageBody>(env.server, `/api/cocktails?pageSize=${HOME_PAGE_SIZE}`);
});

afterAll(async () => {
  await stopJourneyEnv(env);
});

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus (at most `max` presses), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`focus did not reach the target after ${max} Tab presses`);
}

/** The first home cocktail (by name) whose recipe has a line of exactly 45 ml. */
async function cocktailWith45Ml(): Promise<DetailWithAbv> {
  for (const summary of firstPage.items) {
    const detail = await getJson<DetailWithAbv>(env.server, `/api/cocktails/${summary.id}`);
    if (detail.ingredients.some((line) => line.amount === 45 && line.unit === 'ml' && line.amount_max === null))
      return detail;
  }
  throw new Error('no cocktail among the first 50 has a 45 ml line');
}

describe('recipe modal', () => {
  it('opens from a card with the keyboard, shows the recipe, and Escape closes it with focus back on the card', async () => {
    const target = firstPage.items[0]!;
    const detail = await getJson<DetailWithAbv>(env.server, `/api/cocktails/${target.id}`);
    const { page, context, errors } = await visit(env, '/');
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await eventually(() => cards.count(), HOME_PAGE_SIZE);
    const cardLink = cards.getByRole('link', { name: target.name, exact: true });

    await tabTo(page, cardLink);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: target.name });
    await see(dialog.getByRole('heading', { name: 'Ingredients' }));
    await see(dialog.getByRole('heading', { name: 'Method' }));
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
    expect(new URL(page.url()).searchParams.get('recipe')).toBe(String(target.id));

    await page.keyboard.press('Escape');
    await gone(page.getByRole('dialog'));
    await eventually(() => isFocused(cardLink), true);
    expect(new URL(page.url()).searchParams.has('recipe')).toBe(false);

    expectNoPageErrors(errors);
    await context.close();
  });

  it('switches amounts between ml and oz and remembers the choice after a reload', async () => {
    const detail = await cocktailWith45Ml();
    const { page, context, errors } = await visit(env, '/');
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await eventually(() => cards.count(), HOME_PAGE_SIZE);
    const openRecipe = async () => {
      await cards.getByRole('link', { name: detail.name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: detail.name });
      await see(dialog.getByRole('heading', { name: 'Ingredients' }));
      return dialog;
    };

    let dialog = await openRecipe();
    const units = dialog.getByRole('radiogroup', { name: 'Units' });
    await see(dialog.getByText('45 ml', { exact: true }));
    expect(await dialog.getByText('1½ oz', { exact: true }).count()).toBe(0);

    await units.getByRole('radio', { name: 'oz' }).click();
    await see(dialog.getByText('1½ oz', { exact: true }));
    expect(await dialog.getByText('45 ml', { exact: true }).count()).toBe(0);
    expect(await units.getByRole('radio', { name: 'oz' }).getAttribute('aria-checked')).toBe('true');
    const ozText = await dialog.innerText();
    for (const line of detail.ingredients)
      expect(ozText).toContain(formatAmount(line.amount, line.unit, 'oz', line.amount_max));

    await page.keyboard.press('Escape');
    await gone(page.getByRole('dialog'));
    await page.reload();
    await eventually(() => cards.count(), HOME_PAGE_SIZE);

    dialog = await openRecipe();
    await see(dialog.getByText('1½ oz', { exact: true }));
    expect(await dialog.getByText('45 ml', { exact: true }).count()).toBe(0);
    expect(
      await dialog
        .getByRole('radiogroup', { name: 'Units' })
        .getByRole('radio', { name: 'oz' })
        .getAttribute('aria-checked'),
    ).toBe('true');

    // And back to ml.
    await dialog.getByRole('radiogroup', { name: 'Units' }).getByRole('radio', { name: 'ml' }).click();
    await see(dialog.getByText('45 ml', { exact: true }));

    expectNoPageErrors(errors);
    await context.close();
  });
});
