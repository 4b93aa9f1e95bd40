import { describe, expect, it } from 'vitest';
import { favoriteListOf } from '@/client/test/handlers';
import { favoriteCards, nextFavoritePage } from './get-favorite-pages';
import { withFavorite } from './set-favorite';

const ids = (n: number) => Array.from({ length: n }, (_, index) => n - index);

describe('withFavorite (the optimistic edit of the cached list)', () => {
  it('adds to the front of ids and counts it once, leaving the cards to the refetch', () => {
    const list = favoriteListOf(ids(3));
    expect(withFavorite(list, 9, true)).toMatchObject({ ids: [9, 3, 2, 1], total: 4, page: 0, pageSize: 50 });
    expect(withFavorite(list, 9, true).items).toEqual(list.items);
    expect(withFavorite(list, 2, true)).toMatchObject({ ids: [2, 3, 1], total: 3 });
  });

  it('removes from ids, items and total together; removing one that is not there changes nothing', () => {
    const list = favoriteListOf(ids(3));
    const removed = withFavorite(list, 2, false);
    expect(removed).toMatchObject({ ids: [3, 1], total: 2 });
    expect(removed.items.map((item) => item.id)).toEqual([3, 1]);
    expect(withFavorite(list, 7, false)).toEqual(list);
  });

  it('starts an empty list when none is cached', () => {
    expect(withFavorite(undefined, 5, true)).toEqual({ ids: [5], items: [], page: 0, pageSize: 50, total: 1 });
  });
});

describe('favoriteCards and nextFavoritePage (My Favorites past page 0)', () => {
  it('joins the pages in the order of the ids, without a card twice, and stops at the last page', () => {
    const all = ids(120);
    const pages = [favoriteListOf(all, 1), favoriteListOf(all, 2)];
    expect(favoriteCards(favoriteListOf(all), pages).map((card) => card.id)).toEqual(all);
    expect(pages.map(nextFavoritePage)).toEqual([2, undefined]);
    expect(nextFavoritePage(favoriteListOf(ids(100), 1))).toBeUndefined();

    // Page 0 refetched after removing its first favorite: page 1's first card is now on page 0 too; it shows once.
    const fewer = all.slice(1);
    const cards = favoriteCards(favoriteListOf(fewer), pages).map((card) => card.id);
    expect(cards).toEqual(fewer);
  });

  it('leaves out the ids whose card is not loaded yet', () => {
    expect(favoriteCards(favoriteListOf(ids(120))).map((card) => card.id)).toEqual(ids(120).slice(0, 50));
  });
});
