/**
 * The catalogue feature's public surface: its routes, seeding, the list items other features show (as objects, or as
 * the JSON text kept in memory), the ingredient catalogue and the My Bar match model (both in memory per catalogue
 * version), the catalogue version itself (for other features' ETags), the search-key fold, the writer of recipes
 * people write (venue signatures, own recipes), and what a recipe page's head is made of (the shared pages' heads,
 * seo/shared-heads.ts, use it too).
 */
export { catalogueRoutes, ingredientRoutes, searchRoutes } from './routes';
export { serveRecipePage } from './recipe-page';
export { inWords, recipeDescription } from './recipe-head';
export { absoluteUrl, cocktailImagePath, glassName, recipeSchema } from './recipe-json-ld';
export { SIGN_IN_FOR_OWN_MESSAGE } from './list-operations';
export { getCatalogueVersion } from './catalogue-version';
export { getCocktailBySlug, seedCatalogue, warmCatalogue, type SeedCatalogue, type SeedResult } from './operations';
export {
  loadCocktailDetail,
  loadCocktailDetails,
  loadSummariesByIds,
  loadSummaryJsonByIds,
  type StoredRecipe,
} from './read-model';
export { getIngredientCatalogue, toIngredientKey, type IngredientCatalogue } from './ingredient-catalogue';
export { getMatchModel, matchIngredientsOf, type MatchModel } from './match-model';
export { buildSearchKeys, toSearchKey } from './search/search-text';
export {
  recipeColumns,
  recipeColumnsFrom,
  writeRecipeLines,
  type ExtraIngredient,
  type RecipeColumns,
} from './recipe-writer';
