import { z } from 'zod';
import { MAX_RECORD_ID, recordIdParamSchema } from './record-id';
import { TECHNIQUES } from '../domain/abv';
import { LIST_SORTS } from '../domain/rating-order';
import { UNITS } from '../domain/units';
import { MAX_INGREDIENT_CHOICES, VALUE_FACETS } from '../domain/search-facets';
import {
  BASE_SPIRITS,
  CATEGORIES,
  DIFFICULTY_LEVELS,
  STRENGTHS,
  GLASSWARE,
  FLAVOR_PROFILES,
  SEASONS,
  OCCASIONS,
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  MAX_QUERY_LENGTH,
} from '../domain/vocabulary';

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
 * Field names follow the spec's catalogue columns (snake_case: base_spirit, difficulty_level...).
 */

export const baseSpiritSchema = z.enum(BASE_SPIRITS);
export const categorySchema = z.enum(CATEGORIES);
export const difficultySchema = z.enum(DIFFICULTY_LEVELS);
export const strengthSchema = z.enum(STRENGTHS);
export const glasswareSchema = z.enum(GLASSWARE);
export const techniqueSchema = z.enum(TECHNIQUES);
export const unitSchema = z.enum(UNITS as [string, ...string[]]);

/** A URL-safe identifier: lower-case letters, digits and single hyphens. */
export const slugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens');

/** One ingredient line of a cocktail as the API returns it. amount in `unit` (top/splash: expected ml). */
export const ingredientLineSchema = z.object({
  position: z.number().int().min(0),
  ingredient_id: z.number().int(),
  /** The ingredient's name (the spec's `ingredient`). */
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

/** A card's short ingredient item (the spec's ingredients list: amount, unit, ingredient). */
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

/** One cocktail with its full recipe. */
export const cocktailDetailSchema = z.object({
  ...cocktailCommon,
  instructions: z.string(),
  ingredients: z.array(ingredientLineSchema),
});
export type CocktailDetail = z.infer<typeof cocktailDetailSchema>;

/** A repeatable query parameter: absent -> [], one value -> [value], several -> all of them. */
const repeatable = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item));

/** An ingredient id in a query string. */
const ingredientIdSchema = z.coerce
  .number({ message: 'ingredient ids are numbers' })
  .int('ingredient ids are whole numbers')
  .positive('ingredient ids are positive')
  .max(MAX_RECORD_ID, 'no such ingredient id');

/** Repeatable ingredient ids, at most MAX_INGREDIENT_CHOICES. */
const ingredientChoices = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(ingredientIdSchema).max(MAX_INGREDIENT_CHOICES, `at most ${MAX_INGREDIENT_CHOICES} ingredients`),
);

/** A query-string switch: '1' (or 'true') on; absent, '0' or 'false' off. */
const flag = z
  .enum(['1', '0', 'true', 'false'], { message: "use '1' or '0'" })
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** Query string of `GET /api/cocktails`. page is 0-based. */
export const cocktailListQuerySchema = z.object({
  q: z.string().trim().max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`).default(''),
  page: z.coerce.number().int('page must be a whole number').min(0, 'page must be 0 or more').default(0),
  pageSize: z.coerce
    .number()
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  /** Filter by base spirit (repeatable, OR within the list). */
  spirit: repeatable(baseSpiritSchema),
  /** Filter by category (repeatable, OR within the list). */
  category: repeatable(categorySchema),
  /**
   * Order (domain/rating-order.ts): 'relevance' (default: name matches first, then by name), 'my-ratings' (the caller's
   * highest-rated first) or 'rated-first' (the caller's most recently rated first). The last two need a session.
   */
  sort: z.enum(LIST_SORTS, { message: `sort must be one of ${LIST_SORTS.join(', ')}` }).default('relevance'),
  /** Only cocktails the caller rated at least this many stars (0.5–5 in halves; 'rated 4+' is 4). Needs a session. */
  minRating: z.coerce
    .number({ message: 'minRating must be a number of stars' })
    .min(0.5, 'minRating is 0.5 to 5 stars')
    .max(5, 'minRating is 0.5 to 5 stars')
    .refine((value) => Number.isInteger(value * 2), { message: 'minRating is in half stars' })
    .optional(),
  /** Facets (issue 14, shared/domain/search-facets.ts): glassware, technique, strength, difficulty (repeatable, OR). */
  glass: repeatable(glasswareSchema),
  technique: repeatable(techniqueSchema),
  strength: repeatable(strengthSchema),
  difficulty: repeatable(difficultySchema),
  /** Flavor profile, season and occasion tags (repeatable, OR: a cocktail holding any chosen tag). */
  flavor: repeatable(z.enum(FLAVOR_PROFILES)),
  season: repeatable(z.enum(SEASONS)),
  occasion: repeatable(z.enum(OCCASIONS)),
  /** Ingredient ids that must all be in the recipe, and ids none of which may be (broader ingredients count). */
  with: ingredientChoices,
  without: ingredientChoices,
  /** Longest preparation time, minutes. */
  maxPrep: z.coerce
    .number({ message: 'maxPrep must be a number of minutes' })
    .int('maxPrep must be a whole number of minutes')
    .min(1, 'maxPrep is 1 to 240 minutes')
    .max(240, 'maxPrep is 1 to 240 minutes')
    .optional(),
  /** '1': only the caller's favorites (needs a session). */
  favorites: flag,
  /** '1': only what the caller's bar makes now (needs a session and My Bar's plan). */
  canMake: flag,
  /** '1': the answer carries facet counts. */
  facets: flag,
});
export type CocktailListQuery = z.infer<typeof cocktailListQuerySchema>;

/** One value of a facet and how many results hold it. */
export const facetValueCountSchema = z.object({ value: z.string(), count: z.number().int().min(0) });
export type FacetValueCount = z.infer<typeof facetValueCountSchema>;

/**
 * Facet counts of a search (issue 14), with `facets=1`: per facet, each value held by the results and how many hold it,
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

/** Query of `GET /api/cocktails/sample`. */
export const cocktailSampleQuerySchema = z.object({
  size: z.coerce
    .number()
    .int('size must be a whole number')
    .min(1, 'size must be at least 1')
    .max(50, 'size must be at most 50')
    .default(50),
});

/** Path parameter of `GET /api/cocktails/:id`. */
export const cocktailIdParamSchema = z.object({
  id: recordIdParamSchema('id'),
});

/**
 * The shape checked before the detail modal opens (spec section 3): id (string or number), name (string), summary, instructions
 * (optional strings), image_url (optional; a valid URL or an empty string), tags (optional list of strings), base_spirit
 * (optional string); extra fields allowed.
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
