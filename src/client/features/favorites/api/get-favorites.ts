import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useSession } from '@/client/lib/session';
import { apiFetch } from '@/client/lib/api-client';
import { useDeferredFirstAnswer } from '@/client/lib/use-deferred-first-answer';
import type { FavoriteList } from '@/shared/schemas/favorites';
import { favoriteKeys } from './query-keys';

/**
 * Fetches page `page` (0-based) of the signed-in user's favorites: every favorite's id, and that page's cards (50 a page).
 * Page 0 is asked without a query string. The server answers with a per-user ETag, so the browser revalidates a list it
 * already has with a cheap 304.
 * @throws ApiError: 401 UNAUTHORIZED when the session has ended, 400 VALIDATION_FAILED for a bad page, NETWORK_ERROR
 *   offline.
 */
export function getFavorites(page = 0, signal?: AbortSignal): Promise<FavoriteList> {
  const path = page === 0 ? '/api/me/favorites' : `/api/me/favorites?page=${page}`;
  return apiFetch<FavoriteList>(path, null, { signal });
}

/** Query of one user's favorites, page 0: every id and the first page's cards (the key carries `userId`). */
export function getFavoritesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: favoriteKeys.list(userId),
    queryFn: ({ signal }) => getFavorites(0, signal),
  });
}

/**
 * The query behind {@link useFavorites}, for its one subscriber ({@link FavoritesProvider}); idle (no request) while
 * signed out or while the session loads.
 */
function useFavoritesQuery() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  return useQuery({ ...getFavoritesQueryOptions(userId ?? 'anonymous'), enabled: userId !== null });
}

/** What {@link useFavorites} returns: TanStack Query's result for the favorites query. */
export type FavoritesResult = ReturnType<typeof useFavoritesQuery>;

const FavoritesContext = createContext<FavoritesResult | null>(null);

const hasList = (favorites: FavoritesResult) => favorites.data !== undefined;

/**
 * Subscribes to the signed-in user's favorites once for everything below it (app Providers mount it inside the
 * SessionProvider; tests wrap with it). Every heart on a page of cards reads this one subscription: one query observer
 * per card made React redraw the whole page of cards in one blocking task when the list arrived mid-draw.
 */
export function FavoritesProvider({ children }: { children: ReactNode }) {
  const favorites = useFavoritesQuery();
  // The first list reaches the hearts as a deferred update, later changes at once (see useDeferredFirstAnswer).
  const shown = useDeferredFirstAnswer(favorites, hasList);
  return createElement(FavoritesContext.Provider, { value: shown }, children);
}

/**
 * The signed-in user's favorites; idle (no request) while signed out or while the session loads. A failed load stays
 * silent (docs/product.md, Error messages): callers read `data` and treat a missing list as "no favorites".
 * @throws Error when no {@link FavoritesProvider} is above the caller (a wiring mistake).
 */
export function useFavorites(): FavoritesResult {
  const favorites = useContext(FavoritesContext);
  if (favorites === null) throw new Error('useFavorites() needs a <FavoritesProvider> above it');
  return favorites;
}
