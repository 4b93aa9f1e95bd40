import { describe, expect, it } from 'vitest';
import { loadSeedCatalogue } from '@/server/catalogue/seed/load-seed';
import { seedCocktailSchema } from '@/shared/schemas/seed';
import { generateSyntheticCocktails } from './generate-catalogue';

describe('generateSyntheticCocktails', () => {
  const { ingredients } = loadSeedCatalogue();
  const known = new Set(ingredients.map((ingredient) => ingredient.slug));

  it('makes valid cocktails from real ingredients only', () => {
    const cocktails = generateSyntheticCocktails(ingredients, 500);
    expect(cocktails).toHaveLength(500);
    for (const cocktail of cocktails) {
      expect(seedCocktailSchema.safeParse(cocktail).success, cocktail.slug).toBe(true);
      for (const line of cocktail.ingredients) expect(known.has(line.ingredient), line.ingredient).toBe(true);
    }
    expect(new Set(cocktails.map((c) => c.slug)).size).toBe(500);
    expect(new Set(cocktails.map((c) => c.base_spirit)).size).toBeGreaterThan(4);
  });

  it('is deterministic for a given PRNG seed', () => {
    expect(generateSyntheticCocktails(ingredients, 20, 7)).toEqual(generateSyntheticCocktails(ingredients, 20, 7));
    expect(generateSyntheticCocktails(ingredients, 20, 7)).not.toEqual(generateSyntheticCocktails(ingredients, 20, 8));
  });
});
