import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { ingredientListSchema, type IngredientSummary } from '@/shared/schemas/ingredient';
import { batchKeys } from './query-keys';

/**
 * `GET /api/ingredients`: every catalogue ingredient (name, category, % ABV), sorted by name. Fetched once per session
 * (the list changes only with the catalogue).
 * @throws ApiError on failure (BAD_RESPONSE when the body does not match the contract).
 */
export async function getIngredients(signal?: AbortSignal): Promise<IngredientSummary[]> {
  const body = await apiFetch('/api/ingredients', ingredientListSchema, { signal });
  return body.items;
}

/** The ingredients query; kept for an hour. */
export function getIngredientsQueryOptions() {
  return queryOptions({
    queryKey: batchKeys.ingredients(),
    queryFn: ({ signal }) => getIngredients(signal),
    staleTime: 60 * 60 * 1000,
  });
}

/** Every catalogue ingredient, for the custom-line picker. */
export function useIngredients() {
  return useQuery(getIngredientsQueryOptions());
}
