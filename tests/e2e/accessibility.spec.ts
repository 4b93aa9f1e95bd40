import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousAxeViolations } from './support/browser';
import {
  eventually,
  expectNoPageErrors,
  getJson,
  see,
  startJourneyEnv,
  stopJourneyEnv,
  visit,
  type CocktailPageBody,
  type JourneyEnv,
} from './support/journey';

/**
 * Journey 7, accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) finds no serious or critical violation on each page, the
 * open recipe modal and the age gate, on a phone (390x844) and a desktop (1280x800). A failure lists the violations.
 */

let env: JourneyEnv;
let recipeId: number;

beforeAll(async () => {
  env = await startJourneyEnv();
  const list = await getJson<CocktailPageBody>(env.server, '/api/cocktails?pageSize=1');
  recipeId = list.items[0]!.id;
});

afterAll(async () => {
  await stopJourneyEnv(env);
});

/** Waits until no finite CSS animation or transition is running (an opening dialog fades in; axe would see it half-drawn). */
async function settle(page: Page): Promise<void> {
  await eventually(
    () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .every((animation) => animation.playState !== 'running'),
      ),
    true,
  );
}

interface Screen {
  name: string;
  path: (id: number) => string;
  ageVerified?: boolean;
  /** Waits until the screen shows what it is for (data loaded, dialog open). */
  ready: (page: Page) => Promise<void>;
}

const cardsLoaded = async (page: Page, listName: string) => {
  await see(page.getByRole('list', { name: listName }).getByRole('listitem').getByRole('link'));
};

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', ready: (page) => cardsLoaded(page, 'Cocktails') },
  { name: 'discover', path: () => '/discover', ready: (page) => cardsLoaded(page, 'Selected cocktails') },
  {
    name: 'search (filtered)',
    path: () => '/search?q=lemon&spirit=Gin&category=Classic',
    ready: (page) => see(page.getByText(/^\d+ cocktails? found$/)),
  },
  {
    name: 'search (no results)',
    path: () => '/search?q=qzxw-nothing',
    ready: (page) => see(page.getByRole('heading', { name: 'No cocktails found' })),
  },
  {
    name: 'privacy',
    path: () => '/privacy',
    ready: (page) => see(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })),
  },
  {
    name: 'terms',
    path: () => '/terms',
    ready: (page) => see(page.getByRole('heading', { level: 1, name: 'Terms of Service' })),
  },
  {
    name: 'delete-account',
    path: () => '/delete-account',
    ready: (page) => see(page.getByRole('heading', { level: 1, name: 'Data Deletion' })),
  },
  {
    name: '404',
    path: () => '/this/page/is/not/here',
    ready: (page) => see(page.getByRole('heading', { name: "Oops! This cocktail recipe doesn't exist" })),
  },
  {
    name: 'recipe modal',
    path: (id) => `/?recipe=${id}`,
    ready: (page) => see(page.getByRole('dialog').getByRole('heading', { name: 'Ingredients' })),
  },
  {
    name: 'age gate',
    path: () => '/',
    ageVerified: false,
    ready: (page) => see(page.getByRole('dialog', { name: 'Age Verification' })),
  },
];

for (const [label, viewport] of [
  ['phone 390x844', PHONE],
  ['desktop 1280x800', DESKTOP],
] as const) {
  describe(`accessibility on ${label}`, () => {
    for (const screen of SCREENS) {
      it(`${screen.name}: no serious or critical axe violation`, async () => {
        const { page, context, errors } = await visit(env, screen.path(recipeId), {
          viewport,
          ageVerified: screen.ageVerified ?? true,
        });
        await screen.ready(page);
        await settle(page);

        const violations = await seriousAxeViolations(page);
        expect(
          violations,
          `axe violations on ${screen.name} (${label}):\n${JSON.stringify(violations, null, 2)}`,
        ).toEqual([]);

        expectNoPageErrors(errors);
        await context.close();
      });
    }
  });
}

describe('the accessibility check itself', () => {
  it('reports a violation planted in the page (so an empty list above means something)', async () => {
    const { page, context } = await visit(env, '/privacy');
    await see(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
    await page.evaluate(() => {
      const unnamed = document.createElement('button');
      unnamed.append(document.createElementNS('http://www.w3.org/2000/svg', 'svg'));
      document.querySelector('main')?.append(unnamed);
    });
    const violations = await seriousAxeViolations(page);
    expect(violations.map((violation) => violation.id)).toContain('button-name');
    await context.close();
  });
});
