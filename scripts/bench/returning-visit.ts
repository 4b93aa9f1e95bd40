/**
 * What the browser benchmarks (lighthouse.ts, blocking-time.ts) share about a returning visitor's pages: the age gate's
 * stored confirmation and the deep link's recipe id.
 */
// puppeteer-core is not a direct dependency: it is the copy lighthouse depends on (and hoists).
import type { Page } from 'puppeteer-core';

/** localStorage key and value of a confirmed age gate (src/client/app/shell/age-gate-state.ts; docs/product.md, Screens: Age gate). */
const AGE_VERIFIED_KEY = 'bb:age-verified';
const AGE_VERIFIED_VALUE = 'v1';

/**
 * Makes `page` a returning visitor's: every new document in it starts with the age gate's confirmation in localStorage,
 * written before any of the page's own scripts run (`evaluateOnNewDocument`), while the HTTP cache stays as it is.
 */
export async function confirmAgeGateIn(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(
    (key: string, value: string) => {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // about:blank (Lighthouse's first stop) has no storage of its own
      }
    },
    AGE_VERIFIED_KEY,
    AGE_VERIFIED_VALUE,
  );
}

/**
 * Id and slug of the first cocktail of the seed catalogue (`GET /api/cocktails?pageSize=1`), for its page.
 * @param base the server's origin, e.g. `http://127.0.0.1:4123`
 * @throws Error when the API answers an error status or the catalogue is empty
 */
export async function firstCocktail(base: string): Promise<{ id: number; slug: string }> {
  const response = await fetch(`${base}/api/cocktails?pageSize=1`);
  if (!response.ok) throw new Error(`GET /api/cocktails answered ${response.status}`);
  const body = (await response.json()) as { items: { id: number; slug: string }[] };
  const first = body.items[0];
  if (!first) throw new Error("the seed catalogue is empty: no cocktail for a recipe's page");
  return { id: first.id, slug: first.slug };
}
