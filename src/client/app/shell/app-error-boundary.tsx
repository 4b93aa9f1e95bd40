import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logDiagnostic } from '@/client/lib/diagnostic-log';
import { ErrorFallback, MAX_ERROR_RETRIES } from './error-fallback';
import { paths } from '@/client/config/paths';

interface AppErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  retries: number;
}

/** Props of {@link AppErrorBoundary}. `reload` and `goHome` default to full page loads (injectable for tests). */
export interface AppErrorBoundaryProps {
  children: ReactNode;
  reload?: () => void;
  goHome?: () => void;
}

/**
 * The outermost error boundary (spec section 4 "Error boundary"): shows {@link ErrorFallback} when anything below throws.
 * Try Again clears the error and counts a retry; after 3 retries the next attempt reloads the page. Go Home loads /;
 * Reload Page reloads. Full page loads are used because the router itself may be what failed.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null, hasError: false, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<AppErrorBoundaryState> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('App error boundary caught an error', error, info.componentStack);
    logDiagnostic('error', 'App error boundary', { message: error?.message ?? String(error) });
  }

  private reload = () => (this.props.reload ?? (() => window.location.reload()))();
  private goHome = () => (this.props.goHome ?? (() => window.location.assign(paths.home)))();

  private tryAgain = () => {
    if (this.state.retries >= MAX_ERROR_RETRIES) {
      this.reload();
      return;
    }
    this.setState((state) => ({ error: null, hasError: false, retries: state.retries + 1 }));
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return (
      <ErrorFallback
        layout="page"
        error={this.state.error}
        attemptsLeft={MAX_ERROR_RETRIES - this.state.retries}
        onTryAgain={this.tryAgain}
        onGoHome={this.goHome}
        onReload={this.reload}
      />
    );
  }
}
