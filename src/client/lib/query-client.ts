import { QueryClient } from '@tanstack/react-query';

/** Queries stay fresh for 5 minutes (docs/product.md, Constants and limits, "Caching and retries"), ms. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
/** Unused query data is kept for 10 minutes (docs/product.md, Constants and limits), ms. */
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
/** Failed queries are tried again up to 3 times; mutations never (docs/product.md, Constants and limits). */
export const QUERY_RETRIES = 3;

/**
 * The app's one retry rule for queries: a 4xx answer (signed out, refused, not found, bad input) will not change on a
 * second try, so it is not retried, except 408 and 429, which ask to try again; anything else (no answer, 5xx) is tried
 * up to {@link QUERY_RETRIES} more times; the service worker's OFFLINE answer (nothing kept on the device) is not
 * retried either: the page says it needs the network, and the query runs again when the browser is back online.
 * @param failureCount failures so far (1 after the first)
 * @param error what the query threw (an ApiError carries `status`; 0 when no answer came)
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status ?? 0;
  if ((error as { code?: string } | null)?.code === 'OFFLINE') return false;
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return failureCount < QUERY_RETRIES;
}

/**
 * Builds the app's TanStack Query client: queries fresh 5 min, kept 10 min, retried by {@link shouldRetryQuery};
 * mutations never retried (a second try could write twice); offline, queries are tried once and writes run (the service
 * worker and the write queue answer them). A new client per call, so tests get isolated caches.
 * Rendering on the server (no `window`: the public menu's request-time render), unused data is never timed out: a timer
 * per render would keep each render's cache alive for 10 minutes; without one the cache goes with its client (TanStack
 * Query's own server default).
 */
export function createQueryClient(): QueryClient {
  const gcTime = typeof window === 'undefined' ? Number.POSITIVE_INFINITY : QUERY_GC_TIME_MS;
  return new QueryClient({
    defaultOptions: {
      // The service worker answers from what the device keeps, so a query is tried once even when the browser says it
      // is offline (its retries then wait for the network), and a write always runs: offline, the write path queues
      // it (lib/offline/write-queue.ts) instead of TanStack Query pausing it until the network is back.
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime, retry: shouldRetryQuery, networkMode: 'offlineFirst' },
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}
