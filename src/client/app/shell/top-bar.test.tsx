// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_HINT_KEY } from '@/client/features/auth/lib/local-auth-state';
import { resetSignInDialogForTests } from '@/client/lib/sign-in-store';
import { deferred, installFakeAuthApi, json } from '@/client/features/auth/test/fake-auth-api';
import { dismissAllToasts } from '@/client/features/auth/test/render';
import { resetAnalyticsForTests } from '@/client/lib/analytics';
import { resetAppEnvironmentForTests, setAppPlatform } from '@/client/lib/app-environment';
import { syncDebugMode } from '@/client/lib/debug-mode';
import { renderRoutes } from '@/client/test/render-routes';
import { routes } from '../router';

// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

function renderApp(url = '/privacy') {
  return renderRoutes(routes, url, { providers: 'app' }).router;
}

const topBar = () => screen.findByTestId('top-bar');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetAppEnvironmentForTests();
  resetSignInDialogForTests();
  syncDebugMode('?debug=0');
});
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
  resetAnalyticsForTests();
});

describe('the shell while the session loads', () => {
  it('draws an avatar placeholder and neither the sign-in buttons nor the menus', async () => {
    const never = deferred<Response>();
    installFakeAuthApi({
      override: (request) => (request.path === '/api/auth/get-session' ? never.promise : undefined),
    });
    renderApp();
    const bar = await topBar();
    expect(within(bar).getByTestId('avatar-placeholder')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Legal' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Account menu' })).toBeNull();
    // docs/product.md, Screens: while auth loads, a disabled My Bar placeholder.
    expect(within(bar).getByTestId('my-bar-placeholder')).toBeDisabled();
    expect(within(bar).queryByRole('link', { name: 'My Bar' })).toBeNull();
  });

  it('draws the signed-out controls at once for a browser that was signed out last time', async () => {
    localStorage.setItem(AUTH_HINT_KEY, 'signed-out');
    const never = deferred<Response>();
    installFakeAuthApi({
      override: (request) => (request.path === '/api/auth/get-session' ? never.promise : undefined),
    });
    renderApp();
    const bar = await topBar();
    expect(within(bar).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(bar).queryByTestId('avatar-placeholder')).toBeNull();
  });
});

describe('the shell when signed out', () => {
  it("shows 'Sign In', 'Sign Up' and the Legal menu; Sign In opens the sign-in dialog", async () => {
    const user = userEvent.setup();
    installFakeAuthApi({ signedIn: false });
    renderApp();
    const bar = await topBar();
    const signIn = await within(bar).findByRole('button', { name: 'Sign In' });
    expect(within(bar).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Legal' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Account menu' })).toBeNull();
    await user.click(signIn);
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('an invalid or expired session (401) is simply signed out', async () => {
    installFakeAuthApi({
      override: (request) =>
        request.path === '/api/auth/get-session'
          ? json({ error: { code: 'UNAUTHORIZED', message: 'x' } }, 401)
          : undefined,
    });
    renderApp();
    const bar = await topBar();
    expect(await within(bar).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('has four tabs; My Bar and Profile open the sign-in dialog instead of the page; no My Bar link up top', async () => {
    const user = userEvent.setup();
    installFakeAuthApi({ signedIn: false });
    const router = renderApp();
    const tabBar = await screen.findByTestId('tab-bar');
    const bar = await topBar();
    await within(bar).findByRole('button', { name: 'Sign In' });
    expect(within(bar).queryByTestId('my-bar-button')).toBeNull();
    expect(within(bar).queryByTestId('my-bar-placeholder')).toBeNull();
    const tabs = within(tabBar).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Discover', 'My Bar', 'Search', 'Profile']);
    expect(tabs.map((tab) => tab.getAttribute('href'))).toEqual(['/discover', '/my-bar', '/search', '/profile']);
    await user.click(within(tabBar).getByRole('link', { name: 'My Bar' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/privacy');
    await user.keyboard('{Escape}');
    await user.click(within(tabBar).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/privacy');
  });
});

describe('the shell when signed in', () => {
  it('shows the avatar with the initial of the email; its menu lists the account links and Sign out', async () => {
    const user = userEvent.setup();
    installFakeAuthApi({ signedIn: true });
    renderApp();
    const bar = await topBar();
    const avatar = await within(bar).findByRole('button', { name: 'Account menu' });
    expect(avatar.textContent).toBe('A');
    expect(within(bar).queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Legal' })).toBeNull();

    await user.click(avatar);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Signed in as')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Data Deletion', 'Privacy Policy', 'Terms of Service', 'Sign out']);
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Data Deletion' })).toHaveAttribute('href', '/delete-account');
  });

  it('Sign out ends the session on the server, clears local auth keys and goes to /', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi({ signedIn: true });
    const router = renderApp('/terms');
    localStorage.setItem('bb:auth:something', 'x');
    sessionStorage.setItem('bb:auth:counted-session', 'session-1');
    localStorage.setItem('better-auth_cookie', 'y');
    localStorage.setItem('bb:age-verified', 'v1');
    const bar = await topBar();
    await user.click(await within(bar).findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    // Signing out loads better-auth's client first (a lazy import, slow on a cold test run).
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(await within(await topBar()).findByRole('button', { name: 'Sign In' })).toBeTruthy();
    // The device forgets the user first; the server's sign-out follows once better-auth's client has loaded.
    await waitFor(() => expect(api.calls('POST /api/auth/sign-out')).toHaveLength(1), { timeout: 5000 });
    expect(localStorage.getItem('bb:auth:something')).toBeNull();
    expect(localStorage.getItem('better-auth_cookie')).toBeNull();
    expect(sessionStorage.getItem('bb:auth:counted-session')).toBeNull();
    expect(localStorage.getItem('bb:age-verified')).toBe('v1');
  });

  it('the Profile tab goes to /profile', async () => {
    const user = userEvent.setup();
    installFakeAuthApi({ signedIn: true });
    const router = renderApp();
    await within(await topBar()).findByRole('button', { name: 'Account menu' });
    await user.click(within(screen.getByTestId('tab-bar')).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the native header', () => {
  it('signed out: Sign In, Sign Up and the Legal menu, and the logo leads home; signed in: the avatar', async () => {
    setAppPlatform('ios');
    const api = installFakeAuthApi({ signedIn: false });
    renderApp();
    const header = await screen.findByTestId('native-header');
    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Legal' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    cleanup();
    renderApp('/');
    const home = await screen.findByTestId('native-header');
    expect(within(home).getByRole('link', { name: 'Barback home' }).getAttribute('href')).toBe('/');
    cleanup();
    api.state.signedIn = true;
    renderApp();
    const signedIn = await screen.findByTestId('native-header');
    expect(await within(signedIn).findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });
});
