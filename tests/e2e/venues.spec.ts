import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { PNG } from 'pngjs';
import { ENTERPRISE_MONTHLY, PAYMENTS_ENV, revenueCatEvent, TEST_WEBHOOK_AUTH, webhookBody } from '../support/payments';
import { callApi, requestMagicLink, uniqueEmail } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { openInEnvironment, signInFresh } from './support/payments';
import type { TestServer } from './support/server';

/**
 * Journey: Enterprise venues. An owner with the enterprise plan sets up a venue, invites a bartender by email
 * (the mail is captured over SMTP); the bartender opens the link in their own browser, signs in from the join page, comes
 * back to it and joins; the owner sees the seat taken, removes them, and the bartender's access ends at once. Axe clean.
 */

test.use({ ...ACCOUNTS, serverEnv: PAYMENTS_ENV });

/** Grants enterprise to the user signed in on `page` through RevenueCat's webhook, as production does, then reloads. */
async function grantEnterpriseByWebhook(page: Page, server: TestServer): Promise<void> {
  const me = await callApi<{ user: { id: string } }>(page, '/api/me');
  expect(me.status).toBe(200);
  const event = revenueCatEvent('INITIAL_PURCHASE', me.body!.user.id, {
    product_id: ENTERPRISE_MONTHLY,
    entitlement_ids: ['enterprise'],
  });
  const response = await fetch(`${server.url}/api/webhooks/revenuecat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: TEST_WEBHOOK_AUTH },
    body: JSON.stringify(webhookBody(event)),
  });
  expect(response.status, await response.text()).toBe(200);
  await page.reload();
}

test.describe('enterprise venues', () => {
  test('set up a venue, invite a bartender by email, they sign in and join; removing them ends their access', async ({
    page,
    mail,
    server,
    openApp,
    axe,
    pageErrors,
    browser,
  }) => {
    // The removed bartender's last load asks for the venue and is refused: the browser logs that 404 on purpose.
    pageErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    await page.goto('/');
    await signInFresh(page, mail, 'owner');
    await grantEnterpriseByWebhook(page, server);

    await page.goto('/venues');
    await page.getByLabel('Venue name').fill('The Copper Still');
    await expect(page.getByText('Guests will open your menu at /v/the-copper-still')).toBeVisible();
    await page.getByRole('button', { name: 'Create venue' }).click();
    await expect(page).toHaveURL(/\/venues\/the-copper-still$/);
    await expect(page.getByRole('heading', { level: 1, name: 'The Copper Still' })).toBeVisible();
    await expect(page.getByTestId('seats')).toHaveText('0 of 10 staff seats used');
    await axe.expectClean(page, 'a new venue, as its owner');

    // A mid-grey neither light nor dark menu text reads on (4.1:1 at best) is refused with the reason; a light
    // background with a dark accent is kept (the menu's text turns dark on it).
    await page.getByLabel('Background colour', { exact: true }).fill('#777777');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/The menu's text would be hard to read on this background/)).toBeVisible();
    await page.getByLabel('Background colour', { exact: true }).fill('#f4efe6');
    await page.getByLabel('Accent colour', { exact: true }).fill('#8a3b12');
    await page.getByLabel('Address (optional)').fill('12 Harbour St');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Venue saved')).toBeVisible();
    await expect(page.getByText('12 Harbour St').first()).toBeVisible();

    // The menu: a section, then the Negroni at $14; with an empty inventory it is unavailable, and says why.
    await page.getByLabel('New section').fill('Classics');
    await page.getByRole('button', { name: 'Add section' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Classics' })).toBeVisible();
    await page.getByLabel('Price', { exact: true }).fill('14');
    await page.getByRole('combobox', { name: 'Add a cocktail' }).fill('Negroni');
    await page.getByRole('option', { name: 'Negroni', exact: true }).click();
    await page.getByRole('button', { name: 'Add to menu' }).click();
    const classics = page.getByRole('list', { name: 'Classics cocktails' });
    await expect(classics).toContainText('Negroni');
    await expect(classics).toContainText('$14.00');
    await expect(classics).toContainText(/Unavailable · missing /);

    const bartender = uniqueEmail('bartender');
    const before = mail.messages.length;
    await page.getByLabel('Email address').fill(bartender);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('seats')).toHaveText('1 of 10 staff seats used');
    await expect(page.getByRole('list', { name: 'Invitations' })).toContainText(bartender);
    const invitation = await mail.waitFor({ to: bartender, after: before });
    expect(invitation.subject).toBe('Join The Copper Still on Barback');
    const joinUrl = new URL(/https?:\/\/\S+\/venues\/join\/\S+/.exec(invitation.text)![0]);

    // The bartender, in a browser of their own: the join page first, then sign in, back to the page, join.
    const staff = await openApp(joinUrl.pathname, { viewport: { width: 390, height: 844 } });
    await expect(staff.getByRole('heading', { name: 'Join The Copper Still' })).toBeVisible();
    await axe.expectClean(staff, 'the join page, signed out');
    await staff.getByRole('button', { name: 'Sign in to join' }).click();
    await expect(staff.getByRole('dialog')).toBeVisible();
    await staff.keyboard.press('Escape');
    const { link } = await requestMagicLink(mail, staff, bartender);
    await staff.goto(link);
    await expect(staff).toHaveURL(new RegExp(`${joinUrl.pathname}$`), { timeout: 10_000 });
    await staff.getByRole('button', { name: 'Join the team' }).click();
    await expect(staff).toHaveURL(/\/venues\/the-copper-still$/);
    await expect(staff.getByRole('heading', { level: 1, name: 'The Copper Still' })).toBeVisible();
    await expect(staff.getByText('Staff', { exact: true })).toBeVisible();
    await expect(staff.getByRole('heading', { name: 'Team', exact: true })).toHaveCount(0);

    // Staff keep the team inventory: add a bottle from the catalogue, then 86 it for tonight.
    await staff.getByRole('combobox', { name: 'Add a bottle' }).fill('Campari');
    await staff.getByRole('option', { name: /^Campari \(/ }).click();
    const bottles = staff.getByRole('list', { name: 'Bottles' });
    await expect(bottles).toContainText('Campari');
    const eightySix = staff.getByRole('button', { name: '86 Campari' });
    await expect(eightySix).toHaveAttribute('aria-pressed', 'false');
    await eightySix.click();
    await expect(eightySix).toHaveAttribute('aria-pressed', 'true');
    await expect(bottles).toContainText('Out tonight');
    await expect(staff.getByRole('list', { name: 'Recent changes' })).toContainText("86'd Campari");
    // Any member may set a drink on or off by hand for tonight.
    await staff.getByRole('combobox', { name: 'Availability of Negroni' }).selectOption('on');
    await expect(staff.getByRole('list', { name: 'Classics cocktails' })).toContainText('Available (set by hand)');
    await expect(staff.getByRole('button', { name: 'Take Negroni off the menu' })).toHaveCount(0);
    await axe.expectClean(staff, 'the venue as staff, with the menu and the team inventory');

    // A guest scans the QR code: it decodes to the menu's address; they answer the age gate and see the Negroni.
    const qr = await page.request.get('/api/venues/the-copper-still/qr/png');
    expect(qr.status()).toBe(200);
    const image = PNG.sync.read(await qr.body());
    const menuUrl = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? '';
    expect(new URL(menuUrl).pathname).toBe('/v/the-copper-still');
    const guest = await openApp(new URL(menuUrl).pathname, { ageVerified: false });
    await guest.getByRole('button', { name: 'Yes, I am of legal age' }).click();
    await expect(guest.getByRole('heading', { level: 1, name: 'The Copper Still' })).toBeVisible();
    const guestNegroni = guest.getByRole('listitem').filter({ hasText: 'Negroni' });
    await expect(guestNegroni).toHaveAttribute('data-available', 'true');
    await expect(guestNegroni).toContainText('$14');
    await expect(guestNegroni).toContainText(/% ABV · [\d.]+ standard drinks?/);
    await axe.expectClean(guest, 'the public menu');
    await guest.screenshot({ path: test.info().outputPath('public-menu-390.png'), fullPage: true });
    // The menu is in the page the server sends (rendered at request time): before any script runs, the drinks are
    // there behind the age gate, with the data the page hydrates from, and no inline script but the hashed one.
    const served = await fetch(`${server.origin}/v/the-copper-still`);
    expect(served.headers.get('cache-control')).toBe('no-cache');
    const html = await served.text();
    expect(html).toContain('data-prerendered="/v/the-copper-still"');
    expect(html).toMatch(/<h1[^>]*>The Copper Still<\/h1>/);
    expect(html).toContain('<script type="application/json" id="bb-menu-data">');
    expect(html.match(/<script(?![^>]*type="application\/json")[^>]*>/g)).toHaveLength(1);
    const noScript = await browser.newContext({ baseURL: server.origin, javaScriptEnabled: false });
    const noScriptPage = await noScript.newPage();
    await noScriptPage.goto('/v/the-copper-still');
    await expect(noScriptPage.getByRole('dialog', { name: 'Age Verification' })).toBeVisible();
    await expect(noScriptPage.locator('#root')).toContainText('Negroni');
    await expect(noScriptPage.locator('#root')).toContainText('$14');
    await noScript.close();
    // Back to the inventory: the guest's menu greys the Negroni out by itself, within its 15 s refresh.
    await staff.getByRole('combobox', { name: 'Availability of Negroni' }).selectOption('auto');
    await expect(guestNegroni).toHaveAttribute('data-available', 'false', { timeout: 20_000 });
    await expect(guestNegroni).toContainText('Unavailable tonight');

    // A Toast device shows the kiosk menu: large type, no links.
    const kiosk = await openApp('/', { viewport: { width: 1280, height: 800 } });
    await openInEnvironment(kiosk, '/v/the-copper-still?app=toast');
    await expect(kiosk.getByTestId('public-menu')).toHaveAttribute('data-kiosk', '');
    await expect(kiosk.getByRole('heading', { level: 1, name: 'The Copper Still' })).toBeVisible();
    await expect(kiosk.getByRole('link')).toHaveCount(0);
    await axe.expectClean(kiosk, 'the kiosk menu');
    await kiosk.screenshot({ path: test.info().outputPath('kiosk-1280.png') });
    await staff.screenshot({ path: test.info().outputPath('venue-staff-390.png'), fullPage: true });
    await page.screenshot({ path: test.info().outputPath('venue-owner-1280.png'), fullPage: true });

    // The owner sees the seat taken by a member now, and removes them: their next request finds no venue.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Bottles' })).toContainText('Campari');
    await expect(page.getByRole('list', { name: 'Recent changes' })).toContainText('added Campari');
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members).toContainText(bartender);
    await expect(page.getByTestId('seats')).toHaveText('1 of 10 staff seats used');
    await members.getByRole('button', { name: /^Remove / }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('They lose access to the venue at once');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('seats')).toHaveText('0 of 10 staff seats used');
    await staff.reload();
    await expect(staff.getByRole('heading', { name: 'Venue not found' })).toBeVisible();
  });

  test('an owner writes a signature cocktail with a photo and puts it on the menu; guests see it once the bar can make it', async ({
    page,
    mail,
    server,
    openApp,
    axe,
  }) => {
    await page.goto('/');
    await signInFresh(page, mail, 'signature-owner');
    await grantEnterpriseByWebhook(page, server);
    const created = await callApi(page, '/api/venues', {
      method: 'POST',
      body: { name: 'Harbour Lights', slug: 'harbour-lights' },
    });
    expect(created.status).toBe(201);
    await page.goto('/venues/harbour-lights');

    // The recipe editor: a name and two lines from the catalogue; a missing method is named in the form, not sent.
    await page.getByRole('button', { name: 'Write your first signature' }).click();
    const editor = page.getByRole('dialog', { name: 'New signature cocktail' });
    await expect(editor).toBeVisible();
    await editor.getByLabel('Name', { exact: true }).fill('Harbour Spritz');
    await editor.getByRole('combobox', { name: 'Ingredient' }).fill('Campari');
    await editor.getByRole('option', { name: /^Campari \(/ }).click();
    await editor.getByLabel('Amount').first().fill('30');
    await editor.getByRole('button', { name: 'Add ingredient' }).click();
    await editor.getByRole('combobox', { name: 'Ingredient' }).fill('Soda water');
    await editor.getByRole('option', { name: /^Soda water \(/ }).click();
    await editor.getByLabel('Amount').nth(1).fill('90');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('the method needs at least 10 characters')).toBeVisible();
    await editor.getByLabel('Method').fill('Build over ice in a wine glass and stir once.');
    await axe.expectClean(page, 'the signature cocktail editor');
    await page.screenshot({ path: test.info().outputPath('signature-editor-390.png') });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    const cards = page.getByRole('list', { name: 'Signature cocktails' });
    await expect(cards).toContainText('Harbour Spritz');

    // A photo: refused client-side when it is not an image, kept as WebP + JPEG when it is.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b4463c' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Photo file for Harbour Spritz').setInputFiles({
      name: 'spritz.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const picture = cards.getByRole('img', { name: 'Harbour Spritz' });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute(
      'src',
      /^\/media\/venues\/harbour-lights\/cocktails\/\d+\/[0-9a-f]+-\d+\.jpg$/,
    );

    // On the menu, beside the catalogue: offered first in the picker, marked Signature.
    await page.getByLabel('New section').fill('Signatures');
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('combobox', { name: 'Add a cocktail' }).fill('Harbour');
    await page.getByRole('option', { name: /Harbour Spritz/ }).click();
    await page.getByRole('button', { name: 'Add to menu' }).click();
    const menuList = page.getByRole('list', { name: 'Signatures cocktails' });
    await expect(menuList).toContainText('Harbour Spritz');
    await expect(menuList).toContainText('missing Campari');
    // Prices are set in place; a catalogue drink added after it is moved up above it.
    await page.getByRole('button', { name: 'Edit the price of Harbour Spritz' }).click();
    await page.getByLabel('Price of Harbour Spritz', { exact: true }).fill('15.50');
    await page.getByLabel('Price of Harbour Spritz', { exact: true }).press('Enter');
    await expect(menuList).toContainText('$15.50');
    await page.getByRole('combobox', { name: 'Add a cocktail' }).fill('Negroni');
    await page
      .getByRole('option', { name: /^Negroni/ })
      .first()
      .click();
    // A price typed after the pick is kept: the item is added with it.
    await page.getByLabel('Price', { exact: true }).fill('13');
    await page.getByLabel('Price', { exact: true }).press('Enter');
    await expect(menuList.getByRole('listitem')).toHaveCount(2);
    await expect(menuList.getByRole('listitem').nth(1)).toContainText('$13.00');
    await page.getByRole('button', { name: 'Move Negroni up' }).click();
    await expect(menuList.getByRole('listitem').first()).toContainText('Negroni');
    await expect(page.getByRole('button', { name: 'Move Negroni down' })).toBeFocused();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Menu', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('menu-editor-390.png') });

    // The guest's menu, rendered on the server: the signature with its photo, unavailable until the bar has Campari.
    const guest = await openApp('/v/harbour-lights');
    const item = guest.getByRole('listitem').filter({ hasText: 'Harbour Spritz' });
    await expect(item).toHaveAttribute('data-available', 'false');
    await expect(item.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', /-320\.webp 320w/);
    for (const bottle of ['Campari', 'Soda water']) {
      await page.getByRole('combobox', { name: 'Add a bottle' }).fill(bottle);
      await page.getByRole('option', { name: new RegExp(`^${bottle} \\(`) }).click();
      await expect(page.getByRole('list', { name: 'Bottles' })).toContainText(bottle);
    }
    await expect(menuList.getByRole('listitem').filter({ hasText: 'Harbour Spritz' })).toContainText('Available');
    await expect(item).toHaveAttribute('data-available', 'true', { timeout: 20_000 });
    await axe.expectClean(guest, 'the public menu with a signature photo');
    await guest.screenshot({ path: test.info().outputPath('public-menu-signature-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('venue-signatures-1280.png'), fullPage: true });
  });

  test('without the Enterprise plan, /venues offers the plan instead of the form', async ({ page, mail }) => {
    await page.goto('/');
    await signInFresh(page, mail, 'free-owner');
    await page.goto('/venues');
    await expect(page.getByText('You are not part of a venue yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create venue' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Venues come with Enterprise' })).toHaveAttribute(
      'href',
      '/upgrade?from=%2Fvenues',
    );
  });
});
