import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { ingredientWords, matchIngredients, type IngredientWords } from '@/shared/domain/ingredient-match';
import type { IngredientSummary } from '@/shared/schemas/ingredient';

/** React Query key of the catalogue's ingredient list (public: the same for every user). */
export const INGREDIENTS_KEY = ['catalogue', 'ingredients'] as const;

/**
 * `GET /api/ingredients`: every catalogue ingredient (name, category, parent, % ABV, aliases, house-made parts), sorted by
 * name. Fetched once per session (the list changes only with the catalogue); the batch calculator and My Bar share it.
 * The contract's module loads with the first request (no page's start evaluates it before it asks for the list).
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

/** The words of each ingredient of a list (one list per catalogue answer: folded once, matched per keystroke). */
const wordsOfList = new WeakMap<readonly IngredientSummary[], Map<IngredientSummary, IngredientWords>>();

/**
 * The ingredients whose name or an alias holds every word of `query` at the start of its words, in any order, accent-
 * and case-insensitively ('bour' finds Bourbon, 'tequila blanco' Blanco tequila, 'club soda' Soda water by its alias,
 * 'bourbon whiskey' Bourbon, a kind of whiskey): names beginning with the text first, then other name matches, then
 * alias matches, then matches through broader ingredients' names, each in the list's order (by name).
 * The server's type-ahead matches the same way (shared/domain/ingredient-match.ts).
 * @param limit most results (default 12)
 */
export function searchIngredients(items: readonly IngredientSummary[], query: string, limit = 12): IngredientSummary[] {
  let words = wordsOfList.get(items);
  if (!words) {
    const byId = new Map(items.map((item) => [item.id, item]));
    const familyOf = (item: IngredientSummary): string[] => {
      const names: string[] = [];
      const seen = new Set([item.id]);
      for (let at = byId.get(item.parentId ?? -1); at && !seen.has(at.id); at = byId.get(at.parentId ?? -1)) {
        seen.add(at.id);
        names.push(at.name);
      }
      return names;
    };
    words = new Map(items.map((item) => [item, ingredientWords(item.name, item.aliases, familyOf(item))]));
    wordsOfList.set(items, words);
  }
  const known = words;
  return matchIngredients(items, (item) => known.get(item) as IngredientWords, query).slice(0, limit);
}
