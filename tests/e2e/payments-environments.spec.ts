import { callApi, meOf } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { openInEnvironment, postFromPage, signInFresh } from './support/payments';

/**
 * Payments journeys, part 2 (docs/payments.md): the server alone decides the plan, so RC_EVENT
 * messages a page script forges change nothing there; on the web and on toast devices every purchase path says why it is
 * not available; the desktop paywall and the About panel. (Part 1, payments-purchase.spec.ts, buys and restores.)
 */

test.use({ ...ACCOUNTS, serverEnv: { WRAPPER_SIMULATOR: '1' } });

test.describe('the server decides', () => {
  test('an RC_EVENT forged by a page script changes nothing on the server', async ({ page, mail }) => {
    // Inside the "iOS app" but without the simulator: nothing answers the page's requests except the forgery.
    await openInEnvironment(page, '/?app=ios&wrapper=off');
    await signInFresh(page, mail, 'forger');
    await page.goto('/upgrade');
    await postFromPage(page, { type: 'RC_EVENT', name: 'RESTORE_COMPLETED', data: { activeEntitlements: ['pro'] } });
    await postFromPage(page, { type: 'RC_EVENT', name: 'PURCHASE_UPDATED', data: { entitlements: ['enterprise'] } });
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await postFromPage(page, { type: 'RC_EVENT', name: 'PURCHASE_UPDATED' });
    await expect(page.getByTestId('purchase-notice')).toHaveText(/being confirmed with the App Store/, {
      timeout: 20_000,
    });
    await expect(page.getByTestId('individual-current-plan')).toHaveCount(0);
    expect((await meOf(page))?.plan).toBe('free');
    expect((await callApi(page, '/api/me/bar')).status).toBe(403);
    await page.goto('/my-bar');
    await expect(page).toHaveURL(/\/upgrade\?from=%2Fmy-bar$/);
  });
});

test.describe('outside the iOS app', () => {
  test('the web says purchases and restores need the iOS app', async ({ page, mail, axe }) => {
    await openInEnvironment(page, '/?app=web');
    await signInFresh(page, mail, 'web');
    await page.goto('/upgrade');
    await expect(page.getByTestId('purchase-availability')).toContainText(
      'Purchases are only available in the iOS app.',
    );
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page.getByTestId('purchase-error')).toHaveText('Purchases are only available in the iOS app.');
    await page.getByTestId('paywall-restore').click();
    await expect(page.getByTestId('purchase-error')).toHaveText('Restore is only available in the iOS app.');
    await page.getByRole('button', { name: 'Contact sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Talk to us about Enterprise' });
    await expect(dialog).toBeVisible();
    // Focus moves into the dialog (Radix) and comes back to the button when it closes.
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(/Barback Enterprise/);
    await axe.expectClean(page, 'the Enterprise contact dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Contact sales' })).toBeFocused();
    expect((await meOf(page))?.plan).toBe('free');
  });

  test('a toast device offers no purchase and no sales contact', async ({ page, axe }) => {
    await openInEnvironment(page, '/upgrade?app=toast');
    await expect(page.getByTestId('purchase-availability')).toContainText('Purchases are not offered on this device.');
    await expect(page.getByRole('button', { name: 'Contact sales' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Contact sales' })).toHaveCount(0);
    // Nothing can be bought here, so nothing invites a try: no sign-in to subscribe, a disabled button saying why.
    await expect(page.getByRole('button', { name: 'Sign in to subscribe' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Not available on this device' })).toBeDisabled();
    await axe.expectClean(page, 'the paywall on a toast device');
  });

  test('the desktop paywall reads well and the About panel shows the real build', async ({ page, axe }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openInEnvironment(page, '/upgrade?app=web');
    await expect(page.getByTestId('plan-enterprise-price')).toHaveText('$76.58');
    await expect(page.getByText('Save 15% annually')).toBeVisible();
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await expect(page.getByTestId('plan-individual-price')).toHaveText('$4.99');
    await expect(page.getByTestId('plan-enterprise-price')).toHaveText('$89.99');
    await axe.expectClean(page, 'the paywall on a desktop');
    await page.getByRole('button', { name: 'Legal' }).click();
    await page.getByRole('menuitem', { name: 'About' }).click();
    const about = page.getByTestId('about-dialog');
    await expect(about).toContainText(/Version\s*0\.0\.0/);
    await expect(about).toContainText(/Channel\s*production/);
    await expect(about).toContainText(/Build\s*production/);
  });
});
