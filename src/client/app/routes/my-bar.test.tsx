// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '@/client/features/account/test/fake-api';
import { renderRoutes } from '@/client/test/render-routes';
import { readAnalyticsQueue, resetAnalyticsForTests } from '@/client/lib/analytics';
import { getSignInDialogState, resetSignInDialogForTests } from '@/client/lib/sign-in-store';
import { entitlementOf } from '@/client/test/fixtures';
import { apiErrorBody, jsonBody } from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import { LAPSED_PLAN_TEXT } from '@/client/components/lapsed-plan-note';
import { Component as MyBarRoute } from './my-bar';

function renderMyBar() {
  return renderRoutes(
    [
      { path: '/my-bar', element: <MyBarRoute /> },
      { path: '/upgrade', element: <h1>Paywall</h1> },
    ],
    '/my-bar',
    { providers: 'app' },
  ).router;
}

beforeEach(() => {
  localStorage.clear();
  resetSignInDialogForTests();
  resetAnalyticsForTests();
});

describe('/my-bar, gated to Pro or Enterprise (docs/product.md, Roles and plans)', () => {
  it('sends a free user to /upgrade remembering the origin, and tracks route_gate_redirect', async () => {
    installFakeApi();
    const router = renderMyBar();
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade'));
    expect(router.state.location.search).toBe('?from=%2Fmy-bar');
    const redirect = readAnalyticsQueue().find((event) => event.type === 'route_gate_redirect');
    expect(redirect?.props).toEqual({ to: '/upgrade', from: '/my-bar' });
  });

  it('asks a visitor to sign in first', async () => {
    installFakeApi({ signedIn: false });
    const router = renderMyBar();
    expect(await screen.findByRole('heading', { name: 'Sign in to open My Bar' })).toBeInTheDocument();
    // The page opens the dialog from an effect after the commit that drew the heading.
    await waitFor(() => expect(getSignInDialogState()).toMatchObject({ open: true, variant: 'prompt' }));
    expect(router.state.location.pathname).toBe('/my-bar');
  });

  it.each(['pro', 'enterprise'] as const)('opens for %s, with the server answering My Bar', async (name) => {
    installFakeApi({ entitlements: [entitlementOf(name)] });
    const empty = { items: [], total: 0, page: 0, pageSize: 50 };
    server.use(
      http.get('/api/me/bar', () => jsonBody({ items: [] })),
      http.get('/api/ingredients', () => jsonBody({ items: [], total: 0 })),
      http.get('/api/me/bar/makeable', () => jsonBody(empty)),
      http.get('/api/me/shopping-list', () => jsonBody({ items: [] })),
      http.get('/api/me/swaps', () => jsonBody({ items: [] })),
    );
    const router = renderMyBar();
    // An empty bar opens on 'My bottles', with the starter sets.
    expect(await screen.findByRole('tab', { name: /My bottles/, selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add bottles' })).toBeInTheDocument();
    expect(screen.getByText('The basics')).toBeInTheDocument();
    expect(screen.getByTestId('my-bar-plan').textContent).toBe(name === 'pro' ? 'Pro' : 'Enterprise');
    expect(router.state.location.pathname).toBe('/my-bar');
  });

  it('sends the user to /upgrade when the server refuses (the plan lapsed since the session was read)', async () => {
    installFakeApi({ entitlements: [entitlementOf('pro')] });
    server.use(http.get('/api/me/bar', () => apiErrorBody(403, 'ENTITLEMENT_REQUIRED', 'This needs Pro.')));
    const router = renderMyBar();
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade'));
  });

  it('shows a lapsed user their bar with a note and an /upgrade link, instead of sending them away', async () => {
    installFakeApi({
      entitlements: [entitlementOf('pro', { expiresAt: '2020-01-01T00:00:00.000Z', willRenew: false, active: false })],
    });
    const gin = { id: 3, slug: 'gin', name: 'Gin', category: 'Spirits', parentId: null, houseMade: false };
    const empty = { items: [], total: 0, page: 0, pageSize: 50 };
    server.use(
      http.get('/api/me/bar', () => jsonBody({ items: [{ ...gin, addedAt: '2020-01-01T00:00:00.000Z' }] })),
      http.get('/api/ingredients', () => jsonBody({ items: [], total: 0 })),
      http.get('/api/me/bar/makeable', () => jsonBody(empty)),
      http.get('/api/me/shopping-list', () => jsonBody({ items: [], together: { unlocks: 0, examples: [] } })),
      http.get('/api/me/swaps', () => jsonBody({ items: [] })),
    );
    const router = renderMyBar();
    const note = await screen.findByRole('note', { name: LAPSED_PLAN_TEXT.title });
    expect(note.textContent).toMatch(/Your bottles and shopping list stay here to read/);
    expect(screen.getByRole('link', { name: LAPSED_PLAN_TEXT.upgrade })).toHaveAttribute(
      'href',
      '/upgrade?from=%2Fmy-bar',
    );
    expect((await screen.findByTestId('my-bar-summary')).textContent).toMatch(/^1 bottle/);
    expect(router.state.location.pathname).toBe('/my-bar');
    expect(readAnalyticsQueue().some((event) => event.type === 'route_gate_redirect')).toBe(false);
  });

  it('draws no control a lapsed plan cannot use: no adds, no Bought, no Undo; removing still works', async () => {
    const user = userEvent.setup();
    installFakeApi({
      entitlements: [entitlementOf('pro', { expiresAt: '2020-01-01T00:00:00.000Z', willRenew: false, active: false })],
    });
    const gin = { id: 3, slug: 'gin', name: 'Gin', category: 'Spirits', parentId: null, houseMade: false };
    const campari = { id: 4, slug: 'campari', name: 'Campari', category: 'Liqueurs', parentId: null, houseMade: false };
    const syrup = {
      ...{ id: 5, slug: 'simple-syrup', name: 'Simple syrup', category: 'Syrups', parentId: null, parts: [6] },
      ...{ variant: false, abv: 0, aliases: [] },
    };
    const empty = { items: [], total: 0, page: 0, pageSize: 50 };
    const removed: string[] = [];
    server.use(
      http.get('/api/me/bar', () => jsonBody({ items: [{ ...gin, addedAt: '2020-01-01T00:00:00.000Z' }] })),
      http.delete('/api/me/bar/:id', ({ params }) => {
        removed.push(String(params.id));
        return jsonBody({ items: [] });
      }),
      http.get('/api/ingredients', () => jsonBody({ items: [syrup], total: 1 })),
      http.get('/api/me/bar/makeable', () => jsonBody(empty)),
      http.get('/api/me/bar/suggestions', () =>
        jsonBody({ items: [{ ingredient: campari, unlocks: 3, nearer: 0, examples: ['Negroni'] }] }),
      ),
      http.get('/api/me/shopping-list', () =>
        jsonBody({
          items: [{ ingredient: campari, addedAt: '2020-01-01T00:00:00.000Z', unlocks: 3, examples: ['Negroni'] }],
          together: { unlocks: 3, examples: ['Negroni'] },
        }),
      ),
      http.get('/api/me/swaps', () => jsonBody({ items: [] })),
    );
    renderRoutes([{ path: '/my-bar', element: <MyBarRoute /> }], '/my-bar?view=bottles', { providers: 'app' });
    expect(await screen.findByRole('button', { name: 'Remove Gin' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add bottles' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Add a bottle' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'House-made' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'My swaps' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add swap' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove Gin' }));
    await waitFor(() => expect(removed).toEqual(['3']));
    expect(await screen.findByText('Gin removed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: /Shopping list/ }));
    expect(await screen.findByRole('button', { name: 'Remove Campari from the list' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();

    await user.click(screen.getByRole('tab', { name: /Buy next/ }));
    expect(await screen.findByTestId('suggestion')).toHaveTextContent('Campari');
    expect(screen.queryByRole('button', { name: /Add to shopping list/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /I have it/ })).toBeNull();
  });

  it("shows 'Loading My Bar...' while the session is read", async () => {
    installFakeApi({
      override: (request) => (request.path === '/api/auth/get-session' ? new Promise(() => {}) : undefined),
    });
    renderMyBar();
    expect(await screen.findByText('Loading My Bar...')).toBeInTheDocument();
  });
});
