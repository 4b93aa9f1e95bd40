import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '@/client/app/providers';

/**
 * Renders `element` at `url` inside the app's real providers (query client with the app's defaults, the toaster that
 * mounts on the first toast) and a memory router. Other paths in `extra` can be navigated to (e.g. '/' after a redirect).
 * @returns the router, to read `router.state.location`.
 */
export function renderInApp(
  element: ReactElement,
  { url = '/', path, extra = [] }: { url?: string; path?: string; extra?: RouteObject[] } = {},
) {
  const routePath = path ?? new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter([{ path: routePath, element }, ...extra], { initialEntries: [url] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
