// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUnitSystemCache } from '@/client/features/catalogue/hooks/use-unit-system';
import { jsonResponse, negroniDetail, summaryOf } from '@/client/test/fixtures';
import type { CocktailPage } from '@/shared/schemas/cocktail';
import { Component as HomePage } from './home';

/** Answers `/api/cocktails?...` with `total` matches, at most `pageSize` per page, and a signed-out session. */
function stubCatalogue(total: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/events') return jsonResponse({ accepted: 1 }, 202);
      if (url.pathname === '/api/auth/get-session') return jsonResponse(null);
      const pageSize = Number(url.searchParams.get('pageSize') || 50);
      const count = Math.min(pageSize, total);
      const body: CocktailPage = {
        items: Array.from({ length: count }, (_, i) =>
          summaryOf(negroniDetail, { id: i + 1, slug: `drink-${i + 1}`, name: `Drink ${i + 1}` }),
        ),
        total,
        page: 0,
        pageSize,
      };
      return jsonResponse(body);
    }),
  );
}

function renderHome(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/', Component: HomePage },
      { path: '/search', element: <p>Search page</p> },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  resetUnitSystemCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home search', () => {
  it("offers 'See all N' leading to /search when a search finds more than the page shows (regression: it offered nothing)", async () => {
    stubCatalogue(73);
    const router = renderHome('/?q=lime');
    const seeAll = await screen.findByRole('link', { name: 'See all 73 cocktails' });
    expect(seeAll.getAttribute('href')).toBe('/search?q=lime');
    fireEvent.click(seeAll);
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=lime');
  });

  it("offers no 'See all' when every match is already shown", async () => {
    stubCatalogue(3);
    renderHome('/?q=lime');
    expect(await screen.findByText('Drink 3')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /See all/ })).toBeNull();
  });
});
