/**
 * The own-recipes feature's public surface: the user's recipes at /api/me/recipes and their share links at
 * /api/recipes/shared.
 */
export { ownRecipeRoutes, sharedRecipeRoutes } from './routes';
// The account import (account/import) writes own recipes as the recipe editor does.
export { insertOwnRecipe, ownRecipeLimitMessage } from './operations';
export { ownIngredientsOf } from './own-ingredients';
