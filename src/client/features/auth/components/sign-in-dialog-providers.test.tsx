// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAnalyticsForTests } from '@/client/lib/analytics';
import { openSignInDialog, resetSignInDialogForTests } from '@/client/lib/sign-in-store';
import { installFakeAuthApi, json } from '../test/fake-auth-api';
import { dismissAllToasts, renderWithAuth } from '../test/render';

/** Opens the dialog on a server whose `GET /api/session/providers` answers `providers`. */
async function openDialogWith(providers: { google: boolean; facebook: boolean }) {
  const api = installFakeAuthApi({
    override: (request) => (request.path === '/api/session/providers' ? json(providers) : undefined),
  });
  renderWithAuth(<button onClick={() => openSignInDialog('header')}>open</button>);
  await userEvent.setup().click(screen.getByRole('button', { name: 'open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' }, { timeout: 5000 });
  return { api, dialog };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSignInDialogForTests();
});
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAnalyticsForTests();
});

describe('sign-in dialog on a server without provider clients', () => {
  it('shows Google and Facebook as unavailable, with the reason, before anyone presses them (regression)', async () => {
    const user = userEvent.setup();
    const { api, dialog } = await openDialogWith({ google: false, facebook: false });
    const google = within(dialog).getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement;
    const facebook = within(dialog).getByRole('button', { name: 'Continue with Facebook' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(google.disabled).toBe(true));
    expect(facebook.disabled).toBe(true);
    const reason = document.getElementById(google.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'Google and Facebook sign-in are not available on this server. Use the email link below.',
    );
    expect(facebook.getAttribute('aria-describedby')).toBe(google.getAttribute('aria-describedby'));
    // The email link stays the way in.
    expect(within(dialog).getByLabelText('Email address')).toBeInTheDocument();
    await user.click(google);
    expect(api.calls('POST /api/session/oauth')).toHaveLength(0);
  });

  it('keeps a configured provider usable and marks only the missing one', async () => {
    const { dialog } = await openDialogWith({ google: true, facebook: false });
    const facebook = within(dialog).getByRole('button', { name: 'Continue with Facebook' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(facebook.disabled).toBe(true));
    const google = within(dialog).getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement;
    expect(google.disabled).toBe(false);
    expect(google.hasAttribute('aria-describedby')).toBe(false);
    const reason = document.getElementById(facebook.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Facebook sign-in is not available on this server. Use the email link below.');
  });
});
