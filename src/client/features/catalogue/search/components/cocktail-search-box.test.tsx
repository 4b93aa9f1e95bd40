// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { eventsHandler, jsonBody, sessionHandler } from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import { renderRoutes } from '@/client/test/render-routes';
import type { SuggestionList } from '@/shared/schemas/search';
import { CocktailSearchBox, type SuggestionHandlers } from './cocktail-search-box';

const answer: SuggestionList = {
  q: 'neg',
  cocktails: [
    { id: 1, name: 'Negroni', base_spirit: 'Gin', category: 'Classic' },
    { id: 2, name: 'Negroni Sbagliato', base_spirit: 'Wine', category: 'Modern' },
  ],
  ingredients: [{ id: 9, name: 'Negroni bitters', category: 'Bitters' }],
  leadingIngredients: 0,
  didYouMean: null,
};

function Harness({ handlers, onSubmit }: { handlers: SuggestionHandlers; onSubmit: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <CocktailSearchBox
      value={text}
      onChange={setText}
      onSubmit={() => onSubmit(text)}
      onClear={() => setText('')}
      suggestions={handlers}
    />
  );
}

function setup(suggestions: SuggestionList = answer) {
  const asked: string[] = [];
  server.use(
    eventsHandler(),
    sessionHandler(() => null),
    http.get('/api/search/suggestions', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      return jsonBody(suggestions);
    }),
  );
  const handlers = { onPickCocktail: vi.fn(), onPickIngredient: vi.fn() };
  const onSubmit = vi.fn();
  renderRoutes([{ path: '/', element: <Harness handlers={handlers} onSubmit={onSubmit} /> }], '/');
  return { asked, handlers, onSubmit, box: screen.getByRole('combobox', { name: 'Search cocktails' }) };
}

describe('CocktailSearchBox with suggestions (the combobox pattern)', () => {
  it('offers suggestions as you type and announces how many', async () => {
    const user = userEvent.setup();
    const { box, asked } = setup();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'neg');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'NegroniGin cocktail',
      'Negroni SbagliatoWine cocktail',
      'Negroni bittersIngredient',
    ]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(screen.getByText('3 suggestions')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('neg');
  });

  it('offers the ingredients the text names before the cocktails, the others after them', async () => {
    const user = userEvent.setup();
    const { box, handlers } = setup({
      q: 'camp',
      cocktails: [{ id: 1, name: 'Negroni', base_spirit: 'Gin', category: 'Classic' }],
      ingredients: [
        { id: 7, name: 'Campari', category: 'Liqueurs' },
        { id: 8, name: 'Campari bitters', category: 'Bitters' },
      ],
      leadingIngredients: 1,
      didYouMean: null,
    });
    await user.type(box, 'camp');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'CampariIngredient',
      'NegroniGin cocktail',
      'Campari bittersIngredient',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(handlers.onPickIngredient).toHaveBeenCalledWith({ id: 7, name: 'Campari', category: 'Liqueurs' });
  });

  it('moves with the arrows (focus stays in the field), picks with Enter, and wraps around', async () => {
    const user = userEvent.setup();
    const { box, handlers } = setup();
    await user.type(box, 'neg');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1] as HTMLElement;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(handlers.onPickIngredient).toHaveBeenCalledWith(answer.ingredients[0]);
    expect(handlers.onPickCocktail).not.toHaveBeenCalled();
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
  });

  it('searches the text on Enter with no option active; Escape closes the list, then clears', async () => {
    const user = userEvent.setup();
    const { box, onSubmit, handlers } = setup();
    await user.type(box, 'neg');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('neg');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('neg');
    expect(handlers.onPickCocktail).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('picks a cocktail with the mouse without losing the field first', async () => {
    const user = userEvent.setup();
    const { box, handlers } = setup();
    await user.type(box, 'neg');
    await user.click((await screen.findAllByRole('option'))[0] as HTMLElement);
    expect(handlers.onPickCocktail).toHaveBeenCalledWith(answer.cocktails[0]);
  });
});
