/// <reference lib="webworker" />
/**
 * The service worker's API answers (docs/operations.md, "Offline"): every GET of the app's own API goes to the network
 * first and its 200 answer is kept in {@link API_CACHE}; when the network fails (or is slower than
 * {@link API_TIMEOUT_MS} and a copy is kept), the kept copy answers. So whatever a user has opened opens again offline:
 * recipes, their favorites, My Bar and its views, collections, notes, own recipes, the session itself.
 * - The catalogue's list and search with no kept copy are answered from the offline index (catalogue-search.ts).
 * - The details of the user's favorites are fetched into the cache when their list arrives, so every favorite opens
 *   offline, opened before or not.
 * - Anything else with no copy gets 503 `{"error": {"code": "OFFLINE", ...}}`: the page says it needs the network.
 * - Signing out empties the cache (the page does too: lib/offline/offline-data.ts), so no personal answer outlives the
 *   session on the device.
 */
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { API_CACHE, MEDIA_CACHE, OFFLINE_INDEX_PATH } from '@/shared/offline';
import { searchOfflineCatalogue } from './catalogue-search';

declare const self: ServiceWorkerGlobalScope;

/** How long an API read waits for the network before a kept copy answers instead, ms. */
export const API_TIMEOUT_MS = 6000;

/** Most favorites whose details are fetched ahead for offline use, per list answer. */
const FAVORITE_DETAILS_AHEAD = 200;

/** How long the offline index is trusted before the worker asks for it again (a 304 when unchanged), ms. */
const INDEX_REFRESH_MS = 10 * 60 * 1000;

/** Paths whose answers are never kept: sign-in flows, developer tools, health. `get-session` is kept (offline sign-in state). */
const NEVER_KEPT = /^\/api\/(?:auth\/(?!get-session$)|dev\/|health|wrapper-sim\/|openapi)/;

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

/** True for the reads this worker keeps: GETs of this origin's /api, except {@link NEVER_KEPT}. */
export function isKeptApiRead(url: URL, method: string): boolean {
  return method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/')
    ? !NEVER_KEPT.test(url.pathname)
    : false;
}

/** Resolves to null after `ms`. */
function after(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms));
}

/** The cards of the kept offline index, or null when none is kept. */
async function keptIndex(cache: Cache): Promise<readonly CocktailSummary[] | null> {
  const kept = await cache.match(OFFLINE_INDEX_PATH);
  if (!kept) return null;
  try {
    return ((await kept.json()) as { items: CocktailSummary[] }).items;
  } catch {
    return null;
  }
}

/** The kept copy of `request`, or what the device can make of it offline (the catalogue from its index). */
async function offlineCopy(cache: Cache, request: Request, url: URL): Promise<Response> {
  const kept = await cache.match(request);
  if (kept) return kept;
  if (url.pathname === '/api/cocktails') {
    const items = await keptIndex(cache);
    const page = items ? searchOfflineCatalogue(items, url.searchParams) : null;
    if (page) return json(200, page);
  }
  return offlineAnswer();
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
      if (answer.status === 200) {
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
  const first = await Promise.race([network, after(API_TIMEOUT_MS)]);
  if (first) return first;
  const kept = await cache.match(request);
  if (kept) return kept;
  return (await network) ?? offlineCopy(cache, request, url);
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
