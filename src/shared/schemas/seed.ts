import { z } from 'zod';
import {
  INGREDIENT_CATEGORIES,
  FLAVOR_PROFILES,
  OCCASIONS,
  SEASONS,
  baseSpiritSchema,
  categorySchema,
  difficultySchema,
  glasswareSchema,
  slugSchema,
  techniqueSchema,
  unitSchema,
} from './cocktail';

/**
 * Shapes of the seed catalogue files (src/server/catalogue/seed/*.json). Ingredients and cocktails are referenced by slug.
 */

/** Most aliases one seed ingredient lists. */
export const MAX_SEED_ALIASES = 8;
/** Most parts one house-made seed ingredient lists. */
export const MAX_SEED_PARTS = 6;
/** Most substitutes one seed recipe line names. */
export const MAX_SEED_SUBSTITUTES = 4;

/**
 * One ingredient of the seed. abv in % (0–100); parent is the slug of the broader ingredient (Bourbon -> American whiskey).
 * - `aliases` (optional): other names people type for it ('club soda' for Soda water), each 1–60 characters, no repeats;
 * - `parts` (optional): for a house-made ingredient, the slugs of what it is made from (simple syrup: sugar, water); every
 *   part must be a seed ingredient other than itself (the seeder checks);
 * - `variant` (optional, default false): true for a child that does not stand in for its parent in a recipe (flavoured,
 *   far stronger, sweetened, coloured, a distinct spirit filed with the family, a preparation of it): citron vodka below
 *   vodka. Only a child can be one (docs/domain.md "Which child stands in for its parent").
 */
export const seedIngredientSchema = z.strictObject({
  slug: slugSchema,
  name: z.string().min(1).max(80),
  category: z.enum(INGREDIENT_CATEGORIES),
  parent: slugSchema.nullable(),
  abv: z.number().min(0).max(100),
  description: z.string().min(10).max(600),
  aliases: z
    .array(z.string().trim().min(1).max(60))
    .max(MAX_SEED_ALIASES)
    .refine((aliases) => new Set(aliases.map((alias) => alias.toLowerCase())).size === aliases.length, {
      message: 'aliases must not repeat',
    })
    .optional(),
  parts: z
    .array(slugSchema)
    .min(1)
    .max(MAX_SEED_PARTS)
    .refine((parts) => new Set(parts).size === parts.length, { message: 'parts must not repeat' })
    .optional(),
  variant: z.literal(true).optional(),
});
export type SeedIngredient = z.infer<typeof seedIngredientSchema>;

/**
 * One ingredient line of a seed cocktail. amount is in `unit`; for `top` and `splash` it is the expected volume in ml
 * (so ABV maths never drops a top-up); for `rinse` the number of rinses (2 ml each stays in the glass). Egg units (egg, white,
 * yolk) and count units (slice, leaf...) give a count. `substitutes` (optional) names, by slug, ingredients the recipe
 * accepts instead of the line's own (rye whiskey for an Old Fashioned's bourbon); My Bar counts them as covering the line.
 */
export const seedLineSchema = z
  .strictObject({
    ingredient: slugSchema,
    amount: z.number().positive().nullable(),
    amount_max: z.number().positive().optional(),
    unit: unitSchema,
    optional: z.boolean().optional(),
    note: z.string().max(120).optional(),
    substitutes: z
      .array(slugSchema)
      .min(1)
      .max(MAX_SEED_SUBSTITUTES)
      .refine((slugs) => new Set(slugs).size === slugs.length, { message: 'substitutes must not repeat' })
      .optional(),
  })
  .refine((line) => line.amount_max === undefined || (line.amount !== null && line.amount_max > line.amount), {
    message: 'amount_max must be greater than amount',
  })
  .refine((line) => !line.substitutes?.includes(line.ingredient), {
    message: "substitutes must not name the line's own ingredient",
    path: ['substitutes'],
  });
export type SeedLine = z.infer<typeof seedLineSchema>;

/**
 * One cocktail of the seed, with every spec field filled. preparation_time in minutes. There is no `strength`: the seeder
 * derives the strength band from the recipe's computed ABV (shared/domain/catalogue-rules.ts `recipeStrength`), and a
 * `strength` key is rejected (strict object) so no stale band can sit in the files. `served_over_ice` is required: each
 * glass is served on fresh ice (true) or not (false), stated for every recipe rather than inferred from the glass (a
 * Sazerac is neat in a rocks glass, a Spritz sits on ice in a wine glass; shared/domain/batch-service.ts `isServedOverIce`).
 */
export const seedCocktailSchema = z.strictObject({
  slug: slugSchema,
  name: z.string().min(1).max(80),
  base_spirit: baseSpiritSchema,
  category: categorySchema,
  description: z.string().min(40).max(600),
  instructions: z.string().min(20).max(1200),
  difficulty_level: difficultySchema,
  glassware: glasswareSchema,
  served_over_ice: z.boolean(),
  technique: techniqueSchema,
  garnish: z.string().min(1).max(120),
  preparation_time: z.number().int().min(1).max(60),
  flavor_profile: z.array(z.enum(FLAVOR_PROFILES)).min(1).max(5),
  seasonal_tags: z.array(z.enum(SEASONS)).min(1),
  occasion_tags: z.array(z.enum(OCCASIONS)).min(1),
  is_signature: z.boolean(),
  ingredients: z.array(seedLineSchema).min(2),
});
export type SeedCocktail = z.infer<typeof seedCocktailSchema>;
