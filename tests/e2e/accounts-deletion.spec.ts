import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMenuButton,
  callApi,
  meOf,
  openApp,
  signInByMagicLink,
  startAccountsEnv,
  stopAccountsEnv,
  uniqueEmail,
  type AccountsEnv,
} from './support/accounts';
import { eventually, expectNoPageErrors, see } from './support/journey';

/**
 * Accounts journey 6, deleting an account (issue 3 "Settings, profile, support, deletion"; spec sections 2 and 4): a
 * signed-in user with a favourite goes Settings -> Account Actions -> the delete dialog -> /delete-account, types DELETE and
 * deletes; the browser is signed out at /, and signing in again with the same email starts a new, empty account.
 */

let env: AccountsEnv;

beforeAll(async () => {
  env = await startAccountsEnv();
});

afterAll(async () => {
  await stopAccountsEnv(env);
});

describe('account deletion', () => {
  it('deletes the account behind a typed DELETE, signs out, and a new sign-in is a new, empty account', async () => {
    const email = uniqueEmail('leaver');
    const { page, context, errors } = await openApp(env, '/');
    await signInByMagicLink(env, page, email);
    const before = await meOf(page);
    expect(before).not.toBeNull();

    // A favourite, so there is something of the user's to delete.
    const heart = page.getByRole('button', { name: /^Save .+ to favourites$/ }).first();
    await heart.click();
    await see(page.getByRole('button', { name: /^Remove .+ from favourites$/ }));
    await eventually(async () => (await meOf(page))?.counts.favorites, 1);

    // Settings from the avatar menu, then Account Actions' delete dialog.
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await eventually(() => new URL(page.url()).pathname, '/settings');
    await see(page.getByRole('heading', { name: 'Account Actions' }));
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await see(dialog);
    // Cancel closes it and nothing happens; the second time, Continue goes on.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => dialog.count(), 0);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => new URL(page.url()).pathname, '/delete-account');

    // The typed confirmation: the button waits for exactly DELETE.
    const confirm = page.getByRole('textbox', { name: 'Type DELETE to confirm' });
    const remove = page.getByRole('button', { name: 'Delete my account' });
    await see(confirm);
    expect(await remove.isDisabled()).toBe(true);
    await confirm.fill('delete');
    expect(await remove.isDisabled()).toBe(true);
    await confirm.fill('DELETE');
    expect(await remove.isEnabled()).toBe(true);
    await remove.click();

    await see(page.getByText('Your account has been deleted'));
    await eventually(() => new URL(page.url()).pathname, '/');
    await see(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await accountMenuButton(page).count()).toBe(0);
    expect(await meOf(page)).toBeNull();
    expect((await callApi(page, '/api/me/favorites')).status).toBe(401);

    // The same email again: a new account, with nothing of the old one.
    await signInByMagicLink(env, page, email);
    const after = await meOf(page);
    expect(after?.user.email).toBe(email);
    expect(after?.user.id).not.toBe(before!.user.id);
    expect(after?.counts.favorites).toBe(0);
    await page.goto('/profile');
    await eventually(async () => (await page.getByTestId('favorites-count').innerText()).trim(), '0');
    expect(await page.getByRole('button', { name: /^Remove .+ from favourites$/ }).count()).toBe(0);

    expectNoPageErrors(errors);
    await context.close();
  });
});
