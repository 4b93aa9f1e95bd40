import { describe, expect, it } from 'vitest';
import {
  parseListOrder,
  parseSearchState,
  resultCountText,
  serializeListOrder,
  serializeSearchState,
  toggleValue,
} from './search-state';

describe('/search URL state', () => {
  it('reads text, spirit and category filters from the URL', () => {
    const state = parseSearchState(new URLSearchParams('q=sour&spirit=Gin&spirit=Rum&category=Classic'));
    expect(state).toEqual({ q: 'sour', spirits: ['Gin', 'Rum'], categories: ['Classic'] });
  });

  it('drops unknown and repeated filters, matches case-insensitively and orders like the chips', () => {
    const state = parseSearchState(
      new URLSearchParams('spirit=rum&spirit=Absinthe&spirit=GIN&spirit=Rum&category=modern&category=Tiki'),
    );
    expect(state).toEqual({ q: '', spirits: ['Gin', 'Rum'], categories: ['Modern'] });
  });

  it('writes the state in a stable order and keeps other parameters such as the open recipe', () => {
    const params = serializeSearchState(
      { q: 'lime', spirits: ['Rum', 'Gin'], categories: ['Modern'] },
      new URLSearchParams('recipe=12&debug=1&q=old&spirit=Vodka'),
    );
    expect(params.toString()).toBe('recipe=12&debug=1&q=lime&spirit=Gin&spirit=Rum&category=Modern');
  });

  it('leaves q out when the text is blank', () => {
    expect(serializeSearchState({ q: '   ', spirits: [], categories: ['Classic'] }).toString()).toBe(
      'category=Classic',
    );
  });

  it('round-trips: parse(serialize(state)) gives the state back', () => {
    const state = {
      q: 'smoky old fashioned',
      spirits: ['Whiskey', 'Tequila'] as const,
      categories: ['Classic'] as const,
    };
    const again = parseSearchState(
      serializeSearchState({ ...state, spirits: [...state.spirits], categories: [...state.categories] }),
    );
    expect(again).toEqual({ q: 'smoky old fashioned', spirits: ['Whiskey', 'Tequila'], categories: ['Classic'] });
  });

  it('toggles a chip on and off', () => {
    expect(toggleValue(['Gin'], 'Rum')).toEqual(['Gin', 'Rum']);
    expect(toggleValue(['Gin', 'Rum'], 'Gin')).toEqual(['Rum']);
  });

  it('counts results with the singular for one', () => {
    expect(resultCountText(0)).toBe('0 cocktails found');
    expect(resultCountText(1)).toBe('1 cocktail found');
    expect(resultCountText(1234)).toBe('1,234 cocktails found');
  });
});

describe('the personal order in the URL', () => {
  it('reads sort and rated 4+, ignoring values it does not know', () => {
    expect(parseListOrder(new URLSearchParams('sort=my-ratings&rated=4'))).toEqual({
      sort: 'my-ratings',
      minRating: 4,
    });
    expect(parseListOrder(new URLSearchParams('sort=rated-first'))).toEqual({ sort: 'rated-first' });
    expect(parseListOrder(new URLSearchParams('sort=popular&rated=3'))).toEqual({ sort: 'relevance' });
  });

  it('writes only what differs from the default and keeps the other parameters', () => {
    const base = new URLSearchParams('q=gin&sort=rated-first&rated=4');
    expect(serializeListOrder({ sort: 'relevance' }, base).toString()).toBe('q=gin');
    expect(serializeListOrder({ sort: 'my-ratings', minRating: 4 }, base).toString()).toBe(
      'q=gin&sort=my-ratings&rated=4',
    );
  });
});
