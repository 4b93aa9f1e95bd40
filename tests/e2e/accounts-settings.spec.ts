import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openApp,
  requestMagicLink,
  signInByMagicLink,
  startAccountsEnv,
  stopAccountsEnv,
  uniqueEmail,
  type AccountsEnv,
} from './support/accounts';
import { seriousAxeViolations } from './support/browser';
import { eventually, expectNoPageErrors, see } from './support/journey';

/**
 * Accounts journey 7, settings (issue 3 "Settings, profile, support, deletion"; spec sections 2, 4, 5, 6 and 9): anonymous
 * visitors are sent from /settings to /; a signed-in user sees the email and the role badge 'User'; the Contact Support
 * form is disabled while empty, sends, shows its success for 3 s and resets, and the message arrives at the support inbox
 * by SMTP. Then axe-core on /settings, /profile, the sign-in dialog and the /auth/callback states.
 */

let env: AccountsEnv;

const SUPPORT_EMAIL = 'help-desk@barback.test';

beforeAll(async () => {
  env = await startAccountsEnv({ env: { SUPPORT_EMAIL } });
});

afterAll(async () => {
  await stopAccountsEnv(env);
});

/** Fails with the list when axe-core finds a serious or critical violation on the page as it is now. */
async function expectAxeClean(page: Page, what: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('settings', () => {
  it('sends anonymous visitors to /', async () => {
    const { page, context, errors } = await openApp(env, '/settings');
    await eventually(() => new URL(page.url()).pathname, '/');
    await see(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await page.getByRole('heading', { name: 'Settings' }).count()).toBe(0);

    expectNoPageErrors(errors);
    await context.close();
  });

  it('shows the email and the role badge, and the support form sends a real message', async () => {
    const email = uniqueEmail('settings');
    const { page, context, errors } = await openApp(env, '/');
    await signInByMagicLink(env, page, email);
    await page.goto('/settings');
    await see(page.getByRole('heading', { name: 'Settings', level: 1 }));
    await see(page.getByTestId('account-email').getByText(email, { exact: true }));
    await see(page.getByText('User', { exact: true }));
    expect(await page.title()).toContain('Settings');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description ?? '').not.toBe('');

    const form = page.getByRole('form', { name: 'Contact Support' });
    const from = form.getByRole('textbox', { name: 'Your email' });
    const message = form.getByRole('textbox', { name: 'Message' });
    const send = form.getByRole('button', { name: 'Send message' });
    expect(await from.inputValue()).toBe(email);
    expect(await message.getAttribute('rows')).toBe('4');
    expect(await send.isDisabled()).toBe(true);
    await from.fill('');
    await message.fill('The Negroni card shows the wrong glass.');
    expect(await send.isDisabled()).toBe(true);
    await from.fill(email);
    expect(await send.isEnabled()).toBe(true);

    const before = env.mail.messages.length;
    await send.click();
    const success = form.getByText('Thank you! We received your message and will reply by email.');
    await see(success);
    const shownAt = Date.now();
    // It resets after 3 s: the message is emptied and the button disabled again.
    await eventually(() => message.inputValue(), '', 6000);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2000);
    expect(await success.isVisible()).toBe(false);
    expect(await send.isDisabled()).toBe(true);

    const mail = await env.mail.waitFor({ to: SUPPORT_EMAIL, after: before });
    expect(mail.text).toContain('The Negroni card shows the wrong glass.');
    expect(mail.text).toContain(email);
    expect(mail.replyTo).toContain(email);

    expectNoPageErrors(errors);
    await context.close();
  });

  it('has no serious accessibility violations on /settings, /profile, the sign-in dialog and /auth/callback', async () => {
    const signedOut = await openApp(env, '/');
    await signedOut.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(signedOut.page.getByRole('dialog', { name: 'Sign in to continue' }));
    await expectAxeClean(signedOut.page, 'sign-in dialog');

    // /auth/callback without a session, and with a failed link.
    await signedOut.page.goto('/auth/callback');
    await see(signedOut.page.getByText('No session found'));
    await expectAxeClean(signedOut.page, '/auth/callback, no session');
    await signedOut.page.goto('/auth/callback?error=INVALID_TOKEN');
    await see(signedOut.page.getByRole('heading', { name: 'Sign-in failed' }));
    await expectAxeClean(signedOut.page, '/auth/callback, failed');

    const { page, context, errors } = await openApp(env, '/');
    const { link } = await requestMagicLink(env, page, uniqueEmail('axe'));
    await page.goto(link);
    await see(page.getByRole('heading', { name: 'Sign-in successful!' }));
    await expectAxeClean(page, '/auth/callback, success');
    await eventually(() => new URL(page.url()).pathname, '/');

    await page.goto('/settings');
    await see(page.getByRole('heading', { name: 'Account Actions' }));
    await expectAxeClean(page, '/settings');
    await page.goto('/profile');
    await see(page.getByRole('heading', { name: 'Current Plan' }));
    await eventually(async () => (await page.getByTestId('favorites-count').innerText()).trim(), '0');
    await expectAxeClean(page, '/profile');

    expectNoPageErrors(signedOut.errors);
    expectNoPageErrors(errors);
    await signedOut.context.close();
    await context.close();
  });
});
