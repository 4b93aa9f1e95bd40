import { ArrowRightIcon, LockKeyholeIcon, ShuffleIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { useSession } from '@/client/lib/session';
import { openSignInDialog } from '@/client/lib/sign-in-store';
import { useCataloguePages } from '@/client/features/catalogue/api/get-catalogue-pages';
import { useCocktailSample } from '@/client/features/catalogue/api/get-cocktail-sample';
import { cocktailListParams, useCocktails, usePersonalCocktails } from '@/client/features/catalogue/api/get-cocktails';
import {
  CatalogueEmptyState,
  CatalogueLoadError,
  CATALOGUE_TEXT,
} from '@/client/features/catalogue/components/catalogue-states';
import { CocktailGrid } from '@/client/features/catalogue/components/cocktail-grid';
import { CocktailSearchBox } from '@/client/features/catalogue/search/components/cocktail-search-box';
import { ListOrderControls } from '@/client/features/catalogue/components/list-order-controls';
import { HeroIllustration } from '@/client/features/catalogue/components/hero-illustration';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { useInfiniteScroll } from '@/client/features/catalogue/hooks/use-infinite-scroll';
import { useSearchTracking } from '@/client/features/catalogue/search/hooks/use-search-tracking';
import { useUrlSearchText } from '@/client/features/catalogue/search/hooks/use-url-search-text';
import {
  parseListOrder,
  resultCountText,
  serializeListOrder,
  serializeSearchState,
} from '@/client/features/catalogue/search/lib/search-state';
import { isPersonalOrder, type RatingOrder } from '@/shared/domain/rating-order';
import { cn } from '@/client/lib/utils';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { formatCount } from '@/client/lib/format-count';

/** Texts of /discover's browsing states. */
export const DISCOVER_TEXT = {
  loadMore: 'Load More',
  loadMoreHint: 'Sign in to browse the whole catalogue, A to Z.',
  end: 'You have reached the end of the list.',
  /** Accessible names of the card lists: anonymous sample, signed-in catalogue, search. */
  sampleList: 'Selected cocktails',
  catalogueList: 'All cocktails',
  searchList: 'Search results',
} as const;

/** How the heading says each personal sort. */
const HEADING_SORT_TEXT = { 'my-ratings': 'by my ratings', 'rated-first': 'most recently rated first' } as const;

/**
 * The results heading: the search, the user's own order, the whole catalogue (signed in) or the sample (signed out).
 * @returns e.g. 'Results for “gin”', 'Rated 4+ for “gin”, by my ratings', 'All cocktails, A to Z', 'Tonight’s selection'.
 */
export function discoverHeading({ q, order, signedIn }: { q: string; order: RatingOrder; signedIn: boolean }): string {
  if (isPersonalOrder(order)) {
    const what = order.minRating !== undefined ? `Rated ${order.minRating}+` : 'All cocktails';
    const how = order.sort === 'relevance' ? '' : `, ${HEADING_SORT_TEXT[order.sort]}`;
    return q ? `${what} for “${q}”${how}` : `${what}${how}`;
  }
  if (q) return `Results for “${q}”`;
  return signedIn ? 'All cocktails, A to Z' : 'Tonight’s selection';
}

/** Skeleton cards shown under the list while the next page loads. */
const NEXT_PAGE_SKELETONS = 4;

/**
 * The page of `/discover` (docs/product.md: Screens, States, Roles and plans, Constants and limits): hero, a text search and discover cards (name, base spirit,
 * difficulty, glassware, strength, 'View Recipe', the favorite heart). Without search text:
 * - signed out: the random sample of 50, 'Shuffle', and a 'Load More' button that opens the sign-in dialog;
 * - signed in: the whole catalogue by name in pages of 50; the next page is asked for when the end of the list comes
 *   within 800 px of the viewport; paging ends at a short page and stops quietly (no message) when a later page fails.
 * While the session is unknown it shows the loading state and asks for neither.
 * With text: the server's search (name, spirit, description, technique, glassware, ingredients), first 50, with a link to
 * the full results on /search. Signed in, a 'Rated 4+' chip and a Sort select ('My ratings', 'Rated first') put the list
 * (with or without text) in the user's own order, paged like browsing; the URL keeps it (`&rated=4&sort=`). Exports `Component` (react-router lazy convention).
 */
export function DiscoverPage() {
  useDocumentTitle('Discover');
  const session = useSession();
  const search = useUrlSearchText();
  useSearchTracking(search.text);
  const [urlParams, setUrlParams] = useSearchParams();
  const params = cocktailListParams({ q: search.query });
  const searching = params.q !== '';
  const signedOut = session.status === 'signed-out';
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  // The signed-in user's own order ('Rated 4+', 'My ratings', 'Rated first'), with or without text, paged like browsing.
  const order: RatingOrder = userId ? parseListOrder(urlParams) : { sort: 'relevance' };
  const personal = isPersonalOrder(order);
  const browsing = session.status === 'signed-in' && !searching && !personal;
  const sample = useCocktailSample(undefined, { enabled: !searching && signedOut });
  const catalogue = useCataloguePages({ enabled: browsing });
  const mine = usePersonalCocktails(personal ? userId : null, cocktailListParams({ q: search.query, order }));
  const pages = personal ? mine : catalogue;
  const paging = browsing || personal;
  const results = useCocktails(params, { enabled: searching && !personal });
  const waitingForText = search.text.trim() !== params.q;

  // A later page that failed ends paging for this visit, quietly (docs/product.md, Error messages: "further paging stops").
  const [pagingStopped, setPagingStopped] = useState(false);
  useEffect(() => {
    if (pages.isFetchNextPageError) setPagingStopped(true);
  }, [pages.isFetchNextPageError]);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = pages;
  const pageCount = pages.data?.pages.length ?? 0;
  const canPage = paging && pageCount > 0 && hasNextPage && !pagingStopped && !isFetchingNextPage;
  const loadMore = useCallback(() => {
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);
  const scrollMarker = useInfiniteScroll({ enabled: canPage, onLoadMore: loadMore, resetKey: pageCount });

  const pagedItems = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const pagedTotal = pages.data?.pages[0]?.total ?? 0;
  const active = paging ? pages : searching ? results : sample;
  const items = (paging ? pagedItems : searching ? results.data?.items : sample.data) ?? [];
  const total = paging ? pagedTotal : searching ? (results.data?.total ?? 0) : items.length;
  const pending = (!searching && session.status === 'loading') || active.isPending;
  const failed = active.isError && !active.data;

  let status: string;
  if (pending) status = CATALOGUE_TEXT.loading;
  else if (failed) status = '';
  else if (searching && !personal) status = resultCountText(total);
  else if (paging)
    status =
      total > items.length ? `Showing ${items.length} of ${formatCount(total)} cocktails` : resultCountText(total);
  else status = `${items.length} picks, shuffled for you`;

  const fullResults = `${paths.search}?${serializeSearchState({ q: params.q, spirits: [], categories: [] }).toString()}`;
  const listLabel = searching
    ? DISCOVER_TEXT.searchList
    : paging
      ? DISCOVER_TEXT.catalogueList
      : DISCOVER_TEXT.sampleList;
  const writeOrder = (next: RatingOrder) =>
    setUrlParams((prev) => serializeListOrder(next, prev), { replace: true, preventScrollReset: true });

  return (
    <div className="flex flex-col gap-8 md:gap-12">
      <section
        aria-labelledby="discover-title"
        className="relative grid items-center gap-6 overflow-hidden rounded-3xl border border-border bg-[radial-gradient(ellipse_at_15%_30%,rgb(200_69_58/0.16),transparent_55%),radial-gradient(ellipse_at_85%_60%,rgb(230_168_79/0.16),transparent_55%),linear-gradient(160deg,#211a15_0%,#140f0c_100%)] px-5 pt-6 pb-5 md:grid-cols-[1.2fr_1fr] md:px-10 md:py-10"
      >
        <div className="relative z-10 flex flex-col gap-4 md:gap-5">
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Discover</p>
          <h1
            id="discover-title"
            className="font-display text-2xl leading-tight font-semibold tracking-[-0.02em] sm:text-3xl md:text-4xl"
          >
            Find your next favorite drink
          </h1>
          <p className="max-w-xl text-sm text-muted sm:text-base md:text-lg">
            A fresh handful from the back bar every visit. Looking for something specific? Search by name, spirit,
            method or glass.
          </p>
          <CocktailSearchBox
            className="mt-1 max-w-xl"
            value={search.text}
            onChange={search.setText}
            onSubmit={search.commit}
            onClear={search.clear}
            placeholder="Try “stirred” or “coupe”"
            busy={searching && (waitingForText || results.isFetching)}
          />
        </div>
        <HeroIllustration
          variant="trio"
          className="pointer-events-none absolute -top-2 -right-16 w-48 opacity-25 md:relative md:top-auto md:right-auto md:w-full md:max-w-sm md:justify-self-center md:opacity-100"
        />
      </section>

      <section aria-labelledby="discover-results" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="flex flex-col gap-0.5">
            <h2 id="discover-results" className="font-display text-xl font-semibold md:text-2xl">
              {discoverHeading({ q: params.q, order, signedIn: userId !== null })}
            </h2>
            <p role="status" aria-live="polite" className="text-sm text-muted" data-testid="result-count">
              {status}
            </p>
          </div>
          {!searching && signedOut ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => void sample.refetch()}
              disabled={sample.isFetching}
              aria-label="Shuffle the selection"
            >
              <ShuffleIcon aria-hidden="true" className={cn(sample.isRefetching && 'animate-pulse')} />
              Shuffle
            </Button>
          ) : userId ? (
            <ListOrderControls order={order} onChange={writeOrder} hasText={searching} />
          ) : null}
          {searching && !personal && total > items.length ? (
            <Button asChild variant="link" size="sm">
              <Link to={fullResults}>
                See all {formatCount(total)} results
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
        </div>

        {failed ? (
          <CatalogueLoadError onRetry={() => void active.refetch()} retrying={active.isFetching} />
        ) : !pending && items.length === 0 ? (
          <CatalogueEmptyState onClear={searching ? search.clear : undefined} />
        ) : (
          <CocktailGrid
            items={items}
            variant="discover"
            drawInBackground
            loading={pending}
            stale={
              personal
                ? mine.isPlaceholderData
                : searching
                  ? results.isPlaceholderData
                  : signedOut && sample.isFetching && !sample.isPending
            }
            appendSkeletons={paging && isFetchingNextPage ? NEXT_PAGE_SKELETONS : 0}
            label={listLabel}
            skeletonCount={8}
          />
        )}

        {paging && !pending && !failed && items.length > 0 ? (
          <>
            {/* The infinite-scroll marker: the next page loads when it comes within 800 px of the viewport. */}
            <div ref={scrollMarker} aria-hidden="true" data-testid="infinite-scroll-marker" className="h-px" />
            {!hasNextPage ? <p className="py-4 text-center text-sm text-muted">{DISCOVER_TEXT.end}</p> : null}
          </>
        ) : null}

        {!searching && signedOut && !pending && !failed && items.length > 0 ? (
          <div className="flex flex-col items-center gap-2 pt-4 pb-2 text-center">
            <Button variant="outline" size="lg" onClick={() => openSignInDialog('prompt')} className="min-w-44">
              <LockKeyholeIcon aria-hidden="true" />
              {DISCOVER_TEXT.loadMore}
            </Button>
            <p className="text-sm text-muted">{DISCOVER_TEXT.loadMoreHint}</p>
          </div>
        ) : null}
      </section>

      <RecipeModalHost />
    </div>
  );
}
