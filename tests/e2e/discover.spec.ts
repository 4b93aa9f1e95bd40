import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import {
  cardNames,
  eventually,
  expectNoPageErrors,
  getJson,
  see,
  startJourneyEnv,
  stopJourneyEnv,
  visit,
  type CocktailDetailBody,
  type CocktailPageBody,
  type JourneyEnv,
} from './support/journey';

/**
 * Journey 4, /discover (spec section 2 "/discover", section 6 "anonymous sample of 50"): up to 50 cards with name, base
 * spirit, difficulty, glassware, strength and 'View Recipe'; 'View Recipe' opens the recipe; the search narrows the list.
 */

const SAMPLE_LIMIT = 50;
const SAMPLE_LIST = 'Selected cocktails';

let env: JourneyEnv;

beforeAll(async () => {
  env = await startJourneyEnv();
});

afterAll(async () => {
  await stopJourneyEnv(env);
});

/** The cocktail id a card link opens (`?recipe=<id>`). */
function recipeIdOf(href: string | null): string | null {
  return href ? new URL(href, 'http://x').searchParams.get('recipe') : null;
}

describe('discover', () => {
  it('shows up to 50 cards with name, base spirit, difficulty, glassware, strength and View Recipe', async () => {
    const { page, context, errors } = await visit(env, '/discover');
    const cards = page.getByRole('list', { name: SAMPLE_LIST }).getByRole('listitem');
    await see(cards.getByRole('link'));
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(SAMPLE_LIMIT);

    const links = cards.getByRole('link');
    const hrefs = await Promise.all((await links.all()).map((link) => link.getAttribute('href')));
    const ids = hrefs.map(recipeIdOf);
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(new Set(ids).size).toBe(count);
    const details = await Promise.all(ids.map((id) => getJson<CocktailDetailBody>(env.server, `/api/cocktails/${id}`)));
    const texts = await cards.allInnerTexts();
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

    expectNoPageErrors(errors);
    await context.close();
  });

  it("'View Recipe' opens the recipe", async () => {
    const { page, context, errors } = await visit(env, '/discover', { viewport: PHONE });
    const cards = page.getByRole('list', { name: SAMPLE_LIST }).getByRole('listitem');
    await see(cards.getByRole('link'));
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
    await see(dialog.getByRole('heading', { name: 'Ingredients' }));
    await see(dialog.getByRole('heading', { name: 'Method' }));

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await eventually(() => page.getByRole('dialog').count(), 0);

    expectNoPageErrors(errors);
    await context.close();
  });

  it('its search narrows the list to what the API finds', async () => {
    const catalogue = await getJson<CocktailPageBody>(env.server, '/api/cocktails?pageSize=1');
    const { page, context, errors } = await visit(env, '/discover');
    const sample = page.getByRole('list', { name: SAMPLE_LIST }).getByRole('listitem');
    await see(sample.getByRole('link'));

    // Search for the glassware of the first card (discover search covers name, spirit, description, technique, glassware).
    const firstId = recipeIdOf(await sample.first().getByRole('link').getAttribute('href'));
    const first = await getJson<CocktailDetailBody>(env.server, `/api/cocktails/${firstId}`);
    const query = first.glassware.toLowerCase();
    const expected = await getJson<CocktailPageBody>(env.server, `/api/cocktails?q=${encodeURIComponent(query)}`);
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(catalogue.total);

    await page.getByRole('searchbox', { name: 'Search cocktails' }).fill(query);
    await see(page.getByRole('heading', { name: `Results for “${query}”` }));
    await see(
      page.getByText(`${expected.total} ${expected.total === 1 ? 'cocktail' : 'cocktails'} found`, { exact: true }),
    );
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await eventually(() => results.count(), expected.items.length);
    expect(await cardNames(page, 'Search results')).toEqual(expected.items.map((cocktail) => cocktail.name));
    expect(await results.first().innerText()).toContain(expected.items[0]!.base_spirit);

    expectNoPageErrors(errors);
    await context.close();
  });
});
