import type { Page } from '@playwright/test';
import type { CapturedMail, MailCapture } from '../support/mail-capture';
import { accountMenuButton, meOf, signInByMagicLink, uniqueEmail } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { pathIs } from './support/journey';

/**
 * Accounts journey, recovery mode (docs/product.md: Records, States, Constants and limits): 'Trouble signing in?' in
 * the sign-in dialog mails a recovery link; opening it strips the token from the address, enters recovery mode (flag
 * and time in session storage), signs in and lands on 'Secure your account', where the sessions are listed and 'Sign
 * out everywhere else' signs the other browser out at once; the banner leads there from any page, 'I'm done' leaves the
 * mode, and the mode expires after 60 minutes. No token reaches the address bar or analytics.
 */

test.use(ACCOUNTS);

const RECOVERY_KEY = 'bb:auth:recovery-mode';

/** The recovery link in a captured mail's text part. */
function recoveryLinkIn(mail: CapturedMail): string {
  const link = /https?:\/\/\S+\/auth\/callback\?type=recovery#\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no recovery link in "${mail.subject}":\n${mail.text}`);
  return link;
}

/** Every analytics batch the page posts, as text (to prove no token is in any). */
function recordAnalytics(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/** The stored recovery flag of `page`'s tab, parsed (null when absent). */
async function recoveryFlag(page: Page): Promise<{ enteredAt: number } | null> {
  const raw = await page.evaluate((key) => window.sessionStorage.getItem(key), RECOVERY_KEY);
  return raw === null ? null : (JSON.parse(raw) as { enteredAt: number });
}

/** Asks for a recovery link from the sign-in dialog of `page` and returns the mailed link. */
async function requestRecoveryLink(page: Page, mail: MailCapture, email: string) {
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Trouble signing in?' }).click();
  const recovery = page.getByRole('dialog', { name: 'Trouble signing in?' });
  const field = recovery.getByRole('textbox', { name: 'Email address' });
  await expect(field).toBeFocused();
  const before = mail.messages.length;
  await field.fill(email);
  await recovery.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(recovery.getByRole('status')).toContainText(
    `If an account uses ${email}, a recovery link is on its way.`,
  );
  const sent = await mail.waitFor({ to: email, after: before });
  expect(sent.subject).toBe('Recover your Barback account');
  return { dialog: recovery, link: recoveryLinkIn(sent) };
}

test.describe('recovery mode', () => {
  test('a recovery link enters recovery mode, strips its token and leads to Secure your account, which signs the other browser out', async ({
    page,
    openApp,
    mail,
  }) => {
    const email = uniqueEmail('recover');
    // Another browser (the one the user lost) is signed in.
    const lost = await openApp('/');
    await signInByMagicLink(mail, lost, email);

    const analytics = recordAnalytics(page);
    await page.goto('/');
    const { dialog, link } = await requestRecoveryLink(page, mail, email);
    await dialog.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
    await page.keyboard.press('Escape');

    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
    expect(token.length).toBeGreaterThan(10);
    const openedAt = Date.now();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Sign-in successful!' })).toBeVisible();
    expect(page.url()).not.toContain(token);
    expect(page.url()).not.toContain('type=recovery');
    // Two seconds later: 'Secure your account', in recovery mode.
    await expect(page).toHaveURL(pathIs('/settings/security'));
    await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
    const flag = await recoveryFlag(page);
    expect(flag?.enteredAt).toBeGreaterThanOrEqual(openedAt - 1000);
    expect(flag?.enteredAt).toBeLessThanOrEqual(Date.now());
    await expect(page.getByTestId('recovery-notice')).toContainText('You signed in with a recovery link');

    // Both sessions are listed, this one first and marked; then everything else is signed out.
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('This device');
    await expect(rows.first()).toContainText('Chrome');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('1 other session signed out.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(page.getByText('You’re signed in on this device only.')).toBeVisible();
    expect(await meOf(lost)).toBeNull();
    await lost.reload();
    await expect(lost.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect((await meOf(page))?.user.email).toBe(email);

    // Two-factor status and linked methods are on the same page.
    await expect(page.getByRole('heading', { name: 'Sign-in methods' })).toBeVisible();
    await expect(page.getByTestId('session-list')).toBeVisible();

    // Elsewhere the banner leads back; 'I'm done' leaves the mode.
    await page.goto('/discover');
    const banner = page.getByRole('region', { name: 'Recovery mode' });
    await banner.getByRole('link', { name: 'Secure your account' }).click();
    await expect(page).toHaveURL(pathIs('/settings/security'));
    await page.getByRole('button', { name: 'I’m done' }).click();
    await expect(page).toHaveURL(pathIs('/settings'));
    await expect(banner).toHaveCount(0);
    expect(await recoveryFlag(page)).toBeNull();
    await expect(accountMenuButton(page)).toBeVisible();

    // No analytics batch carried the token (page views name paths only): wait for the batch of the last page's view.
    await expect
      .poll(() => analytics.some((body) => /"path":\s*"\/settings"/.test(body)), { timeout: 10_000 })
      .toBe(true);
    for (const body of analytics) expect(body).not.toContain(token);
  });

  // One server per spec file, and its limit is 5 emailed links per 10 minutes from one address: two tests, four links.
  test('recovery mode ends by itself 60 minutes after the link was opened; the spent link signs nobody else in', async ({
    page,
    openApp,
    mail,
  }) => {
    const email = uniqueEmail('expire');
    await page.clock.install();
    await page.goto('/');
    await signInByMagicLink(mail, page, email);
    await signOutFirst(page);
    const { link } = await requestRecoveryLink(page, mail, email);
    await page.goto(link);
    await expect(page).toHaveURL(pathIs('/settings/security'));
    await page.getByRole('link', { name: 'Discover' }).first().click();
    await expect(page.getByRole('region', { name: 'Recovery mode' })).toBeVisible();
    await page.clock.fastForward('59:00');
    await expect(page.getByRole('region', { name: 'Recovery mode' })).toBeVisible();
    await page.clock.fastForward('01:01');
    await expect(page.getByRole('region', { name: 'Recovery mode' })).toHaveCount(0);
    expect(await recoveryFlag(page)).toBeNull();
    await page.goBack();
    await expect(page).toHaveURL(pathIs('/settings/security'));
    await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
    await expect(page.getByTestId('recovery-notice')).toHaveCount(0);

    // The same link in another browser: spent, so no session and no recovery mode there.
    const other = await openApp('/');
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    expect(other.url()).not.toContain('#token=');
    expect(await recoveryFlag(other)).toBeNull();
    await expect(other.getByRole('region', { name: 'Recovery mode' })).toHaveCount(0);
    expect(await meOf(other)).toBeNull();
  });
});

/** Signs `page` out through the avatar menu, so the next sign-in comes from the recovery link. */
async function signOutFirst(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
}
