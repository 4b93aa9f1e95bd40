import { z } from 'zod';
import { cocktailSummarySchema } from './cocktail';
import { barIngredientSchema } from './my-bar';

/**
 * The catalogue's offline index (`GET /api/cocktails/offline-index`, members only; shared/offline.ts): what the service
 * worker keeps so the catalogue and My Bar work with no network.
 */

/**
 * An ingredient as My Bar shows it and as matching reads it (src/shared/domain/my-bar-types.ts MatchIngredient): its
 * house-made parts, whether it is a variant of its parent, and the fruit a juice is pressed from.
 */
export const offlineMatchIngredientSchema = barIngredientSchema.extend({
  parts: z.array(z.number().int()),
  variant: z.boolean(),
  pressedFrom: z.array(z.number().int()).optional(),
});
export type OfflineMatchIngredient = z.infer<typeof offlineMatchIngredientSchema>;

/** One cocktail's lines as matching reads them (MatchCocktail), in recipe order. */
export const offlineMatchCocktailSchema = z.object({
  id: z.number().int(),
  lines: z.array(
    z.object({ ingredientId: z.number().int(), optional: z.boolean(), substitutes: z.array(z.number().int()) }),
  ),
});

/**
 * Response of `GET /api/cocktails/offline-index`: every public cocktail's card by name, at most OFFLINE_INDEX_LIMIT, the
 * catalogue version they belong to (also the ETag's), and the match catalogue of those cocktails (every ingredient, each
 * cocktail's lines), from which the browser's matcher (src/shared/domain/my-bar.ts) draws My Bar's views offline.
 */
export const offlineIndexSchema = z.object({
  version: z.string(),
  items: z.array(cocktailSummarySchema),
  match: z.object({
    ingredients: z.array(offlineMatchIngredientSchema),
    cocktails: z.array(offlineMatchCocktailSchema),
  }),
});
export type OfflineIndex = z.infer<typeof offlineIndexSchema>;
