import { z } from 'zod';
import { recordIdParamSchema } from './record-id';
import { slugSchema } from './slug';
import { TECHNIQUES } from '../domain/abv';
import { UNITS } from '../domain/units';
import { VALUE_FACETS } from '../domain/search-facets';
import { BASE_SPIRITS, CATEGORIES, DIFFICULTY_LEVELS, STRENGTHS, GLASSWARE } from '../domain/vocabulary';

export {
  BASE_SPIRITS,
  CATEGORIES,
  DIFFICULTY_LEVELS,
  STRENGTHS,
  GLASSWARE,
  FLAVOR_PROFILES,
  SEASONS,
  OCCASIONS,
  INGREDIENT_CATEGORIES,
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  MAX_QUERY_LENGTH,
} from '../domain/vocabulary';

/**
 * The catalogue's entity shapes, shared by the seed, the server and the client (vocabulary in domain/vocabulary.ts).
 * Field names follow the catalogue columns of docs/product.md, Records (snake_case: base_spirit, difficulty_level...).
 */

export const baseSpiritSchema = z.enum(BASE_SPIRITS);
export const categorySchema = z.enum(CATEGORIES);
export const difficultySchema = z.enum(DIFFICULTY_LEVELS);
export const strengthSchema = z.enum(STRENGTHS);
export const glasswareSchema = z.enum(GLASSWARE);
export const techniqueSchema = z.enum(TECHNIQUES);
export const unitSchema = z.enum(UNITS as [string, ...string[]]);

export { slugSchema };

/** One ingredient line of a cocktail as the API returns it. amount in `unit` (top/splash: expected ml). */
export const ingredientLineSchema = z.object({
  position: z.number().int().min(0),
  ingredient_id: z.number().int(),
  /** The ingredient's name (`ingredient` in docs/product.md, Records). */
  ingredient: z.string(),
  amount: z.number().nullable(),
  amount_max: z.number().nullable(),
  unit: unitSchema,
  is_optional: z.boolean(),
  note: z.string().nullable(),
  /** Ingredient strength, % ABV. */
  abv: z.number().min(0).max(100),
  category: z.string(),
});
export type IngredientLine = z.infer<typeof ingredientLineSchema>;

/** A card's short ingredient item (the ingredients list of docs/product.md, Records: amount, unit, ingredient). */
export const cardIngredientSchema = ingredientLineSchema.pick({ amount: true, unit: true, ingredient: true });
export type CardIngredient = z.infer<typeof cardIngredientSchema>;

const cocktailCommon = {
  id: z.number().int(),
  slug: slugSchema,
  name: z.string(),
  base_spirit: baseSpiritSchema,
  category: categorySchema.nullable(),
  description: z.string(),
  difficulty_level: difficultySchema,
  strength: strengthSchema,
  glassware: glasswareSchema,
  technique: techniqueSchema,
  garnish: z.string(),
  /** Minutes. */
  preparation_time: z.number().int().min(1),
  flavor_profile: z.array(z.string()),
  seasonal_tags: z.array(z.string()),
  occasion_tags: z.array(z.string()),
  is_signature: z.boolean(),
  image_url: z.string().nullable(),
};

/** A cocktail in a list: every spec field plus the card's ingredient items. */
export const cocktailSummarySchema = z.object({ ...cocktailCommon, ingredients: z.array(cardIngredientSchema) });
export type CocktailSummary = z.infer<typeof cocktailSummarySchema>;

/**
 * Where a public recipe came from: the dataset's display name ("Bar Assistant's data"), its licence as the dataset's
 * licence file names it ('MIT'; null when none was found) and its address (null when unknown). Barback's own recipes have
 * none (docs/recipes.md "Growing the public catalogue").
 */
export const recipeSourceSchema = z.object({
  name: z.string(),
  licence: z.string().nullable(),
  url: z.string().nullable(),
});
export type RecipeSource = z.infer<typeof recipeSourceSchema>;

/** One cocktail with its full recipe. */
export const cocktailDetailSchema = z.object({
  ...cocktailCommon,
  /**
   * True when each glass is served on fresh ice, false when not (served up, or neat like a Sazerac in its rocks glass),
   * null when the recipe does not say and its glass decides (shared/domain/batch-service.ts `isServedOverIce`).
   */
  served_over_ice: z.boolean().nullable(),
  instructions: z.string(),
  ingredients: z.array(ingredientLineSchema),
  /** The dataset an imported public recipe came from; null (or absent) for Barback's own and for written recipes. */
  source: recipeSourceSchema.nullable().optional(),
});
export type CocktailDetail = z.infer<typeof cocktailDetailSchema>;

/** One value of a facet and how many results hold it. */
export const facetValueCountSchema = z.object({ value: z.string(), count: z.number().int().min(0) });
export type FacetValueCount = z.infer<typeof facetValueCountSchema>;

/**
 * Facet counts of a search, with `facets=1`: per facet, each value held by the results and how many hold it,
 * counted as if that facet's own choices were not made (so its other values show what choosing them would add); the
 * most frequent ingredients in the results (with every chosen one); per preparation time limit, how many take at most
 * that long.
 */
export const facetCountsSchema = z.object({
  values: z.object(
    Object.fromEntries(VALUE_FACETS.map((facet) => [facet.field, z.array(facetValueCountSchema)])) as Record<
      (typeof VALUE_FACETS)[number]['field'],
      z.ZodArray<typeof facetValueCountSchema>
    >,
  ),
  ingredients: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int().min(0) })),
  preparation_time: z.array(z.object({ max: z.number().int(), count: z.number().int().min(0) })),
});
export type FacetCountsBody = z.infer<typeof facetCountsSchema>;

/** Response of `GET /api/cocktails`. */
export const cocktailPageSchema = z.object({
  items: z.array(cocktailSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(0),
  pageSize: z.number().int().min(1),
  /** The query with a mistyped word corrected, when the results came through a correction ('negorni' -> 'negroni'). */
  didYouMean: z.string().nullable().optional(),
  /** With `facets=1`. */
  facets: facetCountsSchema.optional(),
});
export type CocktailPage = z.infer<typeof cocktailPageSchema>;

/** Response of `GET /api/cocktails/sample`: cards in random order. */
export const cocktailSampleSchema = z.object({ items: z.array(cocktailSummarySchema) });
export type CocktailSample = z.infer<typeof cocktailSampleSchema>;

/** Path parameter of `GET /api/cocktails/:id`. */
export const cocktailIdParamSchema = z.object({
  id: recordIdParamSchema('id'),
});

/** Path parameter of `GET /api/cocktails/by-slug/:slug`: a catalogue cocktail's slug (its page's address). */
export const cocktailSlugParamSchema = z.object({ slug: slugSchema });

/**
 * The shape checked before the detail modal opens (docs/product.md, Records): id (string or number), name (string),
 * summary, instructions (optional strings), image_url (optional; a valid URL or an empty string), tags (optional list
 * of strings), base_spirit (optional string); extra fields allowed.
 */
export const cocktailModalShapeSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  summary: z.string().optional(),
  instructions: z.string().optional(),
  image_url: z
    .union([z.url(), z.literal('')])
    .optional()
    .nullable(),
  tags: z.array(z.string()).optional(),
  base_spirit: z.string().optional(),
});
