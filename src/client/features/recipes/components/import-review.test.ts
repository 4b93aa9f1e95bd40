import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@/shared/schemas/recipes';
import { reviewOf } from './import-page';

const write = (name: string) =>
  ({
    name,
    base_spirit: 'Gin',
    category: 'Modern',
    description: '',
    instructions: 'Shake with ice and strain.',
    difficulty_level: 'Easy',
    glassware: 'Coupe',
    technique: 'Shake',
    garnish: '',
    preparation_time: 3,
    flavor_profile: [],
    seasonal_tags: [],
    occasion_tags: [],
    ingredients: [
      { ingredient_id: 1, amount: 60, amount_max: null, unit: 'ml', is_optional: false, note: null },
      { ingredient_name: 'cucumber cordial', amount: 15, amount_max: null, unit: 'ml', is_optional: false, note: null },
    ],
  }) as ImportPreview['recipes'][number]['write'];

const preview: ImportPreview = {
  format: 'text',
  recipes: [
    { index: 0, write: write('Garden Gimlet'), lines: [], warnings: [] },
    { index: 2, write: write('Second Gimlet'), lines: [], warnings: [] },
  ],
  refusals: [{ index: 1, name: null, reason: 'It names no ingredients.' }],
};

describe('reviewOf', () => {
  it("puts the user's pick in place of a free-text line, leaves out the recipes they unticked, keeps the refusals", () => {
    const review = reviewOf(preview, new Set([2]), new Map([['0:1', { id: 9, name: 'Simple syrup' }]]));
    expect(review.refusals).toEqual(preview.refusals);
    expect(review.recipes.map((recipe) => recipe.index)).toEqual([0]);
    expect(review.recipes[0]!.write.ingredients).toEqual([
      { ingredient_id: 1, amount: 60, amount_max: null, unit: 'ml', is_optional: false, note: null },
      { ingredient_id: 9, amount: 15, amount_max: null, unit: 'ml', is_optional: false, note: null },
    ]);
    // The preview itself is not changed.
    expect(preview.recipes[0]!.write.ingredients[1]).toHaveProperty('ingredient_name', 'cucumber cordial');
  });
});
