import type { ErrorInfo, ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

/** Props of {@link CatalogueErrorBoundary}. */
export interface CatalogueErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of the children once they threw; `reset` renders the children again. */
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** Called once per caught error (log it, keep a record). */
  onError?: (error: Error, info: ErrorInfo) => void;
  /** When any of these change, a caught error is cleared (e.g. another cocktail is opened). */
  resetKeys?: readonly unknown[];
}

/** A thrown value as an Error (a thrown string or object becomes an Error with its text). */
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/**
 * Catches errors thrown while rendering its children and shows `fallback` instead (react-error-boundary). Used around the
 * recipe (render-error view) and around the lazily loaded modal (load failure view).
 */
export function CatalogueErrorBoundary({ children, fallback, onError, resetKeys }: CatalogueErrorBoundaryProps) {
  return (
    <ErrorBoundary
      resetKeys={resetKeys ? [...resetKeys] : undefined}
      onError={onError ? (error, info) => onError(asError(error), info) : undefined}
      fallbackRender={({ error, resetErrorBoundary }) => fallback(asError(error), () => resetErrorBoundary())}
    >
      {children}
    </ErrorBoundary>
  );
}
