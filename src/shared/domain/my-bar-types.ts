/** The shapes My Bar matching reads and answers (the catalogue, a bar's stock, each cocktail's coverage) and its Matcher. */

/** An ingredient as matching needs it. `parts` lists a house-made ingredient's parts (empty for anything bought). */
export interface MatchIngredient {
  id: number;
  name: string;
  parentId: number | null;
  /** Ingredient ids a house-made ingredient is made from (simple syrup: sugar, water); empty otherwise. */
  parts: readonly number[];
  /** True when it sits below its parent without standing in for it (citron vodka below vodka); default false. */
  variant?: boolean;
  /** Ids of the fruit it is pressed from (lime juice: lime), any one of which gives it; default none. */
  pressedFrom?: readonly number[];
}

/** One recipe line: its ingredient, whether it is optional, and the substitutes the catalogue names for it. */
export interface MatchLine {
  ingredientId: number;
  optional: boolean;
  substitutes: readonly number[];
}

/** A cocktail: its id and lines in recipe order. */
export interface MatchCocktail {
  id: number;
  lines: readonly MatchLine[];
}

/** The catalogue matching runs over. */
export interface MatchCatalogue {
  ingredients: readonly MatchIngredient[];
  cocktails: readonly MatchCocktail[];
}

/** A user's accepted swap: a line asking for `fromId` is covered by `toId` (and anything below it). */
export interface Swap {
  fromId: number;
  toId: number;
}

/** What a user has: bottles owned, house-made ingredients marked as made, accepted swaps. */
export interface BarStock {
  owned: readonly number[];
  made?: readonly number[];
  swaps?: readonly Swap[];
}

/**
 * How one line is covered:
 * - 'in-stock': the exact ingredient; 'below': an ingredient below it in the hierarchy (`via` names it);
 * - 'substitute': a substitute named by the recipe; 'swap': one of the user's swaps;
 * - 'house-made': a house-made ingredient whose parts are in stock (or marked made);
 * - 'fresh': a juice pressed from fruit in stock (`via` names the fruit: lime juice from limes);
 * - 'not-needed': optional, water or ice; 'missing': not covered.
 */
export type Coverage = 'in-stock' | 'below' | 'substitute' | 'swap' | 'house-made' | 'fresh' | 'not-needed' | 'missing';

/** The coverage of one line, in recipe order, with the ingredient that covers it (null when missing or not needed). */
export interface LineCoverage {
  position: number;
  ingredientId: number;
  coverage: Coverage;
  viaId: number | null;
}

/** A cocktail with how each line is covered; `missing` holds the uncovered required lines' ingredient ids. */
export interface CocktailMatch {
  cocktailId: number;
  lines: LineCoverage[];
  missing: number[];
}

/**
 * One 'buy next' suggestion: adding `ingredientId` makes `unlocks` more cocktails, and brings `nearer` within one;
 * `examples` holds the ids of the first cocktails (catalogue order, at most `exampleLimit` of {@link Matcher.buyNext}) it
 * makes possible.
 */
export interface BuyNext {
  ingredientId: number;
  unlocks: number;
  nearer: number;
  examples: number[];
}

/**
 * What a bar can make, as ids only (no line detail): the cheap answer for lists, counts and marks. `canMake` and
 * `oneAway` are cocktail ids in catalogue order; `oneAwayMissing[k]` is the ingredient the line `oneAway[k]` lacks asks for.
 */
export interface Classification {
  canMake: number[];
  oneAway: number[];
  oneAwayMissing: number[];
}

/** The matcher of one catalogue: built once (subtrees and lookups), then evaluated for any number of bars. */
export interface Matcher {
  /** How one cocktail's lines are covered by `stock`; null for an unknown cocktail. */
  match(cocktailId: number, stock: BarStock): CocktailMatch | null;
  /** Every cocktail `stock` can make now, in catalogue order. */
  canMake(stock: BarStock): CocktailMatch[];
  /** Every cocktail exactly one required line away, in catalogue order, naming the missing ingredient. */
  oneAway(stock: BarStock): CocktailMatch[];
  /** Both at once (one pass), for callers that want both. */
  evaluate(stock: BarStock): { canMake: CocktailMatch[]; oneAway: CocktailMatch[] };
  /**
   * Both views as ids only, in one pass that builds no per-line detail: what a paged list needs before it asks
   * {@link Matcher.match} for the cocktails of one page. Same membership as {@link Matcher.evaluate}.
   */
  classify(stock: BarStock): Classification;
  /**
   * Ingredients not in stock that would make more cocktails, best first (unlocks, then nearer, then name): the best
   * `limit` (default 20), each with up to `exampleLimit` (default 3) of the cocktails it makes possible. With
   * `withNearerOnly` (default false), also those that make none but bring some within one (`unlocks` 0).
   */
  buyNext(stock: BarStock, limit?: number, exampleLimit?: number, withNearerOnly?: boolean): BuyNext[];
}
