// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAnalyticsForTests } from '@/client/lib/analytics';
import { browserNavigation } from '../lib/browser-navigation';
import { openSignInDialog, resetSignInDialogForTests } from '@/client/lib/sign-in-store';
import { apiError, deferred, installFakeAuthApi, json } from '../test/fake-auth-api';
import { dismissAllToasts, renderWithAuth } from '../test/render';

const AGE = 'I confirm I am of legal drinking age in my jurisdiction.';

/** Opens the dialog the way the app does (the store), and waits for its lazily loaded code. */
async function openDialog(user: UserEvent) {
  renderWithAuth(<button onClick={() => openSignInDialog('header')}>open</button>);
  await user.click(screen.getByRole('button', { name: 'open' }));
  // The dialog's code loads on first open.
  return screen.findByRole('dialog', { name: 'Sign in to continue' }, { timeout: 5000 });
}

function sendButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: /Send magic link|Sending link/ }) as HTMLButtonElement;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSignInDialogForTests();
});
afterEach(() => {
  dismissAllToasts();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAnalyticsForTests();
});

describe('sign-in dialog', () => {
  it('shows the title, the text, the age box, both providers and the email form', async () => {
    const user = userEvent.setup();
    installFakeAuthApi();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('Sign in to access the bar and save your favorite cocktails.')).toBeTruthy();
    expect((within(dialog).getByLabelText(AGE) as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Email address') as HTMLInputElement).type).toBe('email');
  });

  it('keeps Send disabled while the email is empty or the age box is unticked', async () => {
    const user = userEvent.setup();
    installFakeAuthApi();
    const dialog = await openDialog(user);
    const email = within(dialog).getByLabelText('Email address');
    expect(sendButton(dialog).disabled).toBe(true);
    await user.type(email, 'ada@example.com');
    expect(sendButton(dialog).disabled).toBe(true);
    await user.click(within(dialog).getByLabelText(AGE));
    expect(sendButton(dialog).disabled).toBe(false);
    await user.clear(email);
    await user.type(email, '   ');
    expect(sendButton(dialog).disabled).toBe(true);
  });

  it("says 'Email required' for an address that is not an email, and sends nothing", async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText(AGE));
    const email = within(dialog).getByLabelText('Email address') as HTMLInputElement;
    await user.type(email, 'ada-at-example');
    await user.click(sendButton(dialog));
    expect(await screen.findByText('Email required')).toBeTruthy();
    expect(screen.getByText('Please enter your email address.')).toBeTruthy();
    expect(api.calls('POST /api/auth/sign-in/magic-link')).toHaveLength(0);
    // The reason also shows under the field, which is marked, names it, keeps what was typed and has the focus.
    const reason = within(dialog).getByText('Enter a valid email address, like you@example.com.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')?.split(' ')).toContain(reason.id);
    expect(email.value).toBe('ada-at-example');
    expect(document.activeElement).toBe(email);

    // Correcting the address and sending clears it.
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.click(sendButton(dialog));
    expect(await within(dialog).findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(api.calls('POST /api/auth/sign-in/magic-link')).toHaveLength(1);
  });

  it('asks for the age confirmation before Google, and starts Google once it is given', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi();
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Age verification required')).toBeTruthy();
    expect(screen.getByText('Please confirm you are of legal drinking age to continue.')).toBeTruthy();
    expect(api.calls('POST /api/session/oauth')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(AGE));
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example.test/google/authorize?state=abc'),
    );
    const [start] = api.calls('POST /api/session/oauth/google');
    expect(start?.body).toMatchObject({ callbackURL: '/auth/callback?method=google', prompt: 'select_account' });
  });

  it('starts Facebook without the age box', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi();
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Facebook' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example.test/facebook/authorize?state=abc'),
    );
    expect(api.calls('POST /api/session/oauth/facebook')).toHaveLength(1);
    expect(screen.queryByText('Age verification required')).toBeNull();
  });

  it("shows 'Sign-in failed' with the server's reason when a provider is not configured", async () => {
    const user = userEvent.setup();
    installFakeAuthApi({
      override: (request) =>
        request.path === '/api/session/oauth/google'
          ? apiError(503, 'PROVIDER_NOT_CONFIGURED', 'Google sign-in is not available on this server.')
          : undefined,
    });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText(AGE));
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Sign-in failed')).toBeTruthy();
    expect(screen.getByText('Google sign-in is not available on this server.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect((within(dialog).getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("sends the link: disabled while sending, then 'Check your email'; 'Try a different email' starts over", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = installFakeAuthApi({
      override: (request) => (request.path === '/api/auth/sign-in/magic-link' ? answer.promise : undefined),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText(AGE));
    await user.type(within(dialog).getByLabelText('Email address'), ' ada@example.com ');
    await user.click(sendButton(dialog));

    await waitFor(() => expect(sendButton(dialog).textContent).toContain('Sending link'));
    expect(sendButton(dialog).disabled).toBe(true);
    answer.resolve(json({ status: true }));

    expect(await within(dialog).findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(within(dialog).getByText('ada@example.com')).toBeTruthy();
    const [request] = api.calls('POST /api/auth/sign-in/magic-link');
    expect(request?.body).toMatchObject({
      email: 'ada@example.com',
      callbackURL: '/auth/callback?method=magic-link',
      newUserCallbackURL: '/auth/callback?method=magic-link&new=1',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Try a different email' }));
    const email = (await within(dialog).findByLabelText('Email address')) as HTMLInputElement;
    expect(email.value).toBe('');
    expect(within(dialog).queryByText('Check your email')).toBeNull();
  });

  it('closes itself 2 s after the link is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    installFakeAuthApi();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText(AGE));
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.click(sendButton(dialog));
    await within(dialog).findByRole('heading', { name: 'Check your email' });

    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Trouble signing in?' mails a recovery link without saying whether the account exists, and goes back", async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi({
      override: (request) =>
        request.path === '/api/session/recovery' ? json({ sent: true, email: 'ada@example.com' }) : undefined,
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Trouble signing in?' }));
    const recovery = await screen.findByRole('dialog', { name: 'Trouble signing in?' });
    const email = within(recovery).getByLabelText('Email address');
    expect(document.activeElement).toBe(email);
    // An empty address is refused under the field, and nothing is sent.
    await user.click(within(recovery).getByRole('button', { name: 'Send recovery link' }));
    expect(await within(recovery).findByText('Enter your email address to get a link.')).toBeTruthy();
    expect(api.requests.filter((request) => request.path === '/api/session/recovery')).toHaveLength(0);

    await user.type(email, 'ada@example.com');
    await user.click(within(recovery).getByRole('button', { name: 'Send recovery link' }));
    const status = await within(recovery).findByRole('status');
    expect(status.textContent).toContain('If an account uses ada@example.com, a recovery link is on its way.');
    const sent = api.requests.filter((request) => request.path === '/api/session/recovery');
    expect(sent.map((request) => request.body)).toEqual([{ email: 'ada@example.com' }]);

    await user.click(within(recovery).getByRole('button', { name: 'Back to sign in' }));
    const back = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(back).getByRole('button', { name: 'Trouble signing in?' })),
    );
  });

  it('explains a rate limit in words', async () => {
    const user = userEvent.setup();
    installFakeAuthApi({
      override: (request) =>
        request.path === '/api/auth/sign-in/magic-link'
          ? apiError(429, 'RATE_LIMITED', 'Too many requests. Please try again in 9 minutes.')
          : undefined,
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText(AGE));
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.click(sendButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Too many sign-in attempts. Please try again in 9 minutes.');
    expect(await screen.findByText('Sign-in failed')).toBeTruthy();
    expect(sendButton(dialog).disabled).toBe(false);
  });

  it('sends in-app browser visitors to the system browser instead of starting Facebook', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 325.0.0.35.91',
    );
    const open = vi.spyOn(browserNavigation, 'openInNewTab').mockReturnValue(true);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Facebook' }));
    const notice = await within(dialog).findByTestId('embedded-browser-notice');
    expect(within(notice).getByRole('heading').textContent).toBe('Continue in Safari to sign in with Facebook');
    await user.click(within(notice).getByRole('button', { name: 'Open in Safari' }));
    expect(open).toHaveBeenCalledWith('/auth/facebook');
    expect(api.calls('POST /api/session/oauth')).toHaveLength(0);
  });
});
