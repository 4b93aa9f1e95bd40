// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeAuthApi, json } from '@/client/features/auth/test/fake-auth-api';
import { dismissAllToasts, renderWithAuth } from '@/client/features/auth/test/render';
import { DevAuthHealthPage as AuthHealthPage } from './dev-auth-health-page';

const report = {
  providers: { google: { configured: true, mode: 'social' }, facebook: { configured: false, mode: 'off' } },
  magicLink: true,
  mail: { transport: 'outbox', from: 'Barback <no-reply@barback.app>' },
  session: { signedIn: false },
  baseURL: 'http://localhost:3000',
  trustedOrigins: ['http://localhost:3000'],
};

function setup(recovery?: (body: unknown) => Response) {
  const api = installFakeAuthApi({
    override: (request) => {
      if (request.path === '/api/dev/auth-health') return json(report);
      if (request.path === '/api/dev/recovery-email') return recovery?.(request.body);
      return undefined;
    },
  });
  renderWithAuth(<AuthHealthPage />, { url: '/dev/auth-health' });
  return api;
}

async function send(email: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('Email address');
  await user.clear(field);
  await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Send reset email' }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('/dev/auth-health', () => {
  it('shows how providers and mail are wired', async () => {
    setup();
    expect(await screen.findByText('Barback <no-reply@barback.app>')).toBeTruthy();
    const providers = screen.getByRole('heading', { name: 'Providers' }).closest('[data-slot="card"]') as HTMLElement;
    expect(within(providers).getByText('configured')).toBeTruthy();
    expect(within(providers).getByText('not configured')).toBeTruthy();
    expect(screen.getByText('outbox')).toBeTruthy();
  });

  it("says 'Please enter an email address' under an empty field, focuses it and sends nothing", async () => {
    const api = setup();
    await send('   ');
    const message = await screen.findByTestId('reset-email-message');
    expect(message.textContent).toBe('Please enter an email address');
    const field = screen.getByLabelText('Email address');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(field);
    expect(api.calls('POST /api/dev/recovery-email')).toHaveLength(0);
  });

  it('refuses an address the shared schema refuses, keeping what was typed', async () => {
    const api = setup();
    await send('ada-at-example');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada-at-example');
    expect(api.calls('POST /api/dev/recovery-email')).toHaveLength(0);
  });

  it('confirms a sent recovery link with the address', async () => {
    const api = setup(() => json({ sent: true, email: 'ada@example.com' }));
    await send('ada@example.com');
    expect((await screen.findByTestId('reset-email-message')).textContent).toBe(
      'Reset email sent to ada@example.com. Check your inbox and click the reset link.',
    );
    expect(api.calls('POST /api/dev/recovery-email')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it("reports a failure as 'Failed to send reset email: ' and the reason", async () => {
    setup(() => apiError(502, 'MAIL_FAILED', 'SMTP server refused the connection'));
    await send('ada@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to send reset email: SMTP server refused the connection');
    expect(screen.getByLabelText('Email address').getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBeNull();
  });
});
