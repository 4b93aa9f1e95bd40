import type { Page } from '@playwright/test';
import { callApi } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { cardLinks, cardNames } from './support/journey';

/**
 * Accounts journey 4, paging /discover (docs/product.md: Screens, Roles and plans, Calls, Constants and limits): signed
 * in, the whole catalogue by name in pages of 50, the next page loading when the end of the list comes within 800 px;
 * signed out, the sample with 'Load More', which opens the sign-in dialog, and the server refusing page 2.
 */

test.use(ACCOUNTS);

const PAGE_SIZE = 50;
/** How far before the end of the list the next page is asked for, px (docs/product.md, Constants and limits). */
const PREFETCH_DISTANCE_PX = 800;

/** A page of `GET /api/cocktails` as the signed-in page's user gets it. */
async function apiPage(page: Page, index: number): Promise<{ items: { name: string }[]; total: number }> {
  const response = await callApi<{ items: { name: string }[]; total: number }>(
    page,
    `/api/cocktails?page=${index}&pageSize=${PAGE_SIZE}`,
  );
  expect(response.status, `page ${index}`).toBe(200);
  return response.body!;
}

test.describe('discover paging', () => {
  test('signed in: 50 cards by name, and scrolling near the end loads page 2', async ({
    page,
    signedInUser: _signedIn,
  }) => {
    const [first, second] = [await apiPage(page, 0), await apiPage(page, 1)];
    expect(first.total).toBeGreaterThan(PAGE_SIZE);
    expect(second.items.length).toBeGreaterThan(0);

    await page.goto('/discover');
    const cards = page.getByRole('list', { name: 'All cocktails' }).getByRole('listitem');
    await expect(cards).toHaveCount(PAGE_SIZE);
    await expect(cardLinks(page, 'All cocktails')).toHaveText(first.items.map((item) => item.name));

    // Scroll until the end of the list is a little less than 800 px below the viewport: the next page comes.
    await page.evaluate((distance) => {
      const list = document.querySelector('[aria-label="All cocktails"]') ?? document.body;
      const end = list.getBoundingClientRect().bottom + window.scrollY;
      window.scrollTo(0, end - window.innerHeight - distance + 100);
    }, PREFETCH_DISTANCE_PX);
    await expect.poll(() => cards.count()).toBeGreaterThan(PAGE_SIZE);
    // Page 2 follows page 1 in order (a third page may already be on its way behind it).
    const expected = [...first.items, ...second.items].map((item) => item.name);
    await expect.poll(async () => (await cardNames(page, 'All cocktails')).slice(0, expected.length)).toEqual(expected);
  });

  test("signed out: the sample has 'Load More', which opens the sign-in dialog; the server refuses page 2", async ({
    page,
  }) => {
    await page.goto('/discover');
    const sample = page.getByRole('list', { name: 'Selected cocktails' }).getByRole('listitem');
    await expect(sample.getByRole('link').first()).toBeVisible();
    expect(await sample.count()).toBeLessThanOrEqual(PAGE_SIZE);

    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
    expect(await sample.count()).toBeLessThanOrEqual(PAGE_SIZE);

    const refused = await callApi<{ error: { code: string; message: string } }>(page, '/api/cocktails?page=1');
    expect(refused.status).toBe(401);
    expect(refused.body?.error.message).toBe('Sign in to browse past the first page.');
  });
});
