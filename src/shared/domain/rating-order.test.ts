import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPersonalOrder, LIST_SORTS, orderByRatings, type PersonalRating } from './rating-order';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
const ratings = (entries: [number, number, number][]) =>
  new Map<number, PersonalRating>(entries.map(([id, stars, minute]) => [id, { stars, ratedAt: at(minute) }]));
const same = (id: number) => id;

describe('orderByRatings', () => {
  const catalogue = [10, 20, 30, 40, 50];
  const mine = ratings([
    [40, 3, 1],
    [20, 5, 2],
    [50, 4.5, 3],
    [10, 4.5, 4],
  ]);

  it('leaves the catalogue order alone for relevance without a minimum', () => {
    expect(orderByRatings(catalogue, same, mine, { sort: 'relevance' })).toEqual(catalogue);
    expect(isPersonalOrder({ sort: 'relevance' })).toBe(false);
  });

  it("'my-ratings': highest stars first, ties in catalogue order, then the unrated", () => {
    expect(orderByRatings(catalogue, same, mine, { sort: 'my-ratings' })).toEqual([20, 10, 50, 40, 30]);
  });

  it("'rated-first': most recently rated first, then the unrated", () => {
    expect(orderByRatings(catalogue, same, mine, { sort: 'rated-first' })).toEqual([10, 50, 20, 40, 30]);
  });

  it("'rated 4+' keeps only the cocktails rated 4 or more, in the sort's order", () => {
    expect(orderByRatings(catalogue, same, mine, { sort: 'relevance', minRating: 4 })).toEqual([10, 20, 50]);
    expect(orderByRatings(catalogue, same, mine, { sort: 'my-ratings', minRating: 4 })).toEqual([20, 10, 50]);
    expect(orderByRatings(catalogue, same, new Map(), { sort: 'relevance', minRating: 4 })).toEqual([]);
  });

  it('works on any item shape through idOf', () => {
    const items = catalogue.map((id) => ({ id, name: `#${id}` }));
    expect(orderByRatings(items, (item) => item.id, mine, { sort: 'my-ratings', minRating: 5 })).toEqual([
      { id: 20, name: '#20' },
    ]);
  });

  it('properties: a permutation without a minimum, a subset with one; rated before unrated; sorted keys', () => {
    const input = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 40 }).chain((ids) =>
      fc.record({
        ids: fc.constant(ids),
        rated: fc.array(
          fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 500 })),
        ),
        sort: fc.constantFrom(...LIST_SORTS),
        minRating: fc.option(
          fc.integer({ min: 1, max: 10 }).map((halves) => halves / 2),
          { nil: undefined },
        ),
      }),
    );
    fc.assert(
      fc.property(input, ({ ids, rated, sort, minRating }) => {
        const map = ratings(rated.map(([id, halves, minute]) => [id, halves / 2, minute]));
        const out = orderByRatings(ids, same, map, { sort, minRating });
        const kept = minRating === undefined ? ids : ids.filter((id) => (map.get(id)?.stars ?? 0) >= minRating);
        const ascending = (list: readonly number[]) => [...list].sort((a, b) => a - b);
        expect(ascending(out)).toEqual(ascending(kept));
        if (sort !== 'relevance') {
          const firstUnrated = out.findIndex((id) => !map.has(id));
          if (firstUnrated >= 0) expect(out.slice(firstUnrated).every((id) => !map.has(id))).toBe(true);
          const ratedPart = out.filter((id) => map.has(id));
          const key = (id: number) =>
            sort === 'my-ratings'
              ? (map.get(id) as PersonalRating).stars
              : Date.parse((map.get(id) as PersonalRating).ratedAt);
          for (let i = 1; i < ratedPart.length; i += 1)
            expect(key(ratedPart[i - 1] as number)).toBeGreaterThanOrEqual(key(ratedPart[i] as number));
        } else if (minRating !== undefined) {
          expect(out).toEqual(ids.filter((id) => out.includes(id)));
        }
      }),
    );
  });
});
