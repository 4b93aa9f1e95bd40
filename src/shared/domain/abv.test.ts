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
