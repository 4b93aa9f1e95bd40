// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAnalyticsQueue, resetAnalyticsForTests } from '@/client/lib/analytics';
import { onAuthStateChange, type AuthEvent } from '@/client/lib/auth-events';
import { COUNTED_SIGN_IN_KEY } from '../lib/local-auth-state';
import { AUTH_CHANGED_MESSAGE } from '../lib/auth-runtime';
import { browserNavigation } from '../lib/browser-navigation';
import { resetSignInDialogForTests } from '@/client/lib/sign-in-store';
import { installFakeAuthApi } from '../test/fake-auth-api';
import { dismissAllToasts, renderWithAuth } from '../test/render';
import { SignInCallback } from './sign-in-callback';

function renderCallback(query = '') {
  return renderWithAuth(<SignInCallback />, { url: `/auth/callback${query}`, path: '/auth/callback' });
}

/** The sign-ins analytics counted, as [type, method]. */
const signIns = () =>
  readAnalyticsQueue()
    .filter((event) => event.type === 'registration' || event.type === 'login')
    .map((event) => [event.type, event.props.method, event.props.source]);

/** Records the auth events from now on (as [event, session id]); stopped after the test. */
let stopListening: () => void = () => undefined;
function recordAuthEvents() {
  const heard: Array<[AuthEvent, string | null]> = [];
  stopListening = onAuthStateChange((event, session) => heard.push([event, session?.session.id ?? null]));
  return heard;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSignInDialogForTests();
});
afterEach(() => {
  stopListening();
  dismissAllToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAnalyticsForTests();
});

describe('/auth/callback', () => {
  it("reads the session: 'Sign-in successful!', the welcome toast, and home 2 s later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeAuthApi({ signedIn: true });
    const router = renderCallback('?method=magic-link');
    expect(screen.getByRole('heading', { name: 'Signing you in…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign-in successful!' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/auth/callback');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Welcome to Barback!')).toBeInTheDocument();
  });

  it('closes itself 2 s later when it was opened as a popup, telling the opener', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeAuthApi({ signedIn: true });
    vi.spyOn(browserNavigation, 'isPopup').mockReturnValue(true);
    const close = vi.spyOn(browserNavigation, 'closePopup').mockImplementation(() => undefined);
    const router = renderCallback();
    await screen.findByRole('heading', { name: 'Sign-in successful!' });
    act(() => vi.advanceTimersByTime(2100));
    await waitFor(() => expect(close).toHaveBeenCalledWith({ type: AUTH_CHANGED_MESSAGE }));
    expect(router.state.location.pathname).toBe('/auth/callback');
  });

  it('counts a new user as a registration, once, even if the page is loaded again', async () => {
    installFakeAuthApi({ signedIn: true, sessionId: 'sess-9' });
    const heard = recordAuthEvents();
    renderCallback('?method=magic-link&new=1');
    await screen.findByRole('heading', { name: 'Sign-in successful!' });
    expect(heard).toEqual([['SIGNED_IN', 'sess-9']]);
    cleanup();
    renderCallback('?method=magic-link&new=1');
    await screen.findByRole('heading', { name: 'Sign-in successful!' });
    // The reload hears its own SIGNED_IN (a new page), but the session was counted already.
    expect(heard).toEqual([
      ['SIGNED_IN', 'sess-9'],
      ['SIGNED_IN', 'sess-9'],
    ]);
    expect(signIns()).toEqual([['registration', 'magic-link', 'client']]);
    expect(localStorage.getItem(COUNTED_SIGN_IN_KEY)).toBe('sess-9');
  });

  it('counts a returning user as a login, once, with the method from the URL', async () => {
    installFakeAuthApi({ signedIn: true });
    renderCallback('?method=google');
    await screen.findByRole('heading', { name: 'Sign-in successful!' });
    expect(signIns()).toEqual([['login', 'google', 'client']]);
  });

  it('a signed-in page load away from the callback counts no sign-in', async () => {
    installFakeAuthApi({ signedIn: true });
    const heard = recordAuthEvents();
    renderWithAuth(<p>home</p>, { url: '/' });
    await waitFor(() => expect(heard).toEqual([['SIGNED_IN', 'session-1']]));
    expect(signIns()).toEqual([]);
  });

  it("shows 'Sign-in failed' with the message, a toast and 'Return to app' for ?error=", async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi();
    const router = renderCallback('?method=magic-link&error=INVALID_TOKEN');
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    const message = 'This sign-in link is invalid, has expired or was already used. Request a new one.';
    expect((await screen.findAllByText(message)).length).toBe(2); // on the page and in the toast
    expect(api.calls('GET /api/auth/get-session').length).toBeLessThanOrEqual(1); // only the shell's own read
    await user.click(screen.getByRole('button', { name: 'Return to app' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("says 'No session found' when the sign-in left no session", async () => {
    installFakeAuthApi({ signedIn: false });
    renderCallback();
    expect(await screen.findByRole('heading', { name: 'No session found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to app' })).toBeInTheDocument();
  });

  it('asks for the authenticator code when the sign-in needs it, and finishes with the right one', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi({ signedIn: false, validCode: '424242' });
    const heard = recordAuthEvents();
    renderCallback('?method=magic-link&twoFactor=1');
    const field = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    expect(verify).toBeDisabled();

    await user.clear(field);
    await user.type(field, '11-11-11');
    expect(field.value).toBe('111111');
    await user.click(verify);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code did not work. Check your authenticator app and try again.',
    );

    await user.clear(field);
    await user.type(field, '424242');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in successful!' })).toBeInTheDocument();
    expect(api.calls('POST /api/auth/two-factor/verify-totp').map((request) => request.body)).toEqual([
      { code: '111111' },
      { code: '424242' },
    ]);
    // The wrong code said nothing; the right one: verified, then the session.
    expect(heard).toEqual([
      ['MFA_CHALLENGE_VERIFIED', null],
      ['SIGNED_IN', 'session-1'],
    ]);
    expect(signIns()).toEqual([['login', 'magic-link', 'client']]);
  });

  it('accepts a backup code instead (a sign-in that names no method counts as two-factor)', async () => {
    const user = userEvent.setup();
    installFakeAuthApi({ signedIn: false });
    const heard = recordAuthEvents();
    renderCallback('?twoFactor=1');
    await user.click(await screen.findByRole('button', { name: 'Use a backup code instead' }));
    await user.clear(screen.getByLabelText('Backup code'));
    await user.type(screen.getByLabelText('Backup code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in successful!' })).toBeInTheDocument();
    expect(heard).toEqual([
      ['MFA_CHALLENGE_VERIFIED', null],
      ['SIGNED_IN', 'session-1'],
    ]);
    expect(signIns()).toEqual([['login', 'two-factor', 'client']]);
  });

  it('sends the person back to the start when the waiting sign-in expired', async () => {
    const user = userEvent.setup();
    installFakeAuthApi({
      override: (request) =>
        request.path === '/api/auth/two-factor/verify-totp'
          ? new Response(JSON.stringify({ code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' }), {
              status: 401,
            })
          : undefined,
    });
    renderCallback('?twoFactor=1');
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(screen.getAllByText('This sign-in has expired. Please sign in again.').length).toBeGreaterThan(0);
  });
});
