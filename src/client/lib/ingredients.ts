import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import type { IngredientSummary } from '@/shared/schemas/ingredient';

/** React Query key of the catalogue's ingredient list (public: the same for every user). */
export const INGREDIENTS_KEY = ['catalogue', 'ingredients'] as const;

/**
 * `GET /api/ingredients`: every catalogue ingredient (name, category, parent, % ABV, aliases, house-made parts), sorted by
 * name. Fetched once per session (the list changes only with the catalogue); the batch calculator and My Bar share it.
 * The contract's module loads with the first request (issue 12: no page's start evaluates it before it asks for the list).
 * @throws ApiError on failure (BAD_RESPONSE when the body does not match the contract); a network failure loading the
 *   contract's code.
 */
export async function getIngredients(signal?: AbortSignal): Promise<IngredientSummary[]> {
  const { ingredientListSchema } = await import('@/shared/schemas/ingredient');
  const body = await apiFetch('/api/ingredients', ingredientListSchema, { signal });
  return body.items;
}

/** The ingredients query; kept for an hour. */
export function getIngredientsQueryOptions() {
  return queryOptions({
    queryKey: INGREDIENTS_KEY,
    queryFn: ({ signal }) => getIngredients(signal),
    staleTime: 60 * 60 * 1000,
  });
}

/**
 * Every catalogue ingredient (the batch calculator's line picker, My Bar's type-ahead and shelves). With `enabled`
 * false nothing is fetched until it turns true (the calculator asks once an ingredient field is used).
 */
export function useIngredients({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getIngredientsQueryOptions(), enabled });
}

/** Lower case without accents or punctuation runs: 'Crème de Cassis' and 'creme de cassis' both read 'creme de cassis'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The ingredients whose name or an alias matches `query` from the start of a word, accent- and case-insensitively
 * ('bour' finds Bourbon, 'club soda' finds Soda water by its alias), names starting with it first, then by name.
 * @param limit most results (default 12)
 */
export function searchIngredients(items: readonly IngredientSummary[], query: string, limit = 12): IngredientSummary[] {
  const q = foldText(query);
  if (!q) return [];
  const scored: { item: IngredientSummary; rank: number }[] = [];
  for (const item of items) {
    let rank = Number.POSITIVE_INFINITY;
    for (const [index, text] of [item.name, ...item.aliases].entries()) {
      const folded = foldText(text);
      const alias = index > 0 ? 2 : 0;
      if (folded.startsWith(q)) rank = Math.min(rank, alias);
      else if (` ${folded}`.includes(` ${q}`)) rank = Math.min(rank, alias + 1);
    }
    if (rank !== Number.POSITIVE_INFINITY) scored.push({ item, rank });
  }
  return scored
    .sort((a, b) => a.rank - b.rank || foldText(a.item.name).localeCompare(foldText(b.item.name)))
    .slice(0, limit)
    .map(({ item }) => item);
}
