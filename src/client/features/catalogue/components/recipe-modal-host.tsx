import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { track } from '@/client/lib/analytics';
import { useHydrated } from '@/client/lib/use-hydrated';
import { useRecipeParam } from '../hooks/use-recipe-param';
import { hasServerRecipeSheet, removeServerRecipeSheet } from '../lib/server-recipe';
import { CARD_LINK_ATTRIBUTE } from './cocktail-card';
import { CatalogueErrorBoundary } from './error-boundary';

/**
 * Mount once per catalogue page. Opens the lazily loaded recipe modal whenever the URL has `?recipe=<id>` (cards link
 * there), tracks `recipe_view` once per opened recipe, and on close returns focus to the card that opened it.
 * While the modal's code loads it shows 'Loading recipe…'; if that load fails, 'Something went wrong' / 'Please try
 * again.' with Retry (spec section 8: lazy page or modal failure). Retry reloads the page: the URL keeps the open recipe,
 * and a chunk that fails after a new deploy only comes back with the new page's file names.
 */

/** Pause before the one automatic second try of the modal's code, ms. */
const IMPORT_RETRY_DELAY_MS = 500;

async function loadModal() {
  try {
    return await import('./cocktail-detail-modal');
  } catch {
    await new Promise((resolve) => setTimeout(resolve, IMPORT_RETRY_DELAY_MS));
    return import('./cocktail-detail-modal');
  }
}

const LazyCocktailDetailModal = lazy(() => loadModal().then((module) => ({ default: module.CocktailDetailModal })));

function LoadingRecipe() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/60 backdrop-blur-sm">
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border border-border-strong bg-surface px-5 py-4 text-sm shadow-2xl"
      >
        <Spinner aria-hidden="true" role="presentation" className="size-5" />
        Loading recipe…
      </div>
    </div>
  );
}

/**
 * Shown when the modal's own code could not be loaded. Deliberately built without the Radix dialog: that code would have
 * to be fetched too, over the same failing connection, and it keeps the dialog library out of the first page load.
 * An alert dialog with its title and text, Retry focused on open, Escape or Close to dismiss, Tab kept between its buttons.
 */
function ModalLoadFailure({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const retryRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The server's drawing of the recipe would cover this message: the message takes its place.
    removeServerRecipeSheet();
    retryRef.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      (document.activeElement === retryRef.current ? closeRef : retryRef).current?.focus();
    }
  };
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/60 p-4 backdrop-blur-sm">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="recipe-load-failure-title"
        aria-describedby="recipe-load-failure-text"
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-2xl border border-border-strong bg-surface p-6 shadow-2xl"
      >
        <h2 id="recipe-load-failure-title" className="font-display text-xl font-semibold">
          Something went wrong
        </h2>
        <p id="recipe-load-failure-text" className="mt-2 text-sm text-muted">
          Please try again.
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <Button ref={closeRef} variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button ref={retryRef} onClick={onRetry}>
            Retry
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The recipe modal for the current page (see the module note). Renders nothing while no recipe is open. */
export function RecipeModalHost() {
  const { recipeId, closeRecipe } = useRecipeParam();
  const [shownId, setShownId] = useState<string | null>(recipeId);
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    if (recipeId !== null) setShownId(recipeId);
    // Left before the live modal took over (a link in the page): the server's drawing of the recipe goes too.
    else removeServerRecipeSheet();
  }, [recipeId]);

  useEffect(() => {
    if (recipeId === null) {
      lastTracked.current = null;
      return;
    }
    if (lastTracked.current === recipeId) return;
    lastTracked.current = recipeId;
    const numeric = Number(recipeId);
    track('recipe_view', { id: Number.isSafeInteger(numeric) ? numeric : recipeId });
  }, [recipeId]);

  // The modal swaps its panel (loading -> recipe) while open; Radix reports each swap as a "close" focus event, which
  // must not pull focus out of the open dialog. Only a real close returns focus to the card.
  const isOpen = useRef(recipeId !== null);
  useEffect(() => {
    isOpen.current = recipeId !== null;
  }, [recipeId]);

  const restoreFocus = useCallback(
    (event: Event) => {
      if (isOpen.current) {
        event.preventDefault();
        return;
      }
      if (!shownId) return;
      const link = document.querySelector<HTMLElement>(`[${CARD_LINK_ATTRIBUTE}="${CSS.escape(shownId)}"]`);
      if (link) {
        event.preventDefault();
        link.focus({ preventScroll: true });
      }
    },
    [shownId],
  );

  // A page hydrated from its pre-render (which holds no modal) opens the recipe in the render after hydration.
  const hydrated = useHydrated();
  const id = recipeId ?? shownId;
  if (id === null || !hydrated) return null;

  return (
    <CatalogueErrorBoundary
      onError={(error) => console.error('[Barback] The recipe modal could not be loaded', error)}
      fallback={() =>
        recipeId !== null ? <ModalLoadFailure onRetry={() => window.location.reload()} onClose={closeRecipe} /> : null
      }
    >
      {/* While the server's drawing of the recipe is on screen (a deep link), it is the loading view: no spinner over it. */}
      <Suspense fallback={recipeId !== null && !hasServerRecipeSheet() ? <LoadingRecipe /> : null}>
        <LazyCocktailDetailModal
          cocktailId={id}
          open={recipeId !== null}
          onClose={closeRecipe}
          onCloseAutoFocus={restoreFocus}
        />
      </Suspense>
    </CatalogueErrorBoundary>
  );
}
