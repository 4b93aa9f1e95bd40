// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AuthPage } from '@/client/app/routes/auth';
import { Component as FacebookPage } from '@/client/app/routes/auth-facebook';
import { Component as GooglePage } from '@/client/app/routes/auth-google';
import { browserNavigation } from '../lib/browser-navigation';
import { apiError, installFakeAuthApi } from '../test/fake-auth-api';
import { dismissAllToasts, renderWithAuth } from '../test/render';

const notConfigured = (provider: 'google' | 'facebook', label: string) => (request: { path: string }) =>
  request.path === `/api/session/oauth/${provider}`
    ? apiError(503, 'PROVIDER_NOT_CONFIGURED', `${label} sign-in is not available on this server.`)
    : undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('provider start pages', () => {
  it('/auth starts Google at once with the account chooser forced', async () => {
    const api = installFakeAuthApi();
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    renderWithAuth(<AuthPage />, { url: '/auth' });
    expect(screen.getByRole('heading', { name: 'Redirecting to Google…' })).toBeInTheDocument();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example.test/google/authorize?state=abc'),
    );
    const starts = api.calls('POST /api/session/oauth/google');
    expect(starts).toHaveLength(1);
    expect(starts[0]?.body).toEqual({
      prompt: 'select_account',
      callbackURL: '/auth/callback?method=google',
      errorCallbackURL: '/auth/callback?method=google',
    });
  });

  it("/auth shows 'Sign-in Error' when Google cannot start, and Close goes home", async () => {
    const user = userEvent.setup();
    installFakeAuthApi({ override: notConfigured('google', 'Google') });
    const router = renderWithAuth(<AuthPage />, { url: '/auth' });
    expect(await screen.findByRole('heading', { name: 'Sign-in Error' })).toBeInTheDocument();
    expect(
      screen.getByText('Failed to start Google sign-in. Please try again or contact support.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Close shuts the window when the page is a popup', async () => {
    const user = userEvent.setup();
    installFakeAuthApi({ override: notConfigured('facebook', 'Facebook') });
    vi.spyOn(browserNavigation, 'isPopup').mockReturnValue(true);
    const close = vi.spyOn(browserNavigation, 'closePopup').mockImplementation(() => undefined);
    renderWithAuth(<FacebookPage />, { url: '/auth/facebook' });
    expect(await screen.findByRole('heading', { name: 'Sign-in Error' })).toBeInTheDocument();
    expect(
      screen.getByText('Failed to start Facebook sign-in. Please try again or contact support.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(close).toHaveBeenCalled();
  });

  it('/auth/google asks for email and profile, consent and offline access', async () => {
    const api = installFakeAuthApi();
    vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    renderWithAuth(<GooglePage />, { url: '/auth/google' });
    await waitFor(() => expect(api.calls('POST /api/session/oauth/google')).toHaveLength(1));
    expect(api.calls('POST /api/session/oauth/google')[0]?.body).toMatchObject({
      scopes: ['email', 'profile'],
      prompt: 'consent',
      accessType: 'offline',
    });
  });

  it("/auth/google shows the error message and the toast 'Sign-in failed'", async () => {
    installFakeAuthApi({ override: notConfigured('google', 'Google') });
    renderWithAuth(<GooglePage />, { url: '/auth/google' });
    expect(await screen.findByRole('heading', { name: 'Sign-in Error' })).toBeInTheDocument();
    expect(await screen.findByText('Sign-in failed')).toBeInTheDocument();
    // The message is on the page and in the toast.
    expect(screen.getAllByText('Google sign-in is not available on this server.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('in an in-app browser, /auth offers the system browser instead of starting', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/446.0.0.30.108;]',
    );
    const open = vi.spyOn(browserNavigation, 'openInNewTab').mockReturnValue(true);
    renderWithAuth(<AuthPage />, { url: '/auth' });
    expect(
      await screen.findByRole('heading', { name: 'Open your browser to continue with Google' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open in browser' }));
    expect(open).toHaveBeenCalledWith('/auth');
    expect(api.calls('POST /api/session/oauth')).toHaveLength(0);
  });
});
