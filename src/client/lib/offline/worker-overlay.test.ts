import { describe, expect, it } from 'vitest';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import type { RatingList } from '@/shared/schemas/collections';
import type { FavoriteList } from '@/shared/schemas/favorites';
import { queuedWrite, testCard } from './test/fixtures';
import type { ShoppingListBody } from '@/shared/schemas/my-bar';
import type { OfflineMatchIngredient } from '@/shared/schemas/offline';
import { favoritesWithPending, noteWithPending, ratingsWithPending, shoppingWithPending } from './worker-overlay';

/** A card named after its id; `label` tells a kept card from the index's card of the same cocktail. */
const card = (id: number, label = 'index'): CocktailSummary => testCard({ id, description: `From the ${label}.` });

const write = queuedWrite;

/** A kept favorites page holding `ids` (newest first) with the kept cards of its page. */
function kept(ids: number[], page = 0, pageSize = 3): FavoriteList {
  return {
    ids,
    items: ids.slice(page * pageSize, (page + 1) * pageSize).map((id) => card(id, 'kept page')),
    page,
    pageSize,
    total: ids.length,
  };
}

const INDEX_CARDS = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => card(id));

describe('favoritesWithPending', () => {
  it('puts a PUT cocktail first', () => {
    const result = favoritesWithPending(kept([1, 2]), [write('PUT', '/api/me/favorites/5')], INDEX_CARDS);
    expect(result.ids).toEqual([5, 1, 2]);
    expect(result.items.map((item) => item.id)).toEqual([5, 1, 2]);
    expect(result.total).toBe(3);
  });

  it('removes a DELETE cocktail', () => {
    const result = favoritesWithPending(kept([1, 2, 3]), [write('DELETE', '/api/me/favorites/2')], INDEX_CARDS);
    expect(result).toMatchObject({ ids: [1, 3], total: 2 });
    expect(result.items.map((item) => item.id)).toEqual([1, 3]);
  });

  it('moves a PUT cocktail already there to the front, once', () => {
    const result = favoritesWithPending(kept([1, 2, 3]), [write('PUT', '/api/me/favorites/3')], INDEX_CARDS);
    expect(result.ids).toEqual([3, 1, 2]);
    expect(result.total).toBe(3);
  });

  it('applies the writes in order', () => {
    const result = favoritesWithPending(
      kept([1, 2]),
      [
        write('PUT', '/api/me/favorites/5'),
        write('PUT', '/api/me/favorites/6'),
        write('DELETE', '/api/me/favorites/5'),
        write('DELETE', '/api/me/favorites/1'),
        write('PUT', '/api/me/favorites/1'),
      ],
      INDEX_CARDS,
    );
    expect(result.ids).toEqual([1, 6, 2]);
  });

  it("slices the kept page's cards from the new ids", () => {
    const secondPage = kept([1, 2, 3, 4, 5], 1, 2);
    const result = favoritesWithPending(secondPage, [write('PUT', '/api/me/favorites/7')], INDEX_CARDS);
    expect(result).toMatchObject({ ids: [7, 1, 2, 3, 4, 5], page: 1, pageSize: 2, total: 6 });
    expect(result.items.map((item) => item.id)).toEqual([2, 3]);

    const pastTheEnd = favoritesWithPending(kept([1, 2, 3], 1, 3), [write('DELETE', '/api/me/favorites/1')], []);
    expect(pastTheEnd).toMatchObject({ ids: [2, 3], items: [], page: 1, total: 2 });
  });

  it("takes the kept cards first, else the index's", () => {
    const result = favoritesWithPending(kept([1, 2]), [write('PUT', '/api/me/favorites/8')], INDEX_CARDS);
    expect(result.items).toEqual([card(8, 'index'), card(1, 'kept page'), card(2, 'kept page')]);
  });

  it('leaves out a card it has nowhere, while the ids and total keep it', () => {
    const result = favoritesWithPending(kept([1]), [write('PUT', '/api/me/favorites/99')], INDEX_CARDS);
    expect(result).toMatchObject({ ids: [99, 1], total: 2 });
    expect(result.items.map((item) => item.id)).toEqual([1]);
  });

  it('ignores writes of other paths', () => {
    const before = kept([1, 2, 3]);
    const result = favoritesWithPending(
      before,
      [
        write('PUT', '/api/me/ratings/4', { body: '{"stars":4}' }),
        write('DELETE', '/api/me/ratings/1'),
        write('PUT', '/api/me/bar/4'),
        write('DELETE', '/api/me/favorites'),
        write('PUT', '/api/me/favorites/4/extra'),
        write('PUT', '/api/me/favorites/abc'),
        write('POST', '/api/me/made'),
      ],
      INDEX_CARDS,
    );
    expect(result).toEqual(before);
  });
});

describe('ratingsWithPending', () => {
  const keptRatings: RatingList = {
    items: [
      { cocktailId: 1, stars: 4, updatedAt: '2024-01-01T00:00:00.000Z' },
      { cocktailId: 2, stars: 2.5, updatedAt: '2024-01-02T00:00:00.000Z' },
    ],
  };
  const starsOf = (list: RatingList) => Object.fromEntries(list.items.map((item) => [item.cocktailId, item.stars]));

  it('sets the stars of a PUT, dated from when the write was made', () => {
    const result = ratingsWithPending(keptRatings, [
      write('PUT', '/api/me/ratings/3', { body: '{"stars":3.5}', madeAt: Date.UTC(2025, 2, 4, 5, 6, 7) }),
      write('PUT', '/api/me/ratings/1', { body: '{"stars":5}', madeAt: Date.UTC(2025, 2, 5) }),
    ]);
    expect(result.items).toHaveLength(3);
    expect(result.items).toEqual(
      expect.arrayContaining([
        { cocktailId: 1, stars: 5, updatedAt: '2025-03-05T00:00:00.000Z' },
        { cocktailId: 2, stars: 2.5, updatedAt: '2024-01-02T00:00:00.000Z' },
        { cocktailId: 3, stars: 3.5, updatedAt: '2025-03-04T05:06:07.000Z' },
      ]),
    );
  });

  it('clears the rating of a DELETE', () => {
    const result = ratingsWithPending(keptRatings, [write('DELETE', '/api/me/ratings/1')]);
    expect(result).toEqual({ items: [keptRatings.items[1]] });
  });

  it('lets a later write win', () => {
    const putThenDelete = ratingsWithPending(keptRatings, [
      write('PUT', '/api/me/ratings/2', { body: '{"stars":1}' }),
      write('DELETE', '/api/me/ratings/2'),
    ]);
    expect(starsOf(putThenDelete)).toEqual({ 1: 4 });

    const deleteThenPut = ratingsWithPending(keptRatings, [
      write('DELETE', '/api/me/ratings/2'),
      write('PUT', '/api/me/ratings/2', { body: '{"stars":1}', madeAt: Date.UTC(2025, 0, 1) }),
    ]);
    expect(deleteThenPut.items.find((item) => item.cocktailId === 2)).toEqual({
      cocktailId: 2,
      stars: 1,
      updatedAt: '2025-01-01T00:00:00.000Z',
    });

    const twoPuts = ratingsWithPending(keptRatings, [
      write('PUT', '/api/me/ratings/1', { body: '{"stars":1}' }),
      write('PUT', '/api/me/ratings/1', { body: '{"stars":3}' }),
    ]);
    expect(starsOf(twoPuts)).toEqual({ 1: 3, 2: 2.5 });
  });

  it('ignores a PUT whose body holds no stars', () => {
    const result = ratingsWithPending(keptRatings, [
      write('PUT', '/api/me/ratings/1', { body: '{}' }),
      write('PUT', '/api/me/ratings/2', { body: '{"stars":"5"}' }),
      write('PUT', '/api/me/ratings/3'),
      write('PUT', '/api/me/ratings/4', { body: '{"stars":null}' }),
    ]);
    expect(result).toEqual(keptRatings);
  });

  it('ignores writes of other paths', () => {
    const result = ratingsWithPending(keptRatings, [
      write('DELETE', '/api/me/favorites/1'),
      write('PUT', '/api/me/favorites/3', { body: '{"stars":5}' }),
      write('PUT', '/api/me/notes/1', { body: '{"stars":5}' }),
      write('DELETE', '/api/me/ratings'),
      write('DELETE', '/api/me/ratings/1/extra'),
      write('PUT', '/api/me/ratings/abc', { body: '{"stars":5}' }),
    ]);
    expect(result).toEqual(keptRatings);
  });
});

describe('noteWithPending', () => {
  const path = '/api/me/notes/7';
  const kept = { cocktailId: 7, text: 'Kept text', updatedAt: '2023-01-01T00:00:00.000Z' };

  it('answers the kept note when nothing waits for it, and null when none is kept', () => {
    expect(noteWithPending(path, kept, [write('PUT', '/api/me/notes/8', { body: '{"text":"Other"}' })])).toEqual(kept);
    expect(noteWithPending(path, null, [])).toBeNull();
  });

  it("takes the last waiting edit's text, dated when it was made; an empty text clears it", () => {
    const edited = noteWithPending(path, kept, [
      write('PUT', path, { body: '{"text":"First"}' }),
      write('PUT', path, { body: '{"text":"Second"}', madeAt: Date.UTC(2024, 4, 5) }),
    ]);
    expect(edited).toEqual({ cocktailId: 7, text: 'Second', updatedAt: '2024-05-05T00:00:00.000Z' });
    expect(noteWithPending(path, null, [write('PUT', path, { body: '{"text":"New"}' })])?.text).toBe('New');
    expect(noteWithPending(path, kept, [write('PUT', path, { body: '{"text":""}' })])).toEqual({
      cocktailId: 7,
      text: '',
      updatedAt: null,
    });
  });
});

describe('shoppingWithPending', () => {
  const known = (id: number, name: string): OfflineMatchIngredient => ({
    id,
    slug: name.toLowerCase(),
    name,
    category: 'Spirits',
    parentId: null,
    houseMade: false,
    parts: [],
    variant: false,
  });
  const ingredients = [known(1, 'Gin'), known(2, 'Campari'), known(3, 'Vermouth')];
  const item = (id: number, name: string) => ({
    ingredient: { id, slug: name.toLowerCase(), name, category: 'Spirits' as const, parentId: null, houseMade: false },
    addedAt: '2023-01-01T00:00:00.000Z',
    unlocks: 2,
    examples: ['Negroni'],
  });
  const kept: ShoppingListBody = { items: [item(1, 'Gin')], together: { unlocks: 2, examples: ['Negroni'] } };
  const names = (list: ShoppingListBody) => list.items.map((entry) => entry.ingredient.name);

  it('adds an item last (named from the index, unlocking nothing known yet) and removes one, in order', () => {
    const list = shoppingWithPending(
      kept,
      [
        write('PUT', '/api/me/shopping-list/2'),
        write('PUT', '/api/me/shopping-list/3'),
        write('DELETE', '/api/me/shopping-list/1'),
      ],
      ingredients,
    );
    expect(names(list)).toEqual(['Campari', 'Vermouth']);
    expect(list.items[0]).toEqual({
      ...item(2, 'Campari'),
      addedAt: new Date(1_700_000_000_000).toISOString(),
      unlocks: 0,
      examples: [],
    });
  });

  it('keeps an item already listed as it is, ignores unknown ingredients and other paths', () => {
    const list = shoppingWithPending(
      kept,
      [
        write('PUT', '/api/me/shopping-list/1'),
        write('PUT', '/api/me/shopping-list/99'),
        write('PUT', '/api/me/bar/2'),
      ],
      ingredients,
    );
    expect(list).toEqual(kept);
  });

  it("takes a 'bought' item off, in order with the other writes; a read or another method of the path changes nothing", () => {
    const two: ShoppingListBody = { ...kept, items: [item(1, 'Gin'), item(2, 'Campari')] };
    const bought = shoppingWithPending(two, [write('POST', '/api/me/shopping-list/1/bought')], ingredients);
    expect(names(bought)).toEqual(['Campari']);
    const boughtThenListed = shoppingWithPending(
      two,
      [write('POST', '/api/me/shopping-list/1/bought'), write('PUT', '/api/me/shopping-list/1')],
      ingredients,
    );
    expect(names(boughtThenListed)).toEqual(['Campari', 'Gin']);
    const listedThenBought = shoppingWithPending(
      kept,
      [write('PUT', '/api/me/shopping-list/3'), write('POST', '/api/me/shopping-list/3/bought')],
      ingredients,
    );
    expect(listedThenBought).toEqual(kept);
    const others = shoppingWithPending(
      two,
      [write('PUT', '/api/me/shopping-list/1/bought'), write('POST', '/api/me/shopping-list/2/bought/x')],
      ingredients,
    );
    expect(names(others)).toEqual(['Gin', 'Campari']);
  });

  it('empties the list on a clear, and adds after it', () => {
    const list = shoppingWithPending(
      kept,
      [write('DELETE', '/api/me/shopping-list'), write('PUT', '/api/me/shopping-list/3')],
      ingredients,
    );
    expect(names(list)).toEqual(['Vermouth']);
    expect(list.together).toEqual({ unlocks: 0, examples: [] });
  });
});
