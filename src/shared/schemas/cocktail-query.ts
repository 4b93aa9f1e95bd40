import { z } from 'zod';
import { MAX_RECORD_ID } from './record-id';
import { LIST_SORTS } from '../domain/rating-order';
import { MAX_INGREDIENT_CHOICES } from '../domain/search-facets';
import {
  DEFAULT_PAGE_SIZE,
  FLAVOR_PROFILES,
  MAX_PAGE_SIZE,
  MAX_QUERY_LENGTH,
  OCCASIONS,
  SEASONS,
} from '../domain/vocabulary';
import {
  baseSpiritSchema,
  categorySchema,
  difficultySchema,
  glasswareSchema,
  strengthSchema,
  techniqueSchema,
} from './cocktail';

/**
 * The catalogue's query strings (`GET /api/cocktails`, `GET /api/cocktails/sample`), apart from its entity shapes
 * (cocktail.ts): only the server and its tests validate them, so the browser never builds them (the recipe
 * modal and the batch calculator evaluate cocktail.ts at start, and these were most of its construction).
 */

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
  /** Facets (shared/domain/search-facets.ts): glassware, technique, strength, difficulty (repeatable, OR). */
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

/** Query of `GET /api/cocktails/sample`. */
export const cocktailSampleQuerySchema = z.object({
  size: z.coerce
    .number()
    .int('size must be a whole number')
    .min(1, 'size must be at least 1')
    .max(50, 'size must be at most 50')
    .default(50),
});
