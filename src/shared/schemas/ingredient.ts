import { z } from 'zod';
import { INGREDIENT_CATEGORIES } from '../domain/vocabulary';
import { slugSchema } from './cocktail';

/**
 * The catalogue's ingredient shapes as the API returns them (`GET /api/ingredients`), shared by the server and the client
 * (the batch calculator's custom-recipe picker, My Bar's type-ahead). Field names follow the `ingredient` table.
 */

/**
 * An ingredient's category: one of the vocabulary's INGREDIENT_CATEGORIES ('Spirits', 'Liqueurs', 'Juices'...). Only the
 * seeder writes ingredients, and the seed schema admits only these values.
 */
export const ingredientCategorySchema = z.enum(INGREDIENT_CATEGORIES);
export type IngredientCategory = z.infer<typeof ingredientCategorySchema>;

/**
 * One ingredient of the public catalogue, as a list item.
 * - `id`: the ingredient's id (what recipe lines name as `ingredient_id`).
 * - `slug`: its URL-safe identifier, stable across seeds.
 * - `name`: its display name ("Lime juice").
 * - `category`: see {@link ingredientCategorySchema}.
 * - `parent_id`: the id of the broader ingredient (Bourbon -> American whiskey -> Whiskey); null at the top.
 * - `abv`: strength in % alcohol by volume, 0–100 (0 for juices, syrups and mixers).
 */
export const ingredientSummarySchema = z.object({
  id: z.number().int(),
  slug: slugSchema,
  name: z.string(),
  category: ingredientCategorySchema,
  parent_id: z.number().int().nullable(),
  /** Strength, % ABV (0–100). */
  abv: z.number().min(0).max(100),
});
export type IngredientSummary = z.infer<typeof ingredientSummarySchema>;

/**
 * Response of `GET /api/ingredients`: every ingredient of the public catalogue, sorted by name case- and
 * accent-insensitively ("Cachaça" sorts as "cachaca"), ties by id. Not paged: the catalogue holds a few hundred.
 */
export const ingredientListSchema = z.object({
  items: z.array(ingredientSummarySchema),
});
export type IngredientList = z.infer<typeof ingredientListSchema>;
