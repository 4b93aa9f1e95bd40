// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetUnitSystemCache } from '@/client/lib/use-unit-system';
import { catalogueHandler, eventsHandler, sessionHandler } from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import { renderRoutes } from '@/client/test/render-routes';
import { HomePage as HomePage } from './home-page';

/** Answers `/api/cocktails?...` with `total` matches, at most `pageSize` per page, and a signed-out session. */
function stubCatalogue(total: number) {
  server.use(
    eventsHandler(),
    sessionHandler(() => null),
    catalogueHandler(total, () => false),
  );
}

function renderHome(url: string) {
  return renderRoutes(
    [
      { path: '/', Component: HomePage },
      { path: '/search', element: <p>Search page</p> },
    ],
    url,
  ).router;
}

beforeEach(() => {
  localStorage.clear();
  resetUnitSystemCache();
});

describe('home search', () => {
  it("offers 'See all N' leading to /search when a search finds more than the page shows (regression: it offered nothing)", async () => {
    const user = userEvent.setup();
    stubCatalogue(73);
    const router = renderHome('/?q=lime');
    const seeAll = await screen.findByRole('link', { name: 'See all 73 cocktails' });
    expect(seeAll).toHaveAttribute('href', '/search?q=lime');
    await user.click(seeAll);
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=lime');
  });

  it("offers no 'See all' when every match is already shown", async () => {
    stubCatalogue(3);
    renderHome('/?q=lime');
    // The cards come in a deferred render (interruptible), which a loaded test machine may take past the 1 s default.
    expect(await screen.findByText('Drink 3', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /See all/ })).toBeNull();
  });
});
