import { QueryClient } from '@tanstack/react-query';

/** Queries stay fresh for 5 minutes (spec section 9 "Caching and retries"), ms. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
/** Unused query data is kept for 10 minutes (spec section 9), ms. */
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
/** Failed queries are retried up to 3 times; mutations never (spec section 9). */
export const QUERY_RETRIES = 3;

/**
 * Builds the app's TanStack Query client: queries fresh 5 min, kept 10 min, 3 retries; mutations 0 retries.
 * A new client per call, so tests get isolated caches.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS, retry: QUERY_RETRIES },
      mutations: { retry: 0 },
    },
  });
}
