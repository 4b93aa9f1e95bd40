import { rankBuyNext } from './my-bar-buy-next';
import { buildHierarchy } from './my-bar-hierarchy';
import { buildRequiredLines } from './my-bar-signatures';
import { buildStockView, coverLine, lineCovered, type StockView } from './my-bar-stock-view';
import type {
  MatchLine,
  MatchCocktail,
  MatchCatalogue,
  BarStock,
  CocktailMatch,
  Classification,
  Matcher,
} from './my-bar-types';

export type * from './my-bar-types';

/**
 * My Bar matching: which cocktails a bar can make now, which are one ingredient away (and which one), and which bottle to
 * buy next. Pure code, used by the server for the API and the benchmark. Source of every rule: shared/design/DOMAIN.md
 * "My Bar matching":
 * - a recipe line is covered when the exact ingredient is in stock; or any ingredient below it in the hierarchy that
 *   stands in for it (the whole subtree through stand-ins: any bourbon covers 'whiskey', but citron vodka, a variant,
 *   never covers 'vodka': docs/domain.md "Which child stands in for its parent"); or a substitute named for that line; or
 *   one of the user's accepted swaps for it ('I use rye for bourbon'); or a house-made ingredient in that cover whose
 *   parts are all in stock (or that the user marked as made); or a juice pressed from fruit in stock (limes give lime
 *   juice: docs/domain.md "Fresh produce"). Optional lines, water and ice never block;
 * - can make now: every required line covered; one away: exactly one required line uncovered (named);
 * - buy next: for each ingredient not in stock, how many more cocktails become makeable if it is added, computed exactly
 *   (not a frequency count); ties by how many would come within one ingredient, then by name.
 */

/** A bar's view with the signatures it misses: missingSig[s] is 1 when required-line signature s is not covered. */
interface JudgedView extends StockView {
  missingSig: Uint8Array;
}

/**
 * Builds a matcher for `catalogue`. Ingredient ids may be any positive integers; lines naming unknown ingredients are
 * treated as unknown ingredients with no parent (they are covered only by themselves).
 *
 * The matcher keeps the catalogue's required lines as signatures (my-bar-signatures.ts), so a bar is judged once
 * per signature rather than once per line, and a cocktail is then judged by array lookups. It remembers the per-bar
 * view of each `stock` object it is given (a WeakMap, so it lives as long as the caller keeps the object): treat a stock
 * passed to it as immutable.
 */
export function buildMatcher(catalogue: MatchCatalogue): Matcher {
  const tree = buildHierarchy(catalogue);
  const cocktails = catalogue.cocktails;
  const cocktailIndex = new Map(cocktails.map((c, i) => [c.id, i]));
  const lines = buildRequiredLines(tree, cocktails);
  const { sigs, reqStart, reqSigs } = lines;
  const views = new WeakMap<BarStock, JudgedView>();

  /** The view of `stock`, built once per stock object. */
  function view(stock: BarStock): JudgedView {
    let known = views.get(stock);
    if (!known) {
      const base = buildStockView(tree, stock);
      const missingSig = new Uint8Array(sigs.length);
      for (let sig = 0; sig < sigs.length; sig += 1) {
        if (!lineCovered(tree, base, sigs[sig] as MatchLine)) missingSig[sig] = 1;
      }
      views.set(stock, (known = { ...base, missingSig }));
    }
    return known;
  }

  function matchWith(v: StockView, cocktail: MatchCocktail): CocktailMatch {
    const covered = cocktail.lines.map((line, position) => coverLine(tree, v, line, position));
    return {
      cocktailId: cocktail.id,
      lines: covered,
      missing: covered.filter((l) => l.coverage === 'missing').map((l) => l.ingredientId),
    };
  }

  /** How many required lines of cocktail `i` the bar misses, counting no further than 2; `last` gets the last one's sig. */
  function missingCount(v: JudgedView, i: number, last: { sig: number }): number {
    let count = 0;
    const end = reqStart[i + 1] as number;
    for (let j = reqStart[i] as number; j < end; j += 1) {
      const sig = reqSigs[j] as number;
      if (v.missingSig[sig] === 1) {
        last.sig = sig;
        if (++count > 1) return count;
      }
    }
    return count;
  }

  function classify(stock: BarStock): Classification {
    const v = view(stock);
    const out: Classification = { canMake: [], oneAway: [], oneAwayMissing: [] };
    const last = { sig: -1 };
    for (let i = 0; i < cocktails.length; i += 1) {
      const count = missingCount(v, i, last);
      if (count === 0) out.canMake.push((cocktails[i] as MatchCocktail).id);
      else if (count === 1) {
        out.oneAway.push((cocktails[i] as MatchCocktail).id);
        out.oneAwayMissing.push((sigs[last.sig] as MatchLine).ingredientId);
      }
    }
    return out;
  }

  function evaluate(stock: BarStock) {
    const v = view(stock);
    const canMake: CocktailMatch[] = [];
    const oneAway: CocktailMatch[] = [];
    const last = { sig: -1 };
    for (let i = 0; i < cocktails.length; i += 1) {
      const count = missingCount(v, i, last);
      if (count === 0) canMake.push(matchWith(v, cocktails[i] as MatchCocktail));
      else if (count === 1) oneAway.push(matchWith(v, cocktails[i] as MatchCocktail));
    }
    return { canMake, oneAway };
  }

  return {
    match(cocktailId, stock) {
      const index = cocktailIndex.get(cocktailId);
      if (index === undefined) return null;
      return matchWith(view(stock), cocktails[index] as MatchCocktail);
    },
    canMake: (stock) => evaluate(stock).canMake,
    oneAway: (stock) => evaluate(stock).oneAway,
    evaluate,
    classify,
    buyNext(stock, limit = 20, exampleLimit = 3, withNearerOnly = false) {
      const v = view(stock);
      return rankBuyNext(
        { tree, lines, cocktails, view: v, missingSig: v.missingSig },
        limit,
        exampleLimit,
        withNearerOnly,
      );
    },
  };
}
