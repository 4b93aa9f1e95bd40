import type { Page } from '@playwright/test';
import { API_CACHE } from '@/shared/offline';
import { signInByMagicLink, signOutViaMenu } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { getJson, type CocktailPageBody } from './support/journey';
import { PAYMENTS_ENV } from '../support/payments';
import { signInAsPro } from './support/payments';
import type { TestServer } from './support/server';

/**
 * Journey: a Pro member behind the bar with no signal (lib/offline/). After one visit online the device keeps what the
 * member touched: offline, a favorite opens (its recipe was fetched ahead) while a recipe never opened says it needs the
 * network; the catalogue's search answers from the offline index; My Bar's views follow a bottle removed offline (the
 * matcher runs in the worker) and a batch still works. A favorite, a rating, 'I made this' and the bottle made offline
 * show at once and wait; back online they reach the server exactly
 * once and a second device sees them. Signing out leaves no personal answer in the caches and no IndexedDB database.
 */

test.use({ ...ACCOUNTS, serverEnv: PAYMENTS_ENV, serviceWorkers: 'allow' });

/** The catalogue id of the cocktail named exactly `name`. */
async function cocktailId(server: TestServer, name: string): Promise<number> {
  const page = await getJson<CocktailPageBody>(server, `/api/cocktails?q=${encodeURIComponent(name)}&pageSize=20`);
  const match = page.items.find((item) => item.name === name);
  if (!match) throw new Error(`no cocktail named ${name}`);
  return match.id;
}

/** Registers the worker (it waits for the first touch after load) and waits until it controls the page. */
async function workerReady(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
}

/** The paths of the API answers the worker keeps. */
function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
  }, API_CACHE);
}

/** Calls the API from the page (its cookies, its origin). */
function call(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body }) =>
      (
        await fetch(path, {
          method,
          headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      ).status,
    { method, path, body },
  );
}

test.describe('offline, signed in', () => {
  test('opens what it kept, searches, batches, keeps writes made offline and sends each once when back', async ({
    page,
    context,
    mail,
    server,
    openApp,
    pageErrors,
  }) => {
    test.setTimeout(180_000);
    // Offline, reads with nothing kept fail in the console before the page says what needs the network.
    pageErrors.allow(
      /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|status of 503|net::ERR_FAILED|FetchEvent/,
    );
    const email = await signInAsPro(page, mail, server, 'offline');
    const [negroni, daiquiri, gimlet] = await Promise.all(
      ['Negroni', 'Daiquiri', 'Gimlet'].map((name) => cocktailId(server, name)),
    );
    const ingredients = await getJson<{ items: { id: number; name: string }[] }>(server, '/api/ingredients');
    const idOf = (name: string) => ingredients.items.find((item) => item.name === name)!.id;

    await workerReady(page);
    // Online: the Negroni is saved (its recipe is fetched ahead, never opened), the bar holds a Negroni's bottles.
    expect(await call(page, 'PUT', `/api/me/favorites/${negroni}`)).toBe(200);
    for (const bottle of ['London dry gin', 'Campari', 'Sweet vermouth']) {
      expect(await call(page, 'PUT', `/api/me/bar/${idOf(bottle)}`)).toBe(200);
    }
    await page.goto('/my-bar');
    await page.getByRole('tab', { name: /^Can make now/ }).click();
    await expect(page.getByRole('link', { name: 'Negroni', exact: true }).first()).toBeVisible();
    await page.goto('/profile/favorites');
    await expect(page.getByRole('link', { name: 'Negroni', exact: true }).first()).toBeVisible();
    await expect
      .poll(() => keptPaths(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['/api/cocktails/offline-index', `/api/cocktails/${negroni}`]));

    // Settings' 'Offline data' counts what the device keeps.
    await page.goto('/settings');
    const offlineData = page.getByTestId('offline-data');
    await expect(offlineData.getByRole('heading', { name: 'Offline data' })).toBeVisible();
    const recipesKept = offlineData.getByTestId('offline-data-row').filter({ hasText: 'Recipes' });
    await expect(recipesKept).toHaveText(/^Recipes[1-9]\d*$/);

    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Cocktails' })).toBeVisible();
    await context.setOffline(true);
    // The tab goes offline while open: the catalogue's search answers from the offline index, the quiet indicator says
    // the device is offline, and a write made there shows at once (nothing waits for the network to come back).
    await expect(
      page.getByRole('status').filter({ hasText: 'Offline · showing what this device keeps' }),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Search cocktails' }).pressSequentially('daiq', { delay: 20 });
    const cards = page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');
    await expect(cards.getByRole('link', { name: 'Daiquiri', exact: true })).toBeVisible();

    // Favorite the Daiquiri from its card, offline: the heart fills at once and the write waits.
    await cards.getByRole('button', { name: 'Save Daiquiri to favorites' }).click();
    await expect(cards.getByRole('button', { name: 'Remove Daiquiri from favorites' })).toBeVisible();

    // A favorite opens; a recipe never opened says it needs the network.
    await page.goto(`/?recipe=${negroni}`);
    const recipe = page.getByRole('dialog', { name: 'Negroni' });
    await expect(recipe.getByRole('heading', { name: 'Negroni' })).toBeVisible();
    await page.goto(`/?recipe=${gimlet}`);
    await expect(page.getByRole('dialog', { name: 'This recipe needs the network' })).toBeVisible();
    // A cocktail's own page opens offline too (the worker finds it by its slug in the index), or says the same.
    await page.goto('/cocktails/negroni');
    await expect(page.getByRole('dialog', { name: 'Negroni' }).getByRole('heading', { name: 'Negroni' })).toBeVisible();
    await page.goto('/cocktails/gimlet');
    await expect(page.getByRole('alertdialog', { name: 'This recipe needs the network' })).toBeVisible();

    // Opened again offline, My Favorites shows it: the worker lays the waiting writes over its kept list.
    await page.goto('/profile/favorites');
    await expect(page.getByRole('link', { name: 'Daiquiri', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Negroni', exact: true }).first()).toBeVisible();

    // My Bar's 'Can make now', from what the device kept; a bottle removed offline moves the Negroni to 'One away' at
    // once: the shared matcher runs in the service worker over the offline index.
    await page.goto('/my-bar');
    await page.getByRole('tab', { name: /^Can make now/ }).click();
    const view = page.getByRole('tabpanel');
    await expect(view.getByRole('link', { name: 'Negroni', exact: true }).first()).toBeVisible();
    await page.getByRole('tab', { name: /^My bottles/ }).click();
    await view.getByRole('button', { name: 'Remove Sweet vermouth' }).click();
    await expect(view.getByRole('button', { name: 'Remove Sweet vermouth' })).toHaveCount(0);
    await page.getByRole('tab', { name: /^Can make now/ }).click();
    await expect(view.getByRole('link', { name: 'Negroni', exact: true })).toHaveCount(0);
    await page.getByRole('tab', { name: /^One away/ }).click();
    await expect(view.getByRole('link', { name: 'Negroni', exact: true }).first()).toBeVisible();

    // A batch: the calculator needs nothing but the kept recipe.
    await page.goto('/batch-calculator');
    await page.getByRole('combobox', { name: 'Start from a cocktail' }).fill('Negroni');
    await page.getByRole('option', { name: /^Negroni \(/ }).click();
    await expect(page.getByLabel('Recipe name')).toHaveValue('Negroni');
    await expect(page.getByTestId('figure-servings').locator('[data-figure]')).not.toHaveText('');

    // Rate the Negroni and record it as made, offline.
    await page.goto(`/?recipe=${negroni}`);
    const stars = page.getByRole('slider', { name: 'Your rating of Negroni' });
    await stars.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(stars).toHaveAttribute('aria-valuetext', '4 of 5 stars');
    const panel = page.getByTestId('recipe-bar-panel');
    await panel.getByRole('button', { name: 'I made this' }).click();
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Negroni recorded')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: 'Offline · 4 changes waiting to sync' })).toBeVisible();
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(offlineData.getByTestId('offline-data-row').filter({ hasText: 'Changes waiting' })).toHaveText(
      'Changes waiting to sync4',
    );

    // A second device, online, signed in as the same member: nothing has reached the server yet.
    const other = await openApp('/');
    await signInByMagicLink(mail, other, email);
    const readServer = () =>
      other.evaluate(async () => {
        const read = async (path: string) => (await fetch(path)).json();
        return {
          favorites: (await read('/api/me/favorites')) as { ids: number[] },
          ratings: (await read('/api/me/ratings')) as { items: { cocktailId: number; stars: number }[] },
          made: (await read('/api/me/made')) as { items: { cocktail: { id: number } }[]; total: number },
          bar: (await read('/api/me/bar')) as { items: { name: string }[] },
        };
      });
    const before = await readServer();
    expect(before.favorites.ids).toEqual([negroni]);
    expect(before.ratings.items).toEqual([]);
    expect(before.made.total).toBe(0);

    // Back online, the writes are sent; the second device sees each once.
    await context.setOffline(false);
    await expect(page.getByText('Your 4 changes made offline are saved.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: /waiting to sync/ })).toHaveCount(0);
    const after = await readServer();
    expect(after.favorites.ids.filter((id) => id === daiquiri)).toHaveLength(1);
    expect(after.favorites.ids).toContain(negroni);
    expect(after.ratings.items).toEqual([expect.objectContaining({ cocktailId: negroni, stars: 4 })]);
    expect(after.made.total).toBe(1);
    expect(after.made.items[0]!.cocktail.id).toBe(negroni);
    expect(after.bar.items.map((item) => item.name)).toEqual(['Campari', 'London dry gin']);

    // 'Clear offline data' forgets what the device kept.
    await page.goto('/settings');
    await offlineData.getByRole('button', { name: 'Clear offline data' }).click();
    await expect(page.getByText('Offline data cleared')).toBeVisible();
    await expect(recipesKept).toHaveText('Recipes0');

    // Signing out leaves no personal answer kept and no offline database.
    await signOutViaMenu(page);
    // Nothing personal is kept: no account answer, no members' index, no recipe fetched for this member's favorites.
    const personal = (path: string) =>
      /^\/api\/(me|auth)/.test(path) || path === '/api/cocktails/offline-index' || path === `/api/cocktails/${negroni}`;
    await expect.poll(async () => (await keptPaths(page)).filter(personal), { timeout: 10_000 }).toEqual([]);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
      .not.toContain('barback-offline');
  });
});
