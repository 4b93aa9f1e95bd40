import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Spinner } from '@/client/components/ui/spinner';
import { track } from '@/client/lib/analytics';
import { useRecipeParam } from '../hooks/use-recipe-param';
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

function ModalLoadFailure({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Something went wrong</DialogTitle>
          <DialogDescription>Please try again.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onRetry}>Retry</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The recipe modal for the current page (see the module note). Renders nothing while no recipe is open. */
export function RecipeModalHost() {
  const { recipeId, closeRecipe } = useRecipeParam();
  const [shownId, setShownId] = useState<string | null>(recipeId);
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    if (recipeId !== null) setShownId(recipeId);
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

  const id = recipeId ?? shownId;
  if (id === null) return null;

  return (
    <CatalogueErrorBoundary
      onError={(error) => console.error('[Barback] The recipe modal could not be loaded', error)}
      fallback={() =>
        recipeId !== null ? <ModalLoadFailure onRetry={() => window.location.reload()} onClose={closeRecipe} /> : null
      }
    >
      <Suspense fallback={recipeId !== null ? <LoadingRecipe /> : null}>
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
