import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import { HOME_PAGE_SIZE, pickDeepIngredient, type DeepIngredientPick } from './support/catalogue';
import {
  cardNames,
  eventually,
  expectNoPageErrors,
  getJson,
  searchEventsIn,
  see,
  startJourneyEnv,
  stopJourneyEnv,
  visit,
  type CocktailPageBody,
  type JourneyEnv,
} from './support/journey';

/**
 * Journey 2, home and its search (spec section 2 "/ (home)", section 5 "Landing search", section 7 analytics): the home grid
 * lists the first 50 cocktails by name; an ingredient name finds a cocktail that is not among them; a search with no hit
 * shows the empty state whose 'Clear Search' restores the list; the settled search reaches the server as `search_performed`.
 */

let env: JourneyEnv;
let firstPage: CocktailPageBody;
let pick: DeepIngredientPick;

beforeAll(async () => {
  env = await startJourneyEnv();
  firstPage = await getJson<CocktailPageBody>(env.server, `/api/cocktails?pageSize=${HOME_PAGE_SIZE}`);
  pick = await pickDeepIngredient(env.server);
});

afterAll(async () => {
  await stopJourneyEnv(env);
});

/** True for the analytics POST whose batch carries a `search_performed` event for `query`. */
const isSearchEvent = (query: string) => (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === '/api/events' &&
  searchEventsIn(request.postData()).some((props) => props.q === query);

describe('home', () => {
  it('lists the first 50 cocktails by name as cards with a name and a base-spirit badge', async () => {
    const { page, context, errors } = await visit(env, '/');
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await eventually(() => cards.count(), HOME_PAGE_SIZE);

    expect(await cardNames(page, 'Cocktails')).toEqual(firstPage.items.map((cocktail) => cocktail.name));
    const texts = await cards.allTextContents();
    texts.forEach((text, index) => {
      expect(text, `card ${index + 1}`).toContain(firstPage.items[index]!.base_spirit);
    });
    await see(page.getByText(`Showing ${HOME_PAGE_SIZE} of ${firstPage.total.toLocaleString('en-US')} cocktails`));

    expectNoPageErrors(errors);
    await context.close();
  });

  it('finds a cocktail beyond the first 50 by one of its ingredients and reports the search to the server', async () => {
    const { page, context, errors } = await visit(env, '/', { viewport: PHONE });
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await eventually(() => cards.count(), HOME_PAGE_SIZE);
    // The chosen cocktail is not on the page before searching.
    expect(pick.cocktail.position).toBeGreaterThan(HOME_PAGE_SIZE);
    expect(await cardNames(page, 'Cocktails')).not.toContain(pick.cocktail.name);

    const searchSent = page.waitForRequest(isSearchEvent(pick.query), { timeout: 10_000 });
    await page.getByRole('searchbox', { name: 'Search cocktails' }).pressSequentially(pick.query, { delay: 20 });

    await see(cards.getByRole('link', { name: pick.cocktail.name, exact: true }));
    await see(page.getByRole('heading', { name: `Results for “${pick.query}”` }));
    expect(new URL(page.url()).searchParams.get('q')).toBe(pick.query);

    const request = await searchSent;
    const body = request.postData() ?? '';
    expect(body).toContain('search_performed');
    expect(body).toContain(pick.query);
    expect(searchEventsIn(body).map((props) => props.q)).toContain(pick.query);

    expectNoPageErrors(errors);
    await context.close();
  });

  it("shows 'No cocktails found' for a search without hits, and 'Clear Search' restores the list", async () => {
    const { page, context, errors } = await visit(env, '/');
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await eventually(() => cards.count(), HOME_PAGE_SIZE);
    const box = page.getByRole('searchbox', { name: 'Search cocktails' });

    await box.fill('qzxw no such drink');
    await see(page.getByRole('heading', { name: 'No cocktails found' }));
    await see(page.getByText('Try adjusting your search terms'));
    expect(await cards.count()).toBe(0);

    await page.getByRole('button', { name: 'Clear Search' }).click();
    await eventually(() => cards.count(), HOME_PAGE_SIZE);
    expect(await cardNames(page, 'Cocktails')).toEqual(firstPage.items.map((cocktail) => cocktail.name));
    expect(await box.inputValue()).toBe('');
    expect(await page.getByText('No cocktails found').count()).toBe(0);
    await eventually(() => new URL(page.url()).searchParams.has('q'), false);

    expectNoPageErrors(errors);
    await context.close();
  });
});
