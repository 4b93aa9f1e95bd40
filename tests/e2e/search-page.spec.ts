import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PHONE, cardLinks, getJson, type CocktailDetailBody, type CocktailPageBody } from './support/journey';
import type { TestServer } from './support/server';

/**
 * Journey 5, /search: the quick filter chips (Gin, Vodka, Whiskey, Rum, Tequila, Classic, Modern) toggle (aria-pressed),
 * combine with each other and with the text; 'N cocktails found' is the API's total for the same filters; the URL keeps
 * the state and a reload restores it.
 */

const CHIPS = ['Gin', 'Vodka', 'Whiskey', 'Rum', 'Tequila', 'Classic', 'Modern'] as const;

interface Filters {
  q?: string;
  spirits?: string[];
  categories?: string[];
}

/** The API's first page for these filters (same parameters the page sends). */
function apiPage(server: TestServer, filters: Filters): Promise<CocktailPageBody> {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  for (const spirit of filters.spirits ?? []) params.append('spirit', spirit);
  for (const category of filters.categories ?? []) params.append('category', category);
  return getJson<CocktailPageBody>(server, `/api/cocktails?${params.toString()}`);
}

const countText = (total: number) => `${total.toLocaleString('en-US')} ${total === 1 ? 'cocktail' : 'cocktails'} found`;
const chip = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const pressed = (page: Page) =>
  Promise.all(CHIPS.map(async (name) => [name, await chip(page, name).getAttribute('aria-pressed')] as const)).then(
    (entries) => entries.filter(([, value]) => value === 'true').map(([name]) => name),
  );

/** Waits until the page shows the count and the first page of cards the API gives for `filters`; returns the total. */
async function expectResultsFor(server: TestServer, page: Page, filters: Filters): Promise<number> {
  const expected = await apiPage(server, filters);
  await expect(page.getByText(countText(expected.total), { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem')).toHaveCount(expected.items.length);
  await expect(cardLinks(page, 'Cocktails')).toHaveText(expected.items.map((cocktail) => cocktail.name));
  return expected.total;
}

test.describe('search page', () => {
  test('chips toggle, combine with the text, match the API totals, and survive a reload through the URL', async ({
    page,
    server,
  }) => {
    await page.goto('/search');
    await expect(page.getByRole('heading', { name: 'Find a cocktail' })).toBeVisible();
    for (const name of CHIPS) await expect(chip(page, name), name).toHaveAttribute('aria-pressed', 'false');
    const everything = await expectResultsFor(server, page, {});

    await chip(page, 'Gin').click();
    await expect(chip(page, 'Gin')).toHaveAttribute('aria-pressed', 'true');
    const gin = await expectResultsFor(server, page, { spirits: ['Gin'] });
    expect(gin).toBeGreaterThan(0);
    expect(gin).toBeLessThan(everything);
    expect(new URL(page.url()).searchParams.getAll('spirit')).toEqual(['Gin']);

    await chip(page, 'Classic').click();
    await expect(chip(page, 'Classic')).toHaveAttribute('aria-pressed', 'true');
    const ginClassic = await expectResultsFor(server, page, { spirits: ['Gin'], categories: ['Classic'] });
    expect(ginClassic).toBeGreaterThan(0);
    expect(ginClassic).toBeLessThanOrEqual(gin);

    // Text that narrows Gin + Classic further: an ingredient of one of those cocktails that not all of them share.
    const ginClassicPage = await apiPage(server, { spirits: ['Gin'], categories: ['Classic'] });
    let query: string | null = null;
    let narrowed = 0;
    for (const summary of ginClassicPage.items.slice(0, 10)) {
      const detail = await getJson<CocktailDetailBody>(server, `/api/cocktails/${summary.id}`);
      for (const line of [...detail.ingredients].reverse()) {
        const candidate = line.ingredient.toLowerCase();
        const hits = await apiPage(server, { q: candidate, spirits: ['Gin'], categories: ['Classic'] });
        if (hits.total > 0 && hits.total < ginClassic) {
          query = candidate;
          narrowed = hits.total;
          break;
        }
      }
      if (query) break;
    }
    expect(query, 'an ingredient that narrows Gin + Classic').not.toBeNull();

    const box = page.getByRole('combobox', { name: 'Search cocktails' });
    await box.fill(query!);
    // Enter searches the text at once and closes the suggestions, which would otherwise cover the chips below.
    await box.press('Enter');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(await expectResultsFor(server, page, { q: query!, spirits: ['Gin'], categories: ['Classic'] })).toBe(
      narrowed,
    );
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === query);

    await chip(page, 'Gin').click();
    await expect(chip(page, 'Gin')).toHaveAttribute('aria-pressed', 'false');
    const classicText = await expectResultsFor(server, page, { q: query!, categories: ['Classic'] });
    const url = new URL(page.url());
    expect(url.searchParams.getAll('spirit')).toEqual([]);
    expect(url.searchParams.getAll('category')).toEqual(['Classic']);
    expect(url.searchParams.get('q')).toBe(query);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Find a cocktail' })).toBeVisible();
    expect(await expectResultsFor(server, page, { q: query!, categories: ['Classic'] })).toBe(classicText);
    await expect(page.getByRole('combobox', { name: 'Search cocktails' })).toHaveValue(query!);
    expect(await pressed(page)).toEqual(['Classic']);
  });

  test('opens with the state a shared URL carries and combines two spirits', async ({ openApp, server }) => {
    const page = await openApp('/search?spirit=Rum&spirit=Tequila&category=Modern', { viewport: PHONE });
    await expect(page.getByRole('heading', { name: 'Find a cocktail' })).toBeVisible();
    await expect.poll(() => pressed(page)).toEqual(['Rum', 'Tequila', 'Modern']);
    const both = await expectResultsFor(server, page, { spirits: ['Rum', 'Tequila'], categories: ['Modern'] });
    const rumOnly = (await apiPage(server, { spirits: ['Rum'], categories: ['Modern'] })).total;
    const tequilaOnly = (await apiPage(server, { spirits: ['Tequila'], categories: ['Modern'] })).total;
    // Two spirit chips widen the choice (either spirit), the category narrows it.
    expect(both).toBe(rumOnly + tequilaOnly);

    await chip(page, 'Modern').click();
    await expect.poll(() => pressed(page)).toEqual(['Rum', 'Tequila']);
    await expectResultsFor(server, page, { spirits: ['Rum', 'Tequila'] });
  });
});
