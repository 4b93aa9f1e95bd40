import { describe, expect, it } from 'vitest';
import { computeCocktailAlcohol, computeRecipeAlcohol, DILUTION_BY_TECHNIQUE } from './abv';

describe('computeRecipeAlcohol', () => {
  it('reproduces the DOMAIN.md Negroni check (30/30/30 ml at 40/25/16 %, stirred)', () => {
    const negroni = computeCocktailAlcohol(
      [
        { amount: 30, unit: 'ml', abv: 40 },
        { amount: 30, unit: 'ml', abv: 25 },
        { amount: 30, unit: 'ml', abv: 16 },
      ],
      'Stir',
    );
    expect(negroni.ethanolMl).toBeCloseTo(24.3, 5);
    expect(negroni.startAbv).toBeCloseTo(27, 5);
    expect(negroni.waterMl).toBeCloseTo(18, 5);
    expect(negroni.servingVolumeMl).toBeCloseTo(108, 5);
    expect(negroni.finalAbv).toBeCloseTo(22.5, 5);
    expect(negroni.usStandardDrinks).toBeCloseTo(1.37, 2);
    expect(negroni.ukUnits).toBeCloseTo(2.43, 2);
  });

  it('counts top-ups in both ethanol and volume, so highballs do not read too strong', () => {
    const highball = computeRecipeAlcohol(
      [
        { amount: 50, unit: 'ml', abv: 40 },
        { amount: 100, unit: 'top', abv: 0 },
      ],
      0,
    );
    expect(highball.startVolumeMl).toBe(150);
    expect(highball.finalAbv).toBeCloseTo(13.33, 2);
  });

  it('converts bar units and ignores count units such as slices', () => {
    const result = computeRecipeAlcohol(
      [
        { amount: 2, unit: 'oz', abv: 40 },
        { amount: 2, unit: 'dash', abv: 44.7 },
        { amount: 1, unit: 'slice', abv: 0 },
      ],
      DILUTION_BY_TECHNIQUE.Layer,
    );
    expect(result.startVolumeMl).toBeCloseTo(2 * 29.5735 + 2 * 0.92, 5);
    expect(result.ethanolMl).toBeCloseTo(2 * 29.5735 * 0.4 + 2 * 0.92 * 0.447, 5);
  });

  it('returns zeros for a recipe with no liquid and rejects impossible inputs', () => {
    expect(computeRecipeAlcohol([{ amount: 1, unit: 'whole', abv: 0 }], 0.2).finalAbv).toBe(0);
    expect(() => computeRecipeAlcohol([], 1.5)).toThrow(RangeError);
    expect(() => computeRecipeAlcohol([{ amount: 10, unit: 'ml', abv: 140 }], 0.2)).toThrow(/abv/);
  });
});

describe('eggs, rinses and sugar in the alcohol maths (DOMAIN.md units table)', () => {
  const whiskeySour = [
    { amount: 45, unit: 'ml', abv: 45, ingredient: 'Bourbon' },
    { amount: 25, unit: 'ml', abv: 0, ingredient: 'Lemon juice' },
    { amount: 20, unit: 'ml', abv: 0, ingredient: 'Simple syrup' },
  ];

  it('a Whiskey Sour with egg white reads weaker than without (the white adds 30 ml, no ethanol)', () => {
    const without = computeCocktailAlcohol(whiskeySour, 'Shake');
    const withWhite = computeCocktailAlcohol(
      [...whiskeySour, { amount: 1, unit: 'white', abv: 0, ingredient: 'Egg white' }],
      'Shake',
    );
    expect(withWhite.ethanolMl).toBeCloseTo(without.ethanolMl, 10);
    expect(withWhite.startVolumeMl).toBeCloseTo(without.startVolumeMl + 30, 10);
    expect(without.finalAbv).toBeCloseTo((20.25 / (90 * 1.25)) * 100, 5); // 18 %
    expect(withWhite.finalAbv).toBeCloseTo((20.25 / (120 * 1.25)) * 100, 5); // 13.5 %
    expect(withWhite.finalAbv).toBeLessThan(without.finalAbv);
  });

  it('a flip counts its whole egg (50 ml), also when written as "1 whole Whole egg"', () => {
    const spirits = [
      { amount: 30, unit: 'ml', abv: 40, ingredient: 'Blanco tequila' },
      { amount: 30, unit: 'ml', abv: 40, ingredient: 'Yellow Chartreuse' },
    ];
    const egg = computeCocktailAlcohol(
      [...spirits, { amount: 1, unit: 'egg', abv: 0, ingredient: 'Whole egg' }],
      'Shake',
    );
    const whole = computeCocktailAlcohol(
      [...spirits, { amount: 1, unit: 'whole', abv: 0, ingredient: 'Whole egg' }],
      'Shake',
    );
    expect(egg.startVolumeMl).toBe(110);
    expect(egg.finalAbv).toBeCloseTo((24 / (110 * 1.25)) * 100, 5);
    expect(whole).toEqual(egg);
    expect(egg.finalAbv).toBeLessThan(computeCocktailAlcohol(spirits, 'Shake').finalAbv);
  });

  it("a Sazerac's absinthe rinse contributes about 2 ml, not the 10 ml poured", () => {
    const base = [
      { amount: 50, unit: 'ml', abv: 40, ingredient: 'Cognac' },
      { amount: 2, unit: 'dash', abv: 35, ingredient: 'Peychaud’s bitters' },
    ];
    const plain = computeRecipeAlcohol(base, 0);
    const rinsed = computeRecipeAlcohol([...base, { amount: 1, unit: 'rinse', abv: 60, ingredient: 'Absinthe' }], 0);
    expect(rinsed.startVolumeMl - plain.startVolumeMl).toBeCloseTo(2, 10);
    expect(rinsed.ethanolMl - plain.ethanolMl).toBeCloseTo(2 * 0.6, 10);
  });

  it("an Old Fashioned's sugar cube adds no poured liquid: only its dissolved volume, 4 g × 0.63 ml/g", () => {
    const base = [
      { amount: 45, unit: 'ml', abv: 45, ingredient: 'Bourbon' },
      { amount: 2, unit: 'dash', abv: 44.7, ingredient: 'Angostura bitters' },
      { amount: 2, unit: 'dash', abv: 0, ingredient: 'Water' },
    ];
    const plain = computeRecipeAlcohol(base, 0);
    const withCube = computeRecipeAlcohol([...base, { amount: 1, unit: 'cube', abv: 0, ingredient: 'Sugar cube' }], 0);
    expect(withCube.ethanolMl).toBeCloseTo(plain.ethanolMl, 10);
    expect(withCube.startVolumeMl - plain.startVolumeMl).toBeCloseTo(4 * 0.63, 10);
    // A teaspoon of sugar is not 4.93 ml of liquid either.
    const withTsp = computeRecipeAlcohol([...base, { amount: 1, unit: 'tsp', abv: 0, ingredient: 'Sugar' }], 0);
    expect(withTsp.startVolumeMl - plain.startVolumeMl).toBeCloseTo(4 * 0.63, 10);
  });
});
