import { describe, expect, it } from 'vitest';
import {
  INGREDIENTS_LINE_MAX,
  NO_INGREDIENTS_TEXT,
  formatIngredientItem,
  formatIngredientsLine,
} from './ingredients-line';

describe('formatIngredientsLine', () => {
  it('joins amount, unit and ingredient in ml', () => {
    const line = formatIngredientsLine(
      [
        { amount: 45, unit: 'ml', ingredient: 'Gin' },
        { amount: 25, unit: 'ml', ingredient: 'Lemon juice' },
        { amount: 2, unit: 'dash', ingredient: 'Angostura bitters' },
      ],
      'ml',
    );
    expect(line).toBe('45 ml Gin, 25 ml Lemon juice, 2 dashes Angostura bitters');
  });

  it('shows ounces to the quarter in the oz system and keeps dashes as written', () => {
    const line = formatIngredientsLine(
      [
        { amount: 45, unit: 'ml', ingredient: 'Gin' },
        { amount: 2, unit: 'dash', ingredient: 'Angostura bitters' },
      ],
      'oz',
    );
    expect(line).toBe('1½ oz Gin, 2 dashes Angostura bitters');
  });

  it('says Top up for top-ups and shows a bare name when there is no amount', () => {
    expect(formatIngredientItem({ amount: 90, unit: 'top', ingredient: 'Soda water' }, 'ml')).toBe('Top up Soda water');
    expect(formatIngredientItem({ amount: null, unit: 'leaf', ingredient: 'Mint' }, 'ml')).toBe('Mint');
  });

  it("never repeats a unit the name already says: '1 Whole egg', not '1 whole Whole egg'", () => {
    expect(formatIngredientItem({ amount: 1, unit: 'whole', ingredient: 'Whole egg' }, 'ml')).toBe('1 Whole egg');
    expect(formatIngredientItem({ amount: 1, unit: 'egg', ingredient: 'Whole egg' }, 'ml')).toBe('1 Whole egg');
    expect(formatIngredientItem({ amount: 1, unit: 'cube', ingredient: 'Sugar cube' }, 'oz')).toBe('1 Sugar cube');
    expect(formatIngredientItem({ amount: 1, unit: 'white', ingredient: 'Egg white' }, 'ml')).toBe('1 Egg white');
    expect(formatIngredientItem({ amount: 1, unit: 'whole', ingredient: 'Lime' }, 'ml')).toBe('1 whole Lime');
  });

  it("shows stated amounts as stated: '22.5 ml', not '23 ml', and ¾ oz in ounces; a rinse says Rinse", () => {
    const items = [
      { amount: 22.5, unit: 'ml', ingredient: 'Lime juice' },
      { amount: 7.5, unit: 'ml', ingredient: 'Demerara syrup' },
    ];
    expect(formatIngredientsLine(items, 'ml')).toBe('22.5 ml Lime juice, 7.5 ml Demerara syrup');
    expect(formatIngredientsLine(items, 'oz')).toBe('¾ oz Lime juice, ¼ oz Demerara syrup');
    expect(formatIngredientItem({ amount: 1, unit: 'rinse', ingredient: 'Absinthe' }, 'ml')).toBe('Rinse Absinthe');
  });

  it("says 'Classic cocktail recipe' when there are no ingredients", () => {
    expect(formatIngredientsLine([], 'ml')).toBe(NO_INGREDIENTS_TEXT);
    expect(NO_INGREDIENTS_TEXT).toBe('Classic cocktail recipe');
  });

  it('keeps only the first 100 characters and marks the cut with an ellipsis', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({
      amount: 15,
      unit: 'ml',
      ingredient: `Ingredient number ${i}`,
    }));
    const full = items.map((item) => `15 ml ${item.ingredient}`).join(', ');
    const line = formatIngredientsLine(items, 'ml');
    expect(full.length).toBeGreaterThan(INGREDIENTS_LINE_MAX);
    expect(line.endsWith('…')).toBe(true);
    expect(line.slice(0, -1)).toBe(full.slice(0, INGREDIENTS_LINE_MAX).trimEnd());
    expect(line.length).toBeLessThanOrEqual(INGREDIENTS_LINE_MAX + 1);
  });

  it('leaves a line of exactly 100 characters whole', () => {
    const name = 'x'.repeat(INGREDIENTS_LINE_MAX - '10 ml '.length);
    const line = formatIngredientsLine([{ amount: 10, unit: 'ml', ingredient: name }], 'ml');
    expect(line).toHaveLength(INGREDIENTS_LINE_MAX);
    expect(line.endsWith('…')).toBe(false);
  });
});
