// @vitest-environment jsdom
import { negroniDetail } from '@/client/test/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetUnitSystemCache } from '@/client/lib/use-unit-system';
import {
  catalogueHandler,
  eventsHandler,
  favoriteListOf,
  jsonBody,
  sessionHandler,
  suggestionsHandler,
} from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import { renderRoutes } from '@/client/test/render-routes';
import { SearchPage as SearchPage } from './search-page';

/** A signed-in visitor's `GET /api/auth/get-session` answer. */
const signedInSession = {
  user: {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
  },
  session: { id: 's1', userId: 'u1', expiresAt: '2099-01-01T00:00:00.000Z', createdAt: '2026-01-02T00:00:00.000Z' },
};

/**
 * Answers `/api/cocktails?...` with `total` matches, 50 per page, named after the request; records each list URL.
 * `signedIn` decides what the session endpoint answers (later pages are for signed-in members).
 */
function stubCatalogue(total: number, { signedIn = false }: { signedIn?: boolean } = {}) {
  const requests: URL[] = [];
  server.use(
    eventsHandler(),
    suggestionsHandler(),
    sessionHandler(() => (signedIn ? signedInSession : null)),
    http.get('/api/me/favorites', () => jsonBody(favoriteListOf([]))),
    // The signed-in user's own recipes: one house spec, matched by the server's own search.
    http.get('/api/me/recipes', () =>
      jsonBody({
        items: [
          { ...negroniDetail, id: 9001, name: 'House Negroni', slug: 'u--house-negroni', photo: null, shareSlug: null },
        ],
        limit: 10,
      }),
    ),
    http.get('/api/cocktails', ({ request }) => {
      requests.push(new URL(request.url));
      return undefined; // recorded; catalogueHandler answers
    }),
    catalogueHandler(total, () => signedIn),
  );
  return requests;
}

function renderSearch(url: string) {
  return renderRoutes([{ path: '/search', Component: SearchPage }], url).router;
}

beforeEach(() => {
  localStorage.clear();
  resetUnitSystemCache();
});

/** A `/api/cocktails` answer with facet counts: one cocktail, Gin 3 and Mezcal 1 among the spirits, Coupe 2. */
function stubFacets() {
  const requests: URL[] = [];
  server.use(
    eventsHandler(),
    suggestionsHandler(),
    sessionHandler(() => null),
    http.get('/api/cocktails', ({ request }) => {
      requests.push(new URL(request.url));
      return jsonBody({
        items: [],
        total: 4,
        page: 0,
        pageSize: 50,
        didYouMean: null,
        facets: {
          values: {
            base_spirit: [
              { value: 'Gin', count: 3 },
              { value: 'Mezcal', count: 1 },
            ],
            category: [{ value: 'Classic', count: 4 }],
            glassware: [{ value: 'Coupe', count: 2 }],
            technique: [],
            strength: [],
            difficulty_level: [],
            flavor_profile: [],
            seasonal_tags: [],
            occasion_tags: [],
          },
          ingredients: [{ id: 7, name: 'Egg white', count: 2 }],
          preparation_time: [2, 3, 5, 10].map((max) => ({ max, count: 4 })),
        },
      });
    }),
  );
  return requests;
}

describe('/search', () => {
  it('writes every facet choice to the URL and the request, a panel spirit beside a chip spirit included', async () => {
    const user = userEvent.setup();
    const requests = stubFacets();
    const router = renderSearch('/search?spirit=Gin');
    const panel = await screen.findByTestId('search-facets');

    await user.click(within(panel).getByRole('button', { name: 'Mezcal 1' }));
    await waitFor(() => expect(router.state.location.search).toBe('?spirit=Gin&spirit=Mezcal'));
    expect(within(panel).getByRole('button', { name: 'Mezcal 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Gin' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(panel).getByRole('button', { name: 'Coupe 2' }));
    await user.click(within(panel).getByRole('button', { name: 'Without Egg white' }));
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.getAll('spirit')).toEqual(['Gin', 'Mezcal']);
      expect(params.getAll('glass')).toEqual(['Coupe']);
      expect(params.getAll('without')).toEqual(['7']);
    });
    await waitFor(() => {
      const last = requests.at(-1);
      expect(last?.searchParams.getAll('spirit')).toEqual(['Gin', 'Mezcal']);
      expect(last?.searchParams.getAll('glass')).toEqual(['Coupe']);
      expect(last?.searchParams.getAll('without')).toEqual(['7']);
      expect(last?.searchParams.get('facets')).toBe('1');
    });
  });

  it("offers the API's correction as 'Did you mean' and searches for it when picked", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      eventsHandler(),
      sessionHandler(() => null),
      http.get('/api/cocktails', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        return jsonBody({
          items: [],
          total: q === 'negorni' ? 8 : 1,
          page: 0,
          pageSize: 50,
          didYouMean: q === 'negorni' ? 'negroni' : null,
        });
      }),
    );
    const router = renderSearch('/search?q=negorni');
    const line = await screen.findByTestId('did-you-mean');
    expect(line).toHaveTextContent('Did you mean negroni?');
    await user.click(within(line).getByRole('button', { name: 'negroni' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=negroni'));
    expect((screen.getByRole('combobox', { name: 'Search cocktails' }) as HTMLInputElement).value).toBe('negroni');
    await waitFor(() => expect(asked.at(-1)).toBe('negroni'));
    await waitFor(() => expect(screen.queryByTestId('did-you-mean')).not.toBeInTheDocument());
  });

  it('restores text and chips from the URL and asks the server for exactly that search', async () => {
    const requests = stubCatalogue(3);
    renderSearch('/search?q=sour&spirit=Rum&category=Classic');

    expect(await screen.findByText('3 cocktails found')).toBeInTheDocument();
    expect((screen.getByRole('combobox', { name: 'Search cocktails' }) as HTMLInputElement).value).toBe('sour');
    expect(screen.getByRole('button', { name: 'Rum' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Classic' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Gin' })).toHaveAttribute('aria-pressed', 'false');
    const last = requests.at(-1);
    expect(last?.searchParams.get('q')).toBe('sour');
    expect(last?.searchParams.getAll('spirit')).toEqual(['Rum']);
    expect(last?.searchParams.getAll('category')).toEqual(['Classic']);
    expect(within(screen.getByRole('list', { name: 'Cocktails' })).getAllByRole('article')).toHaveLength(3);
  });

  it('combines chips, writes them to the URL and searches again', async () => {
    const user = userEvent.setup();
    const requests = stubCatalogue(1);
    const router = renderSearch('/search?spirit=Rum');
    expect(await screen.findByText('1 cocktail found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Gin' }));
    await waitFor(() => expect(router.state.location.search).toBe('?spirit=Gin&spirit=Rum'));
    await user.click(screen.getByRole('button', { name: 'Modern' }));
    await waitFor(() => expect(router.state.location.search).toBe('?spirit=Gin&spirit=Rum&category=Modern'));
    await waitFor(() => {
      const last = requests.at(-1);
      expect(last?.searchParams.getAll('spirit')).toEqual(['Gin', 'Rum']);
      expect(last?.searchParams.getAll('category')).toEqual(['Modern']);
    });
    await user.click(screen.getByRole('button', { name: 'Rum' }));
    await waitFor(() => expect(router.state.location.search).toBe('?spirit=Gin&category=Modern'));
  });

  it('puts typed text in the URL after the debounce', async () => {
    const user = userEvent.setup();
    stubCatalogue(2);
    const router = renderSearch('/search');
    await screen.findByText('2 cocktails found');
    await user.clear(screen.getByRole('combobox', { name: 'Search cocktails' }));
    await user.type(screen.getByRole('combobox', { name: 'Search cocktails' }), 'negroni');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?q=negroni'));
  });

  it("loads the next 50 with 'Show more' until every result is shown (signed in)", async () => {
    const user = userEvent.setup();
    const requests = stubCatalogue(60, { signedIn: true });
    renderSearch('/search?q=drink');
    expect(await screen.findByText('60 cocktails found')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Cocktails' });
    expect(within(list).getAllByRole('article')).toHaveLength(50);

    // Shown once the session is known (its first answer is drawn as a deferred update: slow on a busy machine).
    await user.click(await screen.findByRole('button', { name: 'Show more' }, { timeout: 5000 }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(60));
    expect(requests.at(-1)?.searchParams.get('page')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it("lists the signed-in user's own matching recipes above the results, opening in the recipe dialog", async () => {
    stubCatalogue(3, { signedIn: true });
    renderSearch('/search?q=negroni');
    const mine = await screen.findByRole('region', { name: 'From your recipes' }, { timeout: 5000 });
    expect(within(mine).getByRole('link', { name: /House Negroni/ })).toHaveAttribute(
      'href',
      '/search?q=negroni&recipe=9001',
    );
  });

  it("offers 'Sign in to see more' instead of paging to anonymous visitors", async () => {
    const user = userEvent.setup();
    const requests = stubCatalogue(60);
    renderSearch('/search?q=drink');
    expect(await screen.findByText('60 cocktails found')).toBeInTheDocument();
    const more = await screen.findByRole('button', { name: 'Sign in to see more' }, { timeout: 5000 });
    await user.click(more);
    expect(requests.every((url) => url.searchParams.get('page') === '0')).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Cocktails' })).getAllByRole('article')).toHaveLength(50);
  });

  it("shows 'No cocktails found' with 'Clear Search' that resets text and chips", async () => {
    const user = userEvent.setup();
    stubCatalogue(0);
    const router = renderSearch('/search?q=zzz&spirit=Gin');
    expect(await screen.findByText('No cocktails found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
