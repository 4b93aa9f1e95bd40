/// <reference lib="webworker" />
/**
 * The service worker's API answers (docs/operations.md, "Offline"): every GET of the app's own API goes to the network
 * first and its 200 answer is kept in {@link API_CACHE}; when the network fails (or is slower than
 * {@link API_TIMEOUT_MS} and a copy is kept), the kept copy answers. So whatever a user has opened opens again offline:
 * recipes, their favorites, My Bar and its views, collections, notes, own recipes, the session itself.
 * - The catalogue's list and search with no kept copy are answered from the offline index (catalogue-search.ts).
 * - My Bar's reads are answered by the shared matcher over the index and the kept own recipes (worker-bar.ts), and the
 *   favorites, ratings, notes, shopping list and own recipes from their kept copies, each with the writes still waiting
 *   applied (worker-overlay.ts, worker-own-recipes.ts).
 * - The details of the user's favorites are fetched into the cache when their list arrives, so every favorite opens
 *   offline, opened before or not.
 * - Anything else with no copy gets 503 `{"error": {"code": "OFFLINE", ...}}`: the page says it needs the network.
 * - Signing out empties the cache (the page does too: lib/offline/offline-data.ts), so no personal answer outlives the
 *   session on the device.
 */
import type { Note, RatingList } from '@/shared/schemas/collections';
import type { FavoriteList } from '@/shared/schemas/favorites';
import type { BarList, ShoppingListBody, SuggestionList, SwapList } from '@/shared/schemas/my-bar';
import type { OfflineIndex } from '@/shared/schemas/offline';
import type { OwnRecipeList } from '@/shared/schemas/recipes';
import { API_CACHE, MEDIA_CACHE, OFFLINE_INDEX_PATH } from '@/shared/offline';
import { searchOfflineCatalogue } from './catalogue-search';
import { answerBarRead, ingredientsNamedIn, shoppingWithFigures } from './worker-bar';
import {
  favoritesWithPending,
  NOTE_PATH,
  noteWithPending,
  ratingsWithPending,
  shoppingWithPending,
} from './worker-overlay';
import { ownRecipeListWithPending } from './worker-own-recipes';
import { pendingWrites } from './write-queue';

declare const self: ServiceWorkerGlobalScope;

/** How long an API read waits for the network before a kept copy answers instead, ms. */
export const API_TIMEOUT_MS = 6000;

/** Most favorites whose details are fetched ahead for offline use, per list answer. */
const FAVORITE_DETAILS_AHEAD = 200;

/** How long the offline index is trusted before the worker asks for it again (a 304 when unchanged), ms. */
const INDEX_REFRESH_MS = 10 * 60 * 1000;

/**
 * Paths whose answers are never kept: sign-in flows, developer tools, health, the account's export downloads.
 * `get-session` is kept (the offline sign-in state).
 */
const NEVER_KEPT = /^\/api\/(?:auth\/(?!get-session$)|dev\/|health|wrapper-sim\/|openapi|me\/export)/;

/** The message of the 503 a page gets for something the device has no copy of. */
export const OFFLINE_MESSAGE = 'You are offline, and this has not been kept on this device yet. It needs the network.';

/** A JSON answer made by the worker. */
function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** The 503 of something that needs the network. */
export function offlineAnswer(): Response {
  return json(503, { error: { code: 'OFFLINE', message: OFFLINE_MESSAGE } });
}

/** A catalogue cocktail looked up by its page's slug (`GET /api/cocktails/by-slug/:slug`; slugs need no decoding). */
const BY_SLUG_PATH = /^\/api\/cocktails\/by-slug\/([a-z0-9-]+)$/;

/** True for the reads this worker keeps: GETs of this origin's /api, except {@link NEVER_KEPT}. */
export function isKeptApiRead(url: URL, method: string): boolean {
  return method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/')
    ? !NEVER_KEPT.test(url.pathname)
    : false;
}

/** Resolves after `ms`. */
function after(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The kept JSON answer of `path`, or null. */
async function keptJson<T>(cache: Cache, path: string): Promise<T | null> {
  const kept = await cache.match(path);
  try {
    return kept ? ((await kept.json()) as T) : null;
  } catch {
    return null;
  }
}

/** The kept answers My Bar's offline answers (and the own recipes') are worked out from, and the waiting writes. */
async function keptBarInputs(cache: Cache) {
  const [index, bar, swaps, ownRecipes, shopping, suggestions, pending] = await Promise.all([
    keptJson<OfflineIndex>(cache, OFFLINE_INDEX_PATH),
    keptJson<BarList>(cache, '/api/me/bar'),
    keptJson<SwapList>(cache, '/api/me/swaps'),
    keptJson<OwnRecipeList>(cache, '/api/me/recipes'),
    keptJson<ShoppingListBody>(cache, '/api/me/shopping-list'),
    keptJson<SuggestionList>(cache, '/api/me/bar/suggestions'),
    pendingWrites(),
  ]);
  // How the server named the user's own ingredients, for those the bar and swaps do not hold.
  const keptIngredients = [
    ...(shopping?.items ?? []).map((item) => item.ingredient),
    ...(suggestions?.items ?? []).map((item) => item.ingredient),
  ];
  return { index, bar, swaps, ownRecipes, shopping, keptIngredients, pending };
}

/**
 * What the device can answer for `request` offline: My Bar from the matcher; the favorites, ratings, shopping list (what
 * its items would make possible worked out again), notes and own recipes with the waiting writes applied; the kept
 * copy; a cocktail by its page's slug, from the index and its kept detail; or the catalogue from its index. Null when
 * it has nothing.
 */
async function offlineCopy(cache: Cache, request: Request, url: URL): Promise<Response | null> {
  const path = url.pathname;
  if (path === '/api/me/bar' || path.startsWith('/api/me/bar/')) {
    const { index, ...kept } = await keptBarInputs(cache);
    const answer = index ? answerBarRead(url, { index, ...kept }) : null;
    if (answer) return json(200, answer);
  }
  if (path === '/api/me/favorites' || path === '/api/me/ratings') {
    const [kept, pending, index] = await Promise.all([
      keptJson<FavoriteList & RatingList>(cache, path + url.search),
      pendingWrites(),
      keptJson<OfflineIndex>(cache, OFFLINE_INDEX_PATH),
    ]);
    if (kept) {
      return json(
        200,
        path === '/api/me/ratings'
          ? ratingsWithPending(kept, pending)
          : favoritesWithPending(kept, pending, index?.items ?? []),
      );
    }
  }
  if (path === '/api/me/shopping-list') {
    const { index, shopping, ...kept } = await keptBarInputs(cache);
    if (shopping) {
      const list = shoppingWithPending(shopping, kept.pending, index?.match.ingredients ?? []);
      return json(200, index ? shoppingWithFigures(list, { index, ...kept }) : list);
    }
  }
  if (path === '/api/me/recipes' && url.search === '') {
    const inputs = await keptBarInputs(cache);
    const { ownRecipes, index, pending } = inputs;
    if (ownRecipes) {
      return json(
        200,
        ownRecipeListWithPending(ownRecipes, { index, keptIngredients: ingredientsNamedIn(inputs), pending }),
      );
    }
  }
  if (NOTE_PATH.test(path)) {
    const [kept, pending] = await Promise.all([keptJson<Note>(cache, path), pendingWrites()]);
    const note = noteWithPending(path, kept, pending);
    if (note) return json(200, note);
  }
  const kept = await cache.match(request);
  if (kept) return kept;
  const bySlug = BY_SLUG_PATH.exec(path);
  if (bySlug) {
    // A cocktail's page opened offline: the kept detail of the cocktail the index names by that slug.
    const index = await keptJson<OfflineIndex>(cache, OFFLINE_INDEX_PATH);
    const item = index?.items.find((entry) => entry.slug === bySlug[1]);
    const detail = item ? await cache.match(`/api/cocktails/${item.id}`) : undefined;
    if (detail) return detail;
  }
  if (path === '/api/cocktails') {
    const index = await keptJson<OfflineIndex>(cache, OFFLINE_INDEX_PATH);
    const page = index ? searchOfflineCatalogue(index.items, url.searchParams) : null;
    if (page) return json(200, page);
  }
  return null;
}

/** Fetches into the cache the details of the favorites in a list answer that the cache lacks. */
async function keepFavoriteDetails(cache: Cache, answer: Response): Promise<void> {
  const list = (await answer.json().catch(() => null)) as { ids?: unknown } | null;
  const ids = Array.isArray(list?.ids) ? list.ids.filter((id): id is number => Number.isInteger(id)) : [];
  for (const id of ids.slice(0, FAVORITE_DETAILS_AHEAD)) {
    const path = `/api/cocktails/${id}`;
    if (await cache.match(path)) continue;
    const detail = await fetch(path, { credentials: 'same-origin' }).catch(() => null);
    if (!detail?.ok) return; // offline again, or the server is busy: the next list answer tries again
    await cache.put(path, detail);
  }
}

let indexAskedAt = 0;

/** Asks for the offline index when it is older than INDEX_REFRESH_MS in this worker's life (a 304 when unchanged). */
async function refreshIndex(cache: Cache): Promise<void> {
  if (Date.now() - indexAskedAt < INDEX_REFRESH_MS) return;
  indexAskedAt = Date.now();
  const answer = await fetch(OFFLINE_INDEX_PATH, { credentials: 'same-origin' }).catch(() => null);
  if (answer?.ok) await cache.put(OFFLINE_INDEX_PATH, answer);
  else indexAskedAt = 0;
}

/** True when a session answer names a signed-in user. */
async function isSignedInAnswer(answer: Response): Promise<boolean> {
  const body = (await answer.json().catch(() => null)) as { user?: unknown } | null;
  return typeof body?.user === 'object' && body.user !== null;
}

/**
 * Answers one kept API read (see the module's header): the network's answer when it comes in time, kept when it is a
 * 200; otherwise the kept copy, the offline catalogue, or the OFFLINE 503. The work that follows an answer (keeping the
 * favorites' details, refreshing the index after a signed-in session answer) runs under `event.waitUntil`.
 */
export async function answerApiRead(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const url = new URL(request.url);
  const cache = await caches.open(API_CACHE);
  const network = fetch(request).then(
    (answer) => {
      // JSON answers only: a file the API serves (an export, a QR code) is not a page's data.
      if (answer.status === 200 && (answer.headers.get('content-type') ?? '').includes('application/json')) {
        const copy = answer.clone();
        event.waitUntil(
          (async () => {
            await cache.put(request, copy.clone());
            if (url.pathname === '/api/me/favorites') await keepFavoriteDetails(cache, copy);
            else if (url.pathname === '/api/auth/get-session' && (await isSignedInAnswer(copy)))
              await refreshIndex(cache);
          })(),
        );
      }
      return answer;
    },
    () => null,
  );
  const first = await Promise.race([network, after(API_TIMEOUT_MS).then(() => 'slow' as const)]);
  if (first instanceof Response) return first;
  const copy = await offlineCopy(cache, request, url);
  if (copy) return copy;
  // Slow, and nothing kept: wait for the network after all.
  return (first === 'slow' ? await network : null) ?? offlineAnswer();
}

/**
 * Passes a sign-out on to the server and empties the kept API answers and media whatever it answers (the device signs
 * out even offline).
 */
export async function answerSignOut(request: Request): Promise<Response> {
  const answer = await fetch(request).catch(() => Response.error());
  await Promise.all([caches.delete(API_CACHE), caches.delete(MEDIA_CACHE)]);
  indexAskedAt = 0;
  return answer;
}
