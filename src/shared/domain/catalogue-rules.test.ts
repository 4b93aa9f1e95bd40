import { describe, expect, it } from 'vitest';
import { recipeStrength, strengthForAbv } from './catalogue-rules';

describe('recipeStrength', () => {
  it('bands the DOMAIN.md Negroni (22.5 % after stirring) as Strong', () => {
    const { strength, finalAbv } = recipeStrength(
      [
        { amount: 30, unit: 'ml', abv: 40 },
        { amount: 30, unit: 'ml', abv: 25 },
        { amount: 30, unit: 'ml', abv: 16 },
      ],
      'Stir',
    );
    expect(finalAbv).toBeCloseTo(22.5, 5);
    expect(strength).toBe('Strong');
  });

  it('follows the eggs: a whole egg takes a flip from Strong to Medium', () => {
    const spirits = [
      { amount: 45, unit: 'ml', abv: 40, ingredient: 'Brandy' },
      { amount: 15, unit: 'ml', abv: 40, ingredient: 'Yellow Chartreuse' },
    ];
    expect(recipeStrength(spirits, 'Shake').strength).toBe('Strong');
    const flip = recipeStrength([...spirits, { amount: 1, unit: 'egg', abv: 0, ingredient: 'Whole egg' }], 'Shake');
    expect(flip.finalAbv).toBeCloseTo((24 / (110 * 1.25)) * 100, 5);
    expect(flip.strength).toBe(strengthForAbv(flip.finalAbv));
    expect(flip.strength).toBe('Medium');
  });
});
