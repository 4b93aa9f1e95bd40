import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '@/client/lib/session';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import type { FavoriteList } from '@/shared/schemas/favorites';
import { getFavorites } from './get-favorites';
import { favoriteKeys } from './query-keys';

/**
 * The cards of the signed-in user's favorites past page 0, for My Favorites' infinite scroll. Page 0 (every id and the
 * first cards) is the FavoritesProvider's query; this one starts at page 1.
 */

/** The page after `last`, or undefined once `last` reaches the end of the favorites (`total`). */
export function nextFavoritePage(last: FavoriteList): number | undefined {
  return (last.page + 1) * last.pageSize < last.total ? last.page + 1 : undefined;
}

/** Query of one user's favorite cards from page 1 on (the key carries `userId`), one page per fetchNextPage. */
export function getFavoritePagesQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: favoriteKeys.pages(userId),
    queryFn: ({ pageParam, signal }) => getFavorites(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextFavoritePage,
  });
}

/**
 * The signed-in user's favorite cards past page 0; `enabled: false` (the default) holds every request (My Favorites
 * enables it when the user first scrolls near the end of page 0's cards). Idle while signed out.
 */
export function useFavoritePages({ enabled = false }: { enabled?: boolean } = {}) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  return useInfiniteQuery({
    ...getFavoritePagesQueryOptions(userId ?? 'anonymous'),
    enabled: enabled && userId !== null,
  });
}

/**
 * Every card at hand for `first.ids`, in the order of those ids (newest first): the cards of page 0 (`first.items`)
 * and of the further pages loaded (`more`). Ids whose card is not loaded yet are left out; a card in both is taken
 * from page 0 (the fresher answer after a write). Pure.
 */
export function favoriteCards(first: FavoriteList, more: readonly FavoriteList[] = []): CocktailSummary[] {
  const byId = new Map<number, CocktailSummary>();
  for (const page of more) for (const item of page.items) byId.set(item.id, item);
  for (const item of first.items) byId.set(item.id, item);
  return first.ids.flatMap((id) => {
    const card = byId.get(id);
    return card ? [card] : [];
  });
}
