import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sendWrite, wasKept } from '@/client/lib/offline/write-queue';
import { accountKeys } from '@/client/lib/query-keys';
import type { FavoriteList } from '@/shared/schemas/favorites';
import { FAVORITES_PAGE_SIZE } from '@/shared/schemas/favorites-page-size';
import { getFavoritesQueryOptions } from './get-favorites';
import { favoriteKeys } from './query-keys';

/** Answer of `PUT` / `DELETE /api/me/favorites/:cocktailId`. */
export interface FavoriteWriteResult {
  cocktailId: number;
  favorite: boolean;
}

/** What one favorite write asks for: whose list, which cocktail (its name for messages), and the state wanted. */
export interface SetFavoriteVariables {
  userId: string;
  cocktailId: number;
  favorite: boolean;
  name?: string;
}

/**
 * Adds (`favorite: true`, PUT) or removes (`favorite: false`, DELETE) one cocktail in the signed-in user's favorites.
 * Both are idempotent on the server. With no network the write is kept on the device and sent later
 * (lib/offline/write-queue.ts); the answer is then the one the server would give.
 * @throws ApiError: 401 UNAUTHORIZED signed out, 404 NOT_FOUND unknown cocktail (add), 400 VALIDATION_FAILED bad id,
 *   NETWORK_ERROR offline with no IndexedDB to keep the write in.
 */
export function setFavorite({
  userId,
  cocktailId,
  favorite,
  name,
}: SetFavoriteVariables): Promise<FavoriteWriteResult> {
  return sendWrite<FavoriteWriteResult>(
    {
      userId,
      method: favorite ? 'PUT' : 'DELETE',
      path: `/api/me/favorites/${encodeURIComponent(String(cocktailId))}`,
      label: favorite
        ? `Save ${name ?? 'a cocktail'} to your favorites`
        : `Remove ${name ?? 'a cocktail'} from your favorites`,
    },
    null,
    () => ({ cocktailId, favorite }),
  );
}

/**
 * The cached list (page 0) with `cocktailId` added to the front of its ids (`favorite`) or taken out of them, `total`
 * kept equal to the number of ids. A removed cocktail's card leaves `items` too (My Favorites keeps it on screen until
 * the page is left, lib/keep-removed.ts, so the card and its focus stay under the user's finger); an added one's card
 * data is not at hand, so its card arrives with the refetch that follows every write.
 */
export function withFavorite(list: FavoriteList | undefined, cocktailId: number, favorite: boolean): FavoriteList {
  const ids = (list?.ids ?? []).filter((id) => id !== cocktailId);
  const next = favorite ? [cocktailId, ...ids] : ids;
  const items = (list?.items ?? []).filter((item) => favorite || item.id !== cocktailId);
  return {
    ids: next,
    items,
    page: list?.page ?? 0,
    pageSize: list?.pageSize ?? FAVORITES_PAGE_SIZE,
    total: next.length,
  };
}

/**
 * Refetches everything a favorite write changes: the list and its further pages (the cards shift between pages), the
 * profile's count and the recent activity.
 */
function refreshAfterWrite(queryClient: QueryClient, userId: string): void {
  void queryClient.invalidateQueries({ queryKey: favoriteKeys.user(userId) });
  void queryClient.invalidateQueries({ queryKey: accountKeys.me(userId) });
  void queryClient.invalidateQueries({ queryKey: accountKeys.activity(userId) });
}

/**
 * Mutation of one favorite, optimistic: the cached list changes at once; on failure the cocktail goes back to the state
 * it had before (the caller's `onError` shows the message); a write kept offline stays on screen. When the last write in flight settles, the list, the profile
 * count and the activity are refetched, so the screen ends on the server's truth. Never retried.
 */
export function useSetFavorite(options: { onError?: (error: unknown, variables: SetFavoriteVariables) => void } = {}) {
  const queryClient = useQueryClient();
  const { onError } = options;
  return useMutation({
    mutationKey: favoriteKeys.write(),
    mutationFn: setFavorite,
    onMutate: async ({ userId, cocktailId, favorite }) => {
      const { queryKey } = getFavoritesQueryOptions(userId);
      await queryClient.cancelQueries({ queryKey });
      const wasFavorite = queryClient.getQueryData(queryKey)?.ids.includes(cocktailId) ?? false;
      queryClient.setQueryData(queryKey, (old) => withFavorite(old, cocktailId, favorite));
      return { wasFavorite };
    },
    onError: (error, variables, result) => {
      const { queryKey } = getFavoritesQueryOptions(variables.userId);
      const wasFavorite = result?.wasFavorite ?? !variables.favorite;
      queryClient.setQueryData(queryKey, (old) => withFavorite(old, variables.cocktailId, wasFavorite));
      onError?.(error, variables);
    },
    onSettled: (data, _error, { userId }) => {
      // A write kept offline keeps the screen as it is: a refetch would answer the device's older copy. Only the last
      // write in flight refetches: an earlier refetch could land before a later write and undo it on screen.
      if (wasKept(data)) return;
      if (queryClient.isMutating({ mutationKey: favoriteKeys.write() }) <= 1) refreshAfterWrite(queryClient, userId);
    },
  });
}
