import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMatcher, type BarStock, type MatchCatalogue, type MatchIngredient } from './my-bar';

// A small catalogue: whiskey > american whiskey > bourbon, rye; gin; campari; sweet vermouth; sugar; water; simple syrup
// (house-made from sugar and water); lemon juice; angostura; egg white; orange bitters.
const I = {
  whiskey: 1,
  american: 2,
  bourbon: 3,
  rye: 4,
  gin: 5,
  campari: 6,
  vermouth: 7,
  sugar: 8,
  water: 9,
  syrup: 10,
  lemon: 11,
  angostura: 12,
  eggWhite: 13,
  orangeBitters: 14,
} as const;
const ing = (id: number, name: string, parentId: number | null = null, parts: number[] = []): MatchIngredient => ({
  id,
  name,
  parentId,
  parts,
});
const catalogue: MatchCatalogue = {
  ingredients: [
    ing(I.whiskey, 'Whiskey'),
    ing(I.american, 'American whiskey', I.whiskey),
    ing(I.bourbon, 'Bourbon', I.american),
    ing(I.rye, 'Rye whiskey', I.american),
    ing(I.gin, 'Gin'),
    ing(I.campari, 'Campari'),
    ing(I.vermouth, 'Sweet vermouth'),
    ing(I.sugar, 'Sugar'),
    ing(I.water, 'Water'),
    ing(I.syrup, 'Simple syrup', null, [I.sugar, I.water]),
    ing(I.lemon, 'Lemon juice'),
    ing(I.angostura, 'Angostura bitters'),
    ing(I.eggWhite, 'Egg white'),
    ing(I.orangeBitters, 'Orange bitters'),
  ],
  cocktails: [
    // 100 Negroni
    {
      id: 100,
      lines: [
        { ingredientId: I.gin, optional: false, substitutes: [] },
        { ingredientId: I.campari, optional: false, substitutes: [] },
        { ingredientId: I.vermouth, optional: false, substitutes: [] },
      ],
    },
    // 101 Whiskey Sour: whiskey, lemon, syrup, egg white (optional)
    {
      id: 101,
      lines: [
        { ingredientId: I.whiskey, optional: false, substitutes: [] },
        { ingredientId: I.lemon, optional: false, substitutes: [] },
        { ingredientId: I.syrup, optional: false, substitutes: [] },
        { ingredientId: I.eggWhite, optional: true, substitutes: [] },
      ],
    },
    // 102 Old Fashioned: bourbon (or rye named as substitute), sugar, angostura, water
    {
      id: 102,
      lines: [
        { ingredientId: I.bourbon, optional: false, substitutes: [I.rye] },
        { ingredientId: I.sugar, optional: false, substitutes: [] },
        { ingredientId: I.angostura, optional: false, substitutes: [] },
        { ingredientId: I.water, optional: false, substitutes: [] },
      ],
    },
    // 103 Boulevardier: bourbon (no substitute), campari, vermouth
    {
      id: 103,
      lines: [
        { ingredientId: I.bourbon, optional: false, substitutes: [] },
        { ingredientId: I.campari, optional: false, substitutes: [] },
        { ingredientId: I.vermouth, optional: false, substitutes: [] },
      ],
    },
  ],
};
const matcher = buildMatcher(catalogue);
const ids = (list: { cocktailId: number }[]) => list.map((m) => m.cocktailId);

describe('matching (DOMAIN.md "My Bar matching")', () => {
  it('covers a line by anything below it in the hierarchy, never by something above it', () => {
    const bourbonBar: BarStock = { owned: [I.bourbon, I.lemon, I.sugar] };
    // Whiskey Sour asks for whiskey: bourbon (two levels down) covers it; simple syrup is house-made from sugar and water.
    const sour = matcher.match(101, bourbonBar);
    expect(sour?.missing).toEqual([]);
    expect(sour?.lines.map((l) => [l.coverage, l.viaId])).toEqual([
      ['below', I.bourbon],
      ['in-stock', I.lemon],
      ['house-made', I.syrup],
      ['not-needed', null],
    ]);
    // Owning just 'whiskey' does not cover a line that asks for bourbon.
    expect(matcher.match(103, { owned: [I.whiskey, I.campari, I.vermouth] })?.missing).toEqual([I.bourbon]);
  });

  it('covers a line by a substitute the recipe names, and by a swap the user accepted', () => {
    const ryeBar: BarStock = { owned: [I.rye, I.sugar, I.angostura, I.campari, I.vermouth] };
    expect(matcher.match(102, ryeBar)?.lines[0]).toMatchObject({ coverage: 'substitute', viaId: I.rye });
    // The Boulevardier names no substitute: rye does not count until the user says 'I use rye for bourbon'.
    expect(matcher.match(103, ryeBar)?.missing).toEqual([I.bourbon]);
    const swapped = { ...ryeBar, swaps: [{ fromId: I.bourbon, toId: I.rye }] };
    expect(matcher.match(103, swapped)?.lines[0]).toMatchObject({ coverage: 'swap', viaId: I.rye });
    expect(ids(matcher.canMake(swapped))).toEqual([102, 103]);
  });

  it('counts a house-made ingredient marked as made, and never lets optional lines, water or ice block', () => {
    expect(ids(matcher.canMake({ owned: [I.whiskey, I.lemon], made: [I.syrup] }))).toEqual([101]);
    expect(matcher.match(101, { owned: [I.whiskey, I.lemon], made: [I.syrup] })?.lines[2]?.coverage).toBe('in-stock');
  });

  it("lists 'one away' with the missing ingredient named", () => {
    const { canMake, oneAway } = matcher.evaluate({ owned: [I.gin, I.campari] });
    expect(canMake).toEqual([]);
    expect(oneAway.map((m) => [m.cocktailId, m.missing])).toEqual([[100, [I.vermouth]]]);
  });

  it('answers the same for the same stock object twice (its view is remembered), and for an equal new one', () => {
    const bar: BarStock = { owned: [I.gin, I.campari] };
    expect(matcher.classify(bar)).toEqual({ canMake: [], oneAway: [100], oneAwayMissing: [I.vermouth] });
    expect(matcher.classify(bar)).toEqual(matcher.classify({ owned: [I.gin, I.campari] }));
    expect(matcher.match(100, bar)?.missing).toEqual([I.vermouth]);
  });

  it('ranks buy next by the cocktails each bottle makes possible, counted exactly', () => {
    const bar: BarStock = { owned: [I.campari, I.vermouth, I.sugar, I.angostura, I.lemon] };
    // Bourbon makes the Boulevardier and the Old Fashioned and covers the Sour's whiskey line (syrup is house-made): 3.
    // Rye makes the Old Fashioned (named substitute) and the Sour: 2. Gin makes the Negroni: 1.
    expect(matcher.buyNext(bar).map((b) => [b.ingredientId, b.unlocks])).toEqual([
      [I.bourbon, 3],
      [I.rye, 2],
      [I.american, 1],
      [I.gin, 1],
      [I.whiskey, 1],
    ]);
    expect(matcher.buyNext(bar, 2).map((b) => [b.ingredientId, b.examples])).toEqual([
      [I.bourbon, [101, 102, 103]],
      [I.rye, [101, 102]],
    ]);
    expect(matcher.buyNext(bar, 1, 1)[0]?.examples).toEqual([101]);
  });
});

/** Brute force: the makeable count with each candidate added, minus the count without. */
function bruteBuyNext(cat: MatchCatalogue, stock: BarStock): Map<number, number> {
  const m = buildMatcher(cat);
  const base = m.canMake(stock).length;
  const out = new Map<number, number>();
  for (const ingredient of cat.ingredients) {
    if (stock.owned.includes(ingredient.id)) continue;
    const more = m.canMake({ ...stock, owned: [...stock.owned, ingredient.id] }).length - base;
    if (more > 0) out.set(ingredient.id, more);
  }
  return out;
}

/** Random small catalogues: up to 12 ingredients in a forest, a few house-made, up to 15 cocktails of 1–4 lines. */
const arbCatalogue = fc
  .record({
    size: fc.integer({ min: 2, max: 12 }),
    parents: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
    partsOf: fc.array(fc.array(fc.nat(), { maxLength: 2 }), { minLength: 12, maxLength: 12 }),
    cocktails: fc.array(
      fc.array(fc.record({ ing: fc.nat(), optional: fc.boolean(), subs: fc.array(fc.nat(), { maxLength: 2 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      { minLength: 1, maxLength: 15 },
    ),
  })
  .map(({ size, parents, partsOf, cocktails }) => {
    const ingredients: MatchIngredient[] = [];
    for (let id = 1; id <= size; id++) {
      // Parents only among lower ids: a forest, no cycles. Every third ingredient may be house-made from lower ids.
      const parent =
        id > 1 && (parents[id - 1] as number) % 3 === 0 ? ((parents[id - 1] as number) % (id - 1)) + 1 : null;
      const parts =
        id > 2 && id % 3 === 0 ? [...new Set((partsOf[id - 1] as number[]).map((p) => (p % (id - 1)) + 1))] : [];
      ingredients.push({ id, name: `i${id}`, parentId: parent, parts: parts.filter((p) => p !== parent) });
    }
    return {
      ingredients,
      cocktails: cocktails.map((lines, i) => ({
        id: 1000 + i,
        lines: lines.map((l) => ({
          ingredientId: (l.ing % size) + 1,
          optional: l.optional && l.ing % 4 === 0,
          substitutes: l.subs.map((s) => (s % size) + 1),
        })),
      })),
    } satisfies MatchCatalogue;
  });
const arbStock = (cat: MatchCatalogue) =>
  fc
    .record({
      owned: fc.subarray(cat.ingredients.map((i) => i.id)),
      swaps: fc.array(
        fc.record({
          fromId: fc.integer({ min: 1, max: cat.ingredients.length }),
          toId: fc.integer({ min: 1, max: cat.ingredients.length }),
        }),
        { maxLength: 2 },
      ),
    })
    .map((s) => s as BarStock);

describe('matching properties', () => {
  it('answers the same whatever order the stock lists its bottles and swaps in (the server and the device differ)', () => {
    fc.assert(
      fc.property(
        arbCatalogue.chain((cat) => fc.tuple(fc.constant(cat), arbStock(cat), fc.boolean())),
        ([cat, stock, flip]) => {
          const m = buildMatcher(cat);
          const reversed: BarStock = { owned: [...stock.owned].reverse(), swaps: [...(stock.swaps ?? [])].reverse() };
          const shuffled: BarStock = flip
            ? { owned: [...stock.owned].sort((a, b) => b - a), swaps: reversed.swaps }
            : reversed;
          for (const cocktail of cat.cocktails) {
            expect(m.match(cocktail.id, shuffled)).toEqual(m.match(cocktail.id, stock));
          }
          expect(m.buyNext(shuffled, 50, 3)).toEqual(m.buyNext(stock, 50, 3));
        },
      ),
    );
  });

  it('names the bottle itself, not one below it, for a line it covers exactly', () => {
    for (const owned of [
      [I.bourbon, I.whiskey],
      [I.whiskey, I.bourbon],
    ]) {
      expect(matcher.match(101, { owned: [...owned, I.lemon, I.sugar] })?.lines[0]).toMatchObject({
        coverage: 'in-stock',
        viaId: I.whiskey,
      });
    }
    // Above two bottles that both stand in: the lower id names it, whichever came first.
    for (const owned of [
      [I.rye, I.bourbon],
      [I.bourbon, I.rye],
    ]) {
      expect(matcher.match(101, { owned: [...owned, I.lemon, I.sugar] })?.lines[0]).toMatchObject({
        coverage: 'below',
        viaId: I.bourbon,
      });
    }
  });

  it('adding a bottle never removes a makeable cocktail', () => {
    fc.assert(
      fc.property(
        arbCatalogue.chain((cat) => fc.tuple(fc.constant(cat), arbStock(cat), fc.integer({ min: 1, max: 12 }))),
        ([cat, stock, extra]) => {
          const m = buildMatcher(cat);
          const before = new Set(ids(m.canMake(stock)));
          const after = new Set(ids(m.canMake({ ...stock, owned: [...stock.owned, extra] })));
          for (const id of before) expect(after.has(id)).toBe(true);
        },
      ),
    );
  });

  it('a cocktail is makeable exactly when it has no uncovered required line', () => {
    fc.assert(
      fc.property(
        arbCatalogue.chain((cat) => fc.tuple(fc.constant(cat), arbStock(cat))),
        ([cat, stock]) => {
          const m = buildMatcher(cat);
          const makeable = new Set(ids(m.canMake(stock)));
          for (const cocktail of cat.cocktails) {
            const match = m.match(cocktail.id, stock);
            expect(makeable.has(cocktail.id)).toBe(match?.missing.length === 0);
            const oneAway = ids(m.oneAway(stock)).includes(cocktail.id);
            expect(oneAway).toBe(match?.missing.length === 1);
          }
        },
      ),
    );
  });

  it('classify names the same cocktails as evaluate, and the one-away line the match names', () => {
    fc.assert(
      fc.property(
        arbCatalogue.chain((cat) => fc.tuple(fc.constant(cat), arbStock(cat))),
        ([cat, stock]) => {
          const m = buildMatcher(cat);
          const full = m.evaluate(stock);
          const quick = m.classify(stock);
          expect(quick.canMake).toEqual(ids(full.canMake));
          expect(quick.oneAway).toEqual(ids(full.oneAway));
          expect(quick.oneAwayMissing).toEqual(full.oneAway.map((match) => match.missing[0]));
        },
      ),
    );
  });

  it("buy next's examples are cocktails the bottle makes possible, the first ones in catalogue order", () => {
    fc.assert(
      fc.property(
        arbCatalogue.chain((cat) => fc.tuple(fc.constant(cat), arbStock(cat), fc.integer({ min: 0, max: 3 }))),
        ([cat, stock, exampleLimit]) => {
          const m = buildMatcher(cat);
          const before = new Set(ids(m.canMake(stock)));
          for (const suggestion of m.buyNext(stock, 1000, exampleLimit)) {
            const after = ids(m.canMake({ ...stock, owned: [...stock.owned, suggestion.ingredientId] }));
            const unlocked = after.filter((id) => !before.has(id));
            expect(suggestion.examples).toEqual(unlocked.slice(0, exampleLimit));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("buy next's counts equal the makeable difference computed by brute force", () => {
    fc.assert(
      fc.property(
        arbCatalogue.chain((cat) => fc.tuple(fc.constant(cat), arbStock(cat))),
        ([cat, stock]) => {
          const m = buildMatcher(cat);
          const fast = new Map(m.buyNext(stock, 1000).map((b) => [b.ingredientId, b.unlocks]));
          const brute = bruteBuyNext(cat, stock);
          // Brute force may add an ingredient already effectively present (a completed house-made): it unlocks nothing.
          expect(fast).toEqual(brute);
        },
      ),
      { numRuns: 300 },
    );
  });
});
