import { ArrowLeftIcon, CompassIcon, HeartIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { useSession } from '@/client/lib/session';
import { CocktailGrid } from '@/client/features/catalogue/components/cocktail-grid';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { useFavorites } from '@/client/features/favorites/api/get-favorites';
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

/** "3 saved" / "1 saved". */
function savedCount(count: number): string {
  return `${formatCount(count)} saved`;
}

/**
 * The page of My Favorites (`/profile/favorites`, from the profile's My Favorites button): the signed-in user's
 * favorites as cocktail cards, newest first, with the recipe modal; an empty state that points to Discover; a retry when
 * the list cannot be loaded. A cocktail un-hearted here keeps its card (empty heart) until the page is left, so a mis-tap
 * can be undone. Anonymous visitors get a sign-in prompt. Exports `Component` (react-router lazy convention).
 */
export function FavoritesPage() {
  useDocumentTitle(FAVORITES_PAGE_TEXT.title);
  const session = useSession();
  const favorites = useFavorites();
  const [shown, setShown] = useState<CocktailSummary[]>([]);
  const items = favorites.data?.items;
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
          <CocktailGrid items={list} loading={loading} label={FAVORITES_PAGE_TEXT.list} skeletonCount={4} />
        </section>
      )}

      <RecipeModalHost />
    </div>
  );
}
