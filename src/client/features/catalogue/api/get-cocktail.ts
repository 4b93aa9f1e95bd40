import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { RECIPE_DETAIL_PATH } from '@/shared/first-paint';
import { loadCocktailContract } from '../lib/cocktail-contract';
import { useServerDrawnRecipe } from '../lib/server-recipe';
import { cocktailKeys } from './query-keys';

/**
 * `GET /api/cocktails/:id`: one cocktail with its full ingredient lines.
 *
 * The body is returned as received (`unknown`): the recipe modal checks it itself (spec sections 3–5: the shape check
 * decides between the recipe and the 'failed validation' view, and a record of the failure is kept). Typed use goes through
 * `cocktailModalShapeSchema` / `cocktailDetailSchema` from `@/shared/schemas/cocktail` (lib/cocktail-contract.ts).
 */

/**
 * Fetches the raw detail of one cocktail.
 * @param id the cocktail id as found in the URL (`?recipe=<id>`).
 * @throws ApiError: 404 NOT_FOUND for an unknown id, 400 VALIDATION_FAILED for an id that is not a positive whole number,
 *   NETWORK_ERROR offline.
 */
export function getCocktail(id: string | number, signal?: AbortSignal): Promise<unknown> {
  // The modal checks the body with the catalogue's contract: its code loads beside the request, so both are there
  // together (a failure here is left to the modal, which loads it again when it needs it).
  loadCocktailContract().catch(() => undefined);
  // The same address the first-paint script preloads for a deep link (`?recipe=<id>`), so the answer is reused.
  return apiFetch<unknown>(`${RECIPE_DETAIL_PATH}${encodeURIComponent(String(id))}`, null, { signal });
}

/**
 * One cocktail's detail for the recipe modal. Where the server drew this recipe into the page (a deep link), it starts
 * from that detail, the same body the API would answer (on the server the one it renders with, in the browser the one
 * embedded in the page), so the modal draws at once without a request.
 */
export function useCocktail(id: string | number) {
  const drawn = useServerDrawnRecipe(String(id));
  return useQuery({
    queryKey: cocktailKeys.detail(id),
    queryFn: ({ signal }) => getCocktail(id, signal),
    initialData: drawn,
  });
}
