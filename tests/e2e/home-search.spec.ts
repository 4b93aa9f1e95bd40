import type { Request } from '@playwright/test';
import { HOME_PAGE_SIZE, pickDeepIngredient } from './support/catalogue';
import { expect, test } from './support/fixtures';
import { PHONE, cardLinks, cardNames, getJson, searchEventsIn, type CocktailPageBody } from './support/journey';

/**
 * Journey 2, home and its search (docs/product.md, Home; Validation, "Landing search"; Calls, analytics): the home grid
 * lists the first 50 cocktails by name; an ingredient name finds a cocktail that is not among them; a search with no hit
 * shows the empty state whose 'Clear Search' restores the list; the settled search reaches the server as `search_performed`.
 */

/** True for the analytics POST whose batch carries a `search_performed` event for `query`. */
const isSearchEvent = (query: string) => (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === '/api/events' &&
  searchEventsIn(request.postData()).some((props) => props.q === query);

test.describe('home', () => {
  test('lists the first 50 cocktails by name as cards with a name and a base-spirit badge', async ({
    page,
    server,
  }) => {
    const firstPage = await getJson<CocktailPageBody>(server, `/api/cocktails?pageSize=${HOME_PAGE_SIZE}`);
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await expect(cards).toHaveCount(HOME_PAGE_SIZE);

    await expect(cardLinks(page, 'Cocktails')).toHaveText(firstPage.items.map((cocktail) => cocktail.name));
    // One card per expected badge, in order (the counts are equal, so each card holds its own cocktail's spirit).
    await expect(cards).toContainText(firstPage.items.map((cocktail) => cocktail.base_spirit));
    await expect(
      page.getByText(`Showing ${HOME_PAGE_SIZE} of ${firstPage.total.toLocaleString('en-US')} cocktails`),
    ).toBeVisible();

    // Cards far down the list draw their glass only as a scroll brings them near; the last one's is there once in view.
    const glassOf = (card: ReturnType<typeof cards.nth>) => card.locator('svg[viewBox="0 0 120 120"]');
    await expect(glassOf(cards.first())).toHaveCount(1);
    await expect(glassOf(cards.last())).toHaveCount(0);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(glassOf(cards.last())).toBeVisible();
  });

  test('finds a cocktail beyond the first 50 by one of its ingredients and reports the search to the server', async ({
    openApp,
    server,
  }) => {
    const pick = await pickDeepIngredient(server);
    const page = await openApp('/', { viewport: PHONE });
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await expect(cards).toHaveCount(HOME_PAGE_SIZE);
    // The chosen cocktail is not on the page before searching.
    expect(pick.cocktail.position).toBeGreaterThan(HOME_PAGE_SIZE);
    expect(await cardNames(page, 'Cocktails')).not.toContain(pick.cocktail.name);

    const searchSent = page.waitForRequest(isSearchEvent(pick.query), { timeout: 10_000 });
    await page.getByRole('combobox', { name: 'Search cocktails' }).pressSequentially(pick.query, { delay: 20 });

    await expect(cards.getByRole('link', { name: pick.cocktail.name, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Results for “${pick.query}”` })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('q')).toBe(pick.query);

    const request = await searchSent;
    const body = request.postData() ?? '';
    expect(body).toContain('search_performed');
    expect(body).toContain(pick.query);
    expect(searchEventsIn(body).map((props) => props.q)).toContain(pick.query);
  });

  test("shows 'No cocktails found' for a search without hits, and 'Clear Search' restores the list", async ({
    page,
    server,
  }) => {
    const firstPage = await getJson<CocktailPageBody>(server, `/api/cocktails?pageSize=${HOME_PAGE_SIZE}`);
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await expect(cards).toHaveCount(HOME_PAGE_SIZE);
    const box = page.getByRole('combobox', { name: 'Search cocktails' });

    await box.fill('qzxw no such drink');
    await expect(page.getByRole('heading', { name: 'No cocktails found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
    await expect(cards).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(cards).toHaveCount(HOME_PAGE_SIZE);
    await expect(cardLinks(page, 'Cocktails')).toHaveText(firstPage.items.map((cocktail) => cocktail.name));
    await expect(box).toHaveValue('');
    await expect(page.getByText('No cocktails found')).toHaveCount(0);
    await expect(page).toHaveURL((url) => !url.searchParams.has('q'));
  });
});
