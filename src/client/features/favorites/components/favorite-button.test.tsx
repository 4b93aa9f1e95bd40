// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, deferred, drink } from '@/client/features/account/test/fake-api';
import { renderRoutes } from '@/client/test/render-routes';
import { getSignInDialogState, resetSignInDialogForTests } from '@/client/lib/sign-in-store';
import { CocktailCard } from '@/client/features/catalogue/components/cocktail-card';
import { resetUnitSystemCache } from '@/client/lib/use-unit-system';
import { jsonResponse } from '@/client/test/fixtures';
import { FAVORITE_TEXT } from '../hooks/use-favorite';

function renderCard(id = 7) {
  renderRoutes([{ path: '/', element: <CocktailCard cocktail={drink(id)} /> }], '/', { providers: 'app' });
}

/** The card's heart, once the session has been read. */
async function heart(name = 'Drink 7') {
  const button = await screen.findByRole('button', { name: new RegExp(`${name} (to|from) favorites`) });
  await waitFor(() => expect(button.getAttribute('data-session')).not.toBe('loading'));
  return button;
}

beforeEach(() => {
  localStorage.clear();
  resetUnitSystemCache();
  resetSignInDialogForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the favorite heart', () => {
  it('sits beside the card link, not inside it, and says what it does', async () => {
    installFakeApi({ favorites: [] });
    renderCard();
    const button = await heart();
    expect(button).toHaveAttribute('aria-label', 'Save Drink 7 to favorites');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    const link = within(screen.getByRole('article')).getByRole('link', { name: 'Drink 7' });
    expect(link.contains(button)).toBe(false);
  });

  it('shows a saved favorite as pressed', async () => {
    installFakeApi({ favorites: [7] });
    renderCard();
    const button = await screen.findByRole('button', { name: 'Remove Drink 7 from favorites' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
  });

  it('turns on at once, before the server answers, and stays on when the write succeeds', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = installFakeApi({
      favorites: [],
      override: (request) => (request.method === 'PUT' ? answer.promise : undefined),
    });
    renderCard();
    await user.click(await heart());

    const pressed = await screen.findByRole('button', { name: 'Remove Drink 7 from favorites' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls('PUT /api/me/favorites/7')).toHaveLength(1);

    answer.resolve(jsonResponse({ cocktailId: 7, favorite: true }));
    api.state.favorites = [7];
    // The list is read again once the write has settled, and the heart stays on.
    await waitFor(() => expect(api.calls('GET /api/me/favorites').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: 'Remove Drink 7 from favorites' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('removes a favorite with DELETE', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ favorites: [7] });
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Remove Drink 7 from favorites' }));
    expect(
      (await screen.findByRole('button', { name: 'Save Drink 7 to favorites' })).getAttribute('aria-pressed'),
    ).toBe('false');
    await waitFor(() => expect(api.calls('DELETE /api/me/favorites/7')).toHaveLength(1));
    await waitFor(() => expect(api.state.favorites).toEqual([]));
  });

  it("rolls back and says 'Error saving favorite. Please try again.' when the write fails", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    installFakeApi({
      favorites: [],
      override: (request) => (request.method === 'PUT' ? answer.promise : undefined),
    });
    renderCard();
    await user.click(await heart());
    expect(
      (await screen.findByRole('button', { name: 'Remove Drink 7 from favorites' })).getAttribute('aria-pressed'),
    ).toBe('true');

    answer.resolve(jsonResponse({ error: { code: 'INTERNAL', message: 'Database unavailable' } }, 500));
    expect(await screen.findByText(FAVORITE_TEXT.saveFailed)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Save Drink 7 to favorites' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it("signed out: 'Please log in to save favorites', the sign-in dialog opens and nothing is written", async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ signedIn: false });
    renderCard();
    const button = await heart();
    expect(getSignInDialogState().open).toBe(false);
    await user.click(button);

    expect(await screen.findByText(FAVORITE_TEXT.signInRequired)).toBeInTheDocument();
    expect(getSignInDialogState()).toMatchObject({ open: true, variant: 'prompt' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(api.calls('PUT')).toHaveLength(0);
    expect(api.calls('GET /api/me/favorites')).toHaveLength(0);
  });

  it('stays quiet when the favorites cannot be loaded: the heart shows as not saved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi({
      favorites: [7],
      override: (request) =>
        request.method === 'GET' && request.path === '/api/me/favorites'
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'boom' } }, 500)
          : undefined,
    });
    renderCard();
    const button = await heart();
    // The app-wide 3 retries, then the query gives up.
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(api.calls('GET /api/me/favorites')).toHaveLength(4));
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText(FAVORITE_TEXT.saveFailed)).toBeNull();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });
});
