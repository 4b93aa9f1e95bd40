import { z } from 'zod';
import { cocktailSummarySchema } from './cocktail';

/**
 * A list item that may be a recipe a user wrote (docs/recipes.md "Where your recipes appear"): a collection's cocktails,
 * a shared collection's, My Bar's views. A catalogue cocktail is the catalogue's list item as it is, with neither extra
 * field. An own recipe carries `own: true` and `shareSlug` (its share link's slug, or null while not shared); its slug
 * is free-form ('u--…'), not a catalogue page's. Its owner opens it at `GET /api/me/recipes/:id`; anyone else (a shared
 * collection, which lists only own recipes that are themselves shared) at `GET /api/recipes/shared/:shareSlug`.
 */
export const recipeSummarySchema = cocktailSummarySchema.extend({
  slug: z.string(),
  /** Present (true) only on a recipe a user wrote: the list's owner's own recipe. */
  own: z.literal(true).optional(),
  /** With `own`: the recipe's share-link slug, or null while sharing is off. */
  shareSlug: z.string().nullable().optional(),
});
export type RecipeSummary = z.infer<typeof recipeSummarySchema>;
