import type { BASE_SPIRITS, STRENGTHS } from '../schemas/cocktail';
import { computeCocktailAlcohol, type AbvLine, type Technique } from './abv';

/**
 * Rules that tie a cocktail's catalogue fields to its recipe: which ingredient family a base spirit stands for, and which
 * strength band a final ABV falls in. Used by the seed validation and by anything that derives these fields from a recipe.
 */

/** One of the catalogue's base spirits ('Gin', 'Whiskey', 'Cachaça'...). */
export type BaseSpirit = (typeof BASE_SPIRITS)[number];
/** One of the strength bands: 'Light', 'Medium' or 'Strong'. */
export type Strength = (typeof STRENGTHS)[number];

/**
 * Slug of the ingredient family root that each base spirit stands for, in the seed ingredient hierarchy
 * (src/server/catalogue/seed/ingredients.json). A cocktail filed under a base spirit must have at least one line whose
 * ingredient is this root or one of its descendants (e.g. Whiskey -> 'whiskey' covers bourbon, rye, Scotch...).
 * Wine covers still, sparkling and fortified wines (vermouth, sherry, port) since they descend from 'wine';
 * Pisco's root 'pisco' itself sits under 'brandy'.
 */
export const BASE_SPIRIT_INGREDIENT: Record<BaseSpirit, string> = {
  Gin: 'gin',
  Vodka: 'vodka',
  Whiskey: 'whiskey',
  Rum: 'rum',
  Tequila: 'tequila',
  Mezcal: 'mezcal',
  Brandy: 'brandy',
  Pisco: 'pisco',
  Cachaça: 'cachaca',
  Wine: 'wine',
  Liqueur: 'liqueur',
  Amaro: 'amaro',
  Absinthe: 'absinthe',
};

/** Upper bound (exclusive) of the Light band, % ABV. Source: the catalogue's strength bands (src/shared/schemas/cocktail.ts). */
export const LIGHT_MAX_ABV = 12;
/** Upper bound (inclusive) of the Medium band, % ABV. Source: as {@link LIGHT_MAX_ABV}. */
export const MEDIUM_MAX_ABV = 22;

/**
 * Strength band of a served cocktail from its final ABV after dilution (e.g. computeCocktailAlcohol(lines, technique).finalAbv).
 * Bands: 'Light' below 12 %, 'Medium' from 12 % to 22 % inclusive, 'Strong' above 22 %.
 *
 * @param finalAbvPercent final ABV in % (0–100).
 * @returns the band.
 * @throws RangeError when the ABV is not a number between 0 and 100.
 */
export function strengthForAbv(finalAbvPercent: number): Strength {
  if (!(finalAbvPercent >= 0 && finalAbvPercent <= 100)) {
    throw new RangeError(`final ABV must be between 0 and 100 %, got ${finalAbvPercent}`);
  }
  if (finalAbvPercent < LIGHT_MAX_ABV) return 'Light';
  if (finalAbvPercent <= MEDIUM_MAX_ABV) return 'Medium';
  return 'Strong';
}

/**
 * Strength band of a recipe as served: {@link strengthForAbv} of the final ABV that {@link computeCocktailAlcohol} computes
 * for `lines` prepared by `technique` (its default dilution; DOMAIN.md "Alcohol maths" and "Dilution by method"). The seeder
 * stores this band, so a cocktail's strength always follows its recipe.
 *
 * @param lines the lines that are poured, as the recipe view counts them: leave optional lines out. Amounts in their units,
 *   ABV in %, ingredient names so eggs, rinses and solid sugar get their true volume.
 * @param technique how the drink is made (sets the dilution).
 * @returns the band and the final ABV (%) it comes from.
 */
export function recipeStrength(
  lines: readonly AbvLine[],
  technique: Technique,
): { strength: Strength; finalAbv: number } {
  const { finalAbv } = computeCocktailAlcohol(lines, technique);
  return { strength: strengthForAbv(finalAbv), finalAbv };
}
