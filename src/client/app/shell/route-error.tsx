import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { logDiagnostic } from '@/client/lib/diagnostic-log';
import { ErrorFallback, MAX_ERROR_RETRIES } from './error-fallback';
import { LoadFailure } from './load-failure';
import { NotFoundView } from './not-found-view';
import { paths } from '@/client/config/paths';

/** True when `error` is a failed dynamic import (a lazy route's code could not be fetched or evaluated). */
export function isLazyLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|importing a module script failed|error loading dynamically imported|loading chunk|unable to preload css/i.test(
    message,
  );
}

/** Retries used on the route error screen in this page load (the route element remounts, so the count lives here). */
let routeRetries = 0;

/** Try Again for route errors: re-runs the current location (clears the error) 3 times, then reloads the page. */
function useRouteRetry(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (routeRetries >= MAX_ERROR_RETRIES) {
      window.location.reload();
      return;
    }
    routeRetries += 1;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true });
  };
}

/** Logs a route error to the console and the diagnostic log once. */
function useLogRouteError(error: unknown, label: string): void {
  useEffect(() => {
    if (isRouteErrorResponse(error) && error.status === 404) return;
    console.error(label, error);
    logDiagnostic('error', isLazyLoadError(error) ? 'Page failed to load' : label, {
      message: error instanceof Error ? error.message : String(error),
    });
  }, [error, label]);
}

/**
 * errorElement of the page routes: renders inside the shell.
 * - 404 responses: the 404 page.
 * - lazy route load failures: 'Something went wrong' / 'Please try again.' with Retry (reloads the page, which fetches
 *   fresh code after a deploy).
 * - anything else: the app error screen; Try Again re-renders the route (3 counted retries, then a reload).
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const retry = useRouteRetry();
  useLogRouteError(error, 'Page failed');

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (isLazyLoadError(error)) return <LoadFailure onRetry={() => window.location.reload()} />;
  return (
    <ErrorFallback
      error={error}
      attemptsLeft={MAX_ERROR_RETRIES - routeRetries}
      onTryAgain={retry}
      onGoHome={() => void navigate(paths.home)}
      onReload={() => window.location.reload()}
    />
  );
}

/** errorElement of the root layout (the shell itself failed): the same screens, filling the page. */
export function RootError() {
  const error = useRouteError();
  const retry = useRouteRetry();
  useLogRouteError(error, 'Shell failed');
  if (isLazyLoadError(error)) return <LoadFailure onRetry={() => window.location.reload()} />;
  return (
    <ErrorFallback
      layout="page"
      error={error}
      attemptsLeft={MAX_ERROR_RETRIES - routeRetries}
      onTryAgain={retry}
      onGoHome={() => window.location.assign(paths.home)}
      onReload={() => window.location.reload()}
    />
  );
}
