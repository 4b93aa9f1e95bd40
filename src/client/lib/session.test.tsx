// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/client/lib/query-client';
import { installFakeAuthApi, json } from '@/client/features/auth/test/fake-auth-api';
import { getSession, useSession, SessionProvider } from './session';

function Probe() {
  const session = useSession();
  return (
    <p data-testid="probe">
      {session.status}
      {session.user ? ` ${session.user.email}` : ''}
    </p>
  );
}

function renderProbe() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useSession', () => {
  it("is 'loading' until the first answer, then 'signed-in' with the user", async () => {
    installFakeAuthApi({ signedIn: true });
    renderProbe();
    expect(screen.getByTestId('probe').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signed-in ada@example.com'));
  });

  it('reads the session again when the tab becomes visible, and notices a sign-out elsewhere', async () => {
    const api = installFakeAuthApi({ signedIn: true });
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signed-in ada@example.com'));
    expect(api.calls('GET /api/auth/get-session')).toHaveLength(1);
    api.state.signedIn = false;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signed-out'));
    expect(api.calls('GET /api/auth/get-session')).toHaveLength(2);
  });

  it('retries an unreachable server, then counts the visitor as signed out (no error screen)', async () => {
    const api = installFakeAuthApi({
      override: (request) => {
        // A network error, as when the server cannot be reached.
        return request.path === '/api/auth/get-session' ? HttpResponse.error() : undefined;
      },
    });
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signed-out'), { timeout: 4000 });
    // The first try and three retries, 200 / 400 / 800 ms apart.
    expect(api.calls('GET /api/auth/get-session')).toHaveLength(4);
  });
});

describe('getSession', () => {
  it('keeps what the client needs and never the session token', async () => {
    installFakeAuthApi({ signedIn: true });
    const data = await getSession();
    expect(data?.user.email).toBe('ada@example.com');
    expect(data?.session).toEqual({
      id: 'session-1',
      userId: 'user-1',
      expiresAt: '2099-01-01T00:00:00.000Z',
      createdAt: '2025-03-05T10:00:00.000Z',
    });
    expect(JSON.stringify(data)).not.toContain('secret-token');
  });

  it('reads a 401 answer as signed out', async () => {
    installFakeAuthApi({
      override: (request) =>
        request.path === '/api/auth/get-session'
          ? json({ error: { code: 'UNAUTHORIZED', message: 'no' } }, 401)
          : undefined,
    });
    expect(await getSession()).toBeNull();
  });
});
