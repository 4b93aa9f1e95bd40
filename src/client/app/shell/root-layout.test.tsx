// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeAuthApi } from '@/client/features/auth/test/fake-auth-api';
import { resetAnalyticsForTests } from '@/client/lib/analytics';
import { resetAppEnvironmentForTests, setAppPlatform } from '@/client/lib/app-environment';
import { syncDebugMode } from '@/client/lib/debug-mode';
import { renderRoutes } from '@/client/test/render-routes';
import { routes } from '../router';
import { TopBar } from './top-bar';

// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

function renderAt(url: string) {
  return renderRoutes(routes, url).router;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetAppEnvironmentForTests();
  syncDebugMode('?debug=0');
  // A signed-out visitor: the shell shows the Legal menu once the session has been read.
  installFakeAuthApi({ signedIn: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAnalyticsForTests();
});

describe('web shell', () => {
  it('has a sticky top bar with the logo link, a Home button off the home page and the Legal menu', async () => {
    renderAt('/privacy');
    const topBar = await screen.findByTestId('top-bar');
    expect(within(topBar).getByRole('link', { name: 'Barback home' })).toHaveAttribute('href', '/');
    expect(within(topBar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(await within(topBar).findByRole('button', { name: 'Legal' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(document.title).toBe('Privacy Policy · Barback');
  });

  it('has no Home button on the home page itself', () => {
    renderRoutes([{ path: '/', element: <TopBar /> }], '/');
    const topBar = screen.getByTestId('top-bar');
    expect(within(topBar).getByRole('link', { name: 'Barback home' })).toBeInTheDocument();
    expect(within(topBar).queryByRole('link', { name: 'Home' })).toBeNull();
  });

  it('shows a bottom tab bar with Discover, My Bar, Search and Profile, marking the active tab', async () => {
    renderAt('/terms');
    const tabBar = await screen.findByTestId('tab-bar');
    const tabs = within(tabBar).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Discover', 'My Bar', 'Search', 'Profile']);
    expect(tabs.map((tab) => tab.getAttribute('href'))).toEqual(['/discover', '/my-bar', '/search', '/profile']);
    expect(tabs.every((tab) => tab.getAttribute('aria-current') === null)).toBe(true);
  });

  it('marks the current tab with aria-current="page"', async () => {
    const router = renderAt('/privacy');
    await screen.findByTestId('tab-bar');
    await act(() => router.navigate('/search?q=x'));
    // The search page belongs to the catalogue; only the tab state matters here.
    await waitFor(() => {
      const current = within(screen.getByTestId('tab-bar')).getByRole('link', { current: 'page' });
      expect(current.textContent).toBe('Search');
    });
  });

  it('lists Privacy Policy, Terms of Service, Data Deletion and About in the Legal menu; About shows the build', async () => {
    const user = userEvent.setup();
    renderAt('/delete-account');
    const topBar = await screen.findByTestId('top-bar');
    const trigger = await within(topBar).findByRole('button', { name: 'Legal' });
    await user.click(trigger);
    // The menu's code is loaded lazily on first use: slow on a cold, loaded test run.
    const menu = await screen.findByRole('menu', {}, { timeout: 5000 });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Privacy Policy', 'Terms of Service', 'Data Deletion', 'About']);
    await user.click(within(menu).getByRole('menuitem', { name: 'About' }));
    const about = await screen.findByRole('dialog', { name: 'About Barback' });
    expect(about.textContent).toContain('0.0.0');
    expect(about.textContent).toMatch(/Channel\s*production/);
    // The build row names Vite's mode: 'production' in a release build (the journeys check that), 'test' here.
    expect(about.textContent).toMatch(new RegExp(`Build\\s*${import.meta.env.MODE}`));
  });

  it('shows the 404 page for unknown paths, with a Return to Bar link to /', async () => {
    renderAt('/no/such/drink');
    expect(
      await screen.findByRole('heading', { name: "Oops! This cocktail recipe doesn't exist" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Bar' })).toHaveAttribute('href', '/');
  });

  it('/dev/diag-cocktail is the 404 page outside debug mode and the diagnostics list in it', async () => {
    const user = userEvent.setup();
    const router = renderAt('/dev/diag-cocktail');
    expect(
      await screen.findByRole('heading', { name: "Oops! This cocktail recipe doesn't exist" }),
    ).toBeInTheDocument();
    localStorage.setItem(
      'bb:cocktail-diagnostics',
      JSON.stringify([
        {
          type: 'VALIDATION_FAIL',
          time: '2025-01-01T00:00:00.000Z',
          cocktailId: 9,
          cocktailName: 'Broken Sour',
          issues: [],
        },
      ]),
    );
    await act(() => router.navigate('/dev/diag-cocktail?debug=1'));
    expect(await screen.findByText('Broken Sour')).toBeInTheDocument();
    expect(await screen.findByTestId('debug-button')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByTestId('diag-empty')).toBeInTheDocument();
    expect(localStorage.getItem('bb:cocktail-diagnostics')).toBeNull();
  });
});

describe('other environments', () => {
  it('ios: the native header with a centred page title replaces the web top bar', async () => {
    setAppPlatform('ios');
    renderAt('/terms');
    const header = await screen.findByTestId('native-header');
    expect(within(header).getByTestId('native-title').textContent).toBe('Terms of Service');
    expect(within(header).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByTestId('top-bar')).toBeNull();
    expect(screen.getByTestId('app-shell').dataset.appEnv).toBe('ios');
  });

  it('toast: the web layout, marked with a toast data attribute', async () => {
    setAppPlatform('toast');
    renderAt('/terms');
    expect(await screen.findByTestId('top-bar')).toBeInTheDocument();
    const shell = screen.getByTestId('app-shell');
    expect(shell.dataset.appEnv).toBe('toast');
    expect(shell.hasAttribute('data-toast')).toBe(true);
  });
});
