import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBatch, type BatchLine } from './batch';
import { bottlesToBuy, planParty, purchaseFor, shoppingList, splitDrinks, type PartyCocktail } from './party';

const line = (ingredient: string, category: string, amount: number, abv: number, extra: Partial<BatchLine> = {}) =>
  ({ ingredient, category, abv, amount, unit: 'ml', role: 'batch', ...extra }) satisfies BatchLine;

const negroni: PartyCocktail = {
  key: 'negroni',
  name: 'Negroni',
  glassware: 'Rocks',
  servedOverIce: true,
  technique: 'Stir',
  lines: [
    line('Gin', 'Spirits', 30, 40),
    line('Campari', 'Liqueurs', 30, 25),
    line('Sweet vermouth', 'Fortified wine', 30, 16),
  ],
  methodDilution: 0.2,
  style: 'fridge',
  share: 1,
};
const gimlet: PartyCocktail = {
  key: 'gimlet',
  name: 'Gimlet',
  glassware: 'Coupe',
  servedOverIce: false,
  technique: 'Shake',
  lines: [
    line('Gin', 'Spirits', 60, 40),
    line('Lime juice', 'Juices', 22.5, 0, { role: 'same-day' }),
    line('Simple syrup', 'Syrups', 15, 0),
  ],
  methodDilution: 0.25,
  style: 'freezer',
  share: 1,
};

describe('bottlesToBuy', () => {
  it('rounds up to whole bottles and says what is left over', () => {
    expect(bottlesToBuy(208.33, 750)).toEqual({ bottles: 1, leftoverMl: expect.closeTo(541.67, 2) });
    expect(bottlesToBuy(750, 750)).toEqual({ bottles: 1, leftoverMl: 0 });
    expect(bottlesToBuy(3 * 250.0000000001, 750).bottles).toBe(1);
    expect(bottlesToBuy(0, 750)).toEqual({ bottles: 0, leftoverMl: 0 });
    expect(() => bottlesToBuy(10, 0)).toThrow(RangeError);
  });

  it('always covers the need, with less than one bottle left over', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.constantFrom(200, 355, 700, 750, 1000),
        (need, size) => {
          const { bottles, leftoverMl } = bottlesToBuy(need, size);
          expect(bottles * size).toBeGreaterThanOrEqual(need - 1e-6);
          expect(leftoverMl).toBeLessThan(size);
        },
      ),
    );
  });
});

describe('splitDrinks', () => {
  it('splits by shares and always adds up', () => {
    expect(splitDrinks(80, [1, 1])).toEqual([40, 40]);
    expect(splitDrinks(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitDrinks(10, [0, 0])).toEqual([5, 5]);
    expect(splitDrinks(7, [3, 0])).toEqual([7, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (total, weights) => {
          const parts = splitDrinks(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((p) => expect(Number.isInteger(p) && p >= 0).toBe(true));
        },
      ),
    );
  });
});

describe('shopping', () => {
  it('buys citrus as fruit and eggs by the egg', () => {
    expect(
      purchaseFor({ ingredient: 'Lime juice', category: 'Juices', totalMl: 400, totalCount: null, countUnit: null }),
    ).toEqual({
      kind: 'fruit',
      fruit: 'limes',
      count: 14,
      leftoverMl: 20,
    });
    expect(
      purchaseFor({
        ingredient: 'Egg white',
        category: 'Dairy & egg',
        totalMl: 300,
        totalCount: 10,
        countUnit: 'white',
      }),
    ).toEqual({
      kind: 'count',
      count: 10,
      unit: 'egg',
    });
    expect(
      purchaseFor({ ingredient: 'Water', category: 'Mixers', totalMl: 300, totalCount: null, countUnit: null }),
    ).toEqual({ kind: 'none' });
    expect(
      purchaseFor({ ingredient: 'Soda water', category: 'Mixers', totalMl: 2500, totalCount: null, countUnit: null }),
    ).toEqual({
      kind: 'bottle',
      bottleMl: 1000,
      bottles: 3,
      leftoverMl: 500,
    });
  });

  it('adds up an ingredient used by several batches and honours a chosen bottle size', () => {
    const a = computeBatch({
      lines: negroni.lines,
      methodDilution: 0.2,
      style: 'fridge',
      scale: { by: 'servings', servings: 10 },
    });
    const b = computeBatch({
      lines: gimlet.lines,
      methodDilution: 0.25,
      style: 'fridge',
      scale: { by: 'servings', servings: 10 },
    });
    const list = shoppingList(
      [
        { name: 'Negroni', result: a },
        { name: 'Gimlet', result: b },
      ],
      { gin: 700 },
    );
    const gin = list.find((item) => item.key === 'gin');
    expect(gin?.totalMl).toBe(900);
    expect(gin?.usedBy).toEqual(['Negroni', 'Gimlet']);
    expect(gin?.purchase).toEqual({ kind: 'bottle', bottleMl: 700, bottles: 2, leftoverMl: 500 });
    expect(list.map((item) => item.ingredient)).toEqual([
      'Gin',
      'Campari',
      'Sweet vermouth',
      'Lime juice',
      'Simple syrup',
    ]);
  });
});

describe('planParty', () => {
  it('plans 20 guests for 3 hours with two cocktails in equal shares', () => {
    const plan = planParty({ guests: 20, hours: 3, cocktails: [negroni, gimlet] });
    // 20 × (2 + 1 + 1) = 80 drinks, 40 each.
    expect(plan.totalDrinks).toBe(80);
    expect(plan.cocktails.map((c) => c.drinks)).toEqual([40, 40]);
    // Gin: 40 × 30 + 40 × 60 = 3600 ml -> 5 bottles of 750 ml, 150 ml left.
    const gin = plan.shopping.find((item) => item.key === 'gin');
    expect(gin?.totalMl).toBe(3600);
    expect(gin?.purchase).toEqual({ kind: 'bottle', bottleMl: 750, bottles: 5, leftoverMl: 150 });
    // Lime: 40 × 22.5 = 900 ml -> 30 limes.
    expect(plan.shopping.find((item) => item.key === 'lime juice')?.purchase).toEqual({
      kind: 'fruit',
      fruit: 'limes',
      count: 30,
      leftoverMl: 0,
    });
    // Ice: half the drinks over ice -> 0.5 × 20 × 3 × 0.5 = 15 kg; chilling 1 kg per litre: Negroni 40 × 108 ml =
    // 4.32 l, Gimlet 40 × 121.875 ml = 4.875 l -> 9.195 kg.
    expect(plan.ice.glassesKg).toBeCloseTo(15, 9);
    expect(plan.ice.chillingKg).toBeCloseTo(9.195, 9);
    // Both are poured from the batch: no ice to shake or stir.
    expect(plan.ice.shakingKg).toBe(0);
    // Glasses: 24 rocks, 24 coupes (20 guests + 20 %).
    expect(plan.glassware).toEqual([
      { glassware: 'Rocks', count: 24 },
      { glassware: 'Coupe', count: 24 },
    ]);
  });

  it('refuses more than six cocktails', () => {
    expect(() => planParty({ guests: 2, hours: 1, cocktails: Array.from({ length: 7 }, () => negroni) })).toThrow(
      RangeError,
    );
  });
});

describe('sugar', () => {
  it('is weighed in the batch and bought by the bag', () => {
    const daiquiri = computeBatch({
      lines: [
        line('White rum', 'Spirits', 60, 40),
        line('Lime juice', 'Juices', 20, 0, { role: 'same-day' }),
        line('Superfine sugar', 'Other', 2, 0, { unit: 'barspoon' }),
      ],
      methodDilution: 0.25,
      style: 'fridge',
      scale: { by: 'servings', servings: 40 },
    });
    // 2 barspoons = 10 ml of sugar = 10 / 4.93 tsp × 4 g = 8.11 g a drink; 40 drinks: 324.5 g.
    const [item] = shoppingList([{ name: 'Daiquiri', result: daiquiri }]).filter((i) => i.key === 'superfine sugar');
    expect(item?.purchase).toEqual({ kind: 'bag', grams: expect.closeTo(324.54, 2), bagG: 1000, bags: 1 });
  });
});

describe('sugar cubes', () => {
  it('are bought by weight from a bag, never as a count of cubes', () => {
    const oldFashioned = computeBatch({
      lines: [
        line('Bourbon', 'Spirits', 60, 45),
        line('Sugar cube', 'Other', 1, 0, { unit: 'cube' }),
        line('Angostura bitters', 'Bitters', 2, 44.7, { unit: 'dash' }),
      ],
      methodDilution: 0.2,
      style: 'fridge',
      scale: { by: 'servings', servings: 40 },
    });
    // 40 cubes of 4 g: 160 g of sugar, one 1 kg bag.
    const [sugar] = shoppingList([{ name: 'Old Fashioned', result: oldFashioned }]).filter(
      (i) => i.key === 'sugar cube',
    );
    expect(sugar?.purchase).toEqual({ kind: 'bag', grams: expect.closeTo(160, 9), bagG: 1000, bags: 1 });
    expect(
      purchaseFor({ ingredient: 'Sugar cube', category: 'Other', totalMl: null, totalCount: 40, countUnit: 'cube' }),
    ).toEqual({ kind: 'bag', grams: 160, bagG: 1000, bags: 1 });
  });

  it('still buys eggs by the egg for a batch of sours', () => {
    const sour = computeBatch({
      lines: [
        line('Bourbon', 'Spirits', 60, 45),
        line('Egg white', 'Dairy & egg', 1, 0, { unit: 'white', role: 'at-service' }),
      ],
      methodDilution: 0.25,
      style: 'to-order',
      scale: { by: 'servings', servings: 12 },
    });
    const [egg] = shoppingList([{ name: 'Whiskey Sour', result: sour }]).filter((i) => i.key === 'egg white');
    expect(egg?.purchase).toEqual({ kind: 'count', count: 12, unit: 'egg' });
  });
});
