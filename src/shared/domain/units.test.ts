import { describe, expect, it } from 'vitest';
import {
  EGG_UNIT_ML,
  RINSE_RETAINED_ML,
  SUGAR_DISSOLVED_ML_PER_G,
  UNITS,
  eggPartOf,
  formatAmount,
  formatComputedVolume,
  formatOunces,
  formatRecipeLine,
  formatStatedMl,
  isSolidSugar,
  lineVolumeMl,
  roundMlForDisplay,
} from './units';

describe('lineVolumeMl', () => {
  it('converts liquid units to millilitres', () => {
    expect(lineVolumeMl(1, 'oz')).toBeCloseTo(29.5735);
    expect(lineVolumeMl(2, 'cl')).toBe(20);
    expect(lineVolumeMl(1, 'barspoon')).toBe(5);
    expect(lineVolumeMl(3, 'dash')).toBeCloseTo(2.76);
  });
  it('takes a top-up amount as its expected ml and gives count units no volume', () => {
    expect(lineVolumeMl(90, 'top')).toBe(90);
    expect(lineVolumeMl(1, 'slice')).toBeNull();
    expect(lineVolumeMl(null, 'ml')).toBeNull();
  });

  it('gives eggs their volume in the glass: white 30 ml, whole egg 50 ml, yolk 17 ml (DOMAIN.md)', () => {
    expect(EGG_UNIT_ML).toEqual({ egg: 50, white: 30, yolk: 17 });
    expect(lineVolumeMl(1, 'white')).toBe(30);
    expect(lineVolumeMl(2, 'white')).toBe(60);
    expect(lineVolumeMl(1, 'egg')).toBe(50);
    expect(lineVolumeMl(1, 'yolk')).toBe(17);
    // An egg ingredient written with a plain count unit gets the same volume; other 'whole' things stay volumeless.
    expect(lineVolumeMl(1, 'whole', 'Whole egg')).toBe(50);
    expect(lineVolumeMl(1, 'piece', 'egg-white')).toBe(30);
    expect(lineVolumeMl(1, 'whole', 'Egg yolk')).toBe(17);
    expect(lineVolumeMl(1, 'whole', 'Lime')).toBeNull();
    expect(lineVolumeMl(1, 'whole')).toBeNull();
    // Egg white stated in ml or drops keeps the stated volume.
    expect(lineVolumeMl(20, 'ml', 'Egg white')).toBe(20);
  });

  it('counts what a rinse leaves in the glass (2 ml), not the pour', () => {
    expect(RINSE_RETAINED_ML).toBe(2);
    expect(lineVolumeMl(1, 'rinse', 'Absinthe')).toBe(2);
    expect(lineVolumeMl(null, 'rinse')).toBe(2);
    expect(lineVolumeMl(2, 'rinse')).toBe(4);
  });

  it('counts solid sugar only as its dissolved volume (0.63 ml per g, 4 g a cube or a teaspoon), never as poured liquid', () => {
    expect(SUGAR_DISSOLVED_ML_PER_G).toBe(0.63);
    expect(lineVolumeMl(1, 'cube', 'Sugar cube')).toBeCloseTo(2.52, 10);
    expect(lineVolumeMl(1, 'tsp', 'Sugar')).toBeCloseTo(2.52, 10);
    expect(lineVolumeMl(1, 'tsp', 'Sugar')).not.toBeCloseTo(4.93, 1);
    expect(lineVolumeMl(4, 'tsp', 'sugar')).toBeCloseTo(10.08, 10);
    expect(lineVolumeMl(2, 'barspoon', 'Superfine sugar')).toBeCloseTo(((2 * 5) / 4.93) * 4 * 0.63, 10);
    expect(lineVolumeMl(1, 'pinch', 'Sugar')).toBeNull();
    // Liquids that mention sugar are poured volume as usual.
    expect(lineVolumeMl(1, 'tsp', 'Rich simple syrup')).toBeCloseTo(4.93, 10);
    expect(lineVolumeMl(30, 'ml', 'Sugar cane juice')).toBe(30);
  });
});

describe('ingredient kinds', () => {
  it('recognises egg parts by name or slug, and nothing else', () => {
    expect(eggPartOf('Egg white')).toBe('white');
    expect(eggPartOf('egg-whites')).toBe('white');
    expect(eggPartOf('Egg yolk')).toBe('yolk');
    expect(eggPartOf('whole-egg')).toBe('egg');
    expect(eggPartOf('Egg')).toBe('egg');
    for (const other of ['Eggnog', 'Egg liqueur', 'White rum', 'Lime', '', null, undefined]) {
      expect(eggPartOf(other)).toBeNull();
    }
  });

  it('recognises solid sugar by name or slug, not syrups or juices', () => {
    for (const sugar of ['Sugar', 'Sugar cube', 'sugar-cube', 'Superfine sugar', 'Powdered sugar', 'Demerara sugar']) {
      expect(isSolidSugar(sugar)).toBe(true);
    }
    for (const other of ['Simple syrup', 'Sugar syrup', 'Sugar cane juice', 'Demerara syrup', 'Honey', null]) {
      expect(isSolidSugar(other)).toBe(false);
    }
  });
});

describe('display', () => {
  it('rounds ml by size band', () => {
    expect(roundMlForDisplay(22.4)).toBe(22);
    expect(roundMlForDisplay(0.3)).toBe(1);
    expect(roundMlForDisplay(147)).toBe(145);
    expect(roundMlForDisplay(1234)).toBe(1230);
  });
  it('shows ounces to the nearest quarter as fractions', () => {
    expect(formatOunces(0.75)).toBe('¾');
    expect(formatOunces(1.5)).toBe('1½');
    expect(formatOunces(2)).toBe('2');
    expect(formatOunces(0.01)).toBe('¼');
  });
  it('formats amounts in the chosen system and keeps small bar measures as written', () => {
    expect(formatAmount(45, 'ml', 'ml')).toBe('45 ml');
    expect(formatAmount(45, 'ml', 'oz')).toBe('1½ oz');
    expect(formatAmount(30, 'ml', 'oz')).toBe('1 oz');
    expect(formatAmount(2, 'dash', 'oz')).toBe('2 dashes');
    expect(formatAmount(1, 'barspoon', 'ml')).toBe('1 barspoon');
    expect(formatAmount(100, 'top', 'ml')).toBe('Top up');
    expect(formatAmount(6, 'leaf', 'ml')).toBe('6 leaves');
    expect(formatAmount(2, 'dash', 'ml', 3)).toBe('2–3 dashes');
    expect(formatAmount(2, 'cl', 'ml')).toBe('20 ml');
  });
  it('shows stated amounts as stated: 22.5 ml, not 23 ml', () => {
    expect(formatAmount(22.5, 'ml', 'ml')).toBe('22.5 ml');
    expect(formatAmount(7.5, 'ml', 'ml')).toBe('7.5 ml');
    expect(formatAmount(52.5, 'ml', 'ml')).toBe('52.5 ml');
    expect(formatAmount(2.25, 'cl', 'ml')).toBe('22.5 ml');
    expect(formatAmount(22.5, 'ml', 'ml', 30)).toBe('22.5–30 ml');
    expect(formatStatedMl(102)).toBe('102');
    expect(formatStatedMl(45)).toBe('45');
    // Finer than half a millilitre: the DOMAIN.md display rounding.
    expect(formatStatedMl(9.9)).toBe('10');
  });

  it('shows ml in ounces at 30 ml per oz for display (DOMAIN.md): 22.5 ml is ¾ oz, ¾ oz is 22.5 ml', () => {
    expect(formatAmount(22.5, 'ml', 'oz')).toBe('¾ oz');
    expect(formatAmount(7.5, 'ml', 'oz')).toBe('¼ oz');
    expect(formatAmount(52.5, 'ml', 'oz')).toBe('1¾ oz');
    expect(formatAmount(0.75, 'oz', 'ml')).toBe('22.5 ml');
    expect(formatAmount(1.5, 'oz', 'oz')).toBe('1½ oz');
  });

  it('rounds volumes the maths computed per the DOMAIN.md display rule', () => {
    expect(formatComputedVolume(22.5, 'ml')).toBe('23 ml');
    expect(formatComputedVolume(108, 'ml')).toBe('110 ml');
    expect(formatComputedVolume(1234, 'ml')).toBe('1230 ml');
    expect(formatComputedVolume(108, 'oz')).toBe('3½ oz');
  });

  it('says Rinse for a rinse and counts eggs', () => {
    expect(formatAmount(1, 'rinse', 'ml')).toBe('Rinse');
    expect(formatAmount(null, 'rinse', 'oz')).toBe('Rinse');
    expect(formatAmount(1, 'white', 'ml')).toBe('1 white');
    expect(formatAmount(2, 'egg', 'oz')).toBe('2 eggs');
  });

  it('has one unit list without duplicates', () => {
    expect(new Set(UNITS).size).toBe(UNITS.length);
  });
});

describe('formatRecipeLine', () => {
  const text = (line: Parameters<typeof formatRecipeLine>[0], system: 'ml' | 'oz' = 'ml') => {
    const { amount, ingredient } = formatRecipeLine(line, system);
    return amount ? `${amount} ${ingredient}` : ingredient;
  };

  it("never repeats a unit the ingredient's name already says: '1 Whole egg', not '1 whole Whole egg'", () => {
    expect(text({ amount: 1, unit: 'whole', ingredient: 'Whole egg' })).toBe('1 Whole egg');
    expect(text({ amount: 1, unit: 'whole', ingredient: 'Whole egg' })).not.toBe('1 whole Whole egg');
    expect(text({ amount: 1, unit: 'cube', ingredient: 'Sugar cube' })).toBe('1 Sugar cube');
    expect(text({ amount: 1, unit: 'egg', ingredient: 'Whole egg' })).toBe('1 Whole egg');
    expect(text({ amount: 1, unit: 'white', ingredient: 'Egg white' })).toBe('1 Egg white');
    expect(text({ amount: 1, unit: 'yolk', ingredient: 'Egg yolk' })).toBe('1 Egg yolk');
    expect(formatRecipeLine({ amount: 1, unit: 'cube', ingredient: 'Sugar cube' }, 'oz')).toEqual({
      amount: '1',
      ingredient: 'Sugar cube',
    });
  });

  it('puts that word of the name in the plural when the count is not 1', () => {
    expect(text({ amount: 2, unit: 'cube', ingredient: 'Sugar cube' })).toBe('2 Sugar cubes');
    expect(text({ amount: 2, unit: 'white', ingredient: 'Egg white' })).toBe('2 Egg whites');
    expect(text({ amount: 2, amount_max: 3, unit: 'egg', ingredient: 'Whole egg' })).toBe('2–3 Whole eggs');
    expect(text({ amount: 2, unit: 'slice', ingredient: 'Slice of orange' })).toBe('2 Slices of orange');
  });

  it('keeps the unit when the name does not say it, and shows stated amounts as stated', () => {
    expect(text({ amount: 1, unit: 'whole', ingredient: 'Lime' })).toBe('1 whole Lime');
    expect(text({ amount: 6, unit: 'leaf', ingredient: 'Mint' })).toBe('6 leaves Mint');
    expect(text({ amount: 22.5, unit: 'ml', ingredient: 'Lime juice' })).toBe('22.5 ml Lime juice');
    expect(text({ amount: 22.5, unit: 'ml', ingredient: 'Lime juice' }, 'oz')).toBe('¾ oz Lime juice');
    expect(text({ amount: 2, amount_max: 3, unit: 'dash', ingredient: 'Angostura bitters' })).toBe(
      '2–3 dashes Angostura bitters',
    );
    expect(text({ amount: 1, unit: 'rinse', ingredient: 'Absinthe' })).toBe('Rinse Absinthe');
    expect(text({ amount: 90, unit: 'top', ingredient: 'Soda water' })).toBe('Top up Soda water');
    expect(text({ amount: null, unit: 'leaf', ingredient: 'Mint' })).toBe('Mint');
    // Liquid units are never dropped, even when the name contains the word.
    expect(text({ amount: 2, unit: 'dash', ingredient: 'Dash of soda' })).toBe('2 dashes Dash of soda');
  });
});
