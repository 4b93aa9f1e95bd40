// @vitest-environment jsdom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/client/lib/query-client';
import { installFakeAuthApi, json } from '@/client/features/auth/test/fake-auth-api';
import { sessionHandler } from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import { sessionKeys } from './query-keys';
import {
  getSession,
  onAuthStateChange,
  toSessionData,
  useSession,
  SessionProvider,
  type AuthEvent,
  type SessionData,
} from './session';

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

describe('auth events from the session answers', () => {
  /** better-auth's get-session body for session `id` expiring at `expiresAt` (null: signed out). */
  const answerOf = (id: string, expiresAt = '2099-01-01T00:00:00.000Z') => ({
    user: {
      id: 'user-1',
      email: 'ada@example.com',
      name: 'Ada',
      createdAt: '2025-03-04T10:00:00.000Z',
      updatedAt: '2025-03-05T10:00:00.000Z',
    },
    session: { id, userId: 'user-1', token: 'secret-token', expiresAt, createdAt: '2025-03-05T10:00:00.000Z' },
  });

  let answer: ReturnType<typeof answerOf> | null = null;
  let reads = 0;
  let heard: Array<[AuthEvent, string | null]> = [];
  let stop: () => void = () => undefined;

  /** Answers get-session with `answer`, records the events, and renders the provider over `client`. */
  function start(first: ReturnType<typeof answerOf> | null, client: QueryClient = createQueryClient()) {
    answer = first;
    reads = 0;
    heard = [];
    server.use(
      sessionHandler(() => {
        reads += 1;
        return answer;
      }),
    );
    stop = onAuthStateChange((event, session) => heard.push([event, session?.session.id ?? null]));
    const view = render(
      <QueryClientProvider client={client}>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </QueryClientProvider>,
    );
    return { client, view };
  }

  /** Reads the session again (as on focus or the 5-minute timer) and waits for the answer. */
  async function readAgain(client: QueryClient) {
    const before = reads;
    await act(() => client.refetchQueries({ queryKey: sessionKeys.session() }));
    expect(reads).toBe(before + 1);
  }

  const probe = () => screen.getByTestId('probe').textContent;

  afterEach(() => stop());

  it('a first answer that is signed in is SIGNED_IN; the same answer again is nothing', async () => {
    const { client } = start(answerOf('s-1'));
    await waitFor(() => expect(probe()).toBe('signed-in ada@example.com'));
    expect(heard).toEqual([['SIGNED_IN', 's-1']]);
    await readAgain(client);
    await readAgain(client);
    expect(heard).toEqual([['SIGNED_IN', 's-1']]);
  });

  it('a first answer that is signed out is nothing; a session appearing later is SIGNED_IN', async () => {
    const { client } = start(null);
    await waitFor(() => expect(probe()).toBe('signed-out'));
    expect(heard).toEqual([]);
    answer = answerOf('s-1');
    await readAgain(client);
    expect(heard).toEqual([['SIGNED_IN', 's-1']]);
  });

  it('the same session extended by the server is TOKEN_REFRESHED, once', async () => {
    const { client } = start(answerOf('s-1', '2099-01-01T00:00:00.000Z'));
    await waitFor(() => expect(heard).toEqual([['SIGNED_IN', 's-1']]));
    answer = answerOf('s-1', '2099-01-08T00:00:00.000Z');
    await readAgain(client);
    await readAgain(client);
    expect(heard).toEqual([
      ['SIGNED_IN', 's-1'],
      ['TOKEN_REFRESHED', 's-1'],
    ]);
  });

  it('another session id is SIGNED_IN again', async () => {
    const { client } = start(answerOf('s-1'));
    await waitFor(() => expect(heard).toEqual([['SIGNED_IN', 's-1']]));
    answer = answerOf('s-2');
    await readAgain(client);
    expect(heard).toEqual([
      ['SIGNED_IN', 's-1'],
      ['SIGNED_IN', 's-2'],
    ]);
  });

  it('a session that ended is SIGNED_OUT once, whether set on the device first or read from the server', async () => {
    const { client } = start(answerOf('s-1'));
    await waitFor(() => expect(heard).toEqual([['SIGNED_IN', 's-1']]));
    // Sign-out forgets the session on the device (setQueryData), then the server says the same.
    act(() => client.setQueryData(sessionKeys.session(), null));
    expect(heard).toEqual([
      ['SIGNED_IN', 's-1'],
      ['SIGNED_OUT', null],
    ]);
    // The event is heard at once; the page hears of the change on TanStack Query's next notification tick (a timer),
    // which a quick read from the server can beat, so the page is awaited before the read.
    await waitFor(() => expect(probe()).toBe('signed-out'));
    answer = null;
    await readAgain(client);
    expect(probe()).toBe('signed-out');
    expect(heard).toEqual([
      ['SIGNED_IN', 's-1'],
      ['SIGNED_OUT', null],
    ]);
  });

  it('a session set with setQueryData (the sign-in callback) is SIGNED_IN, and its read from the server adds nothing', async () => {
    const { client } = start(null);
    await waitFor(() => expect(probe()).toBe('signed-out'));
    const data = toSessionData(answerOf('s-1')) as SessionData;
    act(() => client.setQueryData(sessionKeys.session(), data));
    expect(heard).toEqual([['SIGNED_IN', 's-1']]);
    answer = answerOf('s-1');
    await readAgain(client);
    expect(heard).toEqual([['SIGNED_IN', 's-1']]);
  });

  it('an answer already cached counts at once, and mounting again over the same client repeats nothing', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionKeys.session(), toSessionData(answerOf('s-1')));
    const { view } = start(answerOf('s-1'), client);
    expect(heard).toEqual([['SIGNED_IN', 's-1']]);
    view.unmount();
    render(
      <QueryClientProvider client={client}>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </QueryClientProvider>,
    );
    await readAgain(client);
    expect(probe()).toBe('signed-in ada@example.com');
    expect(heard).toEqual([['SIGNED_IN', 's-1']]);
  });

  it('a read that fails after a good answer keeps the session and says nothing', async () => {
    const { client } = start(answerOf('s-1'));
    await waitFor(() => expect(heard).toEqual([['SIGNED_IN', 's-1']]));
    let failures = 0;
    server.use(
      http.get('/api/auth/get-session', () => {
        failures += 1;
        return HttpResponse.json({ error: { code: 'INTERNAL', message: 'no' } }, { status: 500 });
      }),
    );
    // The first try and three retries, 200 / 400 / 800 ms apart.
    await act(() => client.refetchQueries({ queryKey: sessionKeys.session() }));
    expect(failures).toBe(4);
    expect(probe()).toBe('signed-in ada@example.com');
    expect(heard).toEqual([['SIGNED_IN', 's-1']]);
  });
});
