// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/client/features/account/test/fake-api';
import { renderRoutes } from '@/client/test/render-routes';
import { entitlementOf } from '@/client/test/fixtures';
import { getSignInDialogState, resetSignInDialogForTests } from '@/client/lib/sign-in-store';
import { ProfilePage as ProfilePage, PROFILE_TEXT } from './profile-page';

function renderProfile(url = '/profile') {
  return renderRoutes([{ path: '/profile', element: <ProfilePage /> }], url, { providers: 'app' }).router;
}

beforeEach(() => {
  localStorage.clear();
  resetSignInDialogForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/profile', () => {
  it('shows the account, the Current Plan from /api/me and the real numbers of favorites and recipes made', async () => {
    installFakeApi({ favorites: [4, 9, 2] });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: PROFILE_TEXT.title })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2025')).toBeInTheDocument();

    const plan = screen.getByRole('region', { name: PROFILE_TEXT.plan });
    await waitFor(() => expect(within(plan).getByTestId('current-plan').textContent).toBe('Free'));
    expect((await screen.findByTestId('favorites-count')).textContent).toBe('3');
    // docs/product.md's static 'recipes made 8' is the real count of 'I made this' records (none here).
    expect(screen.getByTestId('made-count').textContent).toBe('0');
    expect(within(plan).getByRole('link', { name: PROFILE_TEXT.upgrade })).toHaveAttribute('href', '/upgrade');
  });

  it('shows Pro with its renewal date, and Restore says it needs the iOS app in a browser', async () => {
    const user = userEvent.setup();
    installFakeApi({
      entitlements: [entitlementOf('pro', { expiresAt: '2099-06-15T12:00:00.000Z' })],
    });
    renderProfile();
    const plan = await screen.findByRole('region', { name: PROFILE_TEXT.plan });
    await waitFor(() => expect(within(plan).getByTestId('current-plan').textContent).toBe('Pro'));
    expect(within(plan).getByTestId('plan-status').textContent).toBe('Renews on June 15, 2099');
    expect(within(plan).queryByRole('link', { name: PROFILE_TEXT.upgrade })).toBeNull();
    await user.click(within(plan).getByRole('button', { name: 'Restore Purchases' }));
    expect(await within(plan).findByText('Restore is only available in the iOS app.')).toBeInTheDocument();
  });

  const TRIAL = { expiresAt: '2099-06-15T12:00:00.000Z', periodType: 'TRIAL' };

  it('shows a free trial with the day it ends', async () => {
    installFakeApi({ entitlements: [entitlementOf('pro', TRIAL)] });
    renderProfile();
    const plan = await screen.findByRole('region', { name: PROFILE_TEXT.plan });
    await waitFor(() =>
      expect(within(plan).getByTestId('plan-status').textContent).toBe('Trial ends on June 15, 2099'),
    );
  });

  it('shows a cancelled trial as ending on its day without renewal', async () => {
    installFakeApi({ entitlements: [entitlementOf('pro', { ...TRIAL, willRenew: false })] });
    renderProfile();
    const plan = await screen.findByRole('region', { name: PROFILE_TEXT.plan });
    await waitFor(() =>
      expect(within(plan).getByTestId('plan-status').textContent).toBe('Trial ends on June 15, 2099, will not renew'),
    );
  });

  it('links Settings, My Favorites and Recent Activity and offers Sign Out', async () => {
    installFakeApi({ favorites: [1] });
    renderProfile();
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: PROFILE_TEXT.settings })).toHaveAttribute('href', '/settings');
    expect(
      within(nav)
        .getByRole('link', { name: /^My Favorites/ })
        .getAttribute('href'),
    ).toBe('/profile/favorites');
    expect(within(nav).getByRole('link', { name: PROFILE_TEXT.activity }).getAttribute('href')).toBe(
      '/profile/activity',
    );
    expect(within(nav).getByRole('button', { name: PROFILE_TEXT.signOut })).toBeInTheDocument();
  });

  it("with ?restored=1 shows 'Purchases restored' and cleans the URL to /profile", async () => {
    installFakeApi();
    const router = renderProfile('/profile?restored=1');
    expect(await screen.findByText(PROFILE_TEXT.restored)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getAllByText(PROFILE_TEXT.restored)).toHaveLength(1);
  });

  it('asks an anonymous visitor to sign in', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ signedIn: false });
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: PROFILE_TEXT.signInTitle })).toBeInTheDocument();
    expect(getSignInDialogState().open).toBe(true);
    expect(api.calls('GET /api/me')).toHaveLength(0);
  });
});
