import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ShoppingStatusSlot } from '@/client/features/my-bar/components/recipe-bar-slots';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { LoadFailure } from '../shell/load-failure';

/** The calculator's code loads on its own (spec section 2: lazy-loaded). */
const BatchCalculatorPage = lazy(() =>
  import('@/client/features/batch/components/batch-calculator-page').then((module) => ({
    default: module.BatchCalculatorPage,
  })),
);

/** The loading text of /batch-calculator (spec section 2). */
export const BATCH_LOADING_TEXT = 'Loading Batch Calculator...';

/** The quiet loading state, with the spec's text. */
function BatchLoading() {
  return (
    <p role="status" className="flex min-h-[40dvh] items-center justify-center text-muted" data-testid="batch-loading">
      {BATCH_LOADING_TEXT}
    </p>
  );
}

/**
 * Route module of `/batch-calculator` (spec sections 2 and 3): open to everyone, signed in or not. For a user with My Bar,
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
