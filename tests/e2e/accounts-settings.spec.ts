import { requestMagicLink, uniqueEmail } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { pathIs } from './support/journey';

/**
 * Accounts journey 7, settings (docs/product.md: Screens, States, Validation, Roles and plans, Constants and limits):
 * anonymous visitors are sent from /settings to /; a signed-in user sees the email and the role badge 'User'; the
 * Contact Support form is disabled while empty, sends, shows its success for 3 s and resets, and the message arrives at
 * the support inbox by SMTP. Then axe-core on /settings, /profile, the sign-in dialog and the /auth/callback states.
 */

const SUPPORT_EMAIL = 'help-desk@barback.test';

test.use({ ...ACCOUNTS, serverEnv: { SUPPORT_EMAIL } });

test.describe('settings', () => {
  test('sends anonymous visitors to /', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(pathIs('/'));
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Settings' })).toHaveCount(0);
  });

  test('shows the email and the role badge, and the support form sends a real message', async ({
    page,
    mail,
    signedInUser: { email },
  }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByTestId('account-email').getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByText('User', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Settings/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /./);

    const form = page.getByRole('form', { name: 'Contact Support' });
    const from = form.getByRole('textbox', { name: 'Your email' });
    const message = form.getByRole('textbox', { name: 'Message' });
    const send = form.getByRole('button', { name: 'Send message' });
    await expect(from).toHaveValue(email);
    await expect(message).toHaveAttribute('rows', '4');
    await expect(send).toBeDisabled();
    await from.fill('');
    await message.fill('The Negroni card shows the wrong glass.');
    await expect(send).toBeDisabled();
    await from.fill(email);
    await expect(send).toBeEnabled();

    const before = mail.messages.length;
    await send.click();
    const success = form.getByText('Thank you! We received your message and will reply by email.');
    // waitFor rather than expect(...).toBeVisible(): the moment is timed, and waitFor reacts at once.
    await success.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    // It resets after 3 s: the message is emptied and the button disabled again.
    await expect(message).toHaveValue('', { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2000);
    await expect(success).toBeHidden();
    await expect(send).toBeDisabled();

    const sent = await mail.waitFor({ to: SUPPORT_EMAIL, after: before });
    expect(sent.text).toContain('The Negroni card shows the wrong glass.');
    expect(sent.text).toContain(email);
    expect(sent.replyTo).toContain(email);
  });

  test('has no serious accessibility violations on /settings, /profile, the sign-in dialog and /auth/callback', async ({
    page,
    mail,
    openApp,
    axe,
  }) => {
    const signedOut = await openApp('/');
    await signedOut.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(signedOut.getByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
    await axe.expectClean(signedOut, 'sign-in dialog');

    // /auth/callback without a session, and with a failed link.
    await signedOut.goto('/auth/callback');
    await expect(signedOut.getByText('No session found')).toBeVisible();
    await axe.expectClean(signedOut, '/auth/callback, no session');
    await signedOut.goto('/auth/callback?error=INVALID_TOKEN');
    await expect(signedOut.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    await axe.expectClean(signedOut, '/auth/callback, failed');

    await page.goto('/');
    const { link } = await requestMagicLink(mail, page, uniqueEmail('axe'));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Sign-in successful!' })).toBeVisible();
    await axe.expectClean(page, '/auth/callback, success');
    await expect(page).toHaveURL(pathIs('/'));

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Account Actions' })).toBeVisible();
    await axe.expectClean(page, '/settings');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Current Plan' })).toBeVisible();
    await expect(page.getByTestId('favorites-count')).toHaveText('0');
    await axe.expectClean(page, '/profile');
  });
});
