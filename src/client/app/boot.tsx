import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { getAppEnvironment } from '@/client/lib/app-environment';
import { prepareClassMerge, prepareClassMergeConfig } from '@/client/lib/utils';
import { yieldToMain } from '@/client/lib/yield-to-main';
import { GATE_LIVE_ATTRIBUTE, PRERENDERED_PATH_ATTRIBUTE, RECIPE_PARAM } from '@/shared/first-paint';
import { AppFrame } from './app';
import { routes } from './router';
import { EarlyClicks } from './shell/early-clicks';

/** A query holding only a recipe deep link (`?recipe=<id>`): the page under the modal draws as without a query. */
const RECIPE_ONLY_QUERY = new RegExp(`^\\?${RECIPE_PARAM}=[^&]*$`);

/**
 * True when `container` holds the build's pre-rendered page for exactly this URL, so React can hydrate it instead of
 * drawing again: the pre-rendered path equals the location's path, the query is empty or only a recipe deep link (the
 * modal opens in the render after hydration; a search or a filter draws something else) and the app runs in a plain
 * browser (the iOS and Toast shells differ from the pre-rendered web shell).
 */
export function canHydrate(container: HTMLElement, location: Location, platform: string): boolean {
  return (
    container.getAttribute(PRERENDERED_PATH_ATTRIBUTE) === location.pathname &&
    (location.search === '' || RECIPE_ONLY_QUERY.test(location.search)) &&
    platform === 'web'
  );
}

/**
 * Opens the page's session storage: React Router reads it as it starts (its record of view transitions), and a page's
 * first read of it waits on a synchronous call to the browser that loads it (boot makes that call in a task
 * of its own). Storage that throws (disabled) is left alone; the router handles that itself.
 */
function openSessionStorage(): void {
  try {
    void window.sessionStorage.length;
  } catch {
    // Storage disabled: nothing to open.
  }
}

/**
 * Forgets the router's mask on a history entry the document was loaded for: the address bar's page (a cocktail's own
 * page, `/cocktails/<slug>`) is what the server drew, so the router starts there rather than at the page the modal was
 * opened over before a reload.
 */
function dropLoadedMask(): void {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'masked' in state && state.masked) {
    window.history.replaceState({ ...state, masked: undefined }, '');
  }
}

/**
 * Loads the lazy route modules `pathname` matches and makes them eager (`Component` set, `lazy` removed), and awaits a
 * module's own `preload()` where it has one (code it loads lazily inside the page), so the router's first render
 * already draws the page, as the pre-render did, instead of a loading fallback.
 * @throws whatever a route module's import throws (a network failure).
 */
async function loadMatchedRoutes(table: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const { preload, ...module } = (await route.lazy()) as Partial<RouteObject> & {
        preload?: () => Promise<unknown>;
      };
      if (typeof preload === 'function') await preload();
      Object.assign(route, module);
      route.lazy = undefined;
    }),
  );
}

/**
 * Starts the app in `container` (`#root`): hydrates the pre-rendered home page when {@link canHydrate} says it matches,
 * otherwise renders fresh over the pre-rendered shell (React replaces it on its first commit, so nothing blanks).
 * @throws when a route module cannot be downloaded (the entry shows its load-failure message).
 */
export async function bootApp(container: HTMLElement): Promise<void> {
  const hydrate = canHydrate(container, window.location, getAppEnvironment().platform);
  // A page drawn afresh loads its route first as well when it opens a recipe: the route loads the recipe modal's code
  // when the server drew the recipe (home's preload), so the first commit replaces the drawn modal with the live one
  // instead of a loading spinner.
  if (hydrate || new URLSearchParams(window.location.search).has(RECIPE_PARAM)) {
    await yieldToMain();
    await loadMatchedRoutes(routes, window.location.pathname);
  }
  // Start-up work that cannot be sliced runs in tasks of its own, each short enough not to block on a slow phone,
  // rather than piled into one task or into React's first render slice: the class merger's config, then its map, the
  // session storage the router reads, then the router.
  await yieldToMain();
  prepareClassMergeConfig();
  await yieldToMain();
  prepareClassMerge();
  await yieldToMain();
  openSessionStorage();
  await yieldToMain();
  dropLoadedMask();
  const router = createBrowserRouter(routes);
  await yieldToMain();
  const app = (
    <StrictMode>
      <EarlyClicks container={container}>
        <AppFrame>
          <RouterProvider router={router} />
        </AppFrame>
      </EarlyClicks>
    </StrictMode>
  );
  // From here React hears the page's events itself (and replays those on parts it has not hydrated yet): the
  // first-paint script stops remembering taps, so none is clicked twice.
  container.setAttribute(GATE_LIVE_ATTRIBUTE, '');
  if (hydrate) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);
    // A transition, like the hydration above: React draws the page in interruptible slices instead of one blocking
    // task (a default-priority first render is never sliced), and the pre-rendered shell stays until it commits.
    const root = createRoot(container);
    startTransition(() => {
      root.render(app);
    });
  }
}
