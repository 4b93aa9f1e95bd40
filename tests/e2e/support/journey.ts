import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, openPage, type PageOptions } from './browser';
import { startTestServer, type TestServer } from './server';

/**
 * Small helpers shared by the browser journeys: one server and one browser per spec file, JSON reads of the real API,
 * waiting for what a user sees, and the "no console error" check every journey ends with.
 */

/** The server and browser of one spec file. */
export interface JourneyEnv {
  server: TestServer;
  browser: Browser;
}

/**
 * Starts the real server (fresh SQLite file, random port) and headless Chromium. Call in `beforeAll`; pass the result to
 * {@link stopJourneyEnv} in `afterAll`.
 * @throws Error with the server output when the server does not start
 */
export async function startJourneyEnv(): Promise<JourneyEnv> {
  const [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  return { server, browser };
}

/** Closes the browser and stops the server; safe with a partly started env. */
export async function stopJourneyEnv(env: Partial<JourneyEnv> | undefined): Promise<void> {
  await env?.browser?.close().catch(() => undefined);
  await env?.server?.stop();
}

/**
 * Opens a fresh page (own context, so own localStorage) and navigates to `path`.
 * @returns the page, its context and the live list of console/page errors it collects
 */
export async function visit(env: JourneyEnv, path: string, options: PageOptions = {}) {
  const opened = await openPage(env.browser, env.server.url, options);
  // Fail a missing element in 10 s rather than Playwright's 30 s, so a broken journey reports quickly.
  opened.page.setDefaultTimeout(SEE_TIMEOUT_MS);
  await opened.page.goto(path);
  return opened;
}

/**
 * GETs `path` from the test server and parses the JSON body.
 * @throws Error naming the status when the answer is not 2xx
 */
export async function getJson<T>(server: TestServer, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The parts of a `GET /api/cocktails` answer the journeys read. */
export interface CocktailPageBody {
  items: { id: number; name: string; base_spirit: string; ingredients: { ingredient: string }[] }[];
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

/** Default wait for something a user should see, ms. */
export const SEE_TIMEOUT_MS = 10_000;

/**
 * Waits until `locator` is visible (first match).
 * @throws the timeout error, extended with the page's URL and the start of its visible text (what the user saw instead)
 */
export async function see(locator: Locator, timeout = SEE_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    const page = locator.page();
    const seen = await page
      .locator('body')
      .innerText({ timeout: 1000 })
      .catch(() => '(page text unavailable)');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\nURL: ${page.url()}\nThe page showed:\n${seen.slice(0, 1500)}`, { cause: error });
  }
}

/** Waits until nothing matching `locator` is visible. */
export async function gone(locator: Locator, timeout = SEE_TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Polls `read` until it returns `expected` (vitest `expect.poll`, so a failure prints the last value seen). */
export async function eventually<T>(read: () => Promise<T> | T, expected: T, timeout = SEE_TIMEOUT_MS): Promise<void> {
  await expect.poll(read, { timeout, interval: 100 }).toEqual(expected);
}

/** The accessible name of every card link (the cocktail names) in the card list labelled `listName`, in order. */
export async function cardNames(page: Page, listName: string | RegExp): Promise<string[]> {
  const links = page.getByRole('list', { name: listName }).getByRole('listitem').getByRole('link');
  return (await links.allTextContents()).map((text) => text.trim());
}

/**
 * Asserts that the page logged no console error and threw no uncaught error, except entries matched by `allowed`
 * (each allowance must say why in the calling test).
 */
export function expectNoPageErrors(errors: readonly string[], allowed: readonly RegExp[] = []): void {
  const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
  expect(unexpected, 'console or page errors').toEqual([]);
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
