import { ChevronDownIcon, SlidersHorizontalIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckChip } from '@/client/components/check-chip';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
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
import {
  CocktailSearchBox,
  type SuggestionHandlers,
} from '@/client/features/catalogue/search/components/cocktail-search-box';
import {
  SearchFacets,
  type FacetActions,
  type FacetSelection,
} from '@/client/features/catalogue/search/components/search-facets';
import { useRecipeParam, type RecipeLocationState } from '@/client/features/catalogue/hooks/use-recipe-param';
import { DidYouMean } from '@/client/features/catalogue/search/components/did-you-mean';
import { ListOrderControls } from '@/client/features/catalogue/components/list-order-controls';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { useSearchTracking } from '@/client/features/catalogue/search/hooks/use-search-tracking';
import { useUrlSearchText } from '@/client/features/catalogue/search/hooks/use-url-search-text';
import {
  CATEGORY_CHIPS,
  SPIRIT_CHIPS,
  facetChoiceCount,
  parseFacetState,
  parseListOrder,
  parseSearchState,
  resultCountText,
  serializeFacetState,
  serializeListOrder,
  serializeSearchState,
  type FacetState,
  type SearchState,
} from '@/client/features/catalogue/search/lib/search-state';
import { useBarUser } from '@/client/features/my-bar/components/recipe-bar-slots';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { OwnRecipeMatches } from '@/client/features/recipes/components/own-recipe-matches';
import { useSession } from '@/client/lib/session';
import { openSignInDialog } from '@/client/lib/sign-in-store';
import { isPersonalOrder, type RatingOrder } from '@/shared/domain/rating-order';
import { formatCount } from '@/client/lib/format-count';

/** URL parameter of the 'Can make only' filter (My Bar users): `canMake=1`. */
const CAN_MAKE_PARAM = 'canMake';

/** History state of a recipe opened from the page (closing it goes back). */
const FROM_LIST: RecipeLocationState = { recipeFromList: true };

/**
 * The page of `/search` (docs/product.md, Screens, Search): a search box that suggests
 * cocktails and ingredients as you type, the quick chips Gin, Vodka, Whiskey, Rum, Tequila (base spirit) and Classic,
 * Modern (category), and facets with live counts (every base spirit and category, glassware, technique, strength,
 * difficulty, flavor, season, occasion, ingredients with and without, preparation time): beside the results on wide
 * screens, in a 'Filters' dialog on phones. 'N cocktails found' is the server's exact total; a 'Did you mean' line offers
 * the API's correction. Signed-in users also get 'Favorites only', their own order ('Rated 4+', 'My ratings',
 * 'Rated first'), and with My Bar 'Can make only'; the server applies all of them before paging. 'Show more' loads the
 * next 50 for members (anonymous visitors see 'Sign in to see more'). Everything lives in the URL, so reload and back
 * restore it. Exports `Component`.
 */
export function SearchPage() {
  useDocumentTitle('Search');
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const userId = signedIn ? (session.user?.id ?? null) : null;
  const [urlParams, setUrlParams] = useSearchParams();
  const navigate = useNavigate();
  const { recipeTo } = useRecipeParam();
  const search = useUrlSearchText();
  useSearchTracking(search.text);
  const state = parseSearchState(urlParams);
  const facetState = parseFacetState(urlParams);
  // 'My ratings', 'Rated first', 'Rated 4+' and 'Favorites only' are the signed-in user's; signed out, they are ignored.
  const order: RatingOrder = userId ? parseListOrder(urlParams) : { sort: 'relevance' };
  const favoritesOnly = userId !== null && facetState.favorites;
  const barUser = useBarUser();
  const canMakeInUrl = urlParams.get(CAN_MAKE_PARAM) === '1';
  // The switch follows the click at once; the address (a router navigation) catches up a moment later.
  const [canMakeClicked, setCanMakeClicked] = useState<boolean | null>(null);
  if (canMakeClicked !== null && canMakeClicked === canMakeInUrl) setCanMakeClicked(null);
  const canMakeOnly = barUser !== null && (canMakeClicked ?? canMakeInUrl);
  const params = cocktailListParams({
    q: search.query,
    spirits: [...state.spirits, ...facetState.spirits],
    categories: state.categories,
    order,
    facets: facetState.values,
    withIngredients: facetState.withIngredients,
    withoutIngredients: facetState.withoutIngredients,
    maxPrep: facetState.maxPrep,
    favorites: favoritesOnly,
    canMake: canMakeOnly,
    withFacets: true,
  });
  const own = isPersonalOrder(order) || favoritesOnly || canMakeOnly;
  const catalogue = useInfiniteCocktails(params, { enabled: !own });
  const personalList = usePersonalCocktails(own ? userId : null, params);
  const list = own ? personalList : catalogue;

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const firstPage = list.data?.pages[0];
  const total = firstPage?.total ?? 0;
  const choices = facetChoiceCount(facetState);
  const filtered =
    state.spirits.length > 0 || state.categories.length > 0 || order.minRating !== undefined || choices > 0;
  const waitingForText = search.text.trim() !== params.q;

  const writeParams = (update: (prev: URLSearchParams) => URLSearchParams) =>
    setUrlParams(update, { replace: true, preventScrollReset: true });
  const writeState = (next: SearchState) => writeParams((prev) => serializeSearchState(next, prev));
  const writeFacets = (next: FacetState) => writeParams((prev) => serializeFacetState(next, prev));
  const writeOrder = (next: RatingOrder) => writeParams((prev) => serializeListOrder(next, prev));
  const emptyFacets: FacetState = {
    values: {},
    spirits: [],
    withIngredients: [],
    withoutIngredients: [],
    maxPrep: null,
    favorites: facetState.favorites,
  };
  const clearFilters = () =>
    writeParams((prev) =>
      serializeFacetState(
        emptyFacets,
        serializeListOrder({ sort: order.sort }, serializeSearchState({ ...state, spirits: [], categories: [] }, prev)),
      ),
    );
  const clearAll = () => {
    search.clear();
    writeParams((prev) =>
      serializeFacetState(
        { ...emptyFacets, favorites: false },
        serializeListOrder({ sort: order.sort }, serializeSearchState({ q: '', spirits: [], categories: [] }, prev)),
      ),
    );
  };

  const selection: FacetSelection = {
    values: {
      ...facetState.values,
      spirit: [...state.spirits, ...facetState.spirits],
      category: state.categories,
    },
    withIngredients: facetState.withIngredients,
    withoutIngredients: facetState.withoutIngredients,
    maxPrep: facetState.maxPrep,
  };
  const facetActions: FacetActions = {
    onValues: (param, values) => {
      if (param === 'spirit') {
        // One write for both halves (chips and the rest): each write starts from the address of this render.
        const chips = SPIRIT_CHIPS.filter((chip) => values.includes(chip));
        const others = values.filter((value) => !(SPIRIT_CHIPS as readonly string[]).includes(value));
        writeParams((prev) =>
          serializeFacetState(
            { ...facetState, spirits: others },
            serializeSearchState({ ...state, spirits: chips }, prev),
          ),
        );
      } else if (param === 'category') {
        writeState({ ...state, categories: CATEGORY_CHIPS.filter((chip) => values.includes(chip)) });
      } else {
        writeFacets({ ...facetState, values: { ...facetState.values, [param]: values } });
      }
    },
    onIngredient: (id, mode) =>
      writeFacets({
        ...facetState,
        withIngredients:
          mode === 'with' ? [...facetState.withIngredients, id] : facetState.withIngredients.filter((x) => x !== id),
        withoutIngredients:
          mode === 'without'
            ? [...facetState.withoutIngredients, id]
            : facetState.withoutIngredients.filter((x) => x !== id),
      }),
    onMaxPrep: (minutes) => writeFacets({ ...facetState, maxPrep: minutes }),
  };
  const suggestionHandlers: SuggestionHandlers = {
    onPickCocktail: (cocktail) => void navigate(recipeTo(cocktail.id), { state: FROM_LIST }),
    onPickIngredient: (ingredient) => {
      search.clear();
      facetActions.onIngredient(ingredient.id, 'with');
    },
  };

  let status: string;
  if (list.isPending) status = CATALOGUE_TEXT.loading;
  else if (list.isError && !list.data) status = '';
  else status = resultCountText(total);

  const facets = <SearchFacets counts={firstPage?.facets} selection={selection} actions={facetActions} />;

  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <header className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Search</p>
        <h1 className="font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">Find a cocktail</h1>
        <p className="max-w-2xl text-base text-muted">
          Search names, spirits, ingredients, methods and glassware, then narrow it down by spirit, style, glass, flavor
          or what is in it.
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
          suggestions={suggestionHandlers}
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
          {userId ? (
            <CheckChip checked={favoritesOnly} onCheckedChange={(on) => writeFacets({ ...facetState, favorites: on })}>
              Favorites only
            </CheckChip>
          ) : null}
          {barUser ? (
            <CheckChip
              checked={canMakeOnly}
              onCheckedChange={(on) => {
                setCanMakeClicked(on);
                writeParams((prev) => {
                  const next = new URLSearchParams(prev);
                  if (on) next.set(CAN_MAKE_PARAM, '1');
                  else next.delete(CAN_MAKE_PARAM);
                  return next;
                });
              }}
            >
              Can make only
            </CheckChip>
          ) : null}
          {userId ? <ListOrderControls order={order} onChange={writeOrder} hasText={params.q !== ''} /> : null}
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="secondary" size="sm" className="lg:hidden">
                <SlidersHorizontalIcon aria-hidden="true" />
                Filters{choices > 0 ? ` (${choices})` : ''}
              </Button>
            </DialogTrigger>
            <DialogContent className="max-h-[85dvh] overflow-y-auto">
              <DialogHeader>
                <DialogTitle>Filters</DialogTitle>
                <DialogDescription>{status}</DialogDescription>
              </DialogHeader>
              {facets}
              <DialogFooter>
                <DialogClose asChild>
                  <Button>Show {resultCountText(total).replace(' found', '')}</Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </Dialog>
          {filtered ? (
            <Button variant="ghost" size="sm" className="shrink-0 text-muted" onClick={clearFilters}>
              <XIcon aria-hidden="true" />
              Clear filters
            </Button>
          ) : null}
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-label="Filters" className="hidden lg:block">
          {facets}
        </aside>
        <section aria-labelledby="search-results" className="flex flex-col gap-4">
          <h2 id="search-results" className="sr-only">
            Results
          </h2>
          <p role="status" aria-live="polite" className="text-sm font-medium text-muted" data-testid="result-count">
            {status}
          </p>
          {userId ? <OwnRecipeMatches userId={userId} q={params.q} recipeTo={recipeTo} /> : null}
          <DidYouMean correction={firstPage?.didYouMean} onSearch={search.replace} />

          {list.isError && !list.data ? (
            <CatalogueLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : !list.isPending && items.length === 0 ? (
            <CatalogueEmptyState
              onClear={params.q || filtered || favoritesOnly || canMakeOnly ? clearAll : undefined}
            />
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
              {list.hasNextPage && !list.isPlaceholderData ? (
                <div className="flex flex-col items-center gap-2 pt-2">
                  <p className="text-xs text-subtle">
                    Showing {formatCount(items.length)} of {formatCount(total)}
                  </p>
                  <Button
                    variant="secondary"
                    size="lg"
                    // Later pages are for signed-in members (the API answers 401 to anonymous callers past page 0).
                    onClick={() => (signedIn ? void list.fetchNextPage() : openSignInDialog('header'))}
                    disabled={list.isFetchingNextPage}
                  >
                    {list.isFetchingNextPage ? (
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
      </div>

      <RecipeModalHost />
    </div>
  );
}
