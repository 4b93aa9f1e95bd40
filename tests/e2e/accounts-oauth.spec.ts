import type { Page } from '@playwright/test';
import { accountMenuButton, meOf } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { pathIs } from './support/journey';
import { DEFAULT_OAUTH_USERS } from '../support/oauth-mock';

/**
 * Accounts journey 2, Google and Facebook (docs/product.md: Screens, Error messages): /auth, /auth/google and
 * /auth/facebook start the provider's sign-in at once; against oauth2-mock-server (a real OpenID Connect issuer playing
 * both providers, each with its own person) the browser comes back signed in as that person. A provider that answers with
 * an error gives 'Sign-in failed' with the reason and 'Return to app'. A server with no provider configured gives the
 * 'Sign-in Error' page with Close.
 */

test.use({ ...ACCOUNTS, withOAuth: true });

/** The browser logs a refused fetch as a console error; these journeys ask for the 503 on purpose. */
const PROVIDER_OFF_RESOURCE = /Failed to load resource: the server responded with a status of 503/;

/** Waits for the callback's success, the move to /, and the signed-in shell whose menu names `email`. */
async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign-in successful!' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/auth/callback');
  await expect(page).toHaveURL(pathIs('/'));
  await expect(accountMenuButton(page)).toBeVisible();
  await accountMenuButton(page).click();
  await expect(page.getByRole('menu').getByText('Signed in as')).toBeVisible();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  await page.keyboard.press('Escape');
}

test.describe('provider sign-in', () => {
  test('/auth signs in with Google (account chooser forced) as the Google user', async ({ page, oauth, server }) => {
    const before = oauth.authorizeRequests.length;
    await page.goto('/auth');
    await expectSignedInAs(page, DEFAULT_OAUTH_USERS.google.email);

    const authorize = oauth.authorizeRequests[before]!;
    expect(authorize.get('prompt')).toBe('select_account');
    expect(authorize.get('redirect_uri')).toBe(`${server.origin}/api/auth/callback/google`);
    const me = await meOf(page);
    expect(me?.user.email).toBe(DEFAULT_OAUTH_USERS.google.email);
    expect(me?.accounts.map((account) => account.providerId)).toContain('google');
  });

  test('/auth/google asks for email and profile, consent and offline access, and signs in', async ({ page, oauth }) => {
    const before = oauth.authorizeRequests.length;
    await page.goto('/auth/google');
    await expectSignedInAs(page, DEFAULT_OAUTH_USERS.google.email);

    const authorize = oauth.authorizeRequests[before]!;
    const scopes = (authorize.get('scope') ?? '').split(' ');
    expect(scopes).toEqual(expect.arrayContaining(['email', 'profile']));
    expect(authorize.get('prompt')).toBe('consent');
    expect(authorize.get('access_type')).toBe('offline');
  });

  test('/auth/facebook signs in as the Facebook user, with a Facebook account', async ({ page }) => {
    await page.goto('/auth/facebook');
    await expectSignedInAs(page, DEFAULT_OAUTH_USERS.facebook.email);
    const me = await meOf(page);
    expect(me?.user.email).toBe(DEFAULT_OAUTH_USERS.facebook.email);
    expect(me?.accounts.map((account) => account.providerId)).toContain('facebook');
  });

  test("a provider error comes back as 'Sign-in failed' with the reason and 'Return to app'", async ({
    page,
    oauth,
  }) => {
    oauth.failNextAuthorize('access_denied', 'The person declined to share their account.');
    await page.goto('/auth/facebook');
    await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/auth/callback');
    await expect(page.getByText(/cancelled|declined|denied/i).first()).toBeVisible();
    const back = page
      .getByRole('button', { name: 'Return to app' })
      .or(page.getByRole('link', { name: 'Return to app' }));
    await back.click();
    await expect(page).toHaveURL(pathIs('/'));
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await meOf(page)).toBeNull();
  });

  // A second server for this file: the same test configuration, with no provider at all.
  test.describe(() => {
    test.use({ withOAuth: false });

    test("without providers, /auth shows 'Sign-in Error' and Close goes home", async ({ page, pageErrors }) => {
      pageErrors.allow(PROVIDER_OFF_RESOURCE);
      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: 'Sign-in Error' })).toBeVisible();
      await expect(
        page.getByText('Failed to start Google sign-in. Please try again or contact support.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(page).toHaveURL(pathIs('/'));
      await expect(page.getByRole('heading', { name: 'Sign-in Error' })).toHaveCount(0);
    });

    test("without providers, /auth/facebook shows the same 'Sign-in Error' page", async ({ page, pageErrors }) => {
      pageErrors.allow(PROVIDER_OFF_RESOURCE);
      await page.goto('/auth/facebook');
      await expect(page.getByRole('heading', { name: 'Sign-in Error' })).toBeVisible();
      await expect(
        page.getByText(/^Failed to start (Facebook|Google) sign-in\. Please try again or contact support\.$/),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
    });
  });
});
