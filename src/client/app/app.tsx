import type { ReactNode } from 'react';
import { Providers } from './providers';
import { AppErrorBoundary } from './shell/app-error-boundary';

/**
 * The frame around the router, the same in the browser (boot.tsx) and in the build's pre-render (prerender.tsx), so
 * hydration finds the tree it expects: error boundary -> providers -> `children` (the router). The age gate is not
 * in it: it lives in a root of its own (shell/age-gate-root.tsx) and the app starts only after it.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <Providers>{children}</Providers>
    </AppErrorBoundary>
  );
}
