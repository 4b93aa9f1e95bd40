/**
 * The own-recipes feature's public surface: the user's recipes at /api/me/recipes and their share links at
 * /api/recipes/shared, and what other features read of them (own-recipe-reads.ts: collections, notes, ratings, made
 * drinks and My Bar take an own recipe's id for its owner).
 */
export { ownRecipeRoutes, sharedRecipeRoutes } from './routes';
export { deleteOwnRecipesData, type OwnRecipesDeletion } from './account-deletion';
export {
  loadOwnIngredients,
  loadOwnMatchData,
  loadRecipeSummaries,
  ownIngredientIdsAmong,
  ownRecipeIdsAmong,
  ownRecipeName,
  type OwnIngredient,
  type OwnMatchData,
  type OwnMatchRecipe,
} from './own-recipe-reads';
export { ownCocktailDetail } from './own-detail';
// The account import (account/import) writes own recipes as the recipe editor does.
export { insertOwnRecipe, ownRecipeLimitMessage } from './operations';
// A shared recipe's page head and preview image (seo/shared-pages.ts, seo/og-image.ts) read it as its link does.
export { getSharedRecipe } from './operations';
export { ownIngredientsOf } from './own-ingredients';
export { ownRecipePhotoRoutes } from './photo-routes';
