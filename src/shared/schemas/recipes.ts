import { z } from 'zod';
import { cocktailDetailSchema } from './cocktail';
import { storedPhotoSchema } from './public-menu';
import { recordIdParamSchema } from './record-id';
import { ONE_LINE_TEXT, oneLineMessage } from './text';
import {
  AMOUNT_RANGE_ISSUE,
  amountRangeHolds,
  MAX_SIGNATURE_LINES,
  recipeLineFields,
  signatureWriteSchema,
} from './venues';

/**
 * A user's own recipes (`/api/me/recipes`): written with the same editor and contract as a venue's signature cocktails,
 * stored and read in the catalogue's shape. Private unless shared through a link (docs/recipes.md).
 */

/** Longest name of a free-text ingredient, characters. */
export const MAX_INGREDIENT_NAME = 80;

/**
 * One line of an own recipe: as a signature's, except that its ingredient is either one of the catalogue's
 * (`ingredient_id`) or named in free text (`ingredient_name`: kept as an ingredient of the user's own until they map it).
 * Exactly one of the two.
 */
export const ownRecipeLineSchema = recipeLineFields
  .extend({
    ingredient_id: recipeLineFields.shape.ingredient_id.optional(),
    ingredient_name: z
      .string()
      .trim()
      .min(1, 'name the ingredient')
      .max(MAX_INGREDIENT_NAME, `an ingredient's name has at most ${MAX_INGREDIENT_NAME} characters`)
      .regex(ONE_LINE_TEXT, oneLineMessage("the ingredient's name"))
      .optional(),
  })
  .refine(amountRangeHolds, AMOUNT_RANGE_ISSUE)
  .refine((line) => (line.ingredient_id === undefined) !== (line.ingredient_name === undefined), {
    message: 'choose an ingredient, or name one',
    path: ['ingredient_id'],
  });
export type OwnRecipeLine = z.infer<typeof ownRecipeLineSchema>;

/**
 * `POST /api/me/recipes` and `PUT /api/me/recipes/:id`: the recipe, as a signature is written, with lines that may name
 * an ingredient in free text.
 */
export const ownRecipeWriteSchema = signatureWriteSchema.extend({
  ingredients: z
    .array(ownRecipeLineSchema)
    .min(1, 'a recipe needs at least one ingredient')
    .max(MAX_SIGNATURE_LINES, `a recipe has at most ${MAX_SIGNATURE_LINES} ingredients`),
});
export type OwnRecipeWrite = z.infer<typeof ownRecipeWriteSchema>;
/** What an own-recipe form or an import holds before defaults are applied. */
export type OwnRecipeWriteInput = z.input<typeof ownRecipeWriteSchema>;

/** An own recipe: the catalogue's detail (slug free-form), its photo, and its share link's slug while sharing is on. */
export const ownRecipeSchema = cocktailDetailSchema.extend({
  slug: z.string(),
  photo: storedPhotoSchema.nullable(),
  shareSlug: z.string().nullable(),
});
export type OwnRecipe = z.infer<typeof ownRecipeSchema>;

/**
 * `GET /api/me/recipes[?q=]`: the user's recipes by name (with `q`, those it matches); `limit` is how many their plan
 * keeps (null: no limit), so the page can say '3 of 10'.
 */
export const ownRecipeListSchema = z.object({
  items: z.array(ownRecipeSchema),
  limit: z.number().int().positive().nullable(),
});
export type OwnRecipeList = z.infer<typeof ownRecipeListSchema>;

/** Longest `q` of `GET /api/me/recipes`, characters. */
export const MAX_OWN_RECIPE_QUERY = 200;

/**
 * Query of `GET /api/me/recipes`: `q` keeps the recipes whose name, ingredients or tags (flavour, season, occasion) hold
 * every word of it, each word as the start of one of theirs, folded as the catalogue search folds text (case, accents
 * and apostrophes aside: 'negr' finds 'House Negroni', 'cachaca' finds 'Cachaça'). Empty or absent: every recipe.
 */
export const ownRecipeListQuerySchema = z.object({
  q: z.string().trim().max(MAX_OWN_RECIPE_QUERY, `q must be at most ${MAX_OWN_RECIPE_QUERY} characters`).default(''),
});
export type OwnRecipeListQuery = z.infer<typeof ownRecipeListQuerySchema>;

/** `/api/me/recipes/:id`. */
export const ownRecipeParamSchema = z.object({ id: recordIdParamSchema('id') });

/** `POST /api/me/recipes/copy/:cocktailId`: 'Make it my own' on a catalogue cocktail (or one of the user's recipes). */
export const recipeCopyParamSchema = z.object({ cocktailId: recordIdParamSchema('cocktailId') });

/** `PUT /api/me/recipes/:id/share`: sharing on (a new random link) or off (the link ends for good). */
export const recipeShareSchema = z.strictObject({ shared: z.boolean() });

/** `GET /api/recipes/shared/:slug`: what anyone with the link sees (no share slug, no owner). */
export const sharedRecipeSchema = ownRecipeSchema.omit({ shareSlug: true });
export type SharedRecipe = z.infer<typeof sharedRecipeSchema>;

/** Largest import upload, bytes (5 MB), and most recipes one import takes. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_RECIPES = 500;

/** `POST /api/me/recipes/import?preview=1` answers what would be imported and writes nothing. */
export const importQuerySchema = z.object({ preview: z.enum(['0', '1']).optional() });

/** The formats an import is read in (detected from the content). */
export const importFormatSchema = z.enum([
  'bar-assistant',
  'bar-assistant-zip',
  'json-ld',
  'cocktaildb',
  'json-records',
  'csv',
  'text',
]);

/** How a line's ingredient was found in the catalogue: its name, an alias, a guess, or not (a new, free-text one). */
export const importMatchSchema = z.enum(['exact', 'alias', 'fuzzy', 'new']);

/** One line of a previewed recipe: as written, as read, and the ingredient it resolved to. */
export const importLineSchema = z.object({
  source: z.string(),
  amount: z.number().nullable(),
  amount_max: z.number().nullable(),
  unit: z.string(),
  /** The ingredient as the line names it. */
  text: z.string(),
  match: importMatchSchema,
  /** The catalogue ingredient, or null for a new one. */
  ingredient_id: z.number().int().nullable(),
  /** The catalogue's name of it, or the text for a new one. */
  ingredient: z.string(),
  brand: z.string().nullable(),
});

/** A recipe an import did not take, and why. */
export const importRefusalSchema = z.object({
  index: z.number().int().min(0),
  name: z.string().nullable(),
  reason: z.string(),
});

/**
 * The preview: per recipe its position in the upload, the write it becomes (send it, corrected, to `POST
 * /api/me/recipes`), each line's reading and match, and what to check; and the recipes that cannot be imported.
 */
export const importPreviewSchema = z.object({
  format: importFormatSchema,
  recipes: z.array(
    z.object({
      index: z.number().int().min(0),
      write: ownRecipeWriteSchema,
      lines: z.array(importLineSchema),
      warnings: z.array(z.string()),
    }),
  ),
  refusals: z.array(importRefusalSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** The import: each recipe written whole (its id) or refused with its reason. */
export const importResultSchema = z.object({
  format: importFormatSchema,
  imported: z.array(z.object({ index: z.number().int().min(0), id: z.number().int(), name: z.string() })),
  refusals: z.array(importRefusalSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * `POST /api/me/recipes/import/reviewed`: a preview's recipes as the user corrected them (a line's ingredient changed,
 * a recipe left out), with the preview's refusals to answer again; written as an upload is (ImportResult).
 */
export const importReviewSchema = z.strictObject({
  format: importFormatSchema,
  recipes: z
    .array(z.strictObject({ index: z.number().int().min(0), write: ownRecipeWriteSchema }))
    .max(MAX_IMPORT_RECIPES, `an import takes at most ${MAX_IMPORT_RECIPES} recipes`),
  refusals: z.array(importRefusalSchema).max(MAX_IMPORT_RECIPES).default([]),
});
export type ImportReview = z.infer<typeof importReviewSchema>;
