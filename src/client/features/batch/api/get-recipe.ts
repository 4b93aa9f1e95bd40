import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import type { CocktailDetail, CocktailSummary } from '@/shared/schemas/cocktail';
import { batchKeys } from './query-keys';

/**
 * The cocktail contracts, loaded with the first request that needs them: building them was a 15-28 ms task of the
 * calculator's start here (Total Blocking Time), and a calculator opened without a cocktail asks for none.
 */
function cocktailSchemas() {
  return import('@/shared/schemas/cocktail');
}

/** Matches the cocktail picker lists for one text. */
export const PICKER_SIZE = 8;

/**
 * `GET /api/cocktails?q=…&pageSize=8`: the first cocktails matching `q` over the whole catalogue (name matches first), for
 * the picker. Open to anonymous visitors (the first page of any search is public).
 * @throws ApiError on failure.
 */
export async function searchCocktails(q: string, signal?: AbortSignal): Promise<CocktailSummary[]> {
  const search = new URLSearchParams({ q, page: '0', pageSize: String(PICKER_SIZE) });
  const { cocktailPageSchema } = await cocktailSchemas();
  const body = await apiFetch(`/api/cocktails?${search.toString()}`, cocktailPageSchema, { signal });
  return body.items;
}

/**
 * `GET /api/me/recipes?q=…`: the signed-in user's own recipes matching `q`, listed before the catalogue's so a house spec
 * can be batched like any other.
 * @throws ApiError on failure.
 */
export async function searchOwnRecipes(q: string, signal?: AbortSignal): Promise<CocktailSummary[]> {
  const { ownRecipeListSchema } = await import('@/shared/schemas/recipes');
  const body = await apiFetch(`/api/me/recipes?q=${encodeURIComponent(q)}`, ownRecipeListSchema, { signal });
  return body.items.slice(0, PICKER_SIZE);
}

/**
 * The picker's matches for `q` (trimmed): with `userId`, the user's own recipes first, then the catalogue's; nothing is
 * asked for an empty text. The last matches stay while typing.
 */
export function useCocktailMatches(q: string, userId: string | null = null) {
  const text = q.trim();
  return useQuery({
    queryKey: [...batchKeys.picker(text), userId],
    queryFn: async ({ signal }): Promise<CocktailSummary[]> => {
      const [own, catalogue] = await Promise.all([
        // Offline with no kept copy of this search, the catalogue's matches (answered from the offline index) still come.
        userId
          ? searchOwnRecipes(text, signal).catch((error: unknown) => {
              if ((error as { code?: string } | null)?.code === 'OFFLINE') return [];
              throw error;
            })
          : Promise.resolve([]),
        searchCocktails(text, signal),
      ]);
      return [...own, ...catalogue];
    },
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /api/cocktails/:id`: one recipe with its lines (ingredient, amount, unit, % ABV, category), checked against the
 * detail contract.
 * @throws ApiError (404 NOT_FOUND for an unknown id; BAD_RESPONSE for a body that does not match).
 */
export async function getRecipe(id: number, signal?: AbortSignal): Promise<CocktailDetail> {
  const { cocktailDetailSchema } = await cocktailSchemas();
  return apiFetch(`/api/cocktails/${id}`, cocktailDetailSchema, { signal });
}

/** The recipe query of one cocktail. */
export function getRecipeQueryOptions(id: number) {
  return queryOptions({ queryKey: batchKeys.recipe(id), queryFn: ({ signal }) => getRecipe(id, signal) });
}

/** One recipe to batch; `id` null waits. */
export function useRecipe(id: number | null) {
  return useQuery({ ...getRecipeQueryOptions(id ?? 0), enabled: id !== null });
}
