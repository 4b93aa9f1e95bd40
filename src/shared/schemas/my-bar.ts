import { z } from 'zod';
import { recordIdParamSchema, recordIdSchema } from './record-id';
import { recipeSummarySchema } from './recipe-summary';
import { ingredientCategorySchema } from './ingredient';
import { PARAGRAPH_TEXT, paragraphMessage } from './text';

/**
 * My Bar's API contracts (all under /api/me, behind the pro entitlement: pro or enterprise; 403 ENTITLEMENT_REQUIRED
 * otherwise; own data only). The matching rules are src/shared/domain/my-bar.ts (DOMAIN.md "My Bar matching").
 */

/** Path parameter of `PUT|DELETE /api/me/bar/:ingredientId` and `/api/me/shopping-list/:ingredientId[/bought]`. */
export const ingredientParamSchema = z.object({ ingredientId: recordIdParamSchema('ingredientId') });
/** Path parameter of `GET /api/me/bar/match/:cocktailId`. */
export const cocktailParamSchema = z.object({ cocktailId: recordIdParamSchema('cocktailId') });

/** An ingredient as My Bar shows it: id, name, category, its broader ingredient, and whether it is house-made. */
export const barIngredientSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: ingredientCategorySchema,
  parentId: z.number().int().nullable(),
  /** True for a house-made ingredient (simple syrup, orgeat...): owning it means 'I have made it'. */
  houseMade: z.boolean(),
});
export type BarIngredient = z.infer<typeof barIngredientSchema>;

/** One bottle in the bar, with when it was added (ISO 8601). */
export const barItemSchema = barIngredientSchema.extend({ addedAt: z.string() });
export type BarItem = z.infer<typeof barItemSchema>;

/** `GET /api/me/bar` (and the answer of every bar write): the bottles, by name. */
export const barListSchema = z.object({ items: z.array(barItemSchema) });
export type BarList = z.infer<typeof barListSchema>;

/** Most ingredients one `POST /api/me/bar` adds (a starter set is a dozen or so). */
export const MAX_BAR_BATCH = 100;
/** Most bottles one bar holds. */
export const MAX_BAR_ITEMS = 1000;

/** Body of `POST /api/me/bar`: add several at once (a starter set); ids already there are kept, unknown ids refused. */
export const barAddManySchema = z.object({
  ingredientIds: z
    .array(recordIdSchema('ingredientIds'))
    .min(1, 'ingredientIds must name at least one ingredient')
    .max(MAX_BAR_BATCH, `ingredientIds may name at most ${MAX_BAR_BATCH} ingredients`),
});
export type BarAddMany = z.infer<typeof barAddManySchema>;

/** How one recipe line is covered (see Coverage in domain/my-bar.ts), with the names a card shows. */
export const lineCoverageSchema = z.object({
  position: z.number().int().min(0),
  ingredient: z.object({ id: z.number().int(), name: z.string() }),
  coverage: z.enum(['in-stock', 'below', 'substitute', 'swap', 'house-made', 'fresh', 'not-needed', 'missing']),
  /**
   * The ingredient that covers it ('Rye whiskey' for a bourbon line; for 'fresh', the fruit: 'Lime' for lime juice), or
   * null when missing or not needed.
   */
  via: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type LineCoverageBody = z.infer<typeof lineCoverageSchema>;

/**
 * One cocktail of a My Bar view: the card (a catalogue cocktail, or one of the user's own recipes with `own: true`:
 * recipe-summary.ts), how each line is covered, and (one away) the missing ingredient.
 */
export const makeableItemSchema = z.object({
  cocktail: recipeSummarySchema,
  lines: z.array(lineCoverageSchema),
  missing: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type MakeableItem = z.infer<typeof makeableItemSchema>;

export { MAKEABLE_PAGE_SIZE } from '../domain/vocabulary';

/** Query of `GET /api/me/bar/makeable`: the view, the 0-based page, an optional text filter on the cocktail's name. */
export const makeableQuerySchema = z.object({
  view: z.enum(['can-make', 'one-away']).default('can-make'),
  page: z.coerce.number().int('page must be a whole number').min(0, 'page must be 0 or more').default(0),
  q: z.string().trim().max(200).default(''),
});
export type MakeableQuery = z.infer<typeof makeableQuerySchema>;

/**
 * Answer of `GET /api/me/bar/makeable`: the page's items, the total in the view (after `q`), the page and its size. Every
 * makeable id (for marks and filters) comes from `GET /api/me/bar/makeable-ids`.
 */
export const makeablePageSchema = z.object({
  items: z.array(makeableItemSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(0),
  pageSize: z.number().int().min(1),
});
export type MakeablePage = z.infer<typeof makeablePageSchema>;

/** Answer of `GET /api/me/bar/makeable-ids`: ids of every cocktail the bar can make now (catalogue 'can make' marks). */
export const makeableIdsSchema = z.object({ ids: z.array(z.number().int()) });
export type MakeableIds = z.infer<typeof makeableIdsSchema>;

/** Answer of `GET /api/me/bar/match/:cocktailId`: how the bar covers each line of one recipe (the modal's marks). */
export const recipeMatchSchema = z.object({
  cocktailId: z.number().int(),
  lines: z.array(lineCoverageSchema),
  canMake: z.boolean(),
});
export type RecipeMatch = z.infer<typeof recipeMatchSchema>;

/** One 'buy next' suggestion: the ingredient, how many more cocktails it makes, how many it brings within one. */
export const suggestionSchema = z.object({
  ingredient: barIngredientSchema,
  unlocks: z.number().int().min(1),
  nearer: z.number().int().min(0),
  /** Up to 3 of the cocktails it makes possible, by name (for the card). */
  examples: z.array(z.string()),
});
/** Answer of `GET /api/me/bar/suggestions`: the best 20, best first. */
export const suggestionListSchema = z.object({ items: z.array(suggestionSchema) });
export type SuggestionList = z.infer<typeof suggestionListSchema>;

/** What buying something makes possible: how many more drinks the bar could make, and up to 3 of them by name. */
const unlocksSchema = z.object({ unlocks: z.number().int().min(0), examples: z.array(z.string()) });

/** One shopping-list entry, with the drinks it would make possible on its own. */
export const shoppingItemSchema = z
  .object({ ingredient: barIngredientSchema, addedAt: z.string() })
  .extend(unlocksSchema.shape);
/**
 * `GET /api/me/shopping-list` (and the answer of every list write): oldest first; `together` is what buying the whole
 * list makes possible.
 */
export const shoppingListSchema = z.object({ items: z.array(shoppingItemSchema), together: unlocksSchema });
export type ShoppingListBody = z.infer<typeof shoppingListSchema>;

/**
 * Answer of `POST /api/me/shopping-list/:ingredientId/bought`: the bar and the list after the ingredient moved from the
 * list into the bar (one transaction).
 */
export const shoppingBoughtSchema = z.object({ bar: barListSchema, list: shoppingListSchema });
export type ShoppingBought = z.infer<typeof shoppingBoughtSchema>;

/** Longest note on a made drink, characters. */
export const MAX_MADE_NOTE = 500;

/** Body of `POST /api/me/made`: the cocktail, an optional note, and when (default now; never in the future). */
export const madeCreateSchema = z.object({
  cocktailId: recordIdSchema('cocktailId'),
  note: z
    .string()
    .trim()
    .max(MAX_MADE_NOTE, `note must be at most ${MAX_MADE_NOTE} characters`)
    .regex(PARAGRAPH_TEXT, paragraphMessage('note'))
    .optional(),
  madeAt: z.iso.datetime({ offset: true }).optional(),
});
export type MadeCreate = z.infer<typeof madeCreateSchema>;

/** One made drink. */
export const madeDrinkSchema = z.object({
  id: z.number().int(),
  cocktail: z.object({ id: z.number().int(), name: z.string() }),
  madeAt: z.string(),
  note: z.string().nullable(),
});
export type MadeDrink = z.infer<typeof madeDrinkSchema>;
/** `GET /api/me/made`: newest first (the latest 100) and the total count. */
export const madeListSchema = z.object({ items: z.array(madeDrinkSchema), total: z.number().int().min(0) });
export type MadeList = z.infer<typeof madeListSchema>;

/** Body of `PUT /api/me/swaps` and query of `DELETE /api/me/swaps`: 'I use `toId` for `fromId`'. */
export const swapSchema = z
  .object({ fromId: recordIdParamSchema('fromId'), toId: recordIdParamSchema('toId') })
  .refine((swap) => swap.fromId !== swap.toId, { message: 'a swap needs two different ingredients', path: ['toId'] });
/** `GET /api/me/swaps` (and the answer of every swap write). */
export const swapListSchema = z.object({
  items: z.array(z.object({ from: barIngredientSchema, to: barIngredientSchema })),
});
export type SwapList = z.infer<typeof swapListSchema>;
