import { http, type HttpHandler } from 'msw';
import {
  apiErrorBody,
  catalogueHandler,
  eventsHandler,
  favoriteListOf,
  jsonBody,
  notFoundHandler,
  pageOf,
  sampleHandler,
  sessionHandler,
  sessionOf,
} from '@/client/test/handlers';
import { overrideHandlers, recordingHandler, server, type RecordedRequest } from '@/client/test/msw-server';
import { activeEntitlementNames, hasLapsed, planFromEntitlements } from '@/shared/domain/plans';
import type { Entitlement } from '@/shared/schemas/payments';

/**
 * The Barback API for the account pages' jsdom tests, as msw handlers over an in-memory state shaped like the real
 * server's contract (better-auth's get-session body, /api/me, /api/me/favorites, /api/me/activity, /api/support,
 * DELETE /api/me, /api/cocktails pages). Every request is recorded. `override` lets a test answer one request itself (a
 * failure, a slow answer); return undefined from it to fall through to the defaults. msw's handlers are reset after each
 * test (vitest.setup.ts).
 */

export type { RecordedRequest } from '@/client/test/msw-server';
export { drink } from '@/client/test/handlers';

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

export interface FakeApiOptions {
  /** Signed in as {@link testUser} (default) or signed out. */
  signedIn?: boolean;
  /** Ids of the user's favorites, newest first. */
  favorites?: number[];
  /** Size of the catalogue served by `GET /api/cocktails` (ids 1..n by name). */
  catalogueSize?: number;
  /** The user's entitlements as the server reports them (default none: the free plan). */
  entitlements?: Entitlement[];
  /** Answers a request before the defaults do; undefined falls through. */
  override?: (request: RecordedRequest) => Response | Promise<Response> | undefined;
}

/** What {@link installFakeApi} returns: the recorded requests and the live state. */
export interface FakeApi {
  requests: RecordedRequest[];
  state: { signedIn: boolean; favorites: number[]; entitlements?: Entitlement[] };
  /** The recorded requests whose "METHOD path" starts with `prefix`, e.g. 'PUT /api/me/favorites'. */
  calls: (prefix: string) => RecordedRequest[];
}

/** The account API's handlers over `state` (signed-in checks, favorites, activity, support, account deletion). */
export function accountHandlers(state: FakeApi['state'], catalogueSize = 3): HttpHandler[] {
  const unauthorized = () => apiErrorBody(401, 'UNAUTHORIZED', 'Sign in first.');
  const subscription = () => {
    const details = state.entitlements ?? [];
    const entitlements = activeEntitlementNames(details);
    return { details, entitlements, plan: planFromEntitlements(entitlements), lapsed: hasLapsed(details) };
  };
  return [
    eventsHandler(),
    sessionHandler(() => {
      if (!state.signedIn) return null;
      const { entitlements, plan, lapsed } = subscription();
      const appMetadata = { entitlements, plan, lapsed };
      return sessionOf({ ...testUser, appMetadata });
    }),
    http.get('/api/me', () => {
      if (!state.signedIn) return unauthorized();
      const { details, entitlements, plan, lapsed } = subscription();
      return jsonBody({
        user: testUser,
        plan,
        entitlements,
        entitlementDetails: details,
        lapsed,
        role: 'User',
        counts: { favorites: state.favorites.length, made: 0 },
        accounts: [{ id: 'acc-1', providerId: 'magic-link', accountId: testUser.email, createdAt: testUser.createdAt }],
        providers: { google: true, facebook: false },
      });
    }),
    http.get('/api/me/activity', () => {
      if (!state.signedIn) return unauthorized();
      return jsonBody({
        favorites: state.favorites.map((id) => ({
          cocktailId: id,
          name: `Drink ${id}`,
          createdAt: testUser.createdAt,
        })),
        searches: [{ q: 'sour', occurredAt: testUser.createdAt }],
      });
    }),
    http.get('/api/me/favorites', ({ request }) => {
      if (!state.signedIn) return unauthorized();
      return jsonBody(favoriteListOf(state.favorites, pageOf(request)));
    }),
    ...(['put', 'delete'] as const).map((method) =>
      http[method]('/api/me/favorites/:id', ({ params }) => {
        if (!/^\d+$/.test(String(params.id))) return undefined;
        if (!state.signedIn) return unauthorized();
        const id = Number(params.id);
        state.favorites = state.favorites.filter((existing) => existing !== id);
        if (method === 'put') state.favorites.unshift(id);
        return jsonBody({ cocktailId: id, favorite: method === 'put' });
      }),
    ),
    http.post('/api/support', () => jsonBody({ id: 1, status: 'received', mailed: true, priority: 'standard' }, 201)),
    http.delete('/api/me', () => {
      if (!state.signedIn) return unauthorized();
      state.signedIn = false;
      return jsonBody({ deleted: true });
    }),
    catalogueHandler(catalogueSize, () => state.signedIn),
    sampleHandler(catalogueSize),
  ];
}

/** Answers the app's API requests with msw (recorded, `override` first, then {@link accountHandlers}, then a 404). */
export function installFakeApi(options: FakeApiOptions = {}): FakeApi {
  const state = {
    signedIn: options.signedIn ?? true,
    favorites: [...(options.favorites ?? [])],
    entitlements: options.entitlements ?? [],
  };
  const requests: RecordedRequest[] = [];
  const override = options.override;
  server.use(
    recordingHandler(requests),
    ...overrideHandlers(override),
    ...accountHandlers(state, options.catalogueSize ?? 3),
    notFoundHandler(),
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
