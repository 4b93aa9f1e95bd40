import { z } from 'zod';
import { INGREDIENT_CATEGORIES } from '../domain/vocabulary';
import { slugSchema } from './slug';

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
 * - `parentId`: the id of the broader ingredient (Bourbon -> American whiskey -> Whiskey); null at the top.
 * - `abv`: strength in % alcohol by volume, 0–100 (0 for juices, syrups and mixers).
 * - `aliases`: other names people type for it ('Angostura' for Angostura bitters, 'Chartreuse' for Green Chartreuse).
 * - `parts`: for a house-made ingredient (simple syrup, orgeat...), the ids of what it is made from; empty otherwise.
 */
export const ingredientSummarySchema = z.object({
  id: z.number().int(),
  slug: slugSchema,
  name: z.string(),
  category: ingredientCategorySchema,
  parentId: z.number().int().nullable(),
  /**
   * True when it sits below its parent without standing in for it (citron vodka below vodka): it covers only lines that
   * name it (docs/domain.md "Which child stands in for its parent").
   */
  variant: z.boolean(),
  /** Strength, % ABV (0–100). */
  abv: z.number().min(0).max(100),
  aliases: z.array(z.string()),
  parts: z.array(z.number().int()),
});
export type IngredientSummary = z.infer<typeof ingredientSummarySchema>;

/**
 * Query of `GET /api/ingredients`, both optional: `q` (at most 80 characters) keeps the ingredients where every word
 * begins a word of the name or of one alias, in any order, case- and accent-insensitively ('bour' finds Bourbon,
 * 'tequila blanco' finds Blanco tequila, 'creme de cassis' finds Crème de cassis; a word may also name a broader
 * ingredient: 'bourbon whiskey'); `category` keeps one category.
 */
export const ingredientListQuerySchema = z.object({
  q: z.string().trim().max(80, 'q must be at most 80 characters').default(''),
  category: ingredientCategorySchema.optional(),
});
export type IngredientListQuery = z.infer<typeof ingredientListQuerySchema>;

/**
 * Response of `GET /api/ingredients`: the matching ingredients of the public catalogue (all of them without a query),
 * sorted by name case- and accent-insensitively ("Cachaça" sorts as "cachaca"), ties by id; with `q`, names starting with
 * it come first. Not paged: the catalogue holds a few hundred. `total` is the number of items.
 */
export const ingredientListSchema = z.object({
  items: z.array(ingredientSummarySchema),
  total: z.number().int().min(0),
});
export type IngredientList = z.infer<typeof ingredientListSchema>;
