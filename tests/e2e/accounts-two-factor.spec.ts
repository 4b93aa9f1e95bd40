import { accountMenuButton, callApi, meOf, requestMagicLink, signOutViaMenu } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { pathIs } from './support/journey';
import { freshTotpCode } from '../support/totp';

/**
 * Accounts journey 5, two-factor sign-in (docs/accounts.md; TOTP with a QR code and backup codes, then
 * sign-in asks for the code): from Settings, turn two-factor on with the key shown for manual entry and
 * a code computed as an authenticator app would (RFC 6238), see the backup codes; sign out; the next emailed link does not
 * sign in by itself but asks for the code; a wrong code is refused; a fresh code signs in.
 */

test.use(ACCOUNTS);

/** Chromium's console line for a fetch answered 401, which is how the server refuses a wrong code. */
const REFUSED_CODE = /Failed to load resource: the server responded with a status of 401/;

test.describe('two-factor', () => {
  test('turns on with a TOTP code, then sign-in by emailed link asks for a fresh code', async ({
    page,
    mail,
    pageErrors,
    signedInUser: { email },
  }) => {
    expect((await meOf(page))?.user.twoFactorEnabled).toBe(false);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect(section).toBeVisible();
    await section.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(section.getByRole('img', { name: 'QR code to add Barback to your authenticator app' })).toBeVisible();
    const secret = (await section.getByTestId('totp-secret').innerText()).trim();
    expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{16,}$/);

    // A wrong code is refused and two-factor stays off.
    const codeField = section.getByRole('textbox', { name: '6-digit code' });
    const verify = section.getByRole('button', { name: 'Verify and turn on' });
    const good = await freshTotpCode(secret);
    const wrong = good === '000000' ? '111111' : '000000';
    await codeField.fill(wrong);
    await verify.click();
    await expect(section.getByRole('alert')).toBeVisible();
    expect((await meOf(page))?.user.twoFactorEnabled).toBe(false);

    await codeField.fill(await freshTotpCode(secret));
    await verify.click();
    const codes = section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(codes.first()).toBeVisible();
    expect(await codes.count()).toBeGreaterThanOrEqual(8);
    await expect.poll(async () => (await meOf(page))?.user.twoFactorEnabled).toBe(true);
    await section.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByRole('button', { name: /^Turn off/ })).toBeVisible();

    await page.goto('/');
    await signOutViaMenu(page);

    // The next emailed link stops at the code form: no session until the code is given.
    const { link } = await requestMagicLink(mail, page, email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/auth/callback');
    expect(url.searchParams.get('twoFactor')).toBe('1');
    expect(await meOf(page)).toBeNull();
    expect((await callApi(page, '/api/auth/get-session')).body).toBeNull();

    const challenge = page.getByTestId('two-factor-challenge');
    const field = challenge.getByRole('textbox', { name: 'Authentication code' });
    const fresh = await freshTotpCode(secret);
    await field.fill(fresh === '000000' ? '111111' : '000000');
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await expect(challenge.getByRole('alert')).toBeVisible();
    expect(await meOf(page)).toBeNull();

    await field.fill(await freshTotpCode(secret));
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in successful!' })).toBeVisible();
    await expect(page).toHaveURL(pathIs('/'));
    await expect(accountMenuButton(page)).toBeVisible();
    const me = await meOf(page);
    expect(me?.user.email).toBe(email);
    expect(me?.user.twoFactorEnabled).toBe(true);

    // The browser logs each refused code (401 from verify-totp) as a failed resource: exactly the two wrong codes above.
    expect(pageErrors.all.filter((error) => REFUSED_CODE.test(error))).toHaveLength(2);
    pageErrors.allow(REFUSED_CODE);
  });
});
