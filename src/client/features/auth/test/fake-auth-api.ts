import { vi } from 'vitest';

/**
 * A stand-in for the server's auth routes in jsdom tests, shaped like the real contract: better-auth's get-session,
 * sign-in/magic-link, two-factor and unlink routes, `POST /api/session/oauth/:provider`, `GET /api/me`, the developer
 * tools and `POST /api/events`. Every request is recorded; `override` answers one request itself (return undefined to
 * fall through).
 */

/** One recorded request; `body` is the parsed JSON body when there was one. */
export interface AuthRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

/** The signed-in test user. */
export const authUser = {
  id: 'user-1',
  email: 'ada@example.com',
  name: '',
  image: null,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
};

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

/** Replaces the global fetch with the fake (undo with `vi.unstubAllGlobals()`). */
export function installFakeAuthApi(options: FakeAuthOptions = {}): FakeAuthApi {
  const state = {
    signedIn: options.signedIn ?? false,
    user: { ...authUser, ...options.user },
    accounts: options.accounts ?? [
      { id: 'acc-1', providerId: 'magic-link', accountId: authUser.email, createdAt: authUser.createdAt },
    ],
  };
  const validCode = options.validCode ?? '123456';
  const requests: AuthRequest[] = [];

  const answer = async (request: AuthRequest): Promise<Response> => {
    const custom = await options.override?.(request);
    if (custom) return custom;
    const route = `${request.method} ${request.path}`;
    switch (route) {
      case 'GET /api/auth/get-session':
        return json(
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
        );
      case 'POST /api/auth/sign-in/magic-link':
        return json({ status: true });
      case 'POST /api/auth/sign-out':
        state.signedIn = false;
        return json({ success: true });
      case 'POST /api/auth/two-factor/verify-totp': {
        const code = (request.body as { code?: string } | null)?.code;
        if (code !== validCode) return json({ code: 'INVALID_CODE', message: 'Invalid code' }, 401);
        state.signedIn = true;
        return json({ token: 'new', user: state.user });
      }
      case 'POST /api/auth/two-factor/verify-backup-code': {
        const code = (request.body as { code?: string } | null)?.code;
        if (code !== 'abcde-fghij') return json({ code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' }, 401);
        state.signedIn = true;
        return json({ token: 'new', user: state.user });
      }
      case 'POST /api/auth/unlink-account': {
        const id = (request.body as { accountId?: string } | null)?.accountId;
        state.accounts = state.accounts.filter((account) => account.id !== id);
        return json({ status: true });
      }
      case 'GET /api/me':
        if (!state.signedIn) return apiError(401, 'UNAUTHORIZED', 'Sign in to continue.');
        return json({
          user: state.user,
          plan: 'free',
          entitlements: [],
          role: 'User',
          counts: { favorites: 0 },
          accounts: state.accounts,
          providers: options.providers ?? { google: true, facebook: true },
        });
      case 'POST /api/events':
        return json({ accepted: 1 }, 202);
      default:
        break;
    }
    const oauth = /^POST \/api\/session\/oauth\/(google|facebook)$/.exec(route);
    if (oauth) return json({ url: `https://accounts.example.test/${oauth[1]}/authorize?state=abc` });
    return apiError(404, 'NOT_FOUND', `no route ${route}`);
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), 'http://localhost:3000');
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      let body: unknown = null;
      const raw = init?.body ?? (request ? await request.clone().text() : null);
      if (typeof raw === 'string' && raw !== '') {
        try {
          body = JSON.parse(raw) as unknown;
        } catch {
          body = raw;
        }
      }
      const recorded: AuthRequest = { method, path: url.pathname, url, body };
      requests.push(recorded);
      return answer(recorded);
    }),
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
