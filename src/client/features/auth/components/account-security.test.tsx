// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys } from '@/client/lib/query-keys';
import type { MeResponse } from '@/shared/schemas/account';
import { browserNavigation } from '../lib/browser-navigation';
import { authUser, installFakeAuthApi, json } from '../test/fake-auth-api';
import { dismissAllToasts, renderWithAuth } from '../test/render';
import { LinkedAccounts } from './linked-accounts';
import { TwoFactorSettings } from './two-factor-settings';

/** LinkedAccounts as the settings page composes it: fed by the account query (`GET /api/me`). */
function LinkedAccountsWithMe() {
  const me = useQuery({ queryKey: accountKeys.me('test'), queryFn: () => apiFetch<MeResponse>('/api/me', null) });
  return <LinkedAccounts me={me} />;
}

const emailLink = { id: 'acc-1', providerId: 'magic-link', accountId: authUser.email, createdAt: authUser.createdAt };
const google = { id: 'acc-2', providerId: 'google', accountId: '1093', createdAt: '2025-04-01T09:00:00.000Z' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  dismissAllToasts();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('linked accounts', () => {
  it('unlinks Google when another way in remains', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi({ signedIn: true, accounts: [emailLink, google] });
    renderWithAuth(<LinkedAccountsWithMe />, { url: '/settings' });
    const row = await screen.findByTestId('linked-google');
    expect(within(row).getByText(/^Linked since/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Unlink Google' }));
    expect(await screen.findByText('Google unlinked')).toBeTruthy();
    expect(api.calls('POST /api/auth/unlink-account').map((request) => request.body)).toEqual([{ accountId: 'acc-2' }]);
    await waitFor(() => expect(within(screen.getByTestId('linked-google')).getByText('Not linked')).toBeTruthy());
    expect(within(screen.getByTestId('linked-google')).getByRole('button', { name: 'Link Google' })).toBeTruthy();
  });

  it('never offers to unlink the last way in, and says why', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi({ signedIn: true, accounts: [google] });
    renderWithAuth(<LinkedAccountsWithMe />, { url: '/settings' });
    const button = (await screen.findByRole('button', { name: 'Unlink Google' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reason = screen.getByText(
      'Google is your only way to sign in, so it cannot be unlinked. Link another method first.',
    );
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    await user.click(button);
    expect(api.calls('POST /api/auth/unlink-account')).toHaveLength(0);
  });

  it('links Facebook through the provider and comes back to settings', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi({ signedIn: true, accounts: [emailLink] });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    renderWithAuth(<LinkedAccountsWithMe />, { url: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Link Facebook' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example.test/facebook/authorize?state=abc'),
    );
    expect(api.calls('POST /api/session/oauth/facebook')[0]?.body).toEqual({
      callbackURL: '/settings?linked=facebook',
      errorCallbackURL: '/settings?linkFailed=facebook',
      link: true,
    });
  });

  it('says how a link went when the provider sends the person back', async () => {
    installFakeAuthApi({ signedIn: true, accounts: [emailLink, google] });
    const router = renderWithAuth(<LinkedAccountsWithMe />, { url: '/settings?linked=google', path: '/settings' });
    expect(await screen.findByText('Google linked')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('hides Link for a provider this server does not offer', async () => {
    installFakeAuthApi({ signedIn: true, accounts: [emailLink], providers: { google: false, facebook: true } });
    renderWithAuth(<LinkedAccountsWithMe />, { url: '/settings' });
    const row = await screen.findByTestId('linked-google');
    expect(within(row).getByText('Not available here')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe('two-factor settings', () => {
  it('turns two-factor on: key for manual entry, a wrong then a right code, then the backup codes', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi({
      signedIn: true,
      validCode: '654321',
      override: (request) =>
        request.path === '/api/auth/two-factor/enable'
          ? json({
              totpURI:
                'otpauth://totp/Barback:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Barback&digits=6&period=30',
              backupCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'],
            })
          : undefined,
    });
    renderWithAuth(<TwoFactorSettings />, { url: '/settings' });
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('Off');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP');

    const code = screen.getByLabelText('6-digit code') as HTMLInputElement;
    const verify = () => screen.getByRole('button', { name: 'Verify and turn on' }) as HTMLButtonElement;
    await user.type(code, '12-34-5');
    expect(code.value).toBe('12345');
    expect(verify().disabled).toBe(true);
    await user.type(code, '6');
    expect(verify().disabled).toBe(false);
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(verify());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That code did not work. Check your authenticator app and try again.');
    // The wrong code is emptied, the field is marked and named by the message, and focus is back in it.
    expect(code.value).toBe('');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(code);

    api.state.user.twoFactorEnabled = true;
    await user.type(code, '654321');
    // The message stays while the new code is typed, until the next try.
    expect(screen.getByRole('alert').textContent).toContain('That code did not work');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const codes = await screen.findByRole('list', { name: 'Backup codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('On'));
  });

  it('turns two-factor off only with a current code', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi({
      signedIn: true,
      user: { twoFactorEnabled: true },
      override: (request) => {
        if (request.path !== '/api/auth/two-factor/disable') return undefined;
        // The server checks the code in the same request (auth/sign-in-plugin.ts).
        if ((request.body as { code?: string } | null)?.code !== '123456') {
          return json({ code: 'INVALID_CODE', message: 'That code is not right.' }, 401);
        }
        api.state.user.twoFactorEnabled = false;
        return json({ status: true });
      },
    });
    renderWithAuth(<TwoFactorSettings />, { url: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(document.activeElement).toBe(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('two-factor-status').textContent).toBe('On');

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('Off'));
    expect(api.calls('POST /api/auth/two-factor/disable').map((call) => call.body)).toEqual([
      { code: '999999' },
      { code: '123456' },
    ]);
  });

  it('asks for a current code before replacing the backup codes', async () => {
    const user = userEvent.setup();
    const api = installFakeAuthApi({
      signedIn: true,
      user: { twoFactorEnabled: true },
      override: (request) =>
        request.path === '/api/auth/two-factor/generate-backup-codes'
          ? json({ status: true, backupCodes: ['fffff-ggggg'] })
          : undefined,
    });
    renderWithAuth(<TwoFactorSettings />, { url: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'New backup codes' }));
    expect(api.calls('POST /api/auth/two-factor/generate-backup-codes')).toHaveLength(0);
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Create new backup codes' }));
    expect(await screen.findByText('fffff-ggggg')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/two-factor/generate-backup-codes')[0]?.body).toEqual({ code: '654321' });
  });
});
