import { ArrowRightIcon, ShuffleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/client/app/paths';
import { Button } from '@/client/components/ui/button';
import { useCocktailSample } from '@/client/features/catalogue/api/get-cocktail-sample';
import { cocktailListParams, useCocktails } from '@/client/features/catalogue/api/get-cocktails';
import {
  CatalogueEmptyState,
  CatalogueLoadError,
  CATALOGUE_TEXT,
} from '@/client/features/catalogue/components/catalogue-states';
import { CocktailGrid } from '@/client/features/catalogue/components/cocktail-grid';
import { CocktailSearchBox } from '@/client/features/catalogue/components/cocktail-search-box';
import { HeroIllustration } from '@/client/features/catalogue/components/hero-illustration';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { useSearchTracking } from '@/client/features/catalogue/hooks/use-search-tracking';
import { useUrlSearchText } from '@/client/features/catalogue/hooks/use-url-search-text';
import { resultCountText, serializeSearchState } from '@/client/features/catalogue/lib/search-state';
import { cn } from '@/client/lib/utils';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/**
 * Route module of `/discover` (spec section 2): hero, a text search and discover cards (name, base spirit, difficulty,
 * glassware, strength, 'View Recipe'). Without text it shows the anonymous random sample of 50 (paging arrives with
 * accounts); with text, the server's search (name, spirit, description, technique, glassware, ingredients), first 50,
 * with a link to the full results on /search. Exports `Component` (react-router lazy convention).
 */
export function Component() {
  useDocumentTitle('Discover');
  const search = useUrlSearchText();
  useSearchTracking(search.text);
  const params = cocktailListParams({ q: search.query });
  const searching = params.q !== '';
  const sample = useCocktailSample(undefined, { enabled: !searching });
  const results = useCocktails(params, { enabled: searching });
  const active = searching ? results : sample;
  const items = (searching ? results.data?.items : sample.data) ?? [];
  const total = searching ? (results.data?.total ?? 0) : items.length;
  const waitingForText = search.text.trim() !== params.q;

  let status: string;
  if (active.isPending) status = CATALOGUE_TEXT.loading;
  else if (active.isError && !active.data) status = '';
  else if (searching) status = resultCountText(total);
  else status = `${items.length} picks, shuffled for you`;

  const fullResults = `${paths.search}?${serializeSearchState({ q: params.q, spirits: [], categories: [] }).toString()}`;

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
            Find your next favourite drink
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
              {searching ? `Results for “${params.q}”` : 'Tonight’s selection'}
            </h2>
            <p role="status" aria-live="polite" className="text-sm text-muted" data-testid="result-count">
              {status}
            </p>
          </div>
          {!searching ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => void sample.refetch()}
              disabled={sample.isFetching}
              aria-label="Shuffle the selection"
            >
              <ShuffleIcon aria-hidden="true" className={cn(sample.isFetching && 'animate-pulse')} />
              Shuffle
            </Button>
          ) : total > items.length ? (
            <Button asChild variant="link" size="sm">
              <Link to={fullResults}>
                See all {total.toLocaleString('en-US')} results
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
        </div>

        {active.isError && !active.data ? (
          <CatalogueLoadError onRetry={() => void active.refetch()} retrying={active.isFetching} />
        ) : !active.isPending && items.length === 0 ? (
          <CatalogueEmptyState onClear={searching ? search.clear : undefined} />
        ) : (
          <CocktailGrid
            items={items}
            variant="discover"
            loading={active.isPending}
            stale={searching ? results.isPlaceholderData : sample.isFetching && !sample.isPending}
            label={searching ? 'Search results' : 'Selected cocktails'}
            skeletonCount={8}
          />
        )}
      </section>

      <RecipeModalHost />
    </div>
  );
}
