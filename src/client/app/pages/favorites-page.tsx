import { ArrowLeftIcon, CompassIcon, HeartIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { useSession } from '@/client/lib/session';
import { CocktailGrid } from '@/client/features/catalogue/components/cocktail-grid';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { useInfiniteScroll } from '@/client/features/catalogue/hooks/use-infinite-scroll';
import { useFavorites } from '@/client/features/favorites/api/get-favorites';
import { favoriteCards, useFavoritePages } from '@/client/features/favorites/api/get-favorite-pages';
import { keepRemoved } from '@/client/features/favorites/lib/keep-removed';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { LoadFailed } from '@/client/components/load-failed';
import { formatCount } from '@/client/lib/format-count';

/** Texts of My Favorites. */
export const FAVORITES_PAGE_TEXT = {
  title: 'My Favorites',
  description: 'The cocktails you saved, newest first.',
  back: 'Profile',
  list: 'Favorite cocktails',
  emptyTitle: 'No favorites yet',
  emptyText: 'Tap the heart on any cocktail and it will be waiting for you here, on every device you sign in on.',
  browse: 'Discover cocktails',
  loadFailed: 'Your favorites could not be loaded.',
  signInTitle: 'Sign in to see your favorites',
  signInText:
    'Save the cocktails you love and find them again on any device. Sign in with Google, Facebook or an emailed link.',
} as const;

/** Skeleton cards after the list while the next page of cards loads. */
const NEXT_PAGE_SKELETONS = 4;

/** "3 saved" / "1 saved". */
function savedCount(count: number): string {
  return `${formatCount(count)} saved`;
}

/**
 * The page of My Favorites (`/profile/favorites`, from the profile's My Favorites button): the signed-in user's
 * favorites as cocktail cards, newest first, with the recipe modal; an empty state that points to Discover; a retry when
 * the list cannot be loaded. Page 0's cards come from the FavoritesProvider's list; the further pages (50 cards each)
 * load as the end of the cards comes within 800 px of the viewport (a failed page ends paging for this visit, quietly).
 * A cocktail un-hearted here keeps its card (empty heart) until the page is left, so a mis-tap can be undone. Anonymous
 * visitors get a sign-in prompt. Exports `Component` (react-router lazy convention).
 */
export function FavoritesPage() {
  useDocumentTitle(FAVORITES_PAGE_TEXT.title);
  const session = useSession();
  const favorites = useFavorites();
  const first = favorites.data;
  // Pages past 0 are asked only once the user scrolls near the end; cards cached by an earlier visit are not shown.
  const [wantMore, setWantMore] = useState(false);
  const more = useFavoritePages({ enabled: wantMore });
  const morePages = wantMore ? more.data?.pages : undefined;
  const [pagingStopped, setPagingStopped] = useState(false);
  useEffect(() => {
    if (more.isError) setPagingStopped(true);
  }, [more.isError]);
  const loadedPages = 1 + (morePages?.length ?? 0);
  const hasMore = first !== undefined && loadedPages * first.pageSize < first.total;
  const canPage = hasMore && !pagingStopped && !more.isError && !more.isFetching;
  const { fetchNextPage } = more;
  const loadMore = useCallback(() => {
    if (wantMore) void fetchNextPage({ cancelRefetch: false });
    else setWantMore(true);
  }, [fetchNextPage, wantMore]);
  const scrollMarker = useInfiniteScroll({ enabled: canPage, onLoadMore: loadMore, resetKey: loadedPages });

  const [shown, setShown] = useState<CocktailSummary[]>([]);
  const items = useMemo(() => (first ? favoriteCards(first, morePages) : undefined), [first, morePages]);
  useEffect(() => {
    if (items) setShown((previous) => keepRemoved(previous, items));
  }, [items]);

  if (session.status === 'loading') return <AccountPageSkeleton label="Loading your favorites…" />;
  if (session.status === 'signed-out') {
    return <SignInRequired title={FAVORITES_PAGE_TEXT.signInTitle} description={FAVORITES_PAGE_TEXT.signInText} />;
  }

  const count = favorites.data?.ids.length ?? 0;
  const failed = favorites.isError && !favorites.data;
  const loading = favorites.isPending;
  const list = shown.length > 0 || !items ? shown : items;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2 text-muted">
          <Link to={paths.profile}>
            <ArrowLeftIcon aria-hidden="true" />
            {FAVORITES_PAGE_TEXT.back}
          </Link>
        </Button>
      </div>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Your collection</p>
          <h1 className="mt-1 font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">
            {FAVORITES_PAGE_TEXT.title}
          </h1>
          <p className="mt-2 text-muted">{FAVORITES_PAGE_TEXT.description}</p>
        </div>
        <p role="status" className="text-sm text-muted" data-testid="favorites-status">
          {loading ? 'Loading your favorites…' : failed ? '' : savedCount(count)}
        </p>
      </header>

      {failed ? (
        <LoadFailed
          message={FAVORITES_PAGE_TEXT.loadFailed}
          onRetry={() => void favorites.refetch()}
          retrying={favorites.isFetching}
        />
      ) : !loading && list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border-strong bg-surface/60 px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
            <HeartIcon aria-hidden="true" className="size-7" />
          </span>
          <h2 className="font-display text-xl font-semibold">{FAVORITES_PAGE_TEXT.emptyTitle}</h2>
          <p className="max-w-sm text-sm text-muted">{FAVORITES_PAGE_TEXT.emptyText}</p>
          <Button asChild className="mt-2">
            <Link to={paths.discover}>
              <CompassIcon aria-hidden="true" />
              {FAVORITES_PAGE_TEXT.browse}
            </Link>
          </Button>
        </div>
      ) : (
        <section aria-labelledby="favorites-list-title">
          <h2 id="favorites-list-title" className="sr-only">
            {FAVORITES_PAGE_TEXT.list}
          </h2>
          <CocktailGrid
            items={list}
            loading={loading}
            appendSkeletons={hasMore && more.isFetching ? NEXT_PAGE_SKELETONS : 0}
            label={FAVORITES_PAGE_TEXT.list}
            skeletonCount={4}
          />
          {/* The infinite-scroll marker: the next page of cards loads when it comes within 800 px of the viewport. */}
          {!loading ? (
            <div ref={scrollMarker} aria-hidden="true" data-testid="infinite-scroll-marker" className="h-px" />
          ) : null}
        </section>
      )}

      <RecipeModalHost />
    </div>
  );
}
