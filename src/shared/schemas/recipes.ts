import { z } from 'zod';
import { cocktailDetailSchema } from './cocktail';
import { storedPhotoSchema } from './public-menu';
import { recordIdParamSchema } from './record-id';
import { signatureWriteSchema } from './venues';

/**
 * A user's own recipes (`/api/me/recipes`): written with the same editor and contract as a venue's signature cocktails,
 * stored and read in the catalogue's shape. Private unless shared through a link (docs/recipes.md).
 */

/** `POST /api/me/recipes` and `PUT /api/me/recipes/:id`: the recipe, as a signature is written. */
export const ownRecipeWriteSchema = signatureWriteSchema;
export type OwnRecipeWrite = z.infer<typeof ownRecipeWriteSchema>;

/** An own recipe: the catalogue's detail (slug free-form), its photo, and its share link's slug while sharing is on. */
export const ownRecipeSchema = cocktailDetailSchema.extend({
  slug: z.string(),
  photo: storedPhotoSchema.nullable(),
  shareSlug: z.string().nullable(),
});
export type OwnRecipe = z.infer<typeof ownRecipeSchema>;

/**
 * `GET /api/me/recipes`: the user's recipes by name; `limit` is how many their plan keeps (null: no limit), so the page
 * can say '3 of 10'.
 */
export const ownRecipeListSchema = z.object({
  items: z.array(ownRecipeSchema),
  limit: z.number().int().positive().nullable(),
});
export type OwnRecipeList = z.infer<typeof ownRecipeListSchema>;

/** `/api/me/recipes/:id`. */
export const ownRecipeParamSchema = z.object({ id: recordIdParamSchema('id') });

/** `POST /api/me/recipes/copy/:cocktailId`: 'Make it my own' on a catalogue cocktail (or one of the user's recipes). */
export const recipeCopyParamSchema = z.object({ cocktailId: recordIdParamSchema('cocktailId') });

/** `PUT /api/me/recipes/:id/share`: sharing on (a new random link) or off (the link ends for good). */
export const recipeShareSchema = z.strictObject({ shared: z.boolean() });

/** `GET /api/recipes/shared/:slug`: what anyone with the link sees (no share slug, no owner). */
export const sharedRecipeSchema = ownRecipeSchema.omit({ shareSlug: true });
export type SharedRecipe = z.infer<typeof sharedRecipeSchema>;
