import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import {
  barListSchema,
  madeListSchema,
  makeableIdsSchema,
  makeablePageSchema,
  recipeMatchSchema,
  shoppingListSchema,
  suggestionListSchema,
  swapListSchema,
} from '@/shared/schemas/my-bar';
import { myBarKeys } from './query-keys';

/**
 * My Bar's reads (all under /api/me, behind the pro entitlement: every call may throw ApiError 401 signed out,
 * 403 ENTITLEMENT_REQUIRED without pro or enterprise, NETWORK_ERROR offline) and their React Query hooks; the writes are
 * my-bar-writes.ts. Shapes: src/shared/schemas/my-bar.ts. Hooks take the signed-in user's id (keys carry it) and stay
 * idle while it is null.
 */

const idle = (userId: string | null) => ({ enabled: userId !== null });
const key = (userId: string | null) => userId ?? 'anonymous';

/** The bottles (`GET /api/me/bar`), by name. */
export function useBar(userId: string | null) {
  return useQuery({
    queryKey: myBarKeys.bar(key(userId)),
    queryFn: ({ signal }) => apiFetch('/api/me/bar', barListSchema, { signal }),
    ...idle(userId),
  });
}

/** The path of one page of a My Bar view. */
function makeablePath(view: 'can-make' | 'one-away', page: number, q: string): string {
  const search = new URLSearchParams({ view, page: String(page) });
  if (q) search.set('q', q);
  return `/api/me/bar/makeable?${search.toString()}`;
}

/**
 * A My Bar view (`can-make` or `one-away`), 50 a page, page after page ('Show more'), optionally filtered by name.
 * Paging ends when every item of `total` is loaded.
 */
export function useMakeable(userId: string | null, view: 'can-make' | 'one-away', q = '') {
  const text = q.trim();
  return useInfiniteQuery({
    queryKey: myBarKeys.makeable(key(userId), view, 0, text),
    queryFn: ({ pageParam, signal }) => apiFetch(makeablePath(view, pageParam, text), makeablePageSchema, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, p) => sum + p.items.length, 0) < last.total && last.items.length > 0
        ? last.page + 1
        : undefined,
    placeholderData: keepPreviousData,
    ...idle(userId),
  });
}

/** Ids of every cocktail the bar can make now (the catalogue's 'can make' marks). */
export function useMakeableIds(userId: string | null) {
  return useQuery({
    queryKey: myBarKeys.makeableIds(key(userId)),
    queryFn: ({ signal }) => apiFetch('/api/me/bar/makeable-ids', makeableIdsSchema, { signal }),
    ...idle(userId),
  });
}

/** How the bar covers each line of one recipe (the recipe modal's marks). */
export function useRecipeMatch(userId: string | null, cocktailId: number) {
  return useQuery({
    queryKey: myBarKeys.match(key(userId), cocktailId),
    queryFn: ({ signal }) => apiFetch(`/api/me/bar/match/${cocktailId}`, recipeMatchSchema, { signal }),
    ...idle(userId),
  });
}

/** Buy next: the best 20 ingredients to add, best first. */
export function useSuggestions(userId: string | null) {
  return useQuery({
    queryKey: myBarKeys.suggestions(key(userId)),
    queryFn: ({ signal }) => apiFetch('/api/me/bar/suggestions', suggestionListSchema, { signal }),
    ...idle(userId),
  });
}

/** The shopping list, oldest first. */
export function useShoppingList(userId: string | null) {
  return useQuery({
    queryKey: myBarKeys.shopping(key(userId)),
    queryFn: ({ signal }) => apiFetch('/api/me/shopping-list', shoppingListSchema, { signal }),
    ...idle(userId),
  });
}

/** The drinks the user made, newest first, with the total. */
export function useMadeDrinks(userId: string | null) {
  return useQuery({
    queryKey: myBarKeys.made(key(userId)),
    queryFn: ({ signal }) => apiFetch('/api/me/made', madeListSchema, { signal }),
    ...idle(userId),
  });
}

/** The user's accepted swaps. */
export function useSwaps(userId: string | null) {
  return useQuery({
    queryKey: myBarKeys.swaps(key(userId)),
    queryFn: ({ signal }) => apiFetch('/api/me/swaps', swapListSchema, { signal }),
    ...idle(userId),
  });
}
