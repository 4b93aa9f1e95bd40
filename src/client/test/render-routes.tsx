import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { TestProviders } from './test-providers';

/**
 * Renders `routes` in a memory router at `url`, inside a fresh query client that does not retry (a test sees a failure
 * at once). For page tests that need no other provider.
 * @returns the router (`router.state.location` tells where navigation went)
 */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}
