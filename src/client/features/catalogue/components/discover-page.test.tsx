// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '@/client/features/account/test/fake-api';
import { getSignInDialogState, resetSignInDialogForTests } from '@/client/lib/sign-in-store';
import { resetUnitSystemCache } from '@/client/lib/use-unit-system';
import { jsonResponse } from '@/client/test/fixtures';
import { renderRoutes } from '@/client/test/render-routes';
import { TestIntersectionObserver } from '@/client/test/test-intersection-observer';
import { DiscoverPage as DiscoverPage, DISCOVER_TEXT } from './discover-page';

/** The 0-based page numbers asked of GET /api/cocktails (the signed-in catalogue), in order. */
function pagesAsked(api: FakeApi): number[] {
  return api
    .calls('GET /api/cocktails')
    .filter((request) => request.path === '/api/cocktails')
    .map((request) => Number(request.url.searchParams.get('page')));
}

/** How long the cards may take to be drawn: in the background, in slices, slower in jsdom on a busy machine. */
const CARDS_DRAWN = { timeout: 5000 };

/**
 * The cards (articles) drawn in the list named `label`. Found by selector, not by role: a role query computes every
 * element's accessibility and took about a second over a hundred cards in jsdom, which the polling of `waitFor` repeats
 * while the grid draws a few cards a frame.
 */
function cards(label: string): HTMLElement[] {
  const list = document.querySelector<HTMLElement>(`ul[aria-label="${label}"]`);
  if (!list) throw new Error(`no list named ${label}`);
  return [...list.querySelectorAll<HTMLElement>('article')];
}

/** Renders the page at `url` in the app's providers; the query client is returned to read whether a request is under way. */
function renderDiscover(url = '/discover') {
  return renderRoutes([{ path: '/discover', element: <DiscoverPage /> }], url, { providers: 'app' });
}

beforeEach(() => {
  localStorage.clear();
  resetUnitSystemCache();
  resetSignInDialogForTests();
  TestIntersectionObserver.install();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/discover signed in: the catalogue by name with infinite scroll', () => {
  it('loads pages of 50 as the end comes within 800 px, and stops at a short page', async () => {
    const api = installFakeApi({ catalogueSize: 120 });
    const { queryClient } = renderDiscover();

    expect(await screen.findByText('Showing 50 of 120 cocktails')).toBeInTheDocument();
    // The cards are drawn in the background (a deferred update) once the list has arrived.
    await waitFor(() => expect(cards(DISCOVER_TEXT.catalogueList)).toHaveLength(50), CARDS_DRAWN);
    expect(pagesAsked(api)).toEqual([0]);
    expect(api.calls('GET /api/cocktails/sample')).toHaveLength(0);
    expect(TestIntersectionObserver.margins).toContain('0px 0px 800px 0px');

    // Scrolling near the end loads page 1; the marker is still near the end, so page 2 follows without another scroll.
    act(() => TestIntersectionObserver.scroll(true));
    await waitFor(() => expect(cards(DISCOVER_TEXT.catalogueList)).toHaveLength(120), CARDS_DRAWN);
    expect(pagesAsked(api)).toEqual([0, 1, 2]);
    expect(screen.getByText('120 cocktails found')).toBeInTheDocument();

    // Page 2 was short (20 rows): paging is over, however far the user scrolls.
    expect(await screen.findByText(DISCOVER_TEXT.end)).toBeInTheDocument();
    act(() => TestIntersectionObserver.scroll(false));
    act(() => TestIntersectionObserver.scroll(true));
    // A request for another page would have marked its query fetching as it started, within the act above.
    expect(queryClient.isFetching()).toBe(0);
    expect(pagesAsked(api)).toEqual([0, 1, 2]);
    expect(TestIntersectionObserver.paging()).toHaveLength(0);
  });

  it('asks for nothing more until the end comes near', async () => {
    const api = installFakeApi({ catalogueSize: 120 });
    const { queryClient } = renderDiscover();
    expect(await screen.findByText('Showing 50 of 120 cocktails')).toBeInTheDocument();
    // The paging marker is watched (its first report, far from the end, has come and gone) and nothing is loading.
    await waitFor(() => expect(TestIntersectionObserver.paging()).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    act(() => TestIntersectionObserver.scroll(false));
    // A request for page 1 would have marked its query fetching as it started, within the act above.
    expect(queryClient.isFetching()).toBe(0);
    expect(pagesAsked(api)).toEqual([0]);
    // The control: the end coming near does start a request at once.
    act(() => TestIntersectionObserver.scroll(true));
    expect(queryClient.isFetching()).toBeGreaterThan(0);
    await waitFor(() => expect(pagesAsked(api)).toContain(1));
  });

  it('stops quietly when a later page fails: the loaded cards stay, no message, no more requests', async () => {
    const api = installFakeApi({
      catalogueSize: 200,
      override: (request) =>
        request.path === '/api/cocktails' && request.url.searchParams.get('page') === '1'
          ? jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Sign in to browse past the first page.' } }, 401)
          : undefined,
    });
    const { queryClient } = renderDiscover();
    expect(await screen.findByText('Showing 50 of 200 cocktails')).toBeInTheDocument();

    act(() => TestIntersectionObserver.scroll(true));
    await waitFor(() => expect(pagesAsked(api)).toEqual([0, 1]));
    await waitFor(() => expect(TestIntersectionObserver.paging()).toHaveLength(0));

    act(() => TestIntersectionObserver.scroll(false));
    act(() => TestIntersectionObserver.scroll(true));
    // A request for another page would have marked its query fetching as it started, within the act above.
    expect(queryClient.isFetching()).toBe(0);
    expect(pagesAsked(api)).toEqual([0, 1]);
    // The cards are drawn in the background (a deferred update) once the list has arrived.
    await waitFor(() => expect(cards(DISCOVER_TEXT.catalogueList)).toHaveLength(50), CARDS_DRAWN);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/could not be loaded/i)).toBeNull();
    expect(screen.queryByText(DISCOVER_TEXT.end)).toBeNull();
  });
});

describe('/discover signed out', () => {
  it("keeps the random sample and offers 'Load More', which opens the sign-in dialog", async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ signedIn: false, catalogueSize: 80 });
    renderDiscover();

    expect(await screen.findByText('50 picks, shuffled for you')).toBeInTheDocument();
    // The cards are drawn in the background (a deferred update) once the list has arrived.
    await waitFor(() => expect(cards(DISCOVER_TEXT.sampleList)).toHaveLength(50), CARDS_DRAWN);
    expect(TestIntersectionObserver.paging()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: DISCOVER_TEXT.loadMore }));
    expect(getSignInDialogState()).toMatchObject({ open: true, variant: 'prompt' });
    expect(pagesAsked(api)).toEqual([]);
  });
});

describe('/discover in my own order', () => {
  it("'Rated 4+' and the sort ask the server for the user's order, change the heading and keep paging", async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ catalogueSize: 120 });
    renderDiscover();
    expect(await screen.findByText('Showing 50 of 120 cocktails')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Rated 4+' }));
    expect(await screen.findByRole('heading', { name: 'Rated 4+' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'my-ratings');
    expect(await screen.findByRole('heading', { name: 'Rated 4+, by my ratings' })).toBeInTheDocument();

    const asked = api.calls('GET /api/cocktails').map((request) => request.url.searchParams);
    const last = asked.at(-1) as URLSearchParams;
    expect(last.get('sort')).toBe('my-ratings');
    expect(last.get('minRating')).toBe('4');
    expect(last.get('page')).toBe('0');
    // Pages of the personal list load on scroll like the catalogue's.
    act(() => TestIntersectionObserver.scroll(true));
    await waitFor(() =>
      expect(
        api
          .calls('GET /api/cocktails')
          .some((r) => r.url.searchParams.get('sort') === 'my-ratings' && r.url.searchParams.get('page') === '1'),
      ).toBe(true),
    );
  });

  it('offers no personal order to a signed-out visitor, and ignores one in the URL', async () => {
    const api = installFakeApi({ signedIn: false, catalogueSize: 80 });
    renderDiscover('/discover?sort=my-ratings&rated=4');
    expect(await screen.findByText('50 picks, shuffled for you')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sort' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Rated 4+' })).toBeNull();
    expect(pagesAsked(api)).toEqual([]);
  });
});
