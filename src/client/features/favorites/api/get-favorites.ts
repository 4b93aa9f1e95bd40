import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/client/lib/session';
import { apiFetch } from '@/client/lib/api-client';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { favoriteKeys } from './query-keys';

/** `GET /api/me/favorites` answer: the favorite cocktail ids and their list items, newest favorite first. */
export interface FavoriteList {
  ids: number[];
  items: CocktailSummary[];
}

/**
 * Fetches the signed-in user's favorites.
 * @throws ApiError: 401 UNAUTHORIZED when the session has ended, NETWORK_ERROR offline.
 */
export function getFavorites(signal?: AbortSignal): Promise<FavoriteList> {
  return apiFetch<FavoriteList>('/api/me/favorites', null, { signal });
}

/** Query of one user's favorites (the key carries `userId`). 4xx answers are not retried. */
export function getFavoritesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: favoriteKeys.list(userId),
    queryFn: ({ signal }) => getFavorites(signal),
  });
}

/**
 * The signed-in user's favorites; idle (no request) while signed out or while the session loads. A failed load stays
 * silent (spec section 8): callers read `data` and treat a missing list as "no favorites".
 */
export function useFavorites() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  return useQuery({ ...getFavoritesQueryOptions(userId ?? 'anonymous'), enabled: userId !== null });
}
