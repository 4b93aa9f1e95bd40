// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_LINK_ATTRIBUTE } from '@/client/features/catalogue/components/cocktail-card';
import { installFakeApi, type FakeApi } from '@/client/features/account/test/fake-api';
import { resetUnitSystemCache } from '@/client/lib/use-unit-system';
import { apiErrorBody, pageOf } from '@/client/test/handlers';
import { renderRoutes } from '@/client/test/render-routes';
import { TestIntersectionObserver } from '@/client/test/test-intersection-observer';
import { FavoritesPage, FAVORITES_PAGE_TEXT } from './favorites-page';

/** How long a hundred cards may take to be drawn in jsdom on a busy machine. */
const CARDS_DRAWN = { timeout: 5000 };

/** The names of the cards drawn in My Favorites' list, in screen order (found by selector: role queries are slow). */
function cardNames(): string[] {
  const list = document.querySelector<HTMLElement>(`ul[aria-label="${FAVORITES_PAGE_TEXT.list}"]`);
  if (!list) return [];
  return [...list.querySelectorAll<HTMLElement>(`article a[${CARD_LINK_ATTRIBUTE}]`)].map(
    (link) => link.textContent ?? '',
  );
}

/** The heart labelled `label`, once it is drawn (by selector: a role query over many cards is slow in jsdom). */
async function heartNamed(label: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null;
  await waitFor(() => {
    found = document.querySelector<HTMLElement>(`button[aria-label="${label}"]`);
    expect(found).not.toBeNull();
  });
  return found!;
}

/** The 0-based pages asked of GET /api/me/favorites, in order. */
function pagesAsked(api: FakeApi): number[] {
  return api
    .calls('GET /api/me/favorites')
    .filter((request) => request.path === '/api/me/favorites')
    .map((request) => pageOf(request.url));
}

/** `n` favorites, newest first: Drink n … Drink 1. */
const newestFirst = (n: number) => Array.from({ length: n }, (_, index) => n - index);
const names = (ids: number[]) => ids.map((id) => `Drink ${id}`);

function renderFavorites() {
  return renderRoutes([{ path: '/profile/favorites', element: <FavoritesPage /> }], '/profile/favorites', {
    providers: 'app',
  });
}

beforeEach(() => {
  localStorage.clear();
  resetUnitSystemCache();
  TestIntersectionObserver.install();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/profile/favorites', () => {
  it('shows page 0 first, then every other favorite as the user scrolls near the end, newest first', async () => {
    const api = installFakeApi({ favorites: newestFirst(120) });
    const { queryClient } = renderFavorites();

    expect(await screen.findByText('120 saved', {}, CARDS_DRAWN)).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(names(newestFirst(120).slice(0, 50))), CARDS_DRAWN);
    expect(pagesAsked(api)).toEqual([0]);

    // Near the end: page 1 loads; the marker is still near the end, so page 2 follows.
    act(() => TestIntersectionObserver.scroll(true));
    await waitFor(() => expect(cardNames()).toEqual(names(newestFirst(120))), CARDS_DRAWN);
    expect(pagesAsked(api)).toEqual([0, 1, 2]);

    // Every favorite is on screen: scrolling on asks for nothing more.
    act(() => TestIntersectionObserver.scroll(false));
    act(() => TestIntersectionObserver.scroll(true));
    expect(queryClient.isFetching()).toBe(0);
    expect(pagesAsked(api)).toEqual([0, 1, 2]);
    expect(screen.getByText('120 saved')).toBeInTheDocument();
  });

  it('keeps an un-hearted card from a later page until the page is left, without a duplicate', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ favorites: newestFirst(60) });
    renderFavorites();
    await screen.findByText('60 saved', {}, CARDS_DRAWN);
    act(() => TestIntersectionObserver.scroll(true));
    await waitFor(() => expect(cardNames()).toHaveLength(60), CARDS_DRAWN);

    // Drink 3 is on page 1; Drink 60 on page 0 (un-hearting it moves page 1's first card onto page 0).
    for (const id of [3, 60]) {
      await user.click(await heartNamed(`Remove Drink ${id} from favorites`));
      expect(await heartNamed(`Save Drink ${id} to favorites`)).toBeInTheDocument();
    }
    expect(await screen.findByText('58 saved')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('DELETE /api/me/favorites')).toHaveLength(2));
    // After the refetches the list on screen is unchanged: the removed cards in place, no card twice.
    await waitFor(() => expect(pagesAsked(api).length).toBeGreaterThanOrEqual(4));
    await waitFor(() => expect(cardNames()).toEqual(names(newestFirst(60))));
    expect(api.state.favorites).toHaveLength(58);

    // Hearting one again keeps it, and it is a favorite again.
    await user.click(await heartNamed('Save Drink 3 to favorites'));
    expect(await heartNamed('Remove Drink 3 from favorites')).toBeInTheDocument();
    expect(await screen.findByText('59 saved')).toBeInTheDocument();
    expect(new Set(cardNames()).size).toBe(cardNames().length);
  });

  it('asks no further page when every favorite fits on page 0', async () => {
    const api = installFakeApi({ favorites: [4, 9, 2] });
    const { queryClient } = renderFavorites();
    await waitFor(() => expect(cardNames()).toEqual(names([4, 9, 2])));
    act(() => TestIntersectionObserver.scroll(true));
    expect(queryClient.isFetching()).toBe(0);
    expect(pagesAsked(api)).toEqual([0]);
    expect(screen.getByText('3 saved')).toBeInTheDocument();
  });

  it('stops paging quietly when a further page is refused (not retried), keeping the cards it has', async () => {
    const api = installFakeApi({
      favorites: newestFirst(120),
      override: (request) =>
        request.method === 'GET' && request.path === '/api/me/favorites' && pageOf(request.url) === 1
          ? apiErrorBody(400, 'VALIDATION_FAILED', 'page must be 0 or more')
          : undefined,
    });
    const { queryClient } = renderFavorites();
    await waitFor(() => expect(cardNames()).toHaveLength(50), CARDS_DRAWN);
    act(() => TestIntersectionObserver.scroll(true));
    await waitFor(() => expect(pagesAsked(api)).toEqual([0, 1]));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    act(() => TestIntersectionObserver.scroll(false));
    act(() => TestIntersectionObserver.scroll(true));
    expect(queryClient.isFetching()).toBe(0);
    expect(pagesAsked(api)).toEqual([0, 1]);
    expect(cardNames()).toHaveLength(50);
    expect(within(screen.getByTestId('favorites-status')).getByText('120 saved')).toBeInTheDocument();
    expect(screen.queryByText(FAVORITES_PAGE_TEXT.loadFailed)).not.toBeInTheDocument();
  });
});
