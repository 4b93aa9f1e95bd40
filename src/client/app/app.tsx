import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { isAgeVerified } from '@/client/app/shell/age-gate-state';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { AppErrorBoundary } from './shell/app-error-boundary';

/**
 * The age gate's code (Radix dialog and all) loads only for visitors who have not confirmed yet, so a returning visitor's
 * first page carries none of it (issue 2's initial-JS budget).
 */
const AgeGate = lazy(() => import('./shell/age-gate').then((module) => ({ default: module.AgeGate })));

/** The router, created after the age gate opens so no route (and no page code) loads before confirmation. */
function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}

/** The whole client: error boundary -> providers -> age gate (when not yet confirmed) -> router. */
export function App() {
  const [verified] = useState(isAgeVerified);
  return (
    <AppErrorBoundary>
      <Providers>
        {verified ? (
          <AppRouter />
        ) : (
          <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
            <AgeGate>
              <AppRouter />
            </AgeGate>
          </Suspense>
        )}
      </Providers>
    </AppErrorBoundary>
  );
}
