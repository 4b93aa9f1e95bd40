import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ShoppingStatusSlot } from '@/client/features/my-bar/components/recipe-bar-slots';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { importInSteps } from '@/client/lib/yield-to-main';
import { LoadFailure } from '../shell/load-failure';

type PageModule = {
  default: typeof import('@/client/features/batch/components/batch-calculator-page').BatchCalculatorPage;
};

/** The calculator's module once loaded (null before). */
let loaded: PageModule | null = null;

/** Loads the calculator's code (once: the browser keeps the module). */
function loadPage(): Promise<PageModule> {
  return import('@/client/features/batch/components/batch-calculator-page').then(
    (module) => (loaded = { default: module.BatchCalculatorPage }),
  );
}

/**
 * Loads the calculator's code ahead of the first render. The app's boot awaits it before hydrating the pre-rendered page
 *: a lazy component still loading while the page hydrates keeps its part of the page waiting, and the first
 * update that reaches it (the session arriving) makes React draw that part afresh, dropping what the visitor typed.
 */
export function preload(): Promise<unknown> {
  // zod's own code, then the share link's shapes (built here only for a page opened from a link), then the
  // calculator, each in a task of its own: evaluated together they were the page's longest task at start (Total
  // Blocking Time). The cocktail contracts load with the first recipe the calculator asks for (api/get-recipe.ts), the ingredient
  // contract with the catalogue's ingredients, asked for when an ingredient field is first used (lib/ingredients.ts).
  // record-id.ts builds no schema when it loads, so importing it evaluates zod alone (a dynamic import of 'zod' itself
  // would keep the whole package in the build).
  return importInSteps(
    [
      () => import('@/shared/schemas/record-id'),
      // The share link's schemas are built ahead only for a page opened from a link (BATCH_PARAMS' ?batch= or
      // ?party=): no other start reads them.
      () =>
        import('@/shared/schemas/batch').then((module) => {
          if (/[?&](batch|party)=/.test(window.location.search)) module.batchSchemas();
        }),
    ],
    loadPage,
  );
}

/**
 * The calculator's code loads on its own (docs/product.md, Screens: lazy-loaded). Once loaded, the lazy component resolves at once
 * (a thenable that answers synchronously), so a render after {@link preload} never suspends.
 */
const BatchCalculatorPage = lazy(() =>
  loaded ? ({ then: (resolve: (module: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>) : loadPage(),
);

/** The loading text of /batch-calculator (docs/product.md, Screens). */
export const BATCH_LOADING_TEXT = 'Loading Batch Calculator...';

/** The quiet loading state, with the text of docs/product.md. */
function BatchLoading() {
  return (
    <p role="status" className="flex min-h-[40dvh] items-center justify-center text-muted" data-testid="batch-loading">
      {BATCH_LOADING_TEXT}
    </p>
  );
}

/**
 * Route module of `/batch-calculator` (docs/product.md: Screens, Records): open to everyone, signed in or not. For a user with My Bar,
 * each shopping-list row says whether the bar holds it, or adds it to the shopping list. While the calculator
 * loads: 'Loading Batch Calculator...'; if it fails to load or breaks: 'Something went wrong / Please try again.' with
 * Retry. Exports `Component` (react-router lazy convention).
 */
export function Component() {
  useDocumentTitle('Batch Calculator');
  return (
    <ErrorBoundary fallbackRender={() => <LoadFailure onRetry={() => window.location.reload()} />}>
      <Suspense fallback={<BatchLoading />}>
        <BatchCalculatorPage renderShoppingExtra={(ingredient) => <ShoppingStatusSlot ingredient={ingredient} />} />
      </Suspense>
    </ErrorBoundary>
  );
}
