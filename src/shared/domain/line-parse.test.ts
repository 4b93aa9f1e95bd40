import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLine, formatQuantity } from './line-format';
import { parseLine, parseLines, type ParsedLine } from './line-parse';
import type { Unit } from './units';

/** The parts of a parsed line most examples check. */
const read = (text: string) => {
  const line = parseLine(text) as ParsedLine;
  return { amount: line.amount, amountMax: line.amountMax, unit: line.unit, ingredient: line.ingredient };
};

describe('parseLine: amounts', () => {
  it.each([
    ['1 1/2 oz gin', 1.5],
    ['1½ oz bourbon', 1.5],
    ['¾ oz lime juice', 0.75],
    ['0.5 oz simple syrup', 0.5],
    ['1,5 cl vodka', 1.5],
    ['60ml Gin', 60],
    ['about 2 oz rum', 2],
  ])('%s -> %s', (text, amount) => {
    expect(read(text).amount).toBe(amount);
  });

  it('reads ranges as an amount and an upper bound', () => {
    expect(read('2-3 dashes Angostura bitters')).toEqual({
      amount: 2,
      amountMax: 3,
      unit: 'dash',
      ingredient: 'Angostura bitters',
    });
    expect(read('2 to 3 dashes orange bitters')).toMatchObject({ amount: 2, amountMax: 3, unit: 'dash' });
  });
});

describe('parseLine: units', () => {
  it.each<[string, number | null, Unit, string]>([
    ['45 ml gin', 45, 'ml', 'gin'],
    ['4.5 cl vodka', 4.5, 'cl', 'vodka'],
    ['1 fl oz cream', 1, 'oz', 'cream'],
    ['2 oz. vodka', 2, 'oz', 'vodka'],
    ['1 tsp sugar', 1, 'tsp', 'sugar'],
    ['1 tbsp honey', 1, 'tbsp', 'honey'],
    ['1 Table Spoon Absinthe', 1, 'tbsp', 'Absinthe'],
    ['2 table spoons grenadine', 2, 'tbsp', 'grenadine'],
    ['1 Tea Spoon sugar', 1, 'tsp', 'sugar'],
    ['2 tea-spoons honey syrup', 2, 'tsp', 'honey syrup'],
    ['1 barspoon maraschino', 1, 'barspoon', 'maraschino'],
    ['1 bar spoon sugar syrup', 1, 'barspoon', 'sugar syrup'],
    ['a dash of Angostura', 1, 'dash', 'Angostura'],
    ['2 drops saline', 2, 'drop', 'saline'],
    ['pinch of salt', null, 'pinch', 'salt'],
    ['a splash of soda', 1, 'splash', 'soda'],
    ['1 l water', 1000, 'ml', 'water'],
    ['1 cup pineapple juice', 236.59, 'ml', 'pineapple juice'],
    ['1 egg white', 1, 'white', 'egg white'],
    ['1 whole egg', 1, 'egg', 'egg'],
    ['2 lime wedges', 2, 'wedge', 'lime wedges'],
    ['6 mint leaves', 6, 'leaf', 'mint leaves'],
    ['1 sugar cube', 1, 'cube', 'sugar cube'],
    ['3 strawberries', 3, 'piece', 'strawberries'],
  ])('%s', (text, amount, unit, ingredient) => {
    expect(read(text)).toEqual({ amount, amountMax: null, unit, ingredient });
  });

  it('reads parts, shots and jiggers in oz, and says so', () => {
    expect(parseLine('2 parts gin')).toMatchObject({
      amount: 2,
      unit: 'oz',
      warnings: ['Parts were read as 1 oz each.'],
    });
    expect(parseLine('1 shot tequila')).toMatchObject({ amount: 1.5, unit: 'oz' });
    expect(parseLine('1 jigger rum')).toMatchObject({ amount: 1.5, unit: 'oz' });
  });

  it('reads grams of sugar as teaspoons, and keeps other grams in the note', () => {
    expect(parseLine('20 g sugar')).toMatchObject({ amount: 5, unit: 'tsp', ingredient: 'sugar' });
    expect(parseLine('5 g salt')).toMatchObject({ amount: null, ingredient: 'salt', note: '5 g' });
  });
});

describe('parseLine: bar phrases', () => {
  it('reads top-ups in either order, with the stated volume in ml', () => {
    expect(read('Top with soda water')).toEqual({
      amount: null,
      amountMax: null,
      unit: 'top',
      ingredient: 'soda water',
    });
    expect(read('top up with prosecco')).toMatchObject({ unit: 'top', ingredient: 'prosecco' });
    expect(read('Champagne to top')).toMatchObject({ unit: 'top', ingredient: 'Champagne' });
    expect(read('100 ml soda water, to top')).toMatchObject({ amount: 100, unit: 'top', ingredient: 'soda water' });
    expect(read('2 oz ginger beer to top')).toMatchObject({ amount: 59.15, unit: 'top' });
    // A top-up after its count or its volume in ml, as Bar Assistant's data and the IBA list write them.
    expect(read('1 topup Tonic')).toMatchObject({ amount: null, unit: 'top', ingredient: 'Tonic' });
    expect(read('1 top up Cola')).toMatchObject({ amount: null, unit: 'top', ingredient: 'Cola' });
    expect(read('120 top up Soda water')).toMatchObject({ amount: 120, unit: 'top', ingredient: 'Soda water' });
  });

  it('reads rinses', () => {
    expect(read('Absinthe rinse')).toEqual({ amount: 1, amountMax: null, unit: 'rinse', ingredient: 'Absinthe' });
    expect(read('Rinse the glass with mezcal')).toMatchObject({ unit: 'rinse', ingredient: 'mezcal' });
  });

  it('reads the juice of a fruit in ml from the produce yields', () => {
    expect(parseLine('Juice of half a lime')).toMatchObject({ amount: 15, unit: 'ml', ingredient: 'lime juice' });
    expect(parseLine('juice of 1 lemon')).toMatchObject({ amount: 45, unit: 'ml', ingredient: 'lemon juice' });
    expect(parseLine('juice of 2 limes')).toMatchObject({ amount: 60, unit: 'ml', ingredient: 'lime juice' });
  });

  it('takes notes, alternatives, optional and garnish flags off the name', () => {
    expect(parseLine('1/2 oz lemon juice (fresh)')).toMatchObject({ ingredient: 'lemon juice', note: 'fresh' });
    expect(parseLine('2 oz gin, chilled')).toMatchObject({ ingredient: 'gin', note: 'chilled' });
    expect(parseLine('1 oz rye or bourbon')).toMatchObject({ ingredient: 'rye', alternatives: ['bourbon'] });
    expect(parseLine('1 dash absinthe (optional)')).toMatchObject({ ingredient: 'absinthe', optional: true });
    expect(parseLine('Orange twist, for garnish')).toMatchObject({
      ingredient: 'Orange twist',
      unit: 'peel',
      garnish: true,
    });
    expect(parseLine('Garnish: lemon peel')).toMatchObject({ ingredient: 'lemon peel', garnish: true });
    expect(parseLine('Salt to taste')).toMatchObject({ ingredient: 'Salt', amount: null, note: 'to taste' });
    expect(parseLine('Pepper (Up to taste)')).toMatchObject({ ingredient: 'Pepper', amount: null, note: 'to taste' });
    expect(parseLine('Pepper (to taste')).toMatchObject({ ingredient: 'Pepper', note: 'to taste' });
    expect(parseLine('1 dash Tabasco (as needed)')).toMatchObject({
      ingredient: 'Tabasco',
      unit: 'dash',
      note: 'to taste',
    });
    expect(parseLine('Celery salt, up to taste')).toMatchObject({ ingredient: 'Celery salt', note: 'to taste' });
  });

  it("reads 'optional' among a parenthesis' words, a preparation after the name, 'Or' in any case", () => {
    expect(parseLine('1 oz heavy cream (Whipped, optional)')).toMatchObject({
      ingredient: 'heavy cream',
      optional: true,
      note: 'Whipped',
    });
    expect(parseLine('1 egg white (optional; for foam)')).toMatchObject({ optional: true, note: 'for foam' });
    expect(parseLine('1 Lime cut into small wedges')).toMatchObject({
      ingredient: 'Lime',
      note: 'cut into small wedges',
    });
    expect(parseLine('3 strawberries halved')).toMatchObject({ ingredient: 'strawberries', note: 'halved' });
    expect(parseLine('2 tbsp fresh chopped mint')).toMatchObject({ ingredient: 'fresh chopped mint', note: null });
    expect(parseLine('1 1/2 oz Bourbon Or Rye Whiskey')).toMatchObject({
      ingredient: 'Bourbon',
      alternatives: ['Rye Whiskey'],
    });
  });

  it('reads a measured volume of a citrus fruit as its juice', () => {
    expect(parseLine('3/4 oz fresh lime')).toMatchObject({ amount: 0.75, unit: 'oz', ingredient: 'lime juice' });
    expect(parseLine('15 ml Lemon')).toMatchObject({ ingredient: 'lemon juice' });
    expect(parseLine('1 lime')).toMatchObject({ unit: 'piece', ingredient: 'lime' });
    expect(parseLine('2 lime wedges')).toMatchObject({ unit: 'wedge', ingredient: 'lime wedges' });
  });

  it('skips empty lines, list markers and group headers', () => {
    expect(parseLine('   ')).toBeNull();
    expect(parseLine('For the syrup:')).toBeNull();
    expect(parseLine('- 1 oz gin')).toMatchObject({ amount: 1, unit: 'oz', ingredient: 'gin' });
    expect(parseLines('Negroni:\n1 oz gin\n\n• 1 oz Campari\n1 oz sweet vermouth').map((l) => l.ingredient)).toEqual([
      'gin',
      'Campari',
      'sweet vermouth',
    ]);
  });

  it('never throws, and keeps what it cannot read as the ingredient', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const line = parseLine(text);
        if (line) expect(typeof line.ingredient).toBe('string');
      }),
    );
  });
});

describe('formatQuantity', () => {
  it.each([
    [2, '2'],
    [1.5, '1½'],
    [0.75, '¾'],
    [0.25, '¼'],
    [22.5, '22½'],
    [1.3, '1.3'],
  ])('%s -> %s', (n, text) => {
    expect(formatQuantity(n)).toBe(text);
  });
});

/** Units a line is written in, with amounts bartenders use for each. */
const WRITTEN: [Unit, fc.Arbitrary<number>][] = [
  ['ml', fc.integer({ min: 1, max: 400 })],
  ['cl', fc.integer({ min: 1, max: 40 }).map((n) => n / 2)],
  ['oz', fc.integer({ min: 1, max: 16 }).map((n) => n / 4)],
  ['tsp', fc.integer({ min: 1, max: 8 }).map((n) => n / 2)],
  ['tbsp', fc.integer({ min: 1, max: 4 })],
  ['barspoon', fc.integer({ min: 1, max: 4 })],
  ['dash', fc.integer({ min: 1, max: 8 })],
  ['drop', fc.integer({ min: 1, max: 10 })],
  ['pinch', fc.integer({ min: 1, max: 3 })],
  ['splash', fc.integer({ min: 1, max: 2 })],
  ['slice', fc.integer({ min: 1, max: 4 })],
  ['wedge', fc.integer({ min: 1, max: 4 })],
  ['peel', fc.integer({ min: 1, max: 2 })],
  ['sprig', fc.integer({ min: 1, max: 3 })],
  ['leaf', fc.integer({ min: 1, max: 12 })],
  ['cube', fc.integer({ min: 1, max: 3 })],
  ['scoop', fc.integer({ min: 1, max: 2 })],
];

/** Names as a recipe writes them (none ending in a count word, which would give the unit away). */
const NAMES = [
  'gin',
  'Campari',
  'sweet vermouth',
  'lime juice',
  'Angostura bitters',
  'Crème de cassis',
  'soda water',
  'mint',
];

describe('formatLine and parseLine round-trip', () => {
  it('reads back the amount, range, unit and ingredient it wrote', () => {
    const written = fc.oneof(
      ...WRITTEN.map(([unit, amounts]) =>
        fc.record({
          unit: fc.constant(unit),
          amount: amounts,
          widen: fc.boolean(),
          ingredient: fc.constantFrom(...NAMES),
          optional: fc.boolean(),
        }),
      ),
    );
    fc.assert(
      fc.property(written, ({ unit, amount, widen, ingredient, optional }) => {
        const amountMax = widen && unit !== 'ml' ? amount + 1 : null;
        const text = formatLine({ amount, amountMax, unit, ingredient, optional });
        const line = parseLine(text);
        expect(line, text).toMatchObject({ amount, amountMax, unit, ingredient, optional });
      }),
    );
  });

  it('reads back top-ups and rinses', () => {
    for (const line of [
      { amount: null, unit: 'top' as const, ingredient: 'soda water' },
      { amount: 60, unit: 'top' as const, ingredient: 'ginger beer' },
      { amount: 1, unit: 'rinse' as const, ingredient: 'absinthe' },
      { amount: 1, unit: 'white' as const, ingredient: 'egg white' },
      { amount: 2, unit: 'piece' as const, ingredient: 'strawberries' },
    ]) {
      expect(parseLine(formatLine(line)), formatLine(line)).toMatchObject(line);
    }
  });
});
