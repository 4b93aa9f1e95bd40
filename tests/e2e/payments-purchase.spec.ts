import { callApi, meOf } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { pathIs } from './support/journey';
import { openInEnvironment, postFromPage, recordEventTypes, signInFresh } from './support/payments';

/**
 * Payments journeys, part 1, buying and restoring (docs/product.md: Screens, States, Roles and plans, Calls, Error
 * messages, Constants and limits), in Chromium against a real server with the wrapper simulator on
 * (WRAPPER_SIMULATOR=1): the page runs as inside the iOS app (`?app=ios&wrapper=sim`), the simulator plays the app's
 * side of the RC_REQUEST / RC_EVENT messages and, for a purchase, makes the server send itself a correctly authorised
 * RevenueCat webhook, so everything is real except Apple. The server alone decides the plan: a message a page script
 * forges changes nothing there.
 */

test.use({ ...ACCOUNTS, serverEnv: { WRAPPER_SIMULATOR: '1' } });

test.describe('buying Pro inside the iOS app', () => {
  test('anonymous -> /my-bar -> sign in -> /upgrade; buy annual Pro; My Bar opens with the toast; restore', async ({
    page,
    mail,
    axe,
  }) => {
    const sent = recordEventTypes(page);

    await test.step('an anonymous visitor asking for My Bar is asked to sign in', async () => {
      await openInEnvironment(page, '/my-bar?app=ios&wrapper=sim');
      const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Sign in to open My Bar' })).toBeVisible();
    });

    await test.step('signed in on the free plan, My Bar sends the user to the paywall', async () => {
      await signInFresh(page, mail, 'buyer');
      expect((await meOf(page))?.plan).toBe('free');
      expect((await callApi(page, '/api/me/bar')).status).toBe(403);
      await page.getByTestId('tab-bar').getByRole('link', { name: 'My Bar' }).click();
      await expect(page).toHaveURL(/\/upgrade\?from=%2Fmy-bar$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Unlock your whole bar' })).toBeVisible();
      await expect(page.getByTestId('tab-bar')).toHaveCount(0);
      await expect(page.getByTestId('purchase-availability')).toHaveCount(0);
      await expect(page.getByTestId('plan-individual-price')).toHaveText('$3.75');
      await expect(page.getByTestId('plan-individual-billing')).toHaveText('billed yearly at $45.00');
      await axe.expectClean(page, 'the paywall in the iOS app');
    });

    await test.step('buying annual Pro lands back on My Bar with the toast, and the server says Pro', async () => {
      await page.getByRole('button', { name: 'Start free trial' }).click();
      await expect(page.getByRole('button', { name: /Processing|Confirming/ })).toBeDisabled();
      await expect(page).toHaveURL(pathIs('/my-bar'));
      await expect(page.getByText('Purchase successful')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'My Bar' })).toBeVisible();
      await expect(page.getByRole('tab', { name: /My bottles/, selected: true })).toBeVisible();
      await expect(page.getByTestId('my-bar-plan')).toHaveText('Pro');
      const me = await meOf(page);
      expect(me?.plan).toBe('pro');
      expect((await callApi<{ items: unknown[] }>(page, '/api/me/bar')).body).toEqual({ items: [] });
      await axe.expectClean(page, 'My Bar');
    });

    await test.step('the profile shows Pro in its free trial with the end date; Restore confirms it', async () => {
      // One toast at a time here: Sonner draws an older toast dimmed behind a newer one, which axe reads as low contrast.
      await expect(page.getByText('Purchase successful')).toHaveCount(0, { timeout: 10_000 });
      await page.getByTestId('tab-bar').getByRole('link', { name: 'Profile' }).click();
      await expect(page.getByTestId('current-plan')).toHaveText('Pro');
      await expect(page.getByTestId('plan-status')).toHaveText(/^Trial ends on \w+ \d{1,2}, \d{4}$/);
      await page.getByRole('button', { name: 'Restore Purchases' }).click();
      await expect(page.getByText('Purchases restored')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Restore Purchases' })).toBeEnabled();
      await axe.expectClean(page, 'the profile with Pro');
    });

    await test.step('every purchase event reached the server', async () => {
      await expect
        .poll(() => sent, { timeout: 10_000 })
        .toEqual(
          expect.arrayContaining([
            'activate',
            'route_gate_redirect',
            'paywall_view',
            'plan_select',
            'purchase_start',
            'purchase_success',
            'session_entitlements_refreshed',
            'restore_start',
            'restore_success',
          ]),
        );
    });
  });

  test("an ERROR from the wrapper shows red in the paywall's footer", async ({ page, mail }) => {
    await openInEnvironment(page, '/?app=ios&wrapper=sim');
    await signInFresh(page, mail, 'declined');
    await page.goto('/upgrade');
    await expect(page.getByRole('button', { name: 'Start free trial' })).toBeEnabled();
    await postFromPage(page, { type: 'RC_EVENT', name: 'ERROR', data: { message: 'The card was declined.' } });
    const error = page.getByTestId('purchase-error');
    await expect(error).toHaveText('The card was declined.');
    await expect(error).toHaveCSS('color', 'rgb(255, 154, 143)');
    await postFromPage(page, { type: 'RC_EVENT', name: 'ERROR', data: {} });
    await expect(error).toHaveText('Purchase error');
  });

  test('a purchase made on another account is restored to this one (TRANSFER)', async ({ page, mail }) => {
    await openInEnvironment(page, '/?app=ios&wrapper=sim');
    await signInFresh(page, mail, 'first-owner');
    await page.goto('/upgrade');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page).toHaveURL(pathIs('/profile'));
    await expect(page.getByTestId('current-plan')).toHaveText('Pro');
    expect((await meOf(page))?.entitlementDetails?.[0]?.productId).toBe('app.barback.pro.monthly');

    // Same device (the simulated Apple ID keeps its receipts), another Barback account: Restore moves the purchase.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
    await signInFresh(page, mail, 'second-owner');
    await page.goto('/upgrade');
    await page.getByRole('button', { name: 'Restore Purchases' }).click();
    await expect(page).toHaveURL(pathIs('/profile'));
    await expect(page.getByText('Purchases restored')).toBeVisible();
    await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  });
});
