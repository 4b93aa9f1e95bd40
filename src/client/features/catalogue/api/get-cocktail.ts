import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { RECIPE_DETAIL_PATH } from '@/shared/first-paint';
import { loadCocktailContract } from '../lib/cocktail-contract';
import { useServerDrawnRecipe } from '../lib/server-recipe';
import { cocktailKeys } from './query-keys';

/**
 * `GET /api/cocktails/:id`: one cocktail with its full ingredient lines.
 *
 * The body is returned as received (`unknown`): the recipe modal checks it itself (docs/product.md: Records, States, Validation: the shape check
 * decides between the recipe and the 'failed validation' view, and a record of the failure is kept). Typed use goes through
 * `cocktailModalShapeSchema` / `cocktailDetailSchema` from `@/shared/schemas/cocktail` (lib/cocktail-contract.ts).
 */

/**
 * Fetches the raw detail of one cocktail, answered once the catalogue's contract has loaded too: the modal checks the
 * body with it (lib/cocktail-contract.ts), so its code loads beside the request, and the modal goes from its skeleton
 * to the recipe without waiting again.
 * @param id the cocktail id as found in the URL (`?recipe=<id>`).
 * @throws ApiError: 404 NOT_FOUND for an unknown id, 400 VALIDATION_FAILED for an id that is not a positive whole number,
 *   NETWORK_ERROR offline; whatever the contract's import throws (its code could not be downloaded).
 */
export async function getCocktail(id: string | number, signal?: AbortSignal): Promise<unknown> {
  // The same address the first-paint script preloads for a deep link (`?recipe=<id>`), so the answer is reused.
  const [body] = await Promise.all([
    apiFetch<unknown>(`${RECIPE_DETAIL_PATH}${encodeURIComponent(String(id))}`, null, { signal }),
    loadCocktailContract(),
  ]);
  return body;
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
