import { HouseIcon, RefreshCwIcon, RotateCcwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

/**
 * Counted retries before "Try Again" reloads the page instead (docs/product.md, Constants and limits, "Caching and
 * retries").
 */
export const MAX_ERROR_RETRIES = 3;

/** Exact texts of the app error screen (docs/product.md, Error messages, "Error boundary"). */
export const ERROR_TEXT = {
  title: 'Something went wrong',
  body: "We're sorry, but something unexpected happened. Please try again.",
  unknown: 'An unknown error occurred',
} as const;

/** The message to show for a caught value: its `message` when it has a non-empty one, else 'An unknown error occurred'. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const message =
      (error as { message?: unknown; statusText?: unknown }).message ?? (error as { statusText?: unknown }).statusText;
    if (typeof message === 'string' && message) return message;
  }
  if (typeof error === 'string' && error) return error;
  return ERROR_TEXT.unknown;
}

/** Props of {@link ErrorFallback}. */
export interface ErrorFallbackProps {
  error: unknown;
  /** Retries left before "Try Again" reloads the page (0–3). */
  attemptsLeft: number;
  onTryAgain: () => void;
  onGoHome: () => void;
  onReload: () => void;
  /** 'page' fills the viewport (the shell itself failed); 'inline' sits inside the shell's main area. */
  layout?: 'page' | 'inline';
}

/**
 * The error screen: 'Something went wrong', the apology, the error's message, and the buttons 'Try Again (n attempts
 * left)', 'Go Home' and 'Reload Page'.
 */
export function ErrorFallback({
  error,
  attemptsLeft,
  onTryAgain,
  onGoHome,
  onReload,
  layout = 'inline',
}: ErrorFallbackProps) {
  return (
    <div
      role="alert"
      data-testid="error-fallback"
      className={
        layout === 'page'
          ? 'flex min-h-dvh items-center justify-center px-4 py-12 pt-safe'
          : 'flex items-center justify-center px-0 py-10 md:py-16'
      }
    >
      <div className="w-full max-w-md rounded-2xl border border-border-strong bg-surface p-6 text-center shadow-card md:p-8">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-destructive-soft text-danger-text ring-1 ring-destructive/40">
          <TriangleAlertIcon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="font-display text-2xl font-semibold tracking-[-0.01em]">{ERROR_TEXT.title}</h1>
        <p className="mt-2 text-muted">{ERROR_TEXT.body}</p>
        <p
          data-testid="error-message"
          className="mt-4 rounded-lg border border-border bg-background/60 px-3 py-2 text-left font-mono text-sm break-words text-danger-text"
        >
          {errorMessageOf(error)}
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <Button size="lg" onClick={onTryAgain}>
            <RotateCcwIcon aria-hidden="true" />
            {`Try Again (${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left)`}
          </Button>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={onGoHome}>
              <HouseIcon aria-hidden="true" />
              Go Home
            </Button>
            <Button variant="outline" onClick={onReload}>
              <RefreshCwIcon aria-hidden="true" />
              Reload Page
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
