import { describe, expect, it } from 'vitest';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import type { RatingList } from '@/shared/schemas/collections';
import type { FavoriteList } from '@/shared/schemas/favorites';
import { queuedWrite, testCard } from './test/fixtures';
import { favoritesWithPending, ratingsWithPending } from './worker-overlay';

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
