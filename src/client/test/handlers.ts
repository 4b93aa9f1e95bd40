import { http, HttpResponse, type HttpHandler } from 'msw';
import type { SuggestionList } from '@/shared/schemas/search';
import type { CocktailDetail, CocktailPage, CocktailSummary } from '@/shared/schemas/cocktail';
import { FAVORITES_PAGE_SIZE, type FavoriteList } from '@/shared/schemas/favorites';
import { negroniDetail, summaryOf } from './fixtures';

/**
 * Reusable msw handlers for the Barback API in jsdom tests, shaped like the real server's contract (better-auth's
 * get-session body, /api/me, /api/me/favorites, /api/cocktails pages, the API's `{error: {code, message}}` errors). Paths
 * are same-origin: msw resolves them against jsdom's location, as the app's `fetch('/api/...')` calls are.
 */

/** A JSON answer. */
export function jsonBody(body: unknown, status = 200): Response {
  return HttpResponse.json(body as Record<string, unknown>, { status });
}

/** The API's error answer `{error: {code, message}}`. */
export function apiErrorBody(status: number, code: string, message: string): Response {
  return jsonBody({ error: { code, message } }, status);
}

/** A catalogue item numbered `n` (id n, "Drink n"), shaped like `GET /api/cocktails` items. */
export function drink(n: number): CocktailSummary {
  return summaryOf(negroniDetail, { id: n, slug: `drink-${n}`, name: `Drink ${n}` });
}

/**
 * `GET /api/me/favorites?page=N` body for favorites `ids` (newest first) as the server pages it: every id, the cards
 * ({@link drink}) of page `page` only, 50 a page.
 */
export function favoriteListOf(ids: readonly number[], page = 0): FavoriteList {
  const start = page * FAVORITES_PAGE_SIZE;
  return {
    ids: [...ids],
    items: ids.slice(start, start + FAVORITES_PAGE_SIZE).map(drink),
    page,
    pageSize: FAVORITES_PAGE_SIZE,
    total: ids.length,
  };
}

/** The `page` of a recorded or intercepted request's query string (0 when absent). */
export function pageOf(request: Request | URL): number {
  const url = request instanceof URL ? request : new URL(request.url);
  return Number(url.searchParams.get('page') ?? 0);
}

/** A user as better-auth's get-session reports it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  emailVerified?: boolean;
  twoFactorEnabled?: boolean;
  createdAt: string;
  updatedAt: string;
  /** What the server's session plugin adds: the active entitlements and plan. */
  appMetadata?: { entitlements: string[]; plan: string };
}

/** better-auth's `GET /api/auth/get-session` body for `user` (signed in), as the server sends it. */
export function sessionOf(
  user: SessionUser,
  { sessionId = 'session-1', token }: { sessionId?: string; token?: string } = {},
) {
  return {
    user,
    session: {
      id: sessionId,
      userId: user.id,
      ...(token === undefined ? {} : { token }),
      expiresAt: '2099-01-01T00:00:00.000Z',
      createdAt: '2025-03-04T10:00:00.000Z',
    },
  };
}

/** `GET /api/auth/get-session`: `session()` is read on every request (null: signed out). */
export function sessionHandler(session: () => unknown): HttpHandler {
  return http.get('/api/auth/get-session', () => jsonBody(session() ?? null));
}

/** `POST /api/events` accepts every analytics batch (202). */
export function eventsHandler(): HttpHandler {
  return http.post('/api/events', () => jsonBody({ accepted: 1 }, 202));
}

/**
 * `GET /api/cocktails`: a catalogue of `total` items (ids 1..total, "Drink n"), paged by the request's `page` and
 * `pageSize` (default 0 and 50). `signedIn()` decides whether pages after the first are served (401 otherwise, as the
 * server does).
 */
export function catalogueHandler(total: number | (() => number), signedIn: () => boolean = () => true): HttpHandler {
  return http.get('/api/cocktails', ({ request }) => {
    const url = new URL(request.url);
    const size = typeof total === 'function' ? total() : total;
    const page = Number(url.searchParams.get('page') ?? 0);
    const pageSize = Number(url.searchParams.get('pageSize') || 50);
    if (page > 0 && !signedIn()) return apiErrorBody(401, 'UNAUTHORIZED', 'Sign in to browse past the first page.');
    const count = Math.max(0, Math.min(pageSize, size - page * pageSize));
    const body: CocktailPage = {
      items: Array.from({ length: count }, (_, i) => drink(page * pageSize + i + 1)),
      total: size,
      page,
      pageSize,
    };
    return jsonBody(body);
  });
}

/** `GET /api/search/suggestions`: `answer` for every text (default: nothing to suggest), echoing the text as `q`. */
export function suggestionsHandler(
  answer: Omit<SuggestionList, 'q'> = { cocktails: [], ingredients: [], leadingIngredients: 0, didYouMean: null },
): HttpHandler {
  return http.get('/api/search/suggestions', ({ request }) =>
    jsonBody({ q: new URL(request.url).searchParams.get('q') ?? '', ...answer }),
  );
}

/** `GET /api/cocktails/sample`: up to 50 items of a catalogue of `total`. */
export function sampleHandler(total: number): HttpHandler {
  return http.get('/api/cocktails/sample', () =>
    jsonBody({ items: Array.from({ length: Math.min(50, total) }, (_, i) => drink(i + 1)) }),
  );
}

/** `GET /api/cocktails/:id` answers `detail` (default the Negroni). */
export function cocktailDetailHandler(detail: CocktailDetail = negroniDetail): HttpHandler {
  return http.get('/api/cocktails/:id', () => jsonBody(detail));
}

/** Any other `/api/...` request: the API's 404 (the old hand-written fakes' fallback). */
export function notFoundHandler(): HttpHandler {
  return http.all('/api/*', ({ request }) =>
    apiErrorBody(404, 'NOT_FOUND', `No handler for ${request.method} ${new URL(request.url).pathname}`),
  );
}
