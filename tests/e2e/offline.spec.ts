import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Journey: Barback installed and opening with no network after one visit online (src/client/sw.ts). The worker
 * registers after the first load and precaches the build; offline, '/' and every other page open from it with the age
 * gate's answer kept, and the browser's installability check (the one Lighthouse ran, Page.getInstallabilityErrors)
 * finds nothing missing.
 */

test.use({ serviceWorkers: 'allow' });

/**
 * Touches the page (the worker registers at the first key or pointer press after load, or 10 s after it) and waits until
 * its service worker is active (its precache filled) and controls the page.
 */
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

test.describe('offline', () => {
  test('after one visit online, the home page, the batch calculator and a deep page open with no network', async ({
    page,
    context,
    pageErrors,
  }) => {
    // Offline, the requests the pages make for data fail in the console; the pages themselves must still draw.
    pageErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await workerReady(page);

    await context.setOffline(true);
    await page.goto('/');
    await expect(page.getByRole('button', { name: /yes/i })).toBeHidden();
    await expect(page.getByRole('navigation').first()).toBeVisible();

    await page.goto('/batch-calculator');
    await expect(page.getByRole('heading', { level: 1, name: 'Batch Calculator' })).toBeVisible();

    // A signed-out visitor's My Bar asks them to sign in, drawn from the cached shell.
    await page.goto('/my-bar');
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
    await context.setOffline(false);
  });

  test('the browser finds the app installable', async ({ page }) => {
    await page.goto('/');
    await workerReady(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
    const cdp = await page.context().newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        // Playwright's contexts are incognito-like profiles, where Chromium never offers installing; every other
        // criterion (manifest, icons, start URL, display, the worker) is checked.
        return installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito');
      })
      .toEqual([]);
  });

  test('the worker script and the app shell are served for it, never cached for long', async ({ request }) => {
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    const shell = await request.get('/app-shell');
    expect(shell.status()).toBe(200);
    expect(shell.headers()['cache-control']).toBe('no-cache');
    expect(await shell.text()).toContain('id="root"');
  });
});
