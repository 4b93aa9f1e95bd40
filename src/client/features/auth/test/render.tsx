import { toast } from 'sonner';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Providers } from '@/client/app/providers';
import { AuthRuntime } from '../components/auth-runtime';

/**
 * Renders `element` at `url` inside the app's real providers (query client, the toaster that mounts on the first toast),
 * a memory router and the auth runtime (sign-in dialog host, sign-out wiring). Every other path renders a marker
 * `<p data-testid="elsewhere">` naming its path, so a test can see where a navigation went.
 * @returns the router (`router.state.location`).
 */
export function renderWithAuth(element: ReactElement, { url = '/', path }: { url?: string; path?: string } = {}) {
  const routePath = path ?? new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <AuthRuntime />
          </>
        ),
        children: [
          { path: routePath, element },
          { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/**
 * Dismisses every toast (Sonner keeps active toasts in a module-level store and replays them to the next Toaster, so a
 * toast from one test would show in the next).
 */
export function dismissAllToasts(): void {
  toast.dismiss();
}
