import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { AgeGate } from './shell/age-gate';
import { AppErrorBoundary } from './shell/app-error-boundary';

/** The router, created after the age gate opens so no route (and no page code) loads before confirmation. */
function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}

/** The whole client: error boundary -> providers -> age gate -> router. */
export function App() {
  return (
    <AppErrorBoundary>
      <Providers>
        <AgeGate>
          <AppRouter />
        </AgeGate>
      </Providers>
    </AppErrorBoundary>
  );
}
