import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  CocktailActionsProvider,
  RecipeExtrasProvider,
  type RecipeExtras,
  type RenderCocktailActions,
} from '@/client/features/catalogue/components/cocktail-actions';
import { FavoriteButton } from '@/client/features/favorites/components/favorite-button';
import { FavoritesProvider } from '@/client/features/favorites/api/get-favorites';
import { CardCollectionsSlot, RecipeNotesSlot } from '@/client/features/collections/components/recipe-notes-slot';
import { CanMakeSlot, RecipeBarSlot, RecipeLineSlot } from '@/client/features/my-bar/components/recipe-bar-slots';
import { MakeItMyOwnSlot } from '@/client/features/recipes/components/make-it-my-own-slot';
import { startSignInAnalytics } from '@/client/features/auth/lib/sign-in-analytics';
import { wantsWrapperSimulator } from '@/client/features/payments/lib/wrapper-sim-flag';
import { startAnalytics } from '@/client/lib/analytics';
import { getAppEnvironment, listenForAppEnvironmentMessages } from '@/client/lib/app-environment';
import { isDebugMode } from '@/client/lib/debug-mode';
import { installDiagnosticListeners, logDiagnostic } from '@/client/lib/diagnostic-log';
import { createQueryClient } from '@/client/lib/query-client';
import { SessionProvider } from '@/client/lib/session';
import { runSoon } from '@/client/lib/yield-to-main';
import { isToasterRequested, listenForToastEvents, subscribeToasterRequest } from '@/client/lib/toast-events';

/** Sonner's Toaster, mounted on the first toast (see withToaster). */
const AppToaster = lazy(() => import('./toaster').then((module) => ({ default: module.AppToaster })));

/**
 * Starts the page-wide listeners once: APP_ENV window messages, the diagnostic log (resize, orientation, errors),
 * 'bb:toast' events, analytics' registration-or-login count from the auth events, a task later analytics itself
 * (page-hide beacon, the queue left from an earlier visit, the native 'activate' event), and the wrapper simulator when
 * asked.
 */
function useRuntime(): void {
  useEffect(() => {
    const env = getAppEnvironment();
    const debug = isDebugMode();
    logDiagnostic('info', 'App started', {
      platform: env.platform,
      debug,
      width: window.innerWidth,
      height: window.innerHeight,
    });
    const stops = [
      listenForAppEnvironmentMessages(window),
      installDiagnosticListeners(window),
      listenForToastEvents(window),
      // Registration or login, from the auth events. Started here rather than in the shell's AuthRuntime: the shell
      // mounts only once the page's lazy code has loaded, and the first session answer can come before that.
      startSignInAnalytics(),
    ];
    // Analytics (reading the queue left from an earlier visit, the page-hide beacon) starts a task later: nothing on
    // screen waits for it, and the first commit's effects all run in one task (Total Blocking Time).
    let stopAnalytics: (() => void) | undefined;
    stops.push(
      runSoon(() => {
        stopAnalytics = startAnalytics({ isNativeApp: env.isNativeApp });
      }),
      () => stopAnalytics?.(),
    );
    // The wrapper simulator (development and tests): inside the "iOS app" with ?wrapper=sim, when the server has it on.
    if (env.isNativeApp && wantsWrapperSimulator(window.location.search)) {
      void import('@/client/features/payments/lib/wrapper-simulator').then((module) => module.startWrapperSimulator());
    }
    return () => {
      for (const stop of stops) stop();
    };
  }, []);
}

/**
 * What every cocktail card and recipe view offers besides the recipe: on cards My Bar's 'can make' mark, the user's rating
 * and 'add to a collection' (with the plan), and the favorite heart.
 */
const renderCocktailActions: RenderCocktailActions = (cocktail, placement) =>
  placement === 'card' ? (
    <span className="flex flex-col items-end gap-1.5">
      <FavoriteButton cocktailId={cocktail.id} name={cocktail.name} />
      <CardCollectionsSlot cocktail={cocktail} />
      <CanMakeSlot cocktailId={cocktail.id} />
    </span>
  ) : (
    <FavoriteButton cocktailId={cocktail.id} name={cocktail.name} />
  );

/** What My Bar and collections add to every recipe: a mark per line, and under the ingredients My Bar's panel then the
 * collections, rating and note. */
const recipeExtras: RecipeExtras = {
  lineMark: (cocktail, position) => <RecipeLineSlot cocktailId={cocktail.id} position={position} />,
  panel: (cocktail) => (
    <>
      <RecipeBarSlot cocktail={cocktail} />
      <RecipeNotesSlot cocktail={cocktail} />
    </>
  ),
  actions: (cocktail) => <MakeItMyOwnSlot cocktail={cocktail} />,
};

/**
 * App-wide providers: TanStack Query (one client per app), the session and the favorites (one subscription each for the
 * whole app, see SessionProvider), the actions cards and recipes offer (favorites), the Sonner toaster, and the runtime
 * listeners (app environment, debug log, toasts, analytics). App environment and debug mode are read anywhere with
 * useAppEnvironment() / useDebugMode().
 * @param client the query client to use instead of a new one (tests only, to read what it is fetching; the app passes
 * none)
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const toasterRequested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  useRuntime();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <FavoritesProvider>
          <CocktailActionsProvider render={renderCocktailActions}>
            <RecipeExtrasProvider extras={recipeExtras}>{children}</RecipeExtrasProvider>
          </CocktailActionsProvider>
        </FavoritesProvider>
      </SessionProvider>
      {toasterRequested ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
