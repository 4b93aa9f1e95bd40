import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { PAYMENTS_ENV } from '../support/payments';
import { signInFresh } from './support/payments';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { getJson, type CocktailPageBody } from './support/journey';
import type { TestServer } from './support/server';

/**
 * Journey: a home bartender's own recipes. A free user writes a recipe with a free-text ingredient by keyboard, opens
 * it in the recipe dialog, copies a catalogue cocktail with 'Make it my own', shares one and reads it as a stranger,
 * turns sharing off (the link ends), imports pasted text after fixing a line's ingredient, and deletes a recipe. Axe clean
 * on every page, at a phone's width and a desktop's.
 */

test.use({ ...ACCOUNTS, serverEnv: PAYMENTS_ENV });

/** Where a run's screenshots go when SCREENSHOTS names a folder (looked at by hand, not compared). */
async function shot(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function idOf(server: TestServer, name: string): Promise<number> {
  const page = await getJson<CocktailPageBody>(server, `/api/cocktails?q=${encodeURIComponent(name)}&pageSize=20`);
  const found = page.items.find((item) => item.name === name);
  if (!found) throw new Error(`no cocktail named ${name}`);
  return found.id;
}

for (const width of [390, 1280]) {
  test(`write, open, copy, share, import and delete own recipes at ${width} px`, async ({
    page,
    browser,
    mail,
    server,
    axe,
    pageErrors,
  }) => {
    // The stranger's last load asks for a link that no longer works: the browser logs that 404 on purpose.
    pageErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.goto('/');
    await signInFresh(page, mail, `own-recipes-${width}`);

    await page.goto('/profile');
    await page.getByRole('link', { name: 'My Recipes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Recipes' })).toBeVisible();
    await expect(page.getByText('No recipes of your own yet.')).toBeVisible();
    await expect(page.getByText('0 of 10 recipes')).toBeVisible();
    await axe.expectClean(page, 'My Recipes, empty');

    // A new recipe by keyboard: one catalogue ingredient, one of the user's own.
    await page.getByRole('button', { name: 'New recipe' }).click();
    const editor = page.getByRole('dialog', { name: 'New recipe' });
    await expect(editor.getByLabel('Name')).toBeFocused();
    await editor.getByLabel('Name').fill('Smoked Maple Sour');
    await editor.getByLabel('Base spirit').selectOption('Whiskey');
    const first = editor.getByRole('group', { name: 'Ingredient 1' });
    await first.getByRole('combobox', { name: 'Ingredient' }).fill('bourbon');
    await page.keyboard.press('Enter');
    await expect(first.getByLabel('Amount')).toBeFocused();
    await page.keyboard.type('50');
    await editor.getByRole('button', { name: 'Add ingredient' }).click();
    const second = editor.getByRole('group', { name: 'Ingredient 2' });
    await expect(second.getByRole('combobox', { name: 'Ingredient' })).toBeFocused();
    await page.keyboard.type('Smoked maple syrup');
    await page.getByRole('option', { name: 'Add “Smoked maple syrup” as your own ingredient' }).click();
    await expect(second.getByText('your own')).toBeVisible();
    await second.getByLabel('Amount').fill('15');
    await editor.getByLabel('Method').fill('Shake hard with ice and strain into a chilled coupe.');
    await shot(page, 'recipe-editor');
    await axe.expectClean(page, 'the recipe editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText('1 of 10 recipes')).toBeVisible();

    // It opens in the recipe dialog, strength worked out, with Edit.
    await page.getByRole('link', { name: 'Smoked Maple Sour' }).click();
    const recipe = page.getByRole('dialog', { name: 'Smoked Maple Sour' });
    await expect(recipe.getByText('Smoked maple syrup')).toBeVisible();
    await expect(recipe.getByRole('button', { name: 'Edit' })).toBeVisible();
    await shot(page, 'own-recipe-dialog');
    await page.keyboard.press('Escape');
    await expect(recipe).toBeHidden();

    // Search finds it for its owner, above the catalogue's results.
    await page.goto('/search?q=maple');
    const mine = page.getByTestId('own-recipe-matches');
    await expect(mine.getByRole('link', { name: /Smoked Maple Sour/ })).toBeVisible();

    // 'Make it my own' on a catalogue cocktail: the copy opens on My Recipes.
    await page.goto(`/?recipe=${await idOf(server, 'Negroni')}`);
    await page.getByRole('dialog', { name: 'Negroni' }).getByRole('button', { name: 'Make it my own' }).click();
    await expect(page).toHaveURL(/\/my-recipes\?recipe=\d+/);
    await expect(page.getByRole('dialog', { name: 'Negroni (my version)' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('2 of 10 recipes')).toBeVisible();

    // A photo for the sour, through the same pipeline as a venue's.
    const sour = page.getByTestId('own-recipe').filter({ hasText: 'Smoked Maple Sour' });
    await page.getByLabel('Photo file for Smoked Maple Sour').setInputFiles({
      name: 'sour.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b4863c' } })
        .jpeg()
        .toBuffer(),
    });
    await expect(sour.getByRole('img', { name: 'Smoked Maple Sour' })).toBeVisible();
    await expect(sour.getByRole('button', { name: 'Replace photo of Smoked Maple Sour' })).toBeVisible();
    await shot(page, 'my-recipes');
    // A toast fading out is measured at its passing contrast: check the page once the toasts are gone.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await axe.expectClean(page, 'My Recipes with two');

    // Share the sour; a stranger reads it; off again, the link ends.
    await sour.getByRole('switch', { name: 'Share link for Smoked Maple Sour' }).click();
    const link = sour.getByRole('link', { name: /\/recipes\/shared\// });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href'))!;
    const stranger = await browser.newPage();
    await stranger.addInitScript(() => window.localStorage.setItem('bb:age-verified', 'v1'));
    await stranger.goto(href);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Smoked Maple Sour' })).toBeVisible();
    await expect(stranger.getByText('15 ml Smoked maple syrup')).toBeVisible();
    await shot(stranger, 'shared-recipe');
    await axe.expectClean(stranger, 'a shared recipe');
    await expect(stranger).toHaveTitle('Smoked Maple Sour cocktail recipe · Barback');
    // The server draws the recipe into the page: a browser without JavaScript, or a crawler, reads it.
    const noScript = await browser.newContext({ baseURL: server.origin, javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(new URL(href, server.origin).pathname);
    await expect(bare.locator('#root h1')).toHaveText('Smoked Maple Sour');
    await expect(bare.locator('#root')).toContainText('15 ml Smoked maple syrup');
    await expect(bare.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await noScript.close();
    await sour.getByRole('switch', { name: 'Share link for Smoked Maple Sour' }).click();
    await expect(link).toBeHidden();
    await stranger.reload();
    await expect(stranger.getByRole('heading', { name: 'This recipe is not shared' })).toBeVisible();
    await stranger.close();

    // Import pasted text; the unknown line is mapped to a catalogue ingredient before importing.
    await page.getByRole('link', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import recipes' })).toBeVisible();
    await shot(page, 'import-upload');
    await axe.expectClean(page, 'the import page');
    await page
      .getByLabel(/A recipe from anywhere/)
      .fill('Garden Gimlet\n2 oz gin\n3/4 oz lime juice\n1/2 oz cucumber cordial\nShake with ice, strain into a coupe');
    await page.getByRole('button', { name: 'Read the recipe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check before importing' })).toBeFocused();
    const preview = page.getByRole('article', { name: 'Garden Gimlet' });
    await expect(preview.getByText('New: your own ingredient')).toBeVisible();
    await preview.getByRole('button', { name: 'Change the ingredient of “1/2 oz cucumber cordial”' }).click();
    await preview.getByRole('combobox', { name: 'Ingredient for “1/2 oz cucumber cordial”' }).fill('simple syrup');
    await page.keyboard.press('Enter');
    await expect(preview.getByText('Your choice')).toBeVisible();
    await shot(page, 'import-preview');
    await axe.expectClean(page, 'the import preview');
    await page.getByRole('button', { name: 'Import 1 recipe' }).click();
    await expect(page.getByText('1 recipe imported')).toBeVisible();
    await page.getByRole('link', { name: 'See My Recipes' }).click();
    await expect(page.getByText('3 of 10 recipes')).toBeVisible();
    const gimlet = page.getByTestId('own-recipe').filter({ hasText: 'Garden Gimlet' });
    await expect(gimlet.getByText(/Gin, Lime juice, Simple syrup/)).toBeVisible();

    // Delete asks first; focus goes back to the page's heading.
    await gimlet.getByRole('button', { name: 'Delete Garden Gimlet' }).click();
    await page.getByRole('dialog', { name: 'Delete Garden Gimlet?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('2 of 10 recipes')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'My Recipes' })).toBeFocused();
  });
}

test('take the account out as a backup and restore it into a new account', async ({ page, mail, axe }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await signInFresh(page, mail, 'backup-source');
  await page.goto('/my-recipes/import');
  await page
    .getByLabel(/A recipe from anywhere/)
    .fill('Backup Daiquiri\n2 oz white rum\n1 oz lime juice\n3/4 oz simple syrup\nShake, strain');
  await page.getByRole('button', { name: 'Read the recipe' }).click();
  await page.getByRole('button', { name: 'Import 1 recipe' }).click();
  await expect(page.getByText('1 recipe imported')).toBeVisible();

  await page.goto('/settings');
  const data = page.getByRole('region', { name: 'Your data' });
  await data.scrollIntoViewIfNeeded();
  await shot(page, 'settings-your-data');
  await axe.expectClean(page, 'settings with Your data');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('link', { name: /Barback backup/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^barback-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const backup = await download.path();

  // A new account restores it: the recipe comes back whole.
  await page.context().clearCookies();
  await page.goto('/');
  await signInFresh(page, mail, 'backup-target');
  await page.goto('/settings');
  await page.getByLabel('Barback backup file').setInputFiles(backup);
  await expect(page.getByRole('status').filter({ hasText: 'Restored 1 recipe' })).toBeVisible();
  await page.goto('/my-recipes');
  const restored = page.getByTestId('own-recipe').filter({ hasText: 'Backup Daiquiri' });
  await expect(restored.getByText(/White rum, Lime juice, Simple syrup/)).toBeVisible();
});
