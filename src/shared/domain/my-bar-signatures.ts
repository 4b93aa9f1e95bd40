import type { IngredientHierarchy } from './my-bar-hierarchy';
import type { MatchCocktail, MatchLine } from './my-bar-types';

/**
 * The catalogue's required lines as signatures: every line that is neither optional nor free, keyed by its ingredient
 * and named substitutes (what decides whether a bar covers it). Lines that ask for the same thing share one, so a bar is
 * judged once per signature (a few hundred) rather than once per line. Cocktail i's required lines are the signatures
 * `reqSigs[reqStart[i]] .. reqSigs[reqStart[i + 1] - 1]`.
 */
export interface RequiredLines {
  /** One representative line per signature. */
  sigs: MatchLine[];
  /** Start of each cocktail's run in `reqSigs`; length cocktails + 1. */
  reqStart: Int32Array;
  /** Signature index of each required line, cocktail by cocktail. */
  reqSigs: Int32Array;
}

/** Builds the required-line signatures of `cocktails` (see {@link RequiredLines}). */
export function buildRequiredLines(tree: IngredientHierarchy, cocktails: readonly MatchCocktail[]): RequiredLines {
  const sigIndex = new Map<string, number>();
  const sigs: MatchLine[] = [];
  const reqStart = new Int32Array(cocktails.length + 1);
  const reqSigList: number[] = [];
  cocktails.forEach((cocktail, i) => {
    reqStart[i] = reqSigList.length;
    for (const line of cocktail.lines) {
      if (line.optional || tree.free.has(line.ingredientId)) continue;
      const key = `${line.ingredientId}|${line.substitutes.join(',')}`;
      let sig = sigIndex.get(key);
      if (sig === undefined) {
        sig = sigs.length;
        sigIndex.set(key, sig);
        sigs.push(line);
      }
      reqSigList.push(sig);
    }
  });
  reqStart[cocktails.length] = reqSigList.length;
  return { sigs, reqStart, reqSigs: Int32Array.from(reqSigList) };
}
