import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { DEFAULT_PAGE_SIZE } from '@/shared/domain/vocabulary';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { cocktailKeys } from './query-keys';

/** `GET /api/cocktails/sample?size=N`: a random sample of up to N (1–50) cocktails, what anonymous visitors browse. */

/**
 * Fetches a random sample.
 * @param size 1–50 cocktails (docs/product.md, Constants and limits: anonymous sample 50); the answer may hold fewer.
 * @throws ApiError on failure.
 */
export async function getCocktailSample(size = DEFAULT_PAGE_SIZE, signal?: AbortSignal): Promise<CocktailSummary[]> {
  const body = await apiFetch<{ items: CocktailSummary[] }>(`/api/cocktails/sample?size=${size}`, null, { signal });
  return body.items;
}

/**
 * Query of the sample. It stays fresh for the app-wide 5 minutes, so the Discover page does not reshuffle on every visit.
 */
export function getCocktailSampleQueryOptions(size = DEFAULT_PAGE_SIZE) {
  return queryOptions({
    queryKey: cocktailKeys.sample(size),
    queryFn: ({ signal }) => getCocktailSample(size, signal),
  });
}

/** The random sample shown on /discover. */
export function useCocktailSample(size = DEFAULT_PAGE_SIZE, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCocktailSampleQueryOptions(size), enabled: options.enabled ?? true });
}
