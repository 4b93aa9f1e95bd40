import { Component, type ErrorInfo, type ReactNode } from 'react';

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

interface State {
  error: Error | null;
}

/**
 * Catches errors thrown while rendering its children and shows `fallback` instead. Used around the recipe (render-error
 * view) and around the lazily loaded modal (load failure view).
 */
export class CatalogueErrorBoundary extends Component<CatalogueErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error instanceof Error ? error : new Error(String(error)), info);
  }

  override componentDidUpdate(previous: CatalogueErrorBoundaryProps): void {
    if (!this.state.error) return;
    const before = previous.resetKeys ?? [];
    const after = this.props.resetKeys ?? [];
    if (before.length !== after.length || before.some((key, i) => !Object.is(key, after[i]))) this.reset();
  }

  reset = (): void => {
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (this.state.error) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}
