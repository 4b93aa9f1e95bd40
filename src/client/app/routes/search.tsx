import { ChevronDownIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckChip } from '@/client/components/check-chip';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { ToggleGroup, ToggleGroupItem } from '@/client/components/ui/toggle-group';
import {
  cocktailListParams,
  useInfiniteCocktails,
  usePersonalCocktails,
} from '@/client/features/catalogue/api/get-cocktails';
import {
  CatalogueEmptyState,
  CatalogueLoadError,
  CATALOGUE_TEXT,
} from '@/client/features/catalogue/components/catalogue-states';
import { CocktailGrid } from '@/client/features/catalogue/components/cocktail-grid';
import { CocktailSearchBox } from '@/client/features/catalogue/components/cocktail-search-box';
import { DidYouMean } from '@/client/features/catalogue/components/did-you-mean';
import { ListOrderControls } from '@/client/features/catalogue/components/list-order-controls';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { useSearchTracking } from '@/client/features/catalogue/hooks/use-search-tracking';
import { useUrlSearchText } from '@/client/features/catalogue/hooks/use-url-search-text';
import {
  CATEGORY_CHIPS,
  SPIRIT_CHIPS,
  parseListOrder,
  parseSearchState,
  resultCountText,
  serializeListOrder,
  serializeSearchState,
  type SearchState,
} from '@/client/features/catalogue/lib/search-state';
import { useRatings } from '@/client/features/collections/api/notes-ratings';
import { useMakeable } from '@/client/features/my-bar/api/my-bar-api';
import { useBarUser } from '@/client/features/my-bar/components/recipe-bar-slots';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { useSession } from '@/client/lib/session';
import { openSignInDialog } from '@/client/lib/sign-in-store';
import { isPersonalOrder, orderByRatings, ratingsByCocktailId, type RatingOrder } from '@/shared/domain/rating-order';
import { formatCount } from '@/client/lib/format-count';

/** URL parameter of the 'Can make only' filter (My Bar users): `canMake=1`. */
const CAN_MAKE_PARAM = 'canMake';

/**
 * Route module of `/search`: a working search (the spec's page is a dead placeholder; ours searches). Text box, quick
 * filter chips Gin, Vodka, Whiskey, Rum, Tequila (base spirit) and Classic, Modern (category), combinable with each other
 * and the text; 'N cocktails found' (the server's exact total); home cards; 'Show more' loads the next 50 for signed-in members (anonymous
 * visitors see 'Sign in to see more', which opens the sign-in dialog: the API serves them the first page only). The state lives
 * in the URL (`?q=&spirit=Gin&category=Classic`) so reload and back restore it. Users with My Bar also get 'Can make
 * only' (`&canMake=1`): the cocktails their bar makes now, with the same text and chips. Signed-in users also get their
 * own order: a 'Rated 4+' chip (`&rated=4`) and 'My ratings' or 'Rated first' sorts (`&sort=`), which the server applies
 * before paging (and this page to the 'Can make only' list). Exports `Component`.
 */
export function Component() {
  useDocumentTitle('Search');
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const userId = signedIn ? (session.user?.id ?? null) : null;
  const [urlParams, setUrlParams] = useSearchParams();
  const search = useUrlSearchText();
  useSearchTracking(search.text);
  const state = parseSearchState(urlParams);
  // 'My ratings', 'Rated first' and 'Rated 4+' are the signed-in user's; signed out, the URL's order is ignored.
  const order: RatingOrder = userId ? parseListOrder(urlParams) : { sort: 'relevance' };
  const personal = isPersonalOrder(order);
  const params = cocktailListParams({
    q: search.query,
    spirits: state.spirits,
    categories: state.categories,
    order,
  });
  const barUser = useBarUser();
  const canMakeInUrl = urlParams.get(CAN_MAKE_PARAM) === '1';
  // The switch follows the click at once; the address (a router navigation) catches up a moment later.
  const [canMakeClicked, setCanMakeClicked] = useState<boolean | null>(null);
  if (canMakeClicked !== null && canMakeClicked === canMakeInUrl) setCanMakeClicked(null);
  const canMakeOnly = barUser !== null && (canMakeClicked ?? canMakeInUrl);
  const catalogue = useInfiniteCocktails(params, { enabled: !canMakeOnly && !personal });
  const personalList = usePersonalCocktails(canMakeOnly ? null : userId, params);
  const makeable = useMakeable(canMakeOnly ? barUser : null, 'can-make', search.query);
  const ratings = useRatings(canMakeOnly && personal ? userId : null);
  // 'Can make only' reads every page of the bar's makeable list (a home bar makes tens, not thousands) and applies the
  // chips here, so the count is exact.
  useEffect(() => {
    if (canMakeOnly && makeable.hasNextPage && !makeable.isFetchingNextPage) void makeable.fetchNextPage();
  }, [canMakeOnly, makeable]);
  const paged = personal ? personalList : catalogue;
  const list = canMakeOnly ? makeable : paged;

  const pagedItems = paged.data?.pages.flatMap((page) => page.items) ?? [];
  const makeableItems = orderByRatings(
    (makeable.data?.pages.flatMap((page) => page.items) ?? [])
      .map((item) => item.cocktail)
      .filter(
        (cocktail) =>
          (state.spirits.length === 0 || (state.spirits as readonly string[]).includes(cocktail.base_spirit)) &&
          (state.categories.length === 0 ||
            (cocktail.category !== null && state.categories.includes(cocktail.category))),
      ),
    (cocktail) => cocktail.id,
    ratingsByCocktailId(ratings.data?.items ?? []),
    order,
  );
  const items = canMakeOnly ? makeableItems : pagedItems;
  const total = canMakeOnly ? makeableItems.length : (paged.data?.pages[0]?.total ?? 0);
  const filtered = state.spirits.length > 0 || state.categories.length > 0 || order.minRating !== undefined;
  const waitingForText = search.text.trim() !== params.q;

  const writeState = (next: SearchState) =>
    setUrlParams((prev) => serializeSearchState(next, prev), { replace: true, preventScrollReset: true });

  const writeOrder = (next: RatingOrder) =>
    setUrlParams((prev) => serializeListOrder(next, prev), { replace: true, preventScrollReset: true });
  const clearFilters = () =>
    setUrlParams(
      (prev) =>
        serializeListOrder({ sort: order.sort }, serializeSearchState({ ...state, spirits: [], categories: [] }, prev)),
      { replace: true, preventScrollReset: true },
    );

  const clearAll = () => {
    search.clear();
    setUrlParams(
      (prev) =>
        serializeListOrder({ sort: order.sort }, serializeSearchState({ q: '', spirits: [], categories: [] }, prev)),
      { replace: true, preventScrollReset: true },
    );
  };

  let status: string;
  if (list.isPending || (canMakeOnly && personal && ratings.isPending)) status = CATALOGUE_TEXT.loading;
  else if (list.isError && !list.data) status = '';
  else status = resultCountText(total);

  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <header className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Search</p>
        <h1 className="font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">Find a cocktail</h1>
        <p className="max-w-2xl text-base text-muted">
          Search names, spirits, ingredients, methods and glassware, then narrow it down by spirit or style.
        </p>
      </header>

      <div className="flex flex-col gap-3">
        <CocktailSearchBox
          size="default"
          className="max-w-2xl"
          value={search.text}
          onChange={search.setText}
          onSubmit={search.commit}
          onClear={search.clear}
          busy={waitingForText || (list.isFetching && !list.isFetchingNextPage)}
        />
        <div className="flex flex-wrap items-center gap-2">
          <ToggleGroup
            type="multiple"
            variant="outline"
            size="sm"
            aria-label="Filter by spirit"
            value={state.spirits}
            onValueChange={(values) =>
              writeState({ ...state, spirits: SPIRIT_CHIPS.filter((chip) => values.includes(chip)) })
            }
          >
            {SPIRIT_CHIPS.map((chip) => (
              <ToggleGroupItem key={chip} value={chip} className="px-3.5">
                {chip}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
          <span aria-hidden="true" className="mx-1 hidden h-5 w-px shrink-0 bg-border-strong sm:block" />
          <ToggleGroup
            type="multiple"
            variant="outline"
            size="sm"
            aria-label="Filter by style"
            value={state.categories}
            onValueChange={(values) =>
              writeState({ ...state, categories: CATEGORY_CHIPS.filter((chip) => values.includes(chip)) })
            }
          >
            {CATEGORY_CHIPS.map((chip) => (
              <ToggleGroupItem key={chip} value={chip} className="px-3.5">
                {chip}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
          {barUser ? (
            <CheckChip
              checked={canMakeOnly}
              onCheckedChange={(on) => {
                setCanMakeClicked(on);
                setUrlParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    if (on) next.set(CAN_MAKE_PARAM, '1');
                    else next.delete(CAN_MAKE_PARAM);
                    return next;
                  },
                  { replace: true, preventScrollReset: true },
                );
              }}
            >
              Can make only
            </CheckChip>
          ) : null}
          {userId ? <ListOrderControls order={order} onChange={writeOrder} hasText={params.q !== ''} /> : null}
          {filtered ? (
            <Button variant="ghost" size="sm" className="shrink-0 text-muted" onClick={clearFilters}>
              <XIcon aria-hidden="true" />
              Clear filters
            </Button>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="search-results" className="flex flex-col gap-4">
        <h2 id="search-results" className="sr-only">
          Results
        </h2>
        <p role="status" aria-live="polite" className="text-sm font-medium text-muted" data-testid="result-count">
          {status}
        </p>
        {!canMakeOnly ? <DidYouMean correction={paged.data?.pages[0]?.didYouMean} onSearch={search.replace} /> : null}

        {list.isError && !list.data ? (
          <CatalogueLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !list.isPending && items.length === 0 ? (
          <CatalogueEmptyState onClear={params.q || filtered ? clearAll : undefined} />
        ) : (
          <>
            <CocktailGrid
              items={items}
              loading={list.isPending}
              stale={list.isPlaceholderData}
              appendSkeletons={list.isFetchingNextPage ? 4 : 0}
              label="Cocktails"
              skeletonCount={8}
            />
            {!canMakeOnly && paged.hasNextPage && !paged.isPlaceholderData ? (
              <div className="flex flex-col items-center gap-2 pt-2">
                <p className="text-xs text-subtle">
                  Showing {formatCount(items.length)} of {formatCount(total)}
                </p>
                <Button
                  variant="secondary"
                  size="lg"
                  // Later pages are for signed-in members (the API answers 401 to anonymous callers past page 0).
                  onClick={() => (signedIn ? void paged.fetchNextPage() : openSignInDialog('header'))}
                  disabled={paged.isFetchingNextPage}
                >
                  {paged.isFetchingNextPage ? (
                    <Spinner aria-hidden="true" role="presentation" />
                  ) : (
                    <ChevronDownIcon aria-hidden="true" />
                  )}
                  {signedIn ? 'Show more' : 'Sign in to see more'}
                </Button>
              </div>
            ) : null}
            {list.isFetchNextPageError ? (
              <p className="text-center text-sm text-muted">The next cocktails could not be loaded. Try again.</p>
            ) : null}
          </>
        )}
      </section>

      <RecipeModalHost />
    </div>
  );
}
