import { http, type HttpHandler } from 'msw';
import { eventsHandler, notFoundHandler, sessionHandler } from '@/client/test/handlers';
import { overrideHandlers, recordingHandler, server, type RecordedRequest } from '@/client/test/msw-server';
import { testSessionData } from '@/client/test/session-data';

/**
 * The server's auth routes for jsdom tests, as msw handlers shaped like the real contract: better-auth's get-session,
 * sign-in/magic-link, two-factor and unlink routes, `POST /api/session/oauth/:provider`, `GET /api/me` and
 * `POST /api/events`. Every request is recorded; `override` answers one request itself (return undefined to fall
 * through). msw's handlers are reset after each test (vitest.setup.ts).
 */

/** One recorded request; `body` is the parsed JSON body when there was one. */
export type AuthRequest = RecordedRequest;

/** The signed-in test user (testSessionData's, without the plan the session read adds). */
export const authUser = (({ appMetadata: _plan, ...user }) => user)(testSessionData('session-1').user);

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's error body `{error: {code, message}}`. */
export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

/** Options of {@link installFakeAuthApi}. */
export interface FakeAuthOptions {
  /** Signed in as {@link authUser} (default false). */
  signedIn?: boolean;
  /** Fields of the user to change (createdAt, twoFactorEnabled...). */
  user?: Partial<typeof authUser>;
  /** The session id get-session reports. */
  sessionId?: string;
  /** `GET /api/me` accounts. */
  accounts?: Array<{ id: string; providerId: string; accountId: string; createdAt: string }>;
  /** `GET /api/me` providers. */
  providers?: { google: boolean; facebook: boolean };
  /** The TOTP code the fake accepts. */
  validCode?: string;
  override?: (request: AuthRequest) => Response | Promise<Response> | undefined;
}

/** The fake's recorded requests and live state. */
export interface FakeAuthApi {
  requests: AuthRequest[];
  state: { signedIn: boolean; user: typeof authUser; accounts: NonNullable<FakeAuthOptions['accounts']> };
  /** Requests whose "METHOD path" starts with `prefix`, e.g. 'POST /api/auth/sign-out'. */
  calls: (prefix: string) => AuthRequest[];
}

/** The auth routes' handlers over `state`. */
export function authHandlers(state: FakeAuthApi['state'], options: FakeAuthOptions = {}): HttpHandler[] {
  const validCode = options.validCode ?? '123456';
  const codeOf = async (request: Request) => ((await request.json()) as { code?: string } | null)?.code;
  return [
    sessionHandler(() =>
      state.signedIn
        ? {
            user: state.user,
            session: {
              id: options.sessionId ?? 'session-1',
              userId: state.user.id,
              token: 'secret-token',
              expiresAt: '2099-01-01T00:00:00.000Z',
              createdAt: '2025-03-05T10:00:00.000Z',
            },
          }
        : null,
    ),
    http.post('/api/auth/sign-in/magic-link', () => json({ status: true })),
    http.post('/api/auth/sign-out', () => {
      state.signedIn = false;
      return json({ success: true });
    }),
    http.post('/api/auth/two-factor/verify-totp', async ({ request }) => {
      if ((await codeOf(request)) !== validCode) return json({ code: 'INVALID_CODE', message: 'Invalid code' }, 401);
      state.signedIn = true;
      return json({ token: 'new', user: state.user });
    }),
    http.post('/api/auth/two-factor/verify-backup-code', async ({ request }) => {
      if ((await codeOf(request)) !== 'abcde-fghij') {
        return json({ code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' }, 401);
      }
      state.signedIn = true;
      return json({ token: 'new', user: state.user });
    }),
    http.post('/api/auth/unlink-account', async ({ request }) => {
      const id = ((await request.json()) as { accountId?: string } | null)?.accountId;
      state.accounts = state.accounts.filter((account) => account.id !== id);
      return json({ status: true });
    }),
    http.get('/api/me', () => {
      if (!state.signedIn) return apiError(401, 'UNAUTHORIZED', 'Sign in to continue.');
      return json({
        user: state.user,
        plan: 'free',
        entitlements: [],
        role: 'User',
        counts: { favorites: 0, made: 0 },
        accounts: state.accounts,
        providers: options.providers ?? { google: true, facebook: true },
      });
    }),
    eventsHandler(),
    http.post('/api/session/oauth/:provider', ({ params }) =>
      params.provider === 'google' || params.provider === 'facebook'
        ? json({ url: `https://accounts.example.test/${params.provider}/authorize?state=abc` })
        : undefined,
    ),
  ];
}

/** Answers the app's API requests with msw (recorded, `override` first, then {@link authHandlers}, then a 404). */
export function installFakeAuthApi(options: FakeAuthOptions = {}): FakeAuthApi {
  const state = {
    signedIn: options.signedIn ?? false,
    user: { ...authUser, ...options.user },
    accounts: options.accounts ?? [
      { id: 'acc-1', providerId: 'magic-link', accountId: authUser.email, createdAt: authUser.createdAt },
    ],
  };
  const requests: AuthRequest[] = [];
  const override = options.override;
  server.use(
    recordingHandler(requests),
    ...overrideHandlers(override),
    ...authHandlers(state, options),
    notFoundHandler(),
  );
  return {
    requests,
    state,
    calls: (prefix) => requests.filter((request) => `${request.method} ${request.path}`.startsWith(prefix)),
  };
}

/** A promise with its resolve function, for answers a test releases itself. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
