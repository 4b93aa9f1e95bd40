import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DESKTOP, PAGE_NOT_FOUND, PHONE, cardLinks, getJson, type CocktailPageBody } from './support/journey';

/**
 * Journey 7, accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) finds no serious or critical violation on each page, the
 * open recipe modal and the age gate, on a phone (390x844) and a desktop (1280x800). A failure lists the violations.
 */

/** Waits until no finite CSS animation or transition is running (an opening dialog fades in; axe would see it half-drawn). */
async function settle(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .every((animation) => animation.playState !== 'running'),
      ),
    )
    .toBe(true);
}

interface Screen {
  name: string;
  path: (id: number) => string;
  ageVerified?: boolean;
  /** A console entry the screen logs on purpose. */
  expectedConsole?: RegExp;
  /** Waits until the screen shows what it is for (data loaded, dialog open). */
  ready: (page: Page) => Promise<void>;
}

const cardsLoaded = async (page: Page, listName: string) => {
  await expect(cardLinks(page, listName).first()).toBeVisible();
};

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', ready: (page) => cardsLoaded(page, 'Cocktails') },
  { name: 'discover', path: () => '/discover', ready: (page) => cardsLoaded(page, 'Selected cocktails') },
  {
    name: 'search (filtered)',
    path: () => '/search?q=lemon&spirit=Gin&category=Classic',
    ready: (page) => expect(page.getByText(/^\d+ cocktails? found$/)).toBeVisible(),
  },
  {
    name: 'search (no results)',
    path: () => '/search?q=qzxw-nothing',
    ready: (page) => expect(page.getByRole('heading', { name: 'No cocktails found' })).toBeVisible(),
  },
  {
    name: 'upgrade (paywall)',
    path: () => '/upgrade',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Unlock your whole bar' })).toBeVisible(),
  },
  {
    name: 'privacy',
    path: () => '/privacy',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible(),
  },
  {
    name: 'terms',
    path: () => '/terms',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible(),
  },
  {
    name: 'delete-account',
    path: () => '/delete-account',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Data Deletion' })).toBeVisible(),
  },
  {
    name: '404',
    path: () => '/this/page/is/not/here',
    // The server answers an unknown path 404 (with the app's 404 page), which the browser logs.
    expectedConsole: PAGE_NOT_FOUND,
    ready: (page) =>
      expect(page.getByRole('heading', { name: "Oops! This cocktail recipe doesn't exist" })).toBeVisible(),
  },
  {
    name: 'recipe modal',
    path: (id) => `/?recipe=${id}`,
    ready: (page) => expect(page.getByRole('dialog').getByRole('heading', { name: 'Ingredients' })).toBeVisible(),
  },
  {
    name: 'age gate',
    path: () => '/',
    ageVerified: false,
    ready: (page) => expect(page.getByRole('dialog', { name: 'Age Verification' })).toBeVisible(),
  },
];

for (const [label, viewport] of [
  ['phone 390x844', PHONE],
  ['desktop 1280x800', DESKTOP],
] as const) {
  test.describe(`accessibility on ${label}`, () => {
    for (const screen of SCREENS) {
      test(`${screen.name}: no serious or critical axe violation`, async ({ server, openApp, axe, pageErrors }) => {
        if (screen.expectedConsole) pageErrors.allow(screen.expectedConsole);
        const list = await getJson<CocktailPageBody>(server, '/api/cocktails?pageSize=1');
        const recipeId = list.items[0]!.id;
        const page = await openApp(screen.path(recipeId), { viewport, ageVerified: screen.ageVerified ?? true });
        await screen.ready(page);
        await settle(page);
        await axe.expectClean(page, `${screen.name} (${label})`);
      });
    }
  });
}

test.describe('the accessibility check itself', () => {
  test('reports a violation planted in the page (so an empty list above means something)', async ({ page, axe }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.evaluate(() => {
      const unnamed = document.createElement('button');
      unnamed.append(document.createElementNS('http://www.w3.org/2000/svg', 'svg'));
      document.querySelector('main')?.append(unnamed);
    });
    const violations = await axe.violations(page);
    expect(violations.map((violation) => violation.id)).toContain('button-name');
  });
});
