// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHARED_DATA_ID, sharedPageKey } from '@/shared/first-paint';
import type { SharedRecipe } from '@/shared/schemas/recipes';
import { resetServerPageData } from '@/client/lib/server-page-data';
import { negroniDetail } from '@/client/test/fixtures';
import { eventsHandler, sessionHandler } from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import { renderRoutes } from '@/client/test/render-routes';
import { SharedRecipePage } from './shared-recipe-page';

/** A member's recipe as `GET /api/recipes/shared/:slug` answers it. */
const shared: SharedRecipe = {
  ...negroniDetail,
  id: 901,
  slug: 'u--house-negroni',
  name: 'House Negroni',
  photo: null,
};

/** Puts the server's data block in the document, as a page rendered on the server carries it. */
function embed(block: unknown): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SHARED_DATA_ID;
  script.textContent = JSON.stringify(block);
  document.body.append(script);
}

/** The page at `/recipes/shared/<slug>`, with the app's own providers (its query client's freshness). */
const renderPage = (slug: string) =>
  renderRoutes(
    [{ path: '/recipes/shared/:slug', element: <SharedRecipePage slug={slug} /> }],
    `/recipes/shared/${slug}`,
    {
      providers: 'app',
    },
  );

let requests: string[];
beforeEach(() => {
  requests = [];
  resetServerPageData();
  server.use(
    eventsHandler(),
    sessionHandler(() => null),
    http.get('/api/recipes/shared/:slug', ({ params }) => {
      requests.push(String(params.slug));
      return params.slug === 'abc123' ? HttpResponse.json(shared) : HttpResponse.json({ error: {} }, { status: 404 });
    }),
  );
});
afterEach(() => {
  document.getElementById(SHARED_DATA_ID)?.remove();
  resetServerPageData();
});

describe('SharedRecipePage', () => {
  it('draws the recipe the server rendered the page with at once, without asking the API, titled by its name', async () => {
    embed({ key: sharedPageKey('recipe', 'abc123'), data: shared });
    renderPage('abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'House Negroni' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ingredients' })).toHaveTextContent('30 ml Gin');
    await waitFor(() => expect(document.title).toBe('House Negroni cocktail recipe · Barback'));
    expect(requests).toEqual([]);
  });

  it("asks the API when the page holds another page's data, or data that fails the contract", async () => {
    embed({ key: sharedPageKey('recipe', 'other'), data: shared });
    renderPage('abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'House Negroni' })).toBeInTheDocument();
    expect(requests).toEqual(['abc123']);

    document.getElementById(SHARED_DATA_ID)?.remove();
    resetServerPageData();
    embed({ key: sharedPageKey('recipe', 'abc123'), data: { name: 'Broken' } });
    renderPage('abc123');
    expect(await screen.findAllByRole('heading', { level: 1, name: 'House Negroni' })).not.toHaveLength(0);
    expect(requests).toEqual(['abc123', 'abc123']);
  });

  it('says the recipe is not shared when the API answers 404', async () => {
    renderPage('gone');
    expect(await screen.findByRole('heading', { name: 'This recipe is not shared' })).toBeInTheDocument();
  });
});
