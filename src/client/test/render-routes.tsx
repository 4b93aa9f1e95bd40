import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '@/client/app/providers';
import { createQueryClient } from '@/client/lib/query-client';
import { createTestQueryClient, TestProviders } from './test-providers';

export interface RenderRoutesOptions {
  /**
   * 'test' (the default): {@link TestProviders}, a fresh query client that does not retry (a test sees a failure at
   * once) and the session. 'app': the app's real providers (the query client with the app's defaults, favorites, the
   * cards' and recipes' actions, the toaster that mounts on the first toast, the runtime listeners).
   */
  providers?: 'test' | 'app';
  /** With the test providers, false leaves the session provider out (a test whose API has no session answer). */
  session?: boolean;
}

/**
 * The one render helper of the client tests: renders `routes` in a memory router at `url`, inside the test providers or
 * the app's real ones (see {@link RenderRoutesOptions}). Other routes in `routes` can be navigated to (e.g. '/' after a
 * redirect).
 * @returns what testing-library's render returns (container, unmount…), the router (`router.state.location` tells where
 * navigation went) and the query client in use (`queryClient.isFetching()` tells whether a request is under way)
 */
export function renderRoutes(
  routes: RouteObject[],
  url = '/',
  { providers = 'test', session = true }: RenderRoutesOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter>; queryClient: QueryClient } {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const tree = <RouterProvider router={router} />;
  if (providers === 'app') {
    const queryClient = createQueryClient();
    return { ...render(<Providers client={queryClient}>{tree}</Providers>), router, queryClient };
  }
  const queryClient = createTestQueryClient();
  const view = render(
    <TestProviders client={queryClient} session={session}>
      {tree}
    </TestProviders>,
  );
  return { ...view, router, queryClient };
}
