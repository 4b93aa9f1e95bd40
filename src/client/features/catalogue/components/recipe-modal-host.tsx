import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { hrefs, paths } from '@/client/config/paths';
import { Spinner } from '@/client/components/ui/spinner';
import { track } from '@/client/lib/analytics';
import { useHydrated } from '@/client/lib/use-hydrated';
import { useRecipeParam } from '../hooks/use-recipe-param';
import { hasEmbeddedRecipe, useIsServerDrawnModal } from '../lib/server-recipe';
import { CARD_LINK_ATTRIBUTE } from './cocktail-card';
import { LOAD_FAILURE_TEXT } from '../lib/load-failure-text';
import { CatalogueErrorBoundary } from './error-boundary';

/**
 * Mount once per catalogue page. Opens the lazily loaded recipe modal whenever the URL has `?recipe=<id>` (cards link
 * there, with the cocktail's own page `/cocktails/<slug>` shown in the address bar) or is a cocktail's page, tracks `recipe_view` once per opened recipe, and on close returns focus to the card that opened it.
 * While the modal's code loads it shows 'Loading recipe…'; if that load fails, 'Something went wrong' / 'Please try
 * again.' with Retry (docs/product.md, Error messages: lazy page or modal failure). Retry reloads the page: the URL keeps the open recipe,
 * and a chunk that fails after a new deploy only comes back with the new page's file names.
 */

/** Pause before the one automatic second try of the modal's code, ms. */
const IMPORT_RETRY_DELAY_MS = 500;

type ModalModule = { default: typeof import('./cocktail-detail-modal').CocktailDetailModal };

/** The modal's module once loaded (null before). */
let loaded: ModalModule | null = null;

async function loadModal(): Promise<ModalModule> {
  let module;
  try {
    module = await import('./cocktail-detail-modal');
  } catch {
    await new Promise((resolve) => setTimeout(resolve, IMPORT_RETRY_DELAY_MS));
    module = await import('./cocktail-detail-modal');
  }
  return (loaded = { default: module.CocktailDetailModal });
}

/**
 * Loads the modal's code when the server drew a recipe into the page (a deep link), so the page's hydration
 * finds it loaded and hydrates the drawn modal at once (a lazy part still loading would wait, and an update reaching it
 * first would draw it again). A failure is left to the modal's own load (its retry and failure view).
 */
export async function preloadServerDrawnRecipe(): Promise<void> {
  if (!hasEmbeddedRecipe()) return;
  try {
    // The modal's code alone: the recipe the server drew passed the catalogue's shape checks on the server, so the
    // page's start evaluates neither zod nor the schemas (lib/cocktail-contract.ts loads them with the first detail
    // fetched).
    await loadModal();
  } catch {
    // The modal's own load tries again and shows its failure view.
  }
}

/** Once loaded, the lazy modal resolves at once (a thenable that answers synchronously): no suspending after a preload. */
const LazyCocktailDetailModal = lazy(() =>
  loaded
    ? ({ then: (resolve: (module: ModalModule) => void) => resolve(loaded!) } as Promise<ModalModule>)
    : loadModal(),
);

function LoadingRecipe() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/85 md:bg-black/60 md:backdrop-blur-sm">
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
function ModalLoadFailure({
  onRetry,
  onClose,
  kind = 'load',
}: {
  onRetry: () => void;
  onClose: () => void;
  /**
   * 'not-found': a cocktail's page whose cocktail the catalogue does not have ('Recipe not found', without Retry);
   * 'offline': the device is offline and keeps no copy ('This recipe needs the network'); 'load': anything else.
   */
  kind?: 'load' | 'not-found' | 'offline';
}) {
  const notFound = kind === 'not-found';
  const [title, body] = notFound
    ? [LOAD_FAILURE_TEXT.notFoundTitle, LOAD_FAILURE_TEXT.notFoundBody]
    : kind === 'offline'
      ? [LOAD_FAILURE_TEXT.offlineTitle, LOAD_FAILURE_TEXT.offlineBody]
      : [LOAD_FAILURE_TEXT.loadTitle, LOAD_FAILURE_TEXT.loadBody];
  const retryRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    (retryRef.current ?? closeRef.current)?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      (document.activeElement === retryRef.current || !retryRef.current ? closeRef : retryRef).current?.focus();
    }
  };
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/85 p-4 md:bg-black/60 md:backdrop-blur-sm">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="recipe-load-failure-title"
        aria-describedby="recipe-load-failure-text"
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-2xl border border-border-strong bg-surface p-6 shadow-2xl"
      >
        <h2 id="recipe-load-failure-title" className="font-display text-xl font-semibold">
          {title}
        </h2>
        <p id="recipe-load-failure-text" className="mt-2 text-sm text-muted">
          {body}
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <Button ref={closeRef} variant={notFound ? 'default' : 'ghost'} onClick={onClose}>
            {notFound ? LOAD_FAILURE_TEXT.notFoundBack : 'Close'}
          </Button>
          {notFound ? null : (
            <Button ref={retryRef} onClick={onRetry}>
              Retry
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * A cocktail's page (`/cocktails/<slug>`) the server did not draw (a link followed inside the app, or a page served
 * without the server's rendering): asks the API for the slug's cocktail, then opens it over the home page with the
 * page's address kept in the address bar. A failure shows the load-failure dialog.
 */
function CocktailPageLookup({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const [failed, setFailed] = useState<'not-found' | 'offline' | 'load' | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/cocktails/by-slug/${encodeURIComponent(slug)}`, { signal: controller.signal })
      .then(async (response) => {
        // 400: an address no cocktail can have (the API refuses its shape); 404: one the catalogue does not have.
        if (response.status === 404 || response.status === 400) return setFailed('not-found');
        // The worker's answer when the device is offline and keeps no copy of this cocktail.
        if (response.status === 503 && navigator.onLine === false) return setFailed('offline');
        const id = response.ok ? ((await response.json()) as { id?: unknown }).id : undefined;
        if (typeof id !== 'number') throw new Error(`no cocktail for '${slug}' (${response.status})`);
        void navigate(hrefs.home({ recipe: id }), { replace: true, mask: hrefs.cocktail(slug) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[Barback] The cocktail page could not be opened', error);
        setFailed(navigator.onLine === false ? 'offline' : 'load');
      });
    return () => controller.abort();
  }, [slug, navigate]);
  return failed ? (
    <ModalLoadFailure
      kind={failed}
      onRetry={() => window.location.reload()}
      onClose={() => void navigate(paths.home, { replace: true })}
    />
  ) : (
    <LoadingRecipe />
  );
}

/**
 * The recipe modal for the current page (see the module note). Renders nothing while no recipe is open. Memoised (it
 * takes no props): the page's own updates (its list's answer arriving, a store update rendered synchronously) do not
 * render the open recipe again; it follows the URL, the session and the favorites through its own hooks.
 */
export const RecipeModalHost = memo(function RecipeModalHost() {
  const { recipeId, pageSlug, closeRecipe, closeHref, showCocktailPage } = useRecipeParam();
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

  // A page hydrated from its pre-render (which holds no modal) opens the recipe in the render after hydration; where the
  // server drew the modal open on this recipe (a deep link), it is rendered from the first render on, as drawn.
  const hydrated = useHydrated();
  const serverDrawn = useIsServerDrawnModal(recipeId);
  const id = recipeId ?? shownId;
  const open = recipeId !== null;
  // The same element while nothing it shows changes: the host renders again when hydration ends (useHydrated), and a
  // new element would reach the drawn modal's Suspense boundary while it is still waiting to be hydrated, which makes
  // React hydrate it at once, in one blocking task, with the whole page's effects. Unchanged, the boundary is hydrated
  // on its own, in an interruptible render after the page's.
  const content = useMemo(
    () =>
      id === null ? null : (
        <CatalogueErrorBoundary
          onError={(error) => console.error('[Barback] The recipe modal could not be loaded', error)}
          fallback={() =>
            open ? <ModalLoadFailure onRetry={() => window.location.reload()} onClose={closeRecipe} /> : null
          }
        >
          <Suspense fallback={open ? <LoadingRecipe /> : null}>
            <LazyCocktailDetailModal
              cocktailId={id}
              open={open}
              onClose={closeRecipe}
              onCloseAutoFocus={restoreFocus}
              serverDrawn={serverDrawn}
              closeHref={closeHref}
              onShown={showCocktailPage}
            />
          </Suspense>
        </CatalogueErrorBoundary>
      ),
    [id, open, closeRecipe, restoreFocus, serverDrawn, closeHref, showCocktailPage],
  );
  if (hydrated && id === null && pageSlug !== null) return <CocktailPageLookup slug={pageSlug} />;
  return hydrated || serverDrawn ? content : null;
});
