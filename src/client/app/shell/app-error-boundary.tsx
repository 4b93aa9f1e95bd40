import { useState, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { logDiagnostic } from '@/client/lib/diagnostic-log';
import { ErrorFallback, MAX_ERROR_RETRIES } from './error-fallback';
import { paths } from '@/client/config/paths';

/** Props of {@link AppErrorBoundary}. `reload` and `goHome` default to full page loads (injectable for tests). */
export interface AppErrorBoundaryProps {
  children: ReactNode;
  reload?: () => void;
  goHome?: () => void;
}

/** Reports a caught error to the console and the diagnostic log. */
function report(error: unknown, info: ErrorInfo): void {
  console.error('App error boundary caught an error', error, info.componentStack);
  const message = (error as { message?: unknown } | null)?.message;
  logDiagnostic('error', 'App error boundary', { message: typeof message === 'string' ? message : String(error) });
}

/**
 * The outermost error boundary (docs/product.md, States, "Error boundary"; react-error-boundary): shows {@link
 * ErrorFallback} when anything below throws. Try Again clears the error and counts a retry; after 3 retries the next
 * attempt reloads the page. Go Home loads /; Reload Page reloads. Full page loads are used because the router itself
 * may be what failed.
 */
export function AppErrorBoundary({ children, reload, goHome }: AppErrorBoundaryProps) {
  const [retries, setRetries] = useState(0);
  const reloadPage = reload ?? (() => window.location.reload());
  const loadHome = goHome ?? (() => window.location.assign(paths.home));

  return (
    <ErrorBoundary
      onError={report}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <ErrorFallback
          layout="page"
          error={error}
          attemptsLeft={MAX_ERROR_RETRIES - retries}
          onTryAgain={() => {
            if (retries >= MAX_ERROR_RETRIES) {
              reloadPage();
              return;
            }
            setRetries(retries + 1);
            resetErrorBoundary();
          }}
          onGoHome={loadHome}
          onReload={reloadPage}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
