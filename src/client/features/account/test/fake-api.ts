import { vi } from 'vitest';
import { jsonResponse, negroniDetail, summaryOf } from '@/client/test/fixtures';
import type { CocktailPage, CocktailSummary } from '@/shared/schemas/cocktail';

/**
 * A stand-in for the Barback API in jsdom tests: `fetch` answers from an in-memory state shaped like the real server's
 * contract (better-auth's get-session body, /api/me, /api/me/favorites, /api/me/activity, /api/support, DELETE /api/me,
 * /api/cocktails pages). Every request is recorded. `override` lets a test answer one request itself (a failure, a slow
 * answer); return undefined from it to fall through to the defaults.
 */

/** One recorded request. `body` is the parsed JSON body, when there was one. */
export interface RecordedRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

/** The signed-in test user. */
export const testUser = {
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada',
  image: null,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2025-03-04T10:00:00.000Z',
};

/** A catalogue item numbered `n` (id n, "Drink n"). */
export function drink(n: number): CocktailSummary {
  return summaryOf(negroniDetail, { id: n, slug: `drink-${n}`, name: `Drink ${n}` });
}

export interface FakeApiOptions {
  /** Signed in as {@link testUser} (default) or signed out. */
  signedIn?: boolean;
  /** Ids of the user's favorites, newest first. */
  favorites?: number[];
  /** Size of the catalogue served by `GET /api/cocktails` (ids 1..n by name). */
  catalogueSize?: number;
  /** Answers a request before the defaults do; undefined falls through. */
  override?: (request: RecordedRequest) => Response | Promise<Response> | undefined;
}

/** What {@link installFakeApi} returns: the recorded requests and the live state. */
export interface FakeApi {
  requests: RecordedRequest[];
  state: { signedIn: boolean; favorites: number[] };
  /** The recorded requests whose "METHOD path" starts with `prefix`, e.g. 'PUT /api/me/favorites'. */
  calls: (prefix: string) => RecordedRequest[];
}

/** Replaces the global fetch with the fake API (undo with `vi.unstubAllGlobals()`). */
export function installFakeApi(options: FakeApiOptions = {}): FakeApi {
  const state = { signedIn: options.signedIn ?? true, favorites: [...(options.favorites ?? [])] };
  const catalogueSize = options.catalogueSize ?? 3;
  const requests: RecordedRequest[] = [];

  const defaults = (request: RecordedRequest): Response => {
    const { method, path, url } = request;
    if (path === '/api/events') return jsonResponse({ accepted: 1 }, 202);
    if (path === '/api/auth/get-session') {
      return jsonResponse(
        state.signedIn
          ? {
              user: testUser,
              session: {
                id: 'session-1',
                userId: testUser.id,
                expiresAt: '2099-01-01T00:00:00.000Z',
                createdAt: '2025-03-04T10:00:00.000Z',
              },
            }
          : null,
      );
    }
    const unauthorized = () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Sign in first.' } }, 401);
    if (path === '/api/me' && method === 'GET') {
      if (!state.signedIn) return unauthorized();
      return jsonResponse({
        user: testUser,
        plan: 'free',
        entitlements: [],
        role: 'User',
        counts: { favorites: state.favorites.length },
        accounts: [{ id: 'acc-1', providerId: 'magic-link', accountId: testUser.email, createdAt: testUser.createdAt }],
        providers: { google: true, facebook: false },
      });
    }
    if (path === '/api/me/activity') {
      if (!state.signedIn) return unauthorized();
      return jsonResponse({
        favorites: state.favorites.map((id) => ({
          cocktailId: id,
          name: `Drink ${id}`,
          createdAt: testUser.createdAt,
        })),
        searches: [{ q: 'sour', occurredAt: testUser.createdAt }],
      });
    }
    if (path === '/api/me/favorites' && method === 'GET') {
      if (!state.signedIn) return unauthorized();
      return jsonResponse({ ids: state.favorites, items: state.favorites.map(drink) });
    }
    const favorite = /^\/api\/me\/favorites\/(\d+)$/.exec(path);
    if (favorite && (method === 'PUT' || method === 'DELETE')) {
      if (!state.signedIn) return unauthorized();
      const id = Number(favorite[1]);
      state.favorites = state.favorites.filter((existing) => existing !== id);
      if (method === 'PUT') state.favorites.unshift(id);
      return jsonResponse({ cocktailId: id, favorite: method === 'PUT' });
    }
    if (path === '/api/support' && method === 'POST')
      return jsonResponse({ id: 1, status: 'received', mailed: true }, 201);
    if (path === '/api/me' && method === 'DELETE') {
      if (!state.signedIn) return unauthorized();
      state.signedIn = false;
      return jsonResponse({ deleted: true });
    }
    if (path === '/api/cocktails') {
      const page = Number(url.searchParams.get('page') ?? 0);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 50);
      if (page > 0 && !state.signedIn) return unauthorized();
      const count = Math.max(0, Math.min(pageSize, catalogueSize - page * pageSize));
      const body: CocktailPage = {
        items: Array.from({ length: count }, (_, i) => drink(page * pageSize + i + 1)),
        total: catalogueSize,
        page,
        pageSize,
      };
      return jsonResponse(body);
    }
    if (path === '/api/cocktails/sample') {
      return jsonResponse({ items: Array.from({ length: Math.min(50, catalogueSize) }, (_, i) => drink(i + 1)) });
    }
    return jsonResponse({ error: { code: 'NOT_FOUND', message: `No fake for ${method} ${path}` } }, 404);
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      let body: unknown;
      if (typeof init?.body === 'string') {
        try {
          body = JSON.parse(init.body) as unknown;
        } catch {
          body = init.body;
        }
      }
      const request: RecordedRequest = { method, path: url.pathname, url, body };
      requests.push(request);
      return (await options.override?.(request)) ?? defaults(request);
    }),
  );

  return {
    requests,
    state,
    calls: (prefix) => requests.filter((request) => `${request.method} ${request.path}`.startsWith(prefix)),
  };
}

/** A promise with its resolve function exposed, for holding an answer until the test releases it. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
