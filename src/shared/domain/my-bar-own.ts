import { buildMatcher } from './my-bar';
import type { BarStock, BuyNext, MatchCocktail, MatchIngredient, MatchLine, Matcher } from './my-bar-types';
import { toSearchKey } from './search-words';

/**
 * My Bar over a user's own recipes beside the catalogue (docs/recipes.md "Where your recipes appear"), one copy for the
 * server (my-bar/matching.ts, per request) and the service worker (lib/offline/worker-bar.ts, from what the device
 * keeps). Own recipes are one user's, so they never enter the catalogue's matcher: a second, small matcher runs over them
 * with the catalogue's ingredients, so the same rules apply (the hierarchy, house-made parts, fresh juice, swaps), and the
 * two answers are merged in name order. A free-text ingredient of the user's own has no parent and no parts: only that
 * very ingredient in the bar covers it.
 */

/** One of the user's own (free-text) ingredients as matching takes it. */
export interface OwnIngredientName {
  id: number;
  name: string;
}

/**
 * The matcher of the user's own recipes (`recipes`, lines in recipe order) over the catalogue's ingredients and the
 * user's own (each with no parent and no parts).
 */
export function buildOwnMatcher(
  catalogueIngredients: readonly MatchIngredient[],
  ownIngredients: Iterable<OwnIngredientName>,
  recipes: readonly MatchCocktail[],
): Matcher {
  const own: MatchIngredient[] = [...ownIngredients].map(({ id, name }) => ({ id, name, parentId: null, parts: [] }));
  return buildMatcher({
    ingredients: [...catalogueIngredients, ...own],
    cocktails: recipes.map((recipe) => ({ id: recipe.id, lines: recipe.lines })),
  });
}

/** Name-key order of two entries (ties by id): the catalogue's order, in code-unit comparison. */
function before(a: { key: string; id: number }, b: { key: string; id: number }): boolean {
  return a.key < b.key || (a.key === b.key && a.id < b.id);
}

/**
 * Two id lists, each in name order, merged into one in name order (`keyOf` gives an id's name key). The catalogue's list
 * keeps its own order; each own recipe goes in before the first catalogue cocktail it sorts before.
 */
export function mergeByName(
  catalogueIds: readonly number[],
  ownIds: readonly number[],
  keyOf: (id: number) => string,
): number[] {
  if (ownIds.length === 0) return [...catalogueIds];
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < catalogueIds.length || j < ownIds.length) {
    const a = catalogueIds[i];
    const b = ownIds[j];
    if (b === undefined || (a !== undefined && !before({ key: keyOf(b), id: b }, { key: keyOf(a), id: a }))) {
      out.push(a as number);
      i += 1;
    } else {
      out.push(b);
      j += 1;
    }
  }
  return out;
}

/** The catalogue's matcher and the user's own recipes' (null: the user has none), with what merging them reads. */
export interface BarMatchers {
  catalogue: Matcher;
  own: Matcher | null;
  /** The name key ({@link toSearchKey} of the name) of a catalogue cocktail or own recipe; '' for an unknown id. */
  keyOf: (id: number) => string;
  /** The name of a catalogue ingredient or one of the user's own (Buy next's last tie-break). */
  ingredientName: (id: number) => string;
}

/** The ids of one view over the catalogue and the own recipes together: 'canMake' or 'oneAway', in name order. */
export function viewIds(matchers: BarMatchers, stock: BarStock, view: 'canMake' | 'oneAway'): number[] {
  const { catalogue, own, keyOf } = matchers;
  return mergeByName(catalogue.classify(stock)[view], own ? own.classify(stock)[view] : [], keyOf);
}

/**
 * 'Buy next' over the catalogue and the own recipes together, the best `limit`: each matcher's counts in full (those
 * that bring a cocktail within one but unlock none there included), summed per ingredient (the two sets of cocktails
 * are apart, so the sums are exact), examples (at most `examples` ids) merged in name order; an ingredient that unlocks
 * nothing in either is left out; ranked by unlocks, then nearer, then ingredient name. Without own recipes, the
 * catalogue matcher's answer as it is.
 */
export function buyNextOverBoth(matchers: BarMatchers, stock: BarStock, limit: number, examples: number): BuyNext[] {
  const { catalogue, own, keyOf, ingredientName } = matchers;
  if (!own) return catalogue.buyNext(stock, limit, examples);
  const all = Number.MAX_SAFE_INTEGER;
  const byIngredient = new Map<number, BuyNext>();
  for (const suggestion of [
    ...catalogue.buyNext(stock, all, examples, true),
    ...own.buyNext(stock, all, examples, true),
  ]) {
    const known = byIngredient.get(suggestion.ingredientId);
    if (!known) {
      byIngredient.set(suggestion.ingredientId, { ...suggestion });
      continue;
    }
    known.unlocks += suggestion.unlocks;
    known.nearer += suggestion.nearer;
    known.examples = mergeByName(known.examples, suggestion.examples, keyOf).slice(0, examples);
  }
  return [...byIngredient.values()]
    .filter((suggestion) => suggestion.unlocks > 0)
    .sort(
      (a, b) =>
        b.unlocks - a.unlocks ||
        b.nearer - a.nearer ||
        ingredientName(a.ingredientId).localeCompare(ingredientName(b.ingredientId)),
    )
    .slice(0, limit);
}

/** One line of an own recipe as its detail answers it (src/shared/schemas/cocktail.ts IngredientLine). */
interface DetailLine {
  position: number;
  ingredient_id: number;
  ingredient: string;
  is_optional: boolean;
  category: string;
}

/** One own recipe as matching reads it: id, name, name key and lines in recipe order. */
export interface OwnRecipeForMatch {
  id: number;
  name: string;
  nameKey: string;
  lines: MatchLine[];
}

/** One of the user's own ingredients as the recipes' lines name it, with the category it is filed under. */
export interface OwnLineIngredient extends OwnIngredientName {
  category: string;
}

/**
 * The user's own recipes as their detail answers give them (`GET /api/me/recipes`, src/shared/schemas/recipes.ts) read
 * for matching: each recipe's lines in position order (own recipes name no substitutes), the recipes in name-key order
 * (ties by id), and the user's own ingredients their lines name: every line ingredient `isCatalogue` does not know, by
 * id, named and filed as the line says.
 */
export function ownRecipesForMatch(
  recipes: readonly { id: number; name: string; ingredients: readonly DetailLine[] }[],
  isCatalogue: (ingredientId: number) => boolean,
): { recipes: OwnRecipeForMatch[]; ingredients: Map<number, OwnLineIngredient> } {
  const ingredients = new Map<number, OwnLineIngredient>();
  const read = recipes.map((recipe) => {
    const lines = [...recipe.ingredients].sort((a, b) => a.position - b.position);
    for (const line of lines) {
      if (!isCatalogue(line.ingredient_id) && !ingredients.has(line.ingredient_id)) {
        ingredients.set(line.ingredient_id, { id: line.ingredient_id, name: line.ingredient, category: line.category });
      }
    }
    return {
      id: recipe.id,
      name: recipe.name,
      nameKey: toSearchKey(recipe.name),
      lines: lines.map((line) => ({ ingredientId: line.ingredient_id, optional: line.is_optional, substitutes: [] })),
    };
  });
  read.sort((a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.id - b.id));
  return { recipes: read, ingredients };
}
