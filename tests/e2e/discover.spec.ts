import { expect, test } from './support/fixtures';
import {
  PHONE,
  cardLinks,
  getJson,
  recipeIdOf,
  type CocktailDetailBody,
  type CocktailPageBody,
} from './support/journey';

/**
 * Journey 4, /discover (docs/product.md, Discover; Roles and plans, "anonymous sample of 50"): up to 50 cards with
 * name, base spirit, difficulty, glassware, strength and 'View Recipe'; 'View Recipe' opens the recipe; the search
 * narrows the list.
 */

const SAMPLE_LIMIT = 50;
const SAMPLE_LIST = 'Selected cocktails';

test.describe('discover', () => {
  test('shows up to 50 cards with name, base spirit, difficulty, glassware, strength and View Recipe', async ({
    page,
    server,
  }) => {
    await page.goto('/discover');
    const list = page.getByRole('list', { name: SAMPLE_LIST });
    const cards = list.getByRole('listitem');
    await expect(cards.getByRole('link').first()).toBeVisible();
    // The list is drawn a few cards a frame: read it once it is whole (no longer busy).
    await expect(list).toHaveAttribute('aria-busy', 'false');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(SAMPLE_LIMIT);

    const links = cards.getByRole('link');
    const ids = await Promise.all((await links.all()).map(recipeIdOf));
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(new Set(ids).size).toBe(count);
    const details = await Promise.all(ids.map((id) => getJson<CocktailDetailBody>(server, `/api/cocktails/${id}`)));
    // Cards below the fold are drawn as they come into view (content-visibility): read each as the user scrolls to it.
    const texts: string[] = [];
    for (const card of await cards.all()) {
      await card.scrollIntoViewIfNeeded();
      texts.push(await card.innerText());
    }
    texts.forEach((text, index) => {
      const cocktail = details[index]!;
      for (const field of [
        cocktail.name,
        cocktail.base_spirit,
        cocktail.difficulty_level,
        cocktail.glassware,
        cocktail.strength,
      ]) {
        expect(text, `card ${index + 1} (${cocktail.name})`).toContain(field);
      }
      expect(text, `card ${index + 1}`).toContain('View Recipe');
    });
  });

  test("'View Recipe' opens the recipe", async ({ openApp }) => {
    const page = await openApp('/discover', { viewport: PHONE });
    const cards = page.getByRole('list', { name: SAMPLE_LIST }).getByRole('listitem');
    await expect(cards.getByRole('link').first()).toBeVisible();
    const card = cards.nth(1);
    const name = (await card.getByRole('link').innerText()).trim();

    // 'View Recipe' is drawn on the card; click where the user sees it.
    const control = card.getByText('View Recipe');
    // Centre it: at the bottom edge the fixed tab bar would be on top of it.
    await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);

    const dialog = page.getByRole('dialog', { name });
    await expect(dialog.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Method' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('its search narrows the list to what the API finds', async ({ page, server }) => {
    const catalogue = await getJson<CocktailPageBody>(server, '/api/cocktails?pageSize=1');
    await page.goto('/discover');
    const sample = page.getByRole('list', { name: SAMPLE_LIST }).getByRole('listitem');
    await expect(sample.getByRole('link').first()).toBeVisible();

    // Search for the glassware of the first card (discover search covers name, spirit, description, technique, glassware).
    const firstId = await recipeIdOf(sample.first().getByRole('link'));
    const first = await getJson<CocktailDetailBody>(server, `/api/cocktails/${firstId}`);
    const query = first.glassware.toLowerCase();
    const expected = await getJson<CocktailPageBody>(server, `/api/cocktails?q=${encodeURIComponent(query)}`);
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(catalogue.total);

    await page.getByRole('searchbox', { name: 'Search cocktails' }).fill(query);
    await expect(page.getByRole('heading', { name: `Results for “${query}”` })).toBeVisible();
    await expect(
      page.getByText(`${expected.total} ${expected.total === 1 ? 'cocktail' : 'cocktails'} found`, { exact: true }),
    ).toBeVisible();
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results).toHaveCount(expected.items.length);
    await expect(cardLinks(page, 'Search results')).toHaveText(expected.items.map((cocktail) => cocktail.name));
    await expect(results.first()).toContainText(expected.items[0]!.base_spirit);
  });
});
