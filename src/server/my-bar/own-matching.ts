import type { MatchIngredient, Matcher } from '@/shared/domain/my-bar';
import { buildOwnMatcher } from '@/shared/domain/my-bar-own';
import { matchIngredientsOf, type IngredientCatalogue, type MatchModel } from '../catalogue';
import type { OwnIngredient, OwnMatchData, OwnMatchRecipe } from '../recipes';

/**
 * My Bar over a user's own recipes (docs/recipes.md "Where your recipes appear"). Own recipes are one user's, so they
 * never enter the shared match model (catalogue/match-model.ts): each request reads the user's recipes (a few hundred at
 * most; recipes/own-recipe-reads.ts) and builds a small matcher over them with the catalogue's ingredients
 * (shared/domain/my-bar-own.ts, which the service worker runs too), so the same rules apply (the hierarchy, house-made
 * parts, fresh juice, swaps). A free-text ingredient of the user's own has no parent and no parts: only that very
 * ingredient in the bar covers it.
 */

/** The catalogue's ingredients as matching needs them, built once per catalogue version (the catalogue object). */
const matchIngredientsMemo = new WeakMap<IngredientCatalogue, MatchIngredient[]>();

function catalogueMatchIngredients(catalogue: IngredientCatalogue): MatchIngredient[] {
  let list = matchIngredientsMemo.get(catalogue);
  if (!list) matchIngredientsMemo.set(catalogue, (list = matchIngredientsOf(catalogue)));
  return list;
}

/** The user's own recipes as a matcher, with what the views show of them. */
export interface OwnMatch {
  matcher: Matcher;
  /** The own recipes in name-key order (ties by id). */
  recipes: readonly OwnMatchRecipe[];
  /** Each own recipe by id. */
  byId: ReadonlyMap<number, OwnMatchRecipe>;
  /** The user's own ingredients by id. */
  ingredients: ReadonlyMap<number, OwnIngredient>;
}

/**
 * The matcher of the user's own recipes (read by the recipes feature's loadOwnMatchData) over the model's ingredients
 * and the user's own.
 * @returns null when the user has no own recipe (every view is then the catalogue's alone).
 */
export function buildOwnMatch(model: MatchModel, data: OwnMatchData): OwnMatch | null {
  if (data.recipes.length === 0) return null;
  return {
    matcher: buildOwnMatcher(catalogueMatchIngredients(model.ingredients), data.ingredients.values(), data.recipes),
    recipes: data.recipes,
    byId: new Map(data.recipes.map((recipe) => [recipe.id, recipe])),
    ingredients: data.ingredients,
  };
}
