import type { Page } from '@playwright/test';
import { accountMenuButton, callApi, cookieNames, meOf, uniqueEmail } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { pathIs } from './support/journey';
import { magicLinkIn } from '../support/mail-capture';

/**
 * Accounts journey 1, sign-in by emailed link (docs/product.md: Screens, States, Validation, Constants and limits): the
 * sign-in dialog and its validation toasts, 'Check your email' and the dialog closing 2 s later, the real mail (HTML
 * and text parts, through SMTP), the link landing on /auth/callback with 'Sign-in successful!' and then /, the
 * signed-in avatar menu, the link refusing a second use, and sign-out.
 */

// With Google and Facebook configured (against the OAuth peer): a server without them draws their buttons disabled, and the
// dialog's check that a provider button also wants the age box needs an enabled one.
test.use({ ...ACCOUNTS, withOAuth: true });

const DIALOG_TITLE = 'Sign in to continue';
const AGE_LABEL = 'I confirm I am of legal drinking age in my jurisdiction.';

/** Opens the sign-in dialog from the top bar's 'Sign In' button. */
async function openSignInDialog(page: Page) {
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The session better-auth reports for the page's cookies (null when signed out). */
async function sessionEmail(page: Page): Promise<string | null> {
  const response = await callApi<{ user?: { email?: string } } | null>(page, '/api/auth/get-session');
  return response.body?.user?.email ?? null;
}

/** 'Return to app' on the failed callback: a button or a link. */
const returnToApp = (page: Page) =>
  page.getByRole('button', { name: 'Return to app' }).or(page.getByRole('link', { name: 'Return to app' }));

test.describe('sign-in by magic link', () => {
  test("validates the dialog: 'Age verification required' and 'Email required', and sends nothing", async ({
    page,
    mail,
  }) => {
    const mailsBefore = mail.messages.length;
    await page.goto('/');
    const dialog = await openSignInDialog(page);
    await expect(dialog.getByText('Sign in to access the bar and save your favorite cocktails.')).toBeVisible();

    const age = dialog.getByRole('checkbox', { name: AGE_LABEL });
    const email = dialog.getByRole('textbox', { name: 'Email address' });
    const send = dialog.getByRole('button', { name: 'Send magic link' });
    await expect(age).not.toBeChecked();
    // Disabled while the email is empty, and while the age box is unticked.
    await expect(send).toBeDisabled();
    await email.fill('someone@example.com');
    await expect(send).toBeDisabled();

    // Google needs the age box too: pressing it unticked gives the toast and goes nowhere.
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('Age verification required')).toBeVisible();
    await expect(page.getByText('Please confirm you are of legal drinking age to continue.')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');

    // With the age box ticked, an address that is not one gives 'Email required'.
    await age.check();
    await email.fill('not-an-email');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText('Email required')).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(email).toBeVisible();
    // Nothing reached the mail server (the capture is the worker's: count from this test's start).
    expect(mail.messages.slice(mailsBefore)).toHaveLength(0);
  });

  test('signs in with the emailed link, shows the account menu, refuses the link a second time and signs out', async ({
    page,
    context,
    mail,
    server,
  }) => {
    const address = uniqueEmail('magic');
    await page.goto('/');
    const mailsBefore = mail.messages.length;

    // The dialog: tick the age box, type the address, send.
    const dialog = await openSignInDialog(page);
    await dialog.getByRole('checkbox', { name: AGE_LABEL }).check();
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(address);
    await dialog.getByRole('button', { name: 'Send magic link' }).click();
    // waitFor rather than expect(...).toBeVisible(): the moments are timed, and waitFor reacts at once.
    await dialog.getByText('Check your email', { exact: true }).first().waitFor({ state: 'visible' });
    const sentAt = Date.now();
    await expect(dialog.getByText(address)).toBeVisible();
    // The dialog closes itself about 2 s after the link is sent (docs/product.md, Constants and limits).
    await page.getByRole('dialog', { name: DIALOG_TITLE }).waitFor({ state: 'hidden', timeout: 6000 });
    const closedAfter = Date.now() - sentAt;
    expect(closedAfter).toBeGreaterThanOrEqual(1500);
    expect(closedAfter).toBeLessThan(4500);

    // The mail went through SMTP, with a text part and an HTML part that both carry the link.
    const sent = await mail.waitFor({ to: address, after: mailsBefore });
    expect(sent.from).toBe('Barback <no-reply@barback.app>');
    expect(sent.subject).toMatch(/sign.?in/i);
    const link = magicLinkIn(sent);
    expect(new URL(link).origin).toBe(server.origin);
    expect(sent.text).toContain('15 minutes');
    expect(sent.html).toContain('<a ');
    expect(sent.html).toContain(link.replace(/&/g, '&amp;'));
    expect(sent.html).toContain('15 minutes');

    // Opening the link signs in: /auth/callback says so, then the app goes to /.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Sign-in successful!' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/auth/callback');
    await expect(page.getByText('Welcome to Barback!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(pathIs('/'));

    // The shell is signed in: the avatar shows the initial; its menu says who.
    const avatar = accountMenuButton(page);
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveText(address[0]!.toUpperCase(), { useInnerText: true });
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
    await avatar.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Signed in as')).toBeVisible();
    await expect(menu.getByText(address)).toBeVisible();
    for (const item of ['Settings', 'Data Deletion', 'Privacy Policy', 'Terms of Service', 'Sign out']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    expect(await sessionEmail(page)).toBe(address);
    expect((await meOf(page))?.user.email).toBe(address);
    expect(await cookieNames(context, server.origin)).toContain('barback.session_token');

    // The same link a second time fails, with the reason and a way back.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/auth/callback');
    await expect(page.getByText(/invalid|expired|already used/i).first()).toBeVisible();
    await returnToApp(page).click();
    await expect(page).toHaveURL(pathIs('/'));

    // The sign-in was counted once, under its session id (localStorage, so another tab does not count it again).
    expect(await page.evaluate(() => window.localStorage.getItem('bb:auth:counted-session'))).toBeTruthy();

    // Sign out: the server ends the session and the shell is signed out at /.
    await expect(accountMenuButton(page)).toBeVisible();
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(pathIs('/'));
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(accountMenuButton(page)).toHaveCount(0);
    // This page was first drawn for a signed-in visitor; the hero's Sign Up and the favorites prompt come back at once.
    await expect(page.getByTestId('sign-in-buttons-hero')).toBeVisible();
    await expect(page.getByText('Log in to save your favorite cocktails')).toBeVisible();
    expect(await sessionEmail(page)).toBeNull();
    expect(await meOf(page)).toBeNull();
    expect(await cookieNames(context, server.origin)).not.toContain('barback.session_token');
    expect(
      await page.evaluate(() => window.localStorage.getItem('bb:auth:counted-session')),
      'local auth keys are cleared',
    ).toBeNull();
  });

  test('a used link does not sign in a fresh browser either', async ({ page: first, openApp, mail }) => {
    const address = uniqueEmail('once');
    await first.goto('/');
    const before = mail.messages.length;
    const sent = await callApi(first, '/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email: address, callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback' },
    });
    expect(sent.status).toBe(200);
    const link = magicLinkIn(await mail.waitFor({ to: address, after: before }));
    await first.goto(link);
    await expect(first.getByRole('heading', { name: 'Sign-in successful!' })).toBeVisible();

    const second = await openApp('/');
    await second.goto(link);
    await expect(second.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    await expect(returnToApp(second)).toBeVisible();
    expect(await sessionEmail(second)).toBeNull();
  });
});
