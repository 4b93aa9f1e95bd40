import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMatcher, type BarStock, type MatchCocktail, type MatchIngredient } from './my-bar';
import {
  buildOwnMatcher,
  buyNextOverBoth,
  mergeByName,
  ownRecipesForMatch,
  viewIds,
  type BarMatchers,
} from './my-bar-own';
import { toSearchKey } from './search-words';

// whiskey > bourbon; gin; campari; sweet vermouth; sugar, water -> simple syrup (house-made); lime; soda.
const I = { whiskey: 1, bourbon: 2, gin: 3, campari: 4, vermouth: 5, sugar: 6, water: 7, syrup: 8, lime: 9, soda: 10 };
const ing = (id: number, name: string, parentId: number | null = null, parts: number[] = []): MatchIngredient => ({
  id,
  name,
  parentId,
  parts,
});
const INGREDIENTS: MatchIngredient[] = [
  ing(I.whiskey, 'Whiskey'),
  ing(I.bourbon, 'Bourbon', I.whiskey),
  ing(I.gin, 'Gin'),
  ing(I.campari, 'Campari'),
  ing(I.vermouth, 'Sweet vermouth'),
  ing(I.sugar, 'Sugar'),
  ing(I.water, 'Water'),
  ing(I.syrup, 'Simple syrup', null, [I.sugar, I.water]),
  ing(I.lime, 'Lime'),
  ing(I.soda, 'Soda water'),
];
const line = (ingredientId: number, optional = false) => ({ ingredientId, optional, substitutes: [] });

/** The catalogue's cocktails, in name order, with their names. */
const CATALOGUE: (MatchCocktail & { name: string })[] = [
  { id: 100, name: 'Americano', lines: [line(I.campari), line(I.vermouth), line(I.soda)] },
  { id: 101, name: 'Gin Rickey', lines: [line(I.gin), line(I.lime), line(I.soda)] },
  { id: 102, name: 'Negroni', lines: [line(I.gin), line(I.campari), line(I.vermouth)] },
  { id: 103, name: 'Whiskey Sour', lines: [line(I.whiskey), line(I.lime), line(I.syrup)] },
];

/** The user's own ingredient, free text: no parent, no parts. */
const SHRUB = 900;
/** The user's own recipes, in name order. */
const OWN: (MatchCocktail & { name: string })[] = [
  { id: 500, name: 'Bourbon Shrub', lines: [line(I.bourbon), line(SHRUB)] },
  { id: 501, name: 'Garden Gin', lines: [line(I.gin), line(I.syrup), line(I.soda, true)] },
  { id: 502, name: 'Old Pal House', lines: [line(I.whiskey), line(I.campari), line(I.vermouth)] },
];

const names = new Map([...CATALOGUE, ...OWN].map((c) => [c.id, c.name]));
const catalogueMatcher = buildMatcher({ ingredients: INGREDIENTS, cocktails: CATALOGUE });
const ownMatcher = buildOwnMatcher(INGREDIENTS, [{ id: SHRUB, name: 'Plum shrub' }], OWN);
const matchers: BarMatchers = {
  catalogue: catalogueMatcher,
  own: ownMatcher,
  keyOf: (id) => toSearchKey(names.get(id) ?? ''),
  ingredientName: (id) => INGREDIENTS.find((i) => i.id === id)?.name ?? (id === SHRUB ? 'Plum shrub' : `#${id}`),
};

/** One matcher over both, cocktails in name order: what the two merged must equal (the two sets are apart). */
const together = buildMatcher({
  ingredients: [...INGREDIENTS, ing(SHRUB, 'Plum shrub')],
  cocktails: [...CATALOGUE, ...OWN].sort((a, b) => toSearchKey(a.name).localeCompare(toSearchKey(b.name))),
});

describe('mergeByName', () => {
  it('puts each own id before the first catalogue id it sorts before, ties by id', () => {
    const keys: Record<number, string> = { 1: 'b', 2: 'd', 3: 'f', 10: 'a', 11: 'd', 12: 'z' };
    expect(mergeByName([1, 2, 3], [10, 11, 12], (id) => keys[id] ?? '')).toEqual([10, 1, 2, 11, 3, 12]);
    expect(mergeByName([1, 2], [], (id) => keys[id] ?? '')).toEqual([1, 2]);
    expect(mergeByName([], [12], (id) => keys[id] ?? '')).toEqual([12]);
  });
});

describe('buildOwnMatcher', () => {
  it("applies the catalogue's hierarchy and house-made parts to own recipes", () => {
    const stock: BarStock = { owned: [I.bourbon, I.gin, I.sugar, I.water, I.campari, I.vermouth] };
    expect(ownMatcher.classify(stock)).toEqual({ canMake: [501, 502], oneAway: [500], oneAwayMissing: [SHRUB] });
    expect(ownMatcher.match(502, stock)?.lines[0]).toEqual({
      position: 0,
      ingredientId: I.whiskey,
      coverage: 'below',
      viaId: I.bourbon,
    });
    expect(ownMatcher.match(501, stock)?.lines[1]).toMatchObject({ coverage: 'house-made', viaId: I.syrup });
  });

  it('covers an own free-text ingredient only by itself', () => {
    expect(ownMatcher.match(500, { owned: [I.bourbon, I.whiskey] })?.missing).toEqual([SHRUB]);
    expect(ownMatcher.match(500, { owned: [I.bourbon, SHRUB] })?.missing).toEqual([]);
    expect(ownMatcher.match(CATALOGUE[0]!.id, { owned: [] })).toBeNull();
  });
});

describe('viewIds and buyNextOverBoth', () => {
  const ids = [...INGREDIENTS.map((i) => i.id), SHRUB];

  it('merge the two matchers in name order', () => {
    const stock: BarStock = { owned: [I.bourbon, I.gin, I.campari, I.vermouth, I.soda, I.lime] };
    expect(viewIds(matchers, stock, 'canMake')).toEqual([100, 101, 102, 502]);
    expect(viewIds(matchers, stock, 'oneAway')).toEqual([500, 501, 103]);
    expect(viewIds({ ...matchers, own: null }, stock, 'canMake')).toEqual([100, 101, 102]);
  });

  it('sum what each ingredient unlocks across both, examples merged by name', () => {
    const stock: BarStock = { owned: [I.gin, I.soda, I.vermouth] };
    const byId = new Map(buyNextOverBoth(matchers, stock, 20, 3).map((s) => [s.ingredientId, s]));
    // Campari: Americano and Negroni in the catalogue; of the own, it brings Old Pal (lacking whiskey too) within one.
    expect(byId.get(I.campari)).toEqual({ ingredientId: I.campari, unlocks: 2, nearer: 1, examples: [100, 102] });
    expect(ownMatcher.buyNext(stock, 20, 3).map((s) => s.ingredientId)).not.toContain(I.campari);
    expect(ownMatcher.buyNext(stock, 20, 3, true)).toContainEqual({
      ingredientId: I.campari,
      unlocks: 0,
      nearer: 1,
      examples: [],
    });
    // Sugar or water alone unlocks nothing; the own Garden Gin wants the syrup.
    expect(byId.get(I.syrup)).toMatchObject({ unlocks: 1, examples: [501] });
    expect(buyNextOverBoth(matchers, stock, 1, 3)).toHaveLength(1);
  });

  it('equal one matcher over both, for any bar', () => {
    fc.assert(
      fc.property(fc.subarray(ids), (owned) => {
        const stock: BarStock = { owned };
        const expected = together.classify(stock);
        expect(viewIds(matchers, stock, 'canMake')).toEqual(expected.canMake);
        expect(viewIds(matchers, stock, 'oneAway')).toEqual(expected.oneAway);
        const all = Number.MAX_SAFE_INTEGER;
        const shape = (list: { ingredientId: number; unlocks: number; nearer: number; examples: number[] }[]) =>
          new Map(list.map((s) => [s.ingredientId, [s.unlocks, s.nearer, s.examples]]));
        expect(shape(buyNextOverBoth(matchers, stock, all, 3))).toEqual(shape(together.buyNext(stock, all, 3)));
        const ranked = buyNextOverBoth(matchers, stock, all, 3);
        for (let k = 1; k < ranked.length; k += 1) {
          const [a, b] = [ranked[k - 1]!, ranked[k]!];
          expect(a.unlocks > b.unlocks || (a.unlocks === b.unlocks && a.nearer >= b.nearer)).toBe(true);
        }
      }),
    );
  });
});

describe('ownRecipesForMatch', () => {
  const detailLine = (position: number, id: number, name: string, extra: { optional?: boolean } = {}) => ({
    position,
    ingredient_id: id,
    ingredient: name,
    is_optional: extra.optional ?? false,
    category: id === SHRUB ? 'Other' : 'Spirits',
  });

  it('reads lines in position order, recipes by name key then id, and the own ingredients the lines name', () => {
    const read = ownRecipesForMatch(
      [
        { id: 7, name: 'Zebra', ingredients: [detailLine(0, I.gin, 'Gin')] },
        {
          id: 9,
          name: 'Éclair Fizz',
          ingredients: [detailLine(1, SHRUB, 'Plum shrub', { optional: true }), detailLine(0, I.bourbon, 'Bourbon')],
        },
        { id: 8, name: 'eclair fizz', ingredients: [detailLine(0, SHRUB, 'Plum shrub')] },
      ],
      (id) => INGREDIENTS.some((i) => i.id === id),
    );
    expect(read.recipes).toEqual([
      { id: 8, name: 'eclair fizz', nameKey: 'eclair fizz', lines: [line(SHRUB)] },
      { id: 9, name: 'Éclair Fizz', nameKey: 'eclair fizz', lines: [line(I.bourbon), line(SHRUB, true)] },
      { id: 7, name: 'Zebra', nameKey: 'zebra', lines: [line(I.gin)] },
    ]);
    expect([...read.ingredients.values()]).toEqual([{ id: SHRUB, name: 'Plum shrub', category: 'Other' }]);
  });
});
