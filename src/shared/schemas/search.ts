import { z } from 'zod';
import { baseSpiritSchema, categorySchema } from './cocktail';
import { ingredientCategorySchema } from './ingredient';
import { MAX_QUERY_LENGTH } from '../domain/vocabulary';

/**
 * Suggestions as you type: `GET /api/search/suggestions?q=`, the search box's combobox on home and /search.
 */

/** Most cocktails and ingredients one suggestion answer carries. */
export const MAX_COCKTAIL_SUGGESTIONS = 6;
export const MAX_INGREDIENT_SUGGESTIONS = 4;

/** Query of `GET /api/search/suggestions`: the text typed so far (empty: no suggestions). */
export const suggestionQuerySchema = z.object({
  q: z.string().trim().max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`).default(''),
});
export type SuggestionQuery = z.infer<typeof suggestionQuerySchema>;

/** A cocktail offered as you type. */
export const cocktailSuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  base_spirit: baseSpiritSchema,
  category: categorySchema.nullable(),
});
export type CocktailSuggestion = z.infer<typeof cocktailSuggestionSchema>;

/** An ingredient offered as you type (choosing it filters by it). */
export const ingredientSuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: ingredientCategorySchema,
});
export type IngredientSuggestion = z.infer<typeof ingredientSuggestionSchema>;

/**
 * Answer of `GET /api/search/suggestions`: the best cocktails for the text (ranked as the search ranks them, at most
 * MAX_COCKTAIL_SUGGESTIONS), the ingredients whose name or alias it matches (typos and prefix forgiven, at most
 * MAX_INGREDIENT_SUGGESTIONS), and the corrected text when a word was mistyped. `leadingIngredients`: how many of
 * `ingredients`, from the first, are offered before the cocktails (an ingredient the text names, 'gin', or begins when
 * no cocktail's name holds the text, 'camp' for Campari); the rest follow the cocktails.
 */
export const suggestionListSchema = z.object({
  q: z.string(),
  cocktails: z.array(cocktailSuggestionSchema),
  ingredients: z.array(ingredientSuggestionSchema),
  leadingIngredients: z.number().int().min(0).max(MAX_INGREDIENT_SUGGESTIONS),
  didYouMean: z.string().nullable(),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;
