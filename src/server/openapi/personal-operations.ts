/** The published operations on a user's own data under /api/me: account, favorites, My Bar, collections, own recipes. */
import * as account from '@/shared/schemas/account';
import * as collections from '@/shared/schemas/collections';
import * as exports from '@/shared/schemas/export';
import * as favorites from '@/shared/schemas/favorites';
import * as myBar from '@/shared/schemas/my-bar';
import * as recipes from '@/shared/schemas/recipes';
import { op, type ApiOperation } from './operation';

const ingredientId = myBar.ingredientParamSchema;

/** The account's, favorites', My Bar's, collections' and own recipes' operations. */
export const PERSONAL_OPERATIONS: readonly ApiOperation[] = [
  // Account
  op('GET', '/api/me', 'Account', 'session', 'The account, its plan and entitlements', {
    response: account.meResponseSchema,
  }),
  op('DELETE', '/api/me', 'Account', 'session', 'Deletes the account and everything in it', {
    body: account.deleteAccountRequestSchema,
    response: account.deleteAccountResponseSchema,
  }),
  op('GET', '/api/me/activity', 'Account', 'session', "The account's counters", {
    response: account.activityResponseSchema,
  }),
  op('GET', '/api/me/sessions', 'Account', 'session', 'Signed-in devices', {
    response: account.accountSessionListSchema,
  }),
  op('DELETE', '/api/me/sessions/:id', 'Account', 'session', 'Signs one other device out', {
    params: account.sessionIdParamSchema,
    response: account.revokeSessionsResponseSchema,
  }),
  op('POST', '/api/me/sessions/revoke-others', 'Account', 'session', 'Signs out everywhere else', {
    response: account.revokeSessionsResponseSchema,
  }),
  op('GET', '/api/me/export', 'Account', 'session', "The account's data as a file (JSON, Markdown, JSON-LD, CSV...)", {
    query: exports.exportQuerySchema,
    produces: 'application/octet-stream',
  }),
  op('POST', '/api/me/import', 'Account', 'session', 'Restores an export (its zip or JSON as the body)', {
    upload: 'file',
    response: exports.accountImportResultSchema,
  }),

  // Favorites
  op('GET', '/api/me/favorites', 'Favorites', 'session', 'The favorites, newest first: every id, one page of cards', {
    query: favorites.favoriteListQuerySchema,
    response: favorites.favoriteListSchema,
  }),
  op('PUT', '/api/me/favorites/:cocktailId', 'Favorites', 'session', 'Adds a favorite (idempotent)', {
    params: favorites.favoriteParamSchema,
    response: favorites.favoriteWriteResultSchema,
  }),
  op('DELETE', '/api/me/favorites/:cocktailId', 'Favorites', 'session', 'Removes a favorite (idempotent)', {
    params: favorites.favoriteParamSchema,
    response: favorites.favoriteWriteResultSchema,
  }),

  // My Bar
  op('GET', '/api/me/bar', 'My Bar', 'pro', 'The bottles in the bar', { response: myBar.barListSchema }),
  op('POST', '/api/me/bar', 'My Bar', 'pro', 'Adds many bottles', {
    body: myBar.barAddManySchema,
    response: myBar.barListSchema,
  }),
  op('PUT', '/api/me/bar/:ingredientId', 'My Bar', 'pro', 'Adds a bottle (idempotent)', {
    params: ingredientId,
    response: myBar.barListSchema,
  }),
  op('DELETE', '/api/me/bar/:ingredientId', 'My Bar', 'pro', 'Removes a bottle (idempotent)', {
    params: ingredientId,
    response: myBar.barListSchema,
  }),
  op('GET', '/api/me/bar/makeable', 'My Bar', 'pro', "What the bar makes: 'Can make now' or one bottle away", {
    query: myBar.makeableQuerySchema,
    response: myBar.makeablePageSchema,
  }),
  op('GET', '/api/me/bar/makeable-ids', 'My Bar', 'pro', 'The ids of every cocktail the bar makes', {
    response: myBar.makeableIdsSchema,
  }),
  op('GET', '/api/me/bar/match/:cocktailId', 'My Bar', 'pro', "How the bar covers one recipe's lines", {
    params: myBar.cocktailParamSchema,
    response: myBar.recipeMatchSchema,
  }),
  op('GET', '/api/me/bar/suggestions', 'My Bar', 'pro', 'Bottles to buy next', {
    response: myBar.suggestionListSchema,
  }),
  op('GET', '/api/me/shopping-list', 'My Bar', 'pro', 'The shopping list', { response: myBar.shoppingListSchema }),
  op('DELETE', '/api/me/shopping-list', 'My Bar', 'pro', 'Empties the shopping list', {
    response: myBar.shoppingListSchema,
  }),
  op('PUT', '/api/me/shopping-list/:ingredientId', 'My Bar', 'pro', 'Puts an ingredient on the list', {
    params: ingredientId,
    response: myBar.shoppingListSchema,
  }),
  op('DELETE', '/api/me/shopping-list/:ingredientId', 'My Bar', 'pro', 'Takes an ingredient off the list', {
    params: ingredientId,
    response: myBar.shoppingListSchema,
  }),
  op('POST', '/api/me/shopping-list/:ingredientId/bought', 'My Bar', 'pro', 'Bought: off the list, into the bar', {
    params: ingredientId,
    response: myBar.shoppingBoughtSchema,
  }),
  op('GET', '/api/me/made', 'My Bar', 'pro', "The drinks marked 'I made this'", { response: myBar.madeListSchema }),
  op('POST', '/api/me/made', 'My Bar', 'pro', "Marks a drink 'I made this'", {
    body: myBar.madeCreateSchema,
    status: 201,
    response: myBar.madeDrinkSchema,
  }),
  op('GET', '/api/me/swaps', 'My Bar', 'pro', 'The ingredient swaps the user allows', {
    response: myBar.swapListSchema,
  }),
  op('PUT', '/api/me/swaps', 'My Bar', 'pro', 'Allows a swap', {
    body: myBar.swapSchema,
    response: myBar.swapListSchema,
  }),
  op('DELETE', '/api/me/swaps', 'My Bar', 'pro', 'Withdraws a swap', {
    query: myBar.swapSchema,
    response: myBar.swapListSchema,
  }),

  // Collections, notes and ratings
  op('GET', '/api/me/collections', 'Collections', 'session', 'The collections', {
    query: collections.collectionListQuerySchema,
    response: collections.collectionListSchema,
  }),
  op('POST', '/api/me/collections', 'Collections', 'pro', 'Creates a collection', {
    body: collections.collectionCreateSchema,
    status: 201,
    response: collections.collectionDetailSchema,
  }),
  op('GET', '/api/me/collections/:id', 'Collections', 'session', 'One collection', {
    params: collections.collectionParamSchema,
    response: collections.collectionDetailSchema,
  }),
  op('PATCH', '/api/me/collections/:id', 'Collections', 'pro', 'Renames or shares a collection', {
    params: collections.collectionParamSchema,
    body: collections.collectionUpdateSchema,
    response: collections.collectionDetailSchema,
  }),
  op('DELETE', '/api/me/collections/:id', 'Collections', 'session', 'Deletes a collection', {
    params: collections.collectionParamSchema,
    response: collections.collectionListSchema,
  }),
  op('PUT', '/api/me/collections/:id/items/:cocktailId', 'Collections', 'pro', 'Adds a cocktail to a collection', {
    params: collections.collectionItemParamSchema,
    response: collections.collectionDetailSchema,
  }),
  op('DELETE', '/api/me/collections/:id/items/:cocktailId', 'Collections', 'session', 'Takes a cocktail out', {
    params: collections.collectionItemParamSchema,
    response: collections.collectionDetailSchema,
  }),
  op('PUT', '/api/me/collections/:id/order', 'Collections', 'pro', "Reorders a collection's cocktails", {
    params: collections.collectionParamSchema,
    body: collections.collectionOrderSchema,
    response: collections.collectionDetailSchema,
  }),
  op('GET', '/api/me/notes/:cocktailId', 'Collections', 'session', "The user's note on a cocktail", {
    params: collections.cocktailNoteParamSchema,
    response: collections.noteSchema,
  }),
  op('PUT', '/api/me/notes/:cocktailId', 'Collections', 'pro', 'Writes the note', {
    params: collections.cocktailNoteParamSchema,
    body: collections.noteWriteSchema,
    response: collections.noteSchema,
  }),
  op('DELETE', '/api/me/notes/:cocktailId', 'Collections', 'session', 'Deletes the note', {
    params: collections.cocktailNoteParamSchema,
    response: collections.noteSchema,
  }),
  op('GET', '/api/me/ratings', 'Collections', 'session', "The user's ratings", {
    response: collections.ratingListSchema,
  }),
  op('PUT', '/api/me/ratings/:cocktailId', 'Collections', 'pro', 'Rates a cocktail (1 to 5)', {
    params: collections.cocktailNoteParamSchema,
    body: collections.ratingWriteSchema,
    response: collections.ratingSchema,
  }),
  op('DELETE', '/api/me/ratings/:cocktailId', 'Collections', 'session', 'Clears a rating', {
    params: collections.cocktailNoteParamSchema,
    response: collections.ratingSchema,
  }),

  // My Recipes
  op('GET', '/api/me/recipes', 'My Recipes', 'session', "The user's own recipes", {
    query: recipes.ownRecipeListQuerySchema,
    response: recipes.ownRecipeListSchema,
  }),
  op('POST', '/api/me/recipes', 'My Recipes', 'pro', 'Creates an own recipe', {
    body: recipes.ownRecipeWriteSchema,
    status: 201,
    response: recipes.ownRecipeSchema,
  }),
  op('POST', '/api/me/recipes/copy/:cocktailId', 'My Recipes', 'pro', "'Make it my own': copies a recipe", {
    params: recipes.recipeCopyParamSchema,
    status: 201,
    response: recipes.ownRecipeSchema,
  }),
  op('GET', '/api/me/recipes/:id', 'My Recipes', 'session', 'One own recipe', {
    params: recipes.ownRecipeParamSchema,
    response: recipes.ownRecipeSchema,
  }),
  op('PUT', '/api/me/recipes/:id', 'My Recipes', 'pro', 'Rewrites an own recipe', {
    params: recipes.ownRecipeParamSchema,
    body: recipes.ownRecipeWriteSchema,
    response: recipes.ownRecipeSchema,
  }),
  op('DELETE', '/api/me/recipes/:id', 'My Recipes', 'session', 'Deletes an own recipe', {
    params: recipes.ownRecipeParamSchema,
    response: recipes.ownRecipeListSchema,
  }),
  op('PUT', '/api/me/recipes/:id/share', 'My Recipes', 'pro', 'Shares an own recipe by link, or stops', {
    params: recipes.ownRecipeParamSchema,
    body: recipes.recipeShareSchema,
    response: recipes.ownRecipeSchema,
  }),
  op('PUT', '/api/me/recipes/:id/photo', 'My Recipes', 'pro', "Sets the recipe's photo (the image as the body)", {
    params: recipes.ownRecipeParamSchema,
    upload: 'image',
    response: recipes.ownRecipeSchema,
  }),
  op('DELETE', '/api/me/recipes/:id/photo', 'My Recipes', 'session', "Removes the recipe's photo", {
    params: recipes.ownRecipeParamSchema,
    response: recipes.ownRecipeSchema,
  }),
  op('POST', '/api/me/recipes/import', 'My Recipes', 'pro', 'Reads a file of recipes: a preview, or writes it', {
    query: recipes.importQuerySchema,
    upload: 'file',
    response: recipes.importPreviewSchema.or(recipes.importResultSchema),
  }),
  op('POST', '/api/me/recipes/import/reviewed', 'My Recipes', 'pro', 'Writes a preview as the user corrected it', {
    body: recipes.importReviewSchema,
    response: recipes.importResultSchema,
  }),
];
