import { Link, useNavigate } from 'react-router';
import { hrefs, paths } from '@/client/config/paths';
import { SIGNED_OUT_ONLY_ATTRIBUTE } from '@/shared/first-paint';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { useSession } from '@/client/lib/session';
import { SignInButtons } from '@/client/features/auth/components/sign-in-buttons';
import { useLastKnownAuthHint } from '@/client/features/auth/hooks/use-header-auth-state';
import { cocktailListParams, useCocktails } from '@/client/features/catalogue/api/get-cocktails';
import { useSearchTracking } from '@/client/features/catalogue/search/hooks/use-search-tracking';
import { useUrlSearchText } from '@/client/features/catalogue/search/hooks/use-url-search-text';
import { resultCountText } from '@/client/features/catalogue/search/lib/search-state';
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
import { useRecipeParam, type RecipeLocationState } from '@/client/features/catalogue/hooks/use-recipe-param';
import { WITH_INGREDIENT_PARAM } from '@/shared/domain/search-facets';
import { DidYouMean } from '@/client/features/catalogue/search/components/did-you-mean';
import { HeroIllustration } from '@/client/features/catalogue/components/hero-illustration';
import { preloadServerDrawnRecipe, RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { FavoritesPrompt } from '@/client/features/favorites/components/favorites-prompt';
import { formatCount } from '@/client/lib/format-count';

/**
 * Loads, ahead of the first render, the recipe modal's code when the server drew a recipe into the page (a deep link):
 * the app's boot awaits it before hydrating, so the drawn modal is hydrated with the page.
 */
export function preload(): Promise<unknown> {
  return preloadServerDrawnRecipe();
}

/** History state of a recipe opened from the page (closing it goes back). */
const FROM_LIST: RecipeLocationState = { recipeFromList: true };

/** Marks a wrapper drawn only for signed-out visitors: hidden from the first paint when this browser was signed in last time. */
const SIGNED_OUT_ONLY = { [SIGNED_OUT_ONLY_ATTRIBUTE]: '' };

/**
 * The page of home (`/`, docs/product.md, Screens): hero with artwork and tagline, the search box and the card grid. Without search text it
 * lists the first 50 cocktails by name with the catalogue's total; with text it shows the server's search results.
 * The text lives in the URL (`?q=`), updated 300 ms after typing stops; `search_performed` is tracked once a text has
 * been still for 350 ms. Every card has a favorite heart; signed-out visitors also see the prompt 'Log in to save your
 * favorite cocktails', which opens the sign-in dialog. Exports `Component` (react-router lazy convention).
 */
export function HomePage() {
  const { recipeTo, pageSlug } = useRecipeParam();
  // A cocktail's page keeps the recipe's title the server gave it.
  useDocumentTitle(pageSlug ? undefined : null);
  const session = useSession();
  const authHint = useLastKnownAuthHint();
  // The hero's Sign Up and the favorites prompt show while the session loads too, unless this browser was signed in
  // last time: the pre-rendered page draws them (it cannot know), so a signed-out visitor's page does not move when the
  // session arrives (layout shift). For a browser signed in last time, CSS hides them from the first paint on
  // (data-signed-out-only, see src/shared/first-paint.ts).
  const signedOutLayout = authHint !== 'signed-in';
  const showPrompt = session.status === 'signed-out' || (session.status === 'loading' && signedOutLayout);
  const search = useUrlSearchText();
  useSearchTracking(search.text);
  const navigate = useNavigate();
  const suggestionHandlers: SuggestionHandlers = {
    onPickCocktail: (cocktail) => void navigate(recipeTo(cocktail.id), { state: FROM_LIST }),
    onPickIngredient: (ingredient) => void navigate(`/search?${WITH_INGREDIENT_PARAM}=${ingredient.id}`),
  };
  const params = cocktailListParams({ q: search.query });
  const list = useCocktails(params);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const searching = params.q !== '';
  const stale = list.isPlaceholderData;
  const waitingForText = search.text.trim() !== params.q;

  let status: string;
  if (list.isPending) status = CATALOGUE_TEXT.loading;
  else if (list.isError && !list.data) status = '';
  else if (searching) status = resultCountText(total);
  else
    status =
      total > items.length ? `Showing ${items.length} of ${formatCount(total)} cocktails` : resultCountText(total);

  return (
    <div className="flex flex-col gap-8 md:gap-12">
      <section
        aria-labelledby="home-title"
        className="relative grid items-center gap-6 overflow-hidden rounded-3xl border border-border bg-[radial-gradient(ellipse_at_80%_40%,rgb(230_168_79/0.18),transparent_55%),linear-gradient(160deg,#211a15_0%,#140f0c_100%)] px-5 pt-6 pb-5 md:grid-cols-[1.2fr_1fr] md:px-10 md:py-10"
      >
        <div className="relative z-10 flex flex-col gap-4 md:gap-5">
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Your pocket bartender</p>
          <h1
            id="home-title"
            className="font-display text-2xl leading-tight font-semibold tracking-[-0.02em] sm:text-3xl md:text-4xl"
          >
            Pour something <span className="text-accent italic">worth remembering</span>.
          </h1>
          <p className="max-w-xl text-sm text-muted sm:text-base md:text-lg">
            Classic and modern cocktail recipes with exact measures, the method step by step and an honest look at how
            strong each drink really is.
          </p>
          <CocktailSearchBox
            className="mt-1 max-w-xl"
            value={search.text}
            onChange={search.setText}
            onSubmit={search.commit}
            onClear={search.clear}
            busy={(waitingForText || list.isFetching) && searching}
            suggestions={suggestionHandlers}
          />
          <div {...SIGNED_OUT_ONLY} className="contents">
            <SignInButtons variant="hero" className="mt-1" showWhileLoading={signedOutLayout} />
          </div>
          <p className="hidden text-sm text-muted sm:block">
            Want filters?{' '}
            <Link to={paths.search} className="font-medium text-accent underline-offset-4 hover:underline">
              Search by spirit and style
            </Link>
          </p>
        </div>
        <HeroIllustration
          variant="coupe"
          className="pointer-events-none hidden md:block md:w-full md:max-w-sm md:justify-self-center"
        />
      </section>

      <section aria-labelledby="home-results" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="home-results" className="font-display text-xl font-semibold md:text-2xl">
            {searching ? `Results for “${params.q}”` : 'All cocktails'}
          </h2>
          <p role="status" aria-live="polite" className="text-sm text-muted" data-testid="result-count">
            {status}
          </p>
        </div>
        {searching ? <DidYouMean correction={list.data?.didYouMean} onSearch={search.replace} /> : null}
        {showPrompt ? (
          <div {...SIGNED_OUT_ONLY} className="contents">
            <FavoritesPrompt className="self-start" />
          </div>
        ) : null}

        {list.isError && !list.data ? (
          <CatalogueLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !list.isPending && items.length === 0 ? (
          <CatalogueEmptyState onClear={searching ? search.clear : undefined} />
        ) : (
          <CocktailGrid
            items={items}
            drawInBackground
            loading={list.isPending}
            stale={stale}
            label="Cocktails"
            skeletonCount={8}
          />
        )}
        {searching && !list.isPending && total > items.length ? (
          // More matches than the home page shows: the search page pages through all of them (members) or asks
          // visitors to sign in for the rest.
          <Link
            to={hrefs.search({ q: params.q })}
            className="self-center rounded-xl border border-border-strong px-5 py-2.5 text-sm font-medium text-foreground transition-colors hover:border-accent hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            data-testid="see-all-results"
          >
            {`See all ${formatCount(total)} cocktails`}
          </Link>
        ) : null}
      </section>

      <RecipeModalHost />
    </div>
  );
}
