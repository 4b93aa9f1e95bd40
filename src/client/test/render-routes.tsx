import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '@/client/lib/session';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/**
 * Renders `routes` in a memory router at `url`, inside a fresh query client that does not retry (a test sees a failure
 * at once). For page tests that need no other provider.
 * @returns the router (`router.state.location` tells where navigation went)
 */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}
