import { accountMenuButton, callApi, meOf, signInByMagicLink } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { pathIs } from './support/journey';

/**
 * Accounts journey 6, deleting an account (docs/product.md: Screens, States): a
 * signed-in user with a favorite goes Settings -> Account Actions -> the delete dialog -> /delete-account, types DELETE and
 * deletes; the browser is signed out at /, and signing in again with the same email starts a new, empty account.
 */

test.use(ACCOUNTS);

test.describe('account deletion', () => {
  test('deletes the account behind a typed DELETE, signs out, and a new sign-in is a new, empty account', async ({
    page,
    mail,
    signedInUser: { email },
  }) => {
    const before = await meOf(page);
    expect(before).not.toBeNull();

    // A favorite, so there is something of the user's to delete.
    const heart = page.getByRole('button', { name: /^Save .+ to favorites$/ }).first();
    await heart.click();
    await expect(page.getByRole('button', { name: /^Remove .+ from favorites$/ })).toBeVisible();
    await expect.poll(async () => (await meOf(page))?.counts.favorites).toBe(1);

    // Settings from the avatar menu, then Account Actions' delete dialog.
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(pathIs('/settings'));
    await expect(page.getByRole('heading', { name: 'Account Actions' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    // Cancel closes it and nothing happens; the second time, Continue goes on.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(pathIs('/delete-account'));

    // The typed confirmation: the button waits for exactly DELETE.
    const confirm = page.getByRole('textbox', { name: 'Type DELETE to confirm' });
    const remove = page.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeVisible();
    await expect(remove).toBeDisabled();
    await confirm.fill('delete');
    await expect(remove).toBeDisabled();
    await confirm.fill('DELETE');
    await expect(remove).toBeEnabled();
    await remove.click();

    await expect(page.getByText('Your account has been deleted')).toBeVisible();
    await expect(page).toHaveURL(pathIs('/'));
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(accountMenuButton(page)).toHaveCount(0);
    expect(await meOf(page)).toBeNull();
    expect((await callApi(page, '/api/me/favorites')).status).toBe(401);

    // The same email again: a new account, with nothing of the old one.
    await signInByMagicLink(mail, page, email);
    const after = await meOf(page);
    expect(after?.user.email).toBe(email);
    expect(after?.user.id).not.toBe(before!.user.id);
    expect(after?.counts.favorites).toBe(0);
    await page.goto('/profile');
    await expect(page.getByTestId('favorites-count')).toHaveText('0');
    await expect(page.getByRole('button', { name: /^Remove .+ from favorites$/ })).toHaveCount(0);
  });
});
