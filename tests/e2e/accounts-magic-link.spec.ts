import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMenuButton,
  callApi,
  cookieNames,
  meOf,
  openApp,
  startAccountsEnv,
  stopAccountsEnv,
  uniqueEmail,
  type AccountsEnv,
} from './support/accounts';
import { eventually, expectNoPageErrors, gone, see } from './support/journey';
import { magicLinkIn } from '../support/mail-capture';

/**
 * Accounts journey 1, sign-in by emailed link (issue 3 "Magic link"; spec sections 2, 4, 5 and 9): the sign-in dialog and
 * its validation toasts, 'Check your email' and the dialog closing 2 s later, the real mail (HTML and text parts, through
 * SMTP), the link landing on /auth/callback with 'Sign-in successful!' and then /, the signed-in avatar menu, the link
 * refusing a second use, and sign-out.
 */

let env: AccountsEnv;

beforeAll(async () => {
  env = await startAccountsEnv();
});

afterAll(async () => {
  await stopAccountsEnv(env);
});

const DIALOG_TITLE = 'Sign in to continue';
const AGE_LABEL = 'I confirm I am of legal drinking age in my jurisdiction.';

/** Opens the sign-in dialog from the top bar's 'Sign In' button. */
async function openSignInDialog(page: Page) {
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
  await see(dialog);
  return dialog;
}

/** The session better-auth reports for the page's cookies (null when signed out). */
async function sessionEmail(page: Page): Promise<string | null> {
  const response = await callApi<{ user?: { email?: string } } | null>(page, '/api/auth/get-session');
  return response.body?.user?.email ?? null;
}

describe('sign-in by magic link', () => {
  it("validates the dialog: 'Age verification required' and 'Email required', and sends nothing", async () => {
    const { page, context, errors } = await openApp(env, '/');
    const dialog = await openSignInDialog(page);
    await see(dialog.getByText('Sign in to access the bar and save your favorite cocktails.'));

    const age = dialog.getByRole('checkbox', { name: AGE_LABEL });
    const email = dialog.getByRole('textbox', { name: 'Email address' });
    const send = dialog.getByRole('button', { name: 'Send magic link' });
    expect(await age.isChecked()).toBe(false);
    // Disabled while the email is empty, and while the age box is unticked.
    expect(await send.isDisabled()).toBe(true);
    await email.fill('someone@example.com');
    expect(await send.isDisabled()).toBe(true);

    // Google needs the age box too: pressing it unticked gives the toast and goes nowhere.
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await see(page.getByText('Age verification required'));
    await see(page.getByText('Please confirm you are of legal drinking age to continue.'));
    expect(new URL(page.url()).pathname).toBe('/');

    // With the age box ticked, an address that is not one gives 'Email required'.
    await age.check();
    await email.fill('not-an-email');
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    await see(page.getByText('Email required'));
    await see(page.getByText('Please enter your email address.'));
    await see(email);
    expect(env.mail.messages).toHaveLength(0);

    expectNoPageErrors(errors);
    await context.close();
  });

  it('signs in with the emailed link, shows the account menu, refuses the link a second time and signs out', async () => {
    const address = uniqueEmail('magic');
    const { page, context, errors } = await openApp(env, '/');
    const mailsBefore = env.mail.messages.length;

    // The dialog: tick the age box, type the address, send.
    const dialog = await openSignInDialog(page);
    await dialog.getByRole('checkbox', { name: AGE_LABEL }).check();
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(address);
    await dialog.getByRole('button', { name: 'Send magic link' }).click();
    await see(dialog.getByText('Check your email', { exact: true }));
    const sentAt = Date.now();
    await see(dialog.getByText(address));
    // The dialog closes itself about 2 s after the link is sent (spec section 9).
    await gone(page.getByRole('dialog', { name: DIALOG_TITLE }), 6000);
    const closedAfter = Date.now() - sentAt;
    expect(closedAfter).toBeGreaterThanOrEqual(1500);
    expect(closedAfter).toBeLessThan(4500);

    // The mail went through SMTP, with a text part and an HTML part that both carry the link.
    const mail = await env.mail.waitFor({ to: address, after: mailsBefore });
    expect(mail.from).toBe('Barback <no-reply@barback.app>');
    expect(mail.subject).toMatch(/sign.?in/i);
    const link = magicLinkIn(mail);
    expect(new URL(link).origin).toBe(env.origin);
    expect(mail.text).toContain('15 minutes');
    expect(mail.html).toContain('<a ');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expect(mail.html).toContain('15 minutes');

    // Opening the link signs in: /auth/callback says so, then the app goes to /.
    await page.goto(link);
    await see(page.getByRole('heading', { name: 'Sign-in successful!' }));
    expect(new URL(page.url()).pathname).toBe('/auth/callback');
    await see(page.getByText('Welcome to Barback!', { exact: true }));
    await eventually(() => new URL(page.url()).pathname, '/');

    // The shell is signed in: the avatar shows the initial; its menu says who.
    const avatar = accountMenuButton(page);
    await see(avatar);
    expect((await avatar.innerText()).trim()).toBe(address[0]!.toUpperCase());
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
    await avatar.click();
    const menu = page.getByRole('menu');
    await see(menu.getByText('Signed in as'));
    await see(menu.getByText(address));
    for (const item of ['Settings', 'Data Deletion', 'Privacy Policy', 'Terms of Service', 'Sign out']) {
      await see(menu.getByRole('menuitem', { name: item }));
    }
    await page.keyboard.press('Escape');
    expect(await sessionEmail(page)).toBe(address);
    expect((await meOf(page))?.user.email).toBe(address);
    expect(await cookieNames(context, env.origin)).toContain('barback.session_token');

    // The same link a second time fails, with the reason and a way back.
    await page.goto(link);
    await see(page.getByRole('heading', { name: 'Sign-in failed' }));
    expect(new URL(page.url()).pathname).toBe('/auth/callback');
    await see(page.getByText(/invalid|expired|already used/i));
    await page
      .getByRole('button', { name: 'Return to app' })
      .or(page.getByRole('link', { name: 'Return to app' }))
      .click();
    await eventually(() => new URL(page.url()).pathname, '/');

    // Sign out: the server ends the session and the shell is signed out at /.
    await see(accountMenuButton(page));
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await eventually(() => new URL(page.url()).pathname, '/');
    await see(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await accountMenuButton(page).count()).toBe(0);
    expect(await sessionEmail(page)).toBeNull();
    expect(await meOf(page)).toBeNull();
    expect(await cookieNames(context, env.origin)).not.toContain('barback.session_token');
    expect(
      await page.evaluate(() => window.sessionStorage.getItem('bb:auth:counted-session')),
      'local auth keys are cleared',
    ).toBeNull();

    expectNoPageErrors(errors);
    await context.close();
  });

  it('a used link does not sign in a fresh browser either', async () => {
    const address = uniqueEmail('once');
    const first = await openApp(env, '/');
    const before = env.mail.messages.length;
    const sent = await callApi(first.page, '/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email: address, callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback' },
    });
    expect(sent.status).toBe(200);
    const link = magicLinkIn(await env.mail.waitFor({ to: address, after: before }));
    await first.page.goto(link);
    await see(first.page.getByRole('heading', { name: 'Sign-in successful!' }));

    const second = await openApp(env, '/');
    await second.page.goto(link);
    await see(second.page.getByRole('heading', { name: 'Sign-in failed' }));
    await see(
      second.page
        .getByRole('button', { name: 'Return to app' })
        .or(second.page.getByRole('link', { name: 'Return to app' })),
    );
    expect(await sessionEmail(second.page)).toBeNull();

    expectNoPageErrors(first.errors);
    expectNoPageErrors(second.errors);
    await first.context.close();
    await second.context.close();
  });
});
