// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { resetUnitSystemCache } from '@/client/lib/use-unit-system';
import { negroniDetail, summaryOf } from '@/client/test/fixtures';
import { eventsHandler, sessionHandler } from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import { renderRoutes } from '@/client/test/render-routes';
import { CocktailActionsProvider } from './cocktail-actions';
import { CocktailCard, CocktailCardSkeleton } from './cocktail-card';

/** Cards read the session (for their favorite heart): the test providers, and a signed-out visitor's API. */
function renderCard(cocktail: CocktailSummary, variant: 'home' | 'discover' = 'home', url = '/?q=gin') {
  return renderRoutes([{ path: '*', element: <CocktailCard cocktail={cocktail} variant={variant} /> }], url);
}

beforeEach(() => {
  localStorage.clear();
  resetUnitSystemCache();
  server.use(
    eventsHandler(),
    sessionHandler(() => null),
  );
});

describe('CocktailCard', () => {
  it('shows the name, the base spirit and category badges and the ingredients line', () => {
    renderCard(summaryOf(negroniDetail));
    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { name: 'Negroni' })).toBeInTheDocument();
    expect(within(card).getByText('Gin', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    expect(within(card).getByText('Classic')).toBeInTheDocument();
    expect(
      within(card).getByText('30 ml Gin, 30 ml Campari, 30 ml Sweet vermouth, 1 dash Orange bitters'),
    ).toBeTruthy();
  });

  it('cuts a long ingredients line to its first 100 characters', () => {
    const ingredients = Array.from({ length: 9 }, (_, i) => ({
      amount: 20,
      unit: 'ml',
      ingredient: `House blend no. ${i + 1}`,
    }));
    renderCard(summaryOf(negroniDetail, { ingredients }));
    const full = ingredients.map((item) => `20 ml ${item.ingredient}`).join(', ');
    const line = screen.getByText(/^20 ml House blend no\. 1,/);
    expect(full.length).toBeGreaterThan(100);
    expect(line.textContent).toBe(`${full.slice(0, 100).trimEnd()}…`);
  });

  it("says 'Classic cocktail recipe' when the cocktail lists no ingredients, and omits a missing category", () => {
    renderCard(summaryOf(negroniDetail, { ingredients: [], category: null }));
    expect(screen.getByText('Classic cocktail recipe')).toBeInTheDocument();
    expect(screen.queryByText('Classic')).toBeNull();
  });

  it('follows the remembered unit system', () => {
    localStorage.setItem('bb:unit-system', 'oz');
    renderCard(summaryOf(negroniDetail));
    expect(screen.getByText('1 oz Gin, 1 oz Campari, 1 oz Sweet vermouth, 1 dash Orange bitters')).toBeInTheDocument();
  });

  it("is one link to the cocktail's page that opens the recipe over the current page, keeping the search", async () => {
    const user = userEvent.setup();
    const { router } = renderCard(summaryOf(negroniDetail));
    const link = screen.getByRole('link', { name: 'Negroni' });
    expect(link).toHaveAttribute('href', '/cocktails/negroni');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    await user.click(link);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?q=gin&recipe=12');
    expect(router.state.location.mask?.pathname).toBe('/cocktails/negroni');
  });

  it('discover cards show base spirit, difficulty, glassware, strength and View Recipe', () => {
    renderCard(summaryOf(negroniDetail), 'discover', '/discover');
    const card = screen.getByRole('article');
    expect(within(card).getByText('Gin')).toBeInTheDocument();
    expect(within(card).getByText('Easy')).toBeInTheDocument();
    expect(within(card).getByText('Rocks')).toBeInTheDocument();
    expect(within(card).getByText('Strong')).toBeInTheDocument();
    expect(within(card).getByText('View Recipe')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Negroni' })).toHaveAttribute('href', '/cocktails/negroni');
  });

  it("discover cards' View Recipe is a button that opens the recipe", async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [{ path: '/discover', element: <CocktailCard cocktail={summaryOf(negroniDetail)} variant="discover" /> }],
      '/discover?q=gin',
    );
    await user.click(await screen.findByRole('button', { name: 'View Recipe for Negroni' }));
    expect(router.state.location.pathname).toBe('/discover');
    expect(router.state.location.search).toBe('?q=gin&recipe=12');
    expect(router.state.location.mask?.pathname).toBe('/cocktails/negroni');
  });

  it('draws the actions the app gives it (the favorite heart) beside the link, not inside it', () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <CocktailActionsProvider
            render={(cocktail, placement) => (
              <button type="button" aria-pressed="false">{`Save ${cocktail.name} (${placement})`}</button>
            )}
          >
            <CocktailCard cocktail={summaryOf(negroniDetail)} />
          </CocktailActionsProvider>
        ),
      },
    ]);
    const action = screen.getByRole('button', { name: 'Save Negroni (card)' });
    expect(action.closest('a')).toBeNull();
    expect(action.closest('[data-testid="cocktail-card"]')).not.toBeNull();
  });

  it('draws no action without a provider', () => {
    renderCard(summaryOf(negroniDetail));
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
  });

  it('has a skeleton with the same outer classes as the card (no layout shift)', () => {
    const { container } = renderRoutes([
      {
        path: '/',
        element: (
          <>
            <CocktailCard cocktail={summaryOf(negroniDetail)} />
            <CocktailCardSkeleton />
          </>
        ),
      },
    ]);
    const card = container.querySelector('[data-testid="cocktail-card"]');
    const skeleton = container.querySelector('[data-testid="cocktail-card-skeleton"]');
    const layout = (el: Element | null) =>
      (el?.className ?? '')
        .split(' ')
        .filter((c) => /^(flex|h-|w-|sm:|rounded|border$|overflow)/.test(c))
        .sort();
    expect(layout(skeleton)).toEqual(layout(card));
  });
});
