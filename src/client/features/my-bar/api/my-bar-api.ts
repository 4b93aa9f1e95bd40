import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys } from '@/client/lib/query-keys';
import {
  barListSchema,
  madeDrinkSchema,
  madeListSchema,
  makeableIdsSchema,
  makeablePageSchema,
  recipeMatchSchema,
  shoppingBoughtSchema,
  shoppingListSchema,
  suggestionListSchema,
  swapListSchema,
  type BarList,
  type MadeCreate,
  type ShoppingListBody,
  type SwapList,
} from '@/shared/schemas/my-bar';
import { myBarKeys } from './query-keys';

/**
 * My Bar's API calls (all under /api/me, behind the pro entitlement: every call may throw ApiError 401 signed out,
 * 403 ENTITLEMENT_REQUIRED without pro or enterprise, NETWORK_ERROR offline) and their React Query hooks. Shapes:
 * src/shared/schemas/my-bar.ts. Hooks take the signed-in user's id (keys carry it) and stay idle while it is null.
 */

const json = (method: string, body?: unknown): RequestInit & { signal?: AbortSignal } => ({
  method,
  ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
});
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

/** A change to the bar: add one, add many, or remove one. */
export type BarChange =
  | { kind: 'add'; ingredientId: number }
  | { kind: 'add-many'; ingredientIds: number[] }
  | { kind: 'remove'; ingredientId: number };

/**
 * Changes the bar (PUT / POST / DELETE /api/me/bar…) and puts the answer (the whole bar) in the cache; everything derived
 * from the bar is refetched. The previous bar stays on screen until the server answers.
 * @throws ApiError also 404 NOT_FOUND for an unknown ingredient.
 */
export function useChangeBar(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: BarChange): Promise<BarList> => {
      if (change.kind === 'add-many') {
        return apiFetch('/api/me/bar', barListSchema, json('POST', { ingredientIds: change.ingredientIds }));
      }
      return apiFetch(
        `/api/me/bar/${change.ingredientId}`,
        barListSchema,
        json(change.kind === 'add' ? 'PUT' : 'DELETE'),
      );
    },
    onSuccess: (bar) => {
      client.setQueryData(myBarKeys.bar(userId), bar);
      void client.invalidateQueries({ queryKey: myBarKeys.derived(userId) });
    },
  });
}

/** A change to the shopping list: add, remove, clear, or mark bought (which moves it into the bar). */
export type ShoppingChange =
  | { kind: 'add'; ingredientId: number }
  | { kind: 'remove'; ingredientId: number }
  | { kind: 'clear' }
  | { kind: 'bought'; ingredientId: number };

/** Changes the shopping list; 'bought' also refreshes the bar and everything derived from it. */
export function useChangeShoppingList(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ShoppingChange): Promise<ShoppingListBody> => {
      if (change.kind === 'clear') return apiFetch('/api/me/shopping-list', shoppingListSchema, json('DELETE'));
      if (change.kind === 'bought') {
        const answer = await apiFetch(
          `/api/me/shopping-list/${change.ingredientId}/bought`,
          shoppingBoughtSchema,
          json('POST'),
        );
        client.setQueryData(myBarKeys.bar(userId), answer.bar);
        void client.invalidateQueries({ queryKey: myBarKeys.derived(userId) });
        return answer.list;
      }
      return apiFetch(
        `/api/me/shopping-list/${change.ingredientId}`,
        shoppingListSchema,
        json(change.kind === 'add' ? 'PUT' : 'DELETE'),
      );
    },
    onSuccess: (list) => client.setQueryData(myBarKeys.shopping(userId), list),
  });
}

/** Records a made drink ('I made this'); refreshes the made list and the account counts (profile's counter). */
export function useRecordMade(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MadeCreate) => apiFetch('/api/me/made', madeDrinkSchema, json('POST', input)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: myBarKeys.made(userId) });
      void client.invalidateQueries({ queryKey: accountKeys.me(userId) });
      void client.invalidateQueries({ queryKey: accountKeys.activity(userId) });
    },
  });
}

/** Adds ('I use `toId` for `fromId`') or removes a swap; matching changes, so derived views refresh. */
export function useChangeSwap(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fromId, toId, remove }: { fromId: number; toId: number; remove?: boolean }): Promise<SwapList> =>
      remove
        ? apiFetch(`/api/me/swaps?fromId=${fromId}&toId=${toId}`, swapListSchema, json('DELETE'))
        : apiFetch('/api/me/swaps', swapListSchema, json('PUT', { fromId, toId })),
    onSuccess: (swaps) => {
      client.setQueryData(myBarKeys.swaps(userId), swaps);
      void client.invalidateQueries({ queryKey: myBarKeys.derived(userId) });
    },
  });
}
