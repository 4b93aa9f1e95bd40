import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMenuButton,
  meOf,
  openApp,
  startAccountsEnv,
  stopAccountsEnv,
  type AccountsEnv,
} from './support/accounts';
import { eventually, expectNoPageErrors, see } from './support/journey';
import { DEFAULT_OAUTH_USERS } from '../support/oauth-mock';

/**
 * Accounts journey 2, Google and Facebook (issue 3 "Sign-in"; spec sections 2 and 8): /auth, /auth/google and
 * /auth/facebook start the provider's sign-in at once; against oauth2-mock-server (a real OpenID Connect issuer playing
 * both providers, each with its own person) the browser comes back signed in as that person. A provider that answers with
 * an error gives 'Sign-in failed' with the reason and 'Return to app'. A server with no provider configured gives the
 * 'Sign-in Error' page with Close.
 */

let env: AccountsEnv;
/** A second server, in test configuration but with no provider at all. */
let bare: AccountsEnv;

beforeAll(async () => {
  [env, bare] = await Promise.all([startAccountsEnv({ oauth: true }), startAccountsEnv()]);
});

afterAll(async () => {
  await Promise.all([stopAccountsEnv(env), stopAccountsEnv(bare)]);
});

/** The browser logs a refused fetch as a console error; these journeys ask for the 503 on purpose. */
const PROVIDER_OFF_RESOURCE = /Failed to load resource: the server responded with a status of 503/;

/** Waits for the callback's success, the move to /, and the signed-in shell; returns the account's email from the menu. */
async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await see(page.getByRole('heading', { name: 'Sign-in successful!' }));
  expect(new URL(page.url()).pathname).toBe('/auth/callback');
  await eventually(() => new URL(page.url()).pathname, '/');
  await see(accountMenuButton(page));
  await accountMenuButton(page).click();
  await see(page.getByRole('menu').getByText('Signed in as'));
  await see(page.getByRole('menu').getByText(email));
  await page.keyboard.press('Escape');
}

describe('provider sign-in', () => {
  it('/auth signs in with Google (account chooser forced) as the Google user', async () => {
    const before = env.oauth!.authorizeRequests.length;
    const { page, context, errors } = await openApp(env, '/auth');
    await expectSignedInAs(page, DEFAULT_OAUTH_USERS.google.email);

    const authorize = env.oauth!.authorizeRequests[before]!;
    expect(authorize.get('prompt')).toBe('select_account');
    expect(authorize.get('redirect_uri')).toBe(`${env.origin}/api/auth/callback/google`);
    const me = await meOf(page);
    expect(me?.user.email).toBe(DEFAULT_OAUTH_USERS.google.email);
    expect(me?.accounts.map((account) => account.providerId)).toContain('google');

    expectNoPageErrors(errors);
    await context.close();
  });

  it('/auth/google asks for email and profile, consent and offline access, and signs in', async () => {
    const before = env.oauth!.authorizeRequests.length;
    const { page, context, errors } = await openApp(env, '/auth/google');
    await expectSignedInAs(page, DEFAULT_OAUTH_USERS.google.email);

    const authorize = env.oauth!.authorizeRequests[before]!;
    const scopes = (authorize.get('scope') ?? '').split(' ');
    expect(scopes).toEqual(expect.arrayContaining(['email', 'profile']));
    expect(authorize.get('prompt')).toBe('consent');
    expect(authorize.get('access_type')).toBe('offline');

    expectNoPageErrors(errors);
    await context.close();
  });

  it('/auth/facebook signs in as the Facebook user, with a Facebook account', async () => {
    const { page, context, errors } = await openApp(env, '/auth/facebook');
    await expectSignedInAs(page, DEFAULT_OAUTH_USERS.facebook.email);
    const me = await meOf(page);
    expect(me?.user.email).toBe(DEFAULT_OAUTH_USERS.facebook.email);
    expect(me?.accounts.map((account) => account.providerId)).toContain('facebook');

    expectNoPageErrors(errors);
    await context.close();
  });

  it("a provider error comes back as 'Sign-in failed' with the reason and 'Return to app'", async () => {
    env.oauth!.failNextAuthorize('access_denied', 'The person declined to share their account.');
    const { page, context, errors } = await openApp(env, '/auth/facebook');
    await see(page.getByRole('heading', { name: 'Sign-in failed' }));
    expect(new URL(page.url()).pathname).toBe('/auth/callback');
    await see(page.getByText(/cancelled|declined|denied/i));
    const back = page
      .getByRole('button', { name: 'Return to app' })
      .or(page.getByRole('link', { name: 'Return to app' }));
    await back.click();
    await eventually(() => new URL(page.url()).pathname, '/');
    await see(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await meOf(page)).toBeNull();

    expectNoPageErrors(errors);
    await context.close();
  });

  it("without providers, /auth shows 'Sign-in Error' and Close goes home", async () => {
    const { page, context, errors } = await openApp(bare, '/auth');
    await see(page.getByRole('heading', { name: 'Sign-in Error' }));
    await see(page.getByText('Failed to start Google sign-in. Please try again or contact support.'));
    await page.getByRole('button', { name: 'Close' }).click();
    await eventually(() => new URL(page.url()).pathname, '/');
    expect(await page.getByRole('heading', { name: 'Sign-in Error' }).count()).toBe(0);

    expectNoPageErrors(errors, [PROVIDER_OFF_RESOURCE]);
    await context.close();
  });

  it("without providers, /auth/facebook shows the same 'Sign-in Error' page", async () => {
    const { page, context, errors } = await openApp(bare, '/auth/facebook');
    await see(page.getByRole('heading', { name: 'Sign-in Error' }));
    await see(page.getByText(/^Failed to start (Facebook|Google) sign-in\. Please try again or contact support\.$/));
    await see(page.getByRole('button', { name: 'Close' }));

    expectNoPageErrors(errors, [PROVIDER_OFF_RESOURCE]);
    await context.close();
  });
});
