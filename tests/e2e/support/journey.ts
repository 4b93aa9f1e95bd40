import { expect, type Locator, type Page } from '@playwright/test';
import type { TestServer } from './server';

/**
 * Small helpers shared by the browser journeys: the viewports, JSON reads of the real API, card lists, URL predicates and
 * the analytics body parser. Waiting and asserting is Playwright's `expect` (see fixtures.ts).
 */

/**
 * Holds every request of `page` to `url` on its way until the returned function is called, then lets them through to
 * the server (a slow answer, or code still downloading, at a moment the journey chooses).
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Viewports the product is designed for. */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Expects the age gate to be asking, with nothing of the app behind it: the 'Age Verification' dialog with its two
 * buttons, and no 'All cocktails' heading. Returns the dialog's locator.
 */
export async function expectGateAsking(page: Page) {
  const gate = page.getByRole('dialog', { name: 'Age Verification' });
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('button', { name: 'Yes, I am of legal age' })).toBeVisible();
  await expect(gate.getByRole('button', { name: 'No', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All cocktails' })).toHaveCount(0);
  return gate;
}

/**
 * GETs `path` from the test server (from Node, not the browser) and parses the JSON body.
 * @throws Error naming the status when the answer is not 2xx
 */
export async function getJson<T>(server: TestServer, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The parts of a `GET /api/cocktails` answer the journeys read. */
export interface CocktailPageBody {
  items: { id: number; slug: string; name: string; base_spirit: string; ingredients: { ingredient: string }[] }[];
  total: number;
  page: number;
  pageSize: number;
}

/** The parts of a `GET /api/cocktails/:id` answer the journeys read. */
export interface CocktailDetailBody {
  id: number;
  name: string;
  base_spirit: string;
  difficulty_level: string;
  strength: string;
  glassware: string;
  garnish: string;
  technique: string;
  instructions: string;
  ingredients: { ingredient: string; amount: number | null; unit: string; amount_max: number | null }[];
}

/** The card links (one per card; their text is the cocktail's name) of the card list labelled `listName`. */
export const cardLinks = (page: Page, listName: string | RegExp) =>
  page.getByRole('list', { name: listName }).getByRole('listitem').getByRole('link');

/** The accessible name of every card link (the cocktail names) in the card list labelled `listName`, in order. */
export async function cardNames(page: Page, listName: string | RegExp): Promise<string[]> {
  return (await cardLinks(page, listName).allTextContents()).map((text) => text.trim());
}

/** For `expect(page).toHaveURL(...)`: true when the URL's path is `pathname` (whatever its query and hash). */
export const pathIs =
  (pathname: string) =>
  (url: URL): boolean =>
    url.pathname === pathname;

/**
 * Chromium's console line for a page answered 404. Unknown paths answer 404 with the app's HTML, which draws the 404 page,
 * so a journey that visits one on purpose sees this line once.
 */
export const PAGE_NOT_FOUND =
  /^console: Failed to load resource: the server responded with a status of 404 \(Not Found\)( \(\S+\))?$/;

/** The cocktail id a card link opens (its `data-cocktail-link`; its href is the cocktail's page), or null. */
export function recipeIdOf(link: Locator): Promise<string | null> {
  return link.getAttribute('data-cocktail-link');
}

/** The `search_performed` events found in a `POST /api/events` body, as `{q}` props (empty when there are none). */
export function searchEventsIn(body: string | null): { q?: unknown }[] {
  if (!body) return [];
  try {
    const parsed = JSON.parse(body) as { events?: { type?: string; props?: { q?: unknown } }[] };
    return (parsed.events ?? []).filter((event) => event.type === 'search_performed').map((event) => event.props ?? {});
  } catch {
    return [];
  }
}
