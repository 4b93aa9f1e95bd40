import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMatcher, type MatchCatalogue, type MatchIngredient, type MatchLine } from './my-bar';
import { PRODUCE_YIELDS, pressHint } from './produce';

// Fresh produce and variants: a catalogue with the four citrus fruits and their juices, rum, sugar and simple syrup, and a
// vodka family with one style (a premium wheat vodka, which stands in) and two variants (citron and vanilla vodka).
const line = (ingredientId: number, substitutes: number[] = []): MatchLine => ({
  ingredientId,
  optional: false,
  substitutes,
});
const ing = (id: number, name: string, extra: Partial<MatchIngredient> = {}): MatchIngredient => ({
  id,
  name,
  parentId: null,
  parts: [],
  ...extra,
});

const RUM = 1;
const SUGAR = 2;
const WATER = 3;
const SYRUP = 4;
const VODKA = 10;
const WHEAT_VODKA = 11;
const CITRON = 12;
const VANILLA = 13;
const CRANBERRY = 14;
const TRIPLE_SEC = 15;
/** Fruit i of PRODUCE_YIELDS has id 20 + 2i, its juice 21 + 2i. */
const fruitId = (i: number) => 20 + 2 * i;
const juiceId = (i: number) => 21 + 2 * i;

const ingredients: MatchIngredient[] = [
  ing(RUM, 'White rum'),
  ing(SUGAR, 'Sugar'),
  ing(WATER, 'Water'),
  ing(SYRUP, 'Simple syrup', { parts: [SUGAR, WATER] }),
  ing(VODKA, 'Vodka'),
  ing(WHEAT_VODKA, 'Wheat vodka', { parentId: VODKA }),
  ing(CITRON, 'Citron vodka', { parentId: VODKA, variant: true }),
  ing(VANILLA, 'Vanilla vodka', { parentId: VODKA, variant: true }),
  ing(CRANBERRY, 'Cranberry juice'),
  ing(TRIPLE_SEC, 'Triple sec'),
  ...PRODUCE_YIELDS.flatMap((entry, i) => [
    ing(
      fruitId(i),
      entry.fruit[0].replace(/^./, (c) => c.toUpperCase()),
    ),
    ing(juiceId(i), `${entry.fruit[0]} juice`, { pressedFrom: [fruitId(i)] }),
  ]),
];
const LIME = PRODUCE_YIELDS.findIndex((entry) => entry.produce === 'lime');

const catalogue: MatchCatalogue = {
  ingredients,
  cocktails: [
    // 1 Daiquiri: white rum, lime juice, simple syrup.
    { id: 1, lines: [line(RUM), line(juiceId(LIME)), line(SYRUP)] },
    // 2 Vodka sour per fruit: 20 + i.
    ...PRODUCE_YIELDS.map((_, i) => ({ id: 20 + i, lines: [line(VODKA), line(juiceId(i)), line(SYRUP)] })),
    // 3 Cosmopolitan: citron vodka, triple sec, lime juice, cranberry.
    { id: 3, lines: [line(CITRON), line(TRIPLE_SEC), line(juiceId(LIME)), line(CRANBERRY)] },
    // 4 Vodka cranberry: plain vodka.
    { id: 4, lines: [line(VODKA), line(CRANBERRY)] },
    // 5 Vodka cranberry that says 'or flavoured': citron and vanilla vodka named as substitutes.
    { id: 5, lines: [line(VODKA, [CITRON, VANILLA]), line(CRANBERRY)] },
  ],
};
const matcher = buildMatcher(catalogue);

describe('fresh produce covers the juice it is pressed for', () => {
  it('makes a Daiquiri from limes, white rum and sugar, and says to juice the limes', () => {
    const stock = { owned: [RUM, SUGAR, fruitId(LIME)] };
    expect(matcher.classify(stock).canMake).toContain(1);
    const daiquiri = matcher.match(1, stock);
    expect(daiquiri?.missing).toEqual([]);
    expect(daiquiri?.lines[1]).toEqual({
      position: 1,
      ingredientId: juiceId(LIME),
      coverage: 'fresh',
      viaId: fruitId(LIME),
    });
    expect(daiquiri?.lines[2]?.coverage).toBe('house-made');
    expect(pressHint('Lime')).toBe('juice your limes');
  });

  it('works for every fruit of the yield table, and only for the juice of that fruit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PRODUCE_YIELDS.length - 1 }), (i) => {
        const stock = { owned: [VODKA, SUGAR, fruitId(i)] };
        const canMake = matcher.classify(stock).canMake;
        expect(canMake).toContain(20 + i);
        for (let other = 0; other < PRODUCE_YIELDS.length; other += 1) {
          if (other !== i) expect(canMake).not.toContain(20 + other);
        }
        expect(matcher.match(20 + i, stock)?.lines[1]?.coverage).toBe('fresh');
      }),
    );
  });

  it('still counts a bottle of juice as in stock, and the juice over the fruit when the bar holds both', () => {
    const stock = { owned: [RUM, SUGAR, fruitId(LIME), juiceId(LIME)] };
    expect(matcher.match(1, stock)?.lines[1]?.coverage).toBe('in-stock');
  });

  it('suggests the fruit as well as the bottled juice to buy next', () => {
    const next = matcher.buyNext({ owned: [RUM, SUGAR] });
    const ids = next.map((entry) => entry.ingredientId);
    expect(ids).toContain(juiceId(LIME));
    expect(ids).toContain(fruitId(LIME));
    expect(next.find((entry) => entry.ingredientId === fruitId(LIME))?.examples).toContain(1);
  });
});

describe('a variant does not stand in for its parent', () => {
  it('does not make a plain vodka drink from citron or vanilla vodka; a style of vodka does', () => {
    for (const flavoured of [CITRON, VANILLA]) {
      const stock = { owned: [flavoured, CRANBERRY] };
      expect(matcher.classify(stock).canMake).not.toContain(4);
      expect(matcher.match(4, stock)?.missing).toEqual([VODKA]);
    }
    expect(matcher.classify({ owned: [WHEAT_VODKA, CRANBERRY] }).canMake).toContain(4);
    expect(matcher.match(4, { owned: [WHEAT_VODKA, CRANBERRY] })?.lines[0]?.coverage).toBe('below');
  });

  it('covers lines that name it, and a line that accepts it as a substitute', () => {
    const stock = { owned: [CITRON, TRIPLE_SEC, fruitId(LIME), CRANBERRY] };
    const { canMake } = matcher.classify(stock);
    expect(canMake).toEqual(expect.arrayContaining([3, 5]));
    expect(matcher.match(5, stock)?.lines[0]).toMatchObject({ coverage: 'substitute', viaId: CITRON });
    // Plain vodka does not cover the citron vodka line either.
    expect(matcher.match(3, { owned: [VODKA, TRIPLE_SEC, juiceId(LIME), CRANBERRY] })?.missing).toEqual([CITRON]);
  });

  it('ranks plain vodka above the variants in Buy next', () => {
    const next = matcher.buyNext({ owned: [CRANBERRY, SUGAR, fruitId(LIME)] });
    const rank = (id: number) => next.findIndex((entry) => entry.ingredientId === id);
    expect(rank(VODKA)).toBeGreaterThanOrEqual(0);
    expect(next.find((entry) => entry.ingredientId === VODKA)?.unlocks).toBe(3); // 4, 5 and the lime sour
    expect(next.find((entry) => entry.ingredientId === CITRON)?.unlocks ?? 0).toBe(1); // 5 only
    expect(rank(VODKA)).toBeLessThan(rank(CITRON));
    expect(rank(WHEAT_VODKA)).toBeGreaterThanOrEqual(0);
  });
});
