/**
 * My Bar matching: which cocktails a bar can make now, which are one ingredient away (and which one), and which bottle to
 * buy next. Pure code, used by the server for the API and the benchmark. Source of every rule: shared/design/DOMAIN.md
 * "My Bar matching":
 * - a recipe line is covered when the exact ingredient is in stock; or any ingredient below it in the hierarchy (the whole
 *   subtree: any bourbon covers 'whiskey'); or a substitute named for that line; or one of the user's accepted swaps for
 *   it ('I use rye for bourbon'); or a house-made ingredient in that cover whose parts are all in stock (or that the user
 *   marked as made). Optional lines, water and ice never block;
 * - can make now: every required line covered; one away: exactly one required line uncovered (named);
 * - buy next: for each ingredient not in stock, how many more cocktails become makeable if it is added, computed exactly
 *   (not a frequency count); ties by how many would come within one ingredient, then by name.
 */

/** An ingredient as matching needs it. `parts` lists a house-made ingredient's parts (empty for anything bought). */
export interface MatchIngredient {
  id: number;
  name: string;
  parentId: number | null;
  /** Ingredient ids a house-made ingredient is made from (simple syrup: sugar, water); empty otherwise. */
  parts: readonly number[];
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
 * - 'not-needed': optional, water or ice; 'missing': not covered.
 */
export type Coverage = 'in-stock' | 'below' | 'substitute' | 'swap' | 'house-made' | 'not-needed' | 'missing';

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

/** One 'buy next' suggestion: adding `ingredientId` makes `unlocks` more cocktails, and brings `nearer` within one. */
export interface BuyNext {
  ingredientId: number;
  unlocks: number;
  nearer: number;
}

/** Ingredients that never block a line: tap water and ice. */
const FREE_NAMES = /^(water|hot water|boiling water|cold water|ice|crushed ice|cracked ice|ice cubes?)$/i;

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
  /** Ingredients not in stock that would make more cocktails, best first (unlocks, then nearer, then name). */
  buyNext(stock: BarStock, limit?: number): BuyNext[];
}

/** Per-bar state: which ingredient ids are covered (in stock, or something below them is). */
interface StockView {
  /** Ingredient ids effectively in stock (owned, made, or house-made with every part covered). */
  present: Set<number>;
  /** covered[i]: i or something below it is present. */
  covered: Uint8Array;
  /** The present ingredient at or below i that covers it (for 'via'), or -1. */
  coverer: Int32Array;
  swapsFrom: Map<number, number[]>;
}

/**
 * Builds a matcher for `catalogue`. Ingredient ids may be any positive integers; lines naming unknown ingredients are
 * treated as unknown ingredients with no parent (they are covered only by themselves).
 */
export function buildMatcher(catalogue: MatchCatalogue): Matcher {
  const byId = new Map<number, MatchIngredient>();
  for (const ingredient of catalogue.ingredients) byId.set(ingredient.id, ingredient);
  for (const cocktail of catalogue.cocktails) {
    for (const line of cocktail.lines) {
      for (const id of [line.ingredientId, ...line.substitutes]) {
        if (!byId.has(id)) byId.set(id, { id, name: `#${id}`, parentId: null, parts: [] });
      }
    }
  }
  const maxId = Math.max(0, ...byId.keys());
  const children = new Map<number, number[]>();
  for (const ingredient of byId.values()) {
    if (ingredient.parentId !== null && byId.has(ingredient.parentId)) {
      const list = children.get(ingredient.parentId) ?? [];
      list.push(ingredient.id);
      children.set(ingredient.parentId, list);
    }
  }
  /** Ancestors of each id, nearest first (cycles are cut). */
  const ancestors = new Map<number, number[]>();
  for (const id of byId.keys()) {
    const chain: number[] = [];
    const seen = new Set([id]);
    let parent = byId.get(id)?.parentId ?? null;
    while (parent !== null && byId.has(parent) && !seen.has(parent)) {
      chain.push(parent);
      seen.add(parent);
      parent = byId.get(parent)?.parentId ?? null;
    }
    ancestors.set(id, chain);
  }
  /** Every id in the subtree of each id (itself included), built lazily. */
  const subtreeCache = new Map<number, number[]>();
  function subtree(id: number): number[] {
    let list = subtreeCache.get(id);
    if (!list) {
      list = [];
      const stack = [id];
      const seen = new Set<number>();
      while (stack.length) {
        const next = stack.pop() as number;
        if (seen.has(next)) continue;
        seen.add(next);
        list.push(next);
        for (const child of children.get(next) ?? []) stack.push(child);
      }
      subtreeCache.set(id, list);
    }
    return list;
  }
  const houseMade = [...byId.values()].filter((i) => i.parts.length > 0);
  const free = new Set([...byId.values()].filter((i) => FREE_NAMES.test(i.name.trim())).map((i) => i.id));
  const cocktails = catalogue.cocktails;
  const cocktailIndex = new Map(cocktails.map((c, i) => [c.id, i]));

  function view(stock: BarStock): StockView {
    const present = new Set<number>([...stock.owned, ...(stock.made ?? [])]);
    const covered = new Uint8Array(maxId + 1);
    const coverer = new Int32Array(maxId + 1).fill(-1);
    const mark = (id: number) => {
      if (id > maxId) return;
      if (!covered[id]) {
        covered[id] = 1;
        coverer[id] = id;
      }
      for (const ancestor of ancestors.get(id) ?? []) {
        if (covered[ancestor]) continue;
        covered[ancestor] = 1;
        coverer[ancestor] = id;
      }
    };
    for (const id of present) mark(id);
    // Tap water and ice are always to hand, also as the parts of a syrup.
    for (const id of free) mark(id);
    // House-made ingredients whose parts are all covered count as present; one may complete another (a syrup from a
    // house-made base), so repeat until nothing changes.
    let changed = true;
    while (changed) {
      changed = false;
      for (const ingredient of houseMade) {
        if (present.has(ingredient.id)) continue;
        if (ingredient.parts.every((part) => part <= maxId && covered[part])) {
          present.add(ingredient.id);
          mark(ingredient.id);
          changed = true;
        }
      }
    }
    const swapsFrom = new Map<number, number[]>();
    for (const swap of stock.swaps ?? []) {
      const list = swapsFrom.get(swap.fromId) ?? [];
      list.push(swap.toId);
      swapsFrom.set(swap.fromId, list);
    }
    return { present, covered, coverer, swapsFrom };
  }

  const isCovered = (v: StockView, id: number) => id <= maxId && v.covered[id] === 1;

  function coverLine(v: StockView, line: MatchLine, position: number, stock: BarStock): LineCoverage {
    const base = { position, ingredientId: line.ingredientId };
    if (line.optional || free.has(line.ingredientId)) return { ...base, coverage: 'not-needed', viaId: null };
    const kind = (id: number, direct: Coverage): { coverage: Coverage; viaId: number } => {
      const via = v.coverer[id] as number;
      const owned = stock.owned.includes(via) || (stock.made ?? []).includes(via);
      if (!owned) return { coverage: 'house-made', viaId: via };
      if (direct === 'in-stock' && via !== id) return { coverage: 'below', viaId: via };
      return { coverage: direct, viaId: via };
    };
    if (isCovered(v, line.ingredientId)) return { ...base, ...kind(line.ingredientId, 'in-stock') };
    for (const sub of line.substitutes) if (isCovered(v, sub)) return { ...base, ...kind(sub, 'substitute') };
    for (const id of [line.ingredientId, ...(ancestors.get(line.ingredientId) ?? [])]) {
      for (const to of v.swapsFrom.get(id) ?? []) if (isCovered(v, to)) return { ...base, ...kind(to, 'swap') };
    }
    return { ...base, coverage: 'missing', viaId: null };
  }

  function matchWith(v: StockView, cocktail: MatchCocktail, stock: BarStock): CocktailMatch {
    const lines = cocktail.lines.map((line, position) => coverLine(v, line, position, stock));
    return {
      cocktailId: cocktail.id,
      lines,
      missing: lines.filter((l) => l.coverage === 'missing').map((l) => l.ingredientId),
    };
  }

  /** Uncovered required lines of a cocktail, stopping early past `limit`. */
  function uncovered(v: StockView, cocktail: MatchCocktail, limit: number): MatchLine[] {
    const out: MatchLine[] = [];
    for (const line of cocktail.lines) {
      if (line.optional || free.has(line.ingredientId)) continue;
      if (isCovered(v, line.ingredientId)) continue;
      if (line.substitutes.some((sub) => isCovered(v, sub))) continue;
      let swapped = false;
      for (const id of [line.ingredientId, ...(ancestors.get(line.ingredientId) ?? [])]) {
        if ((v.swapsFrom.get(id) ?? []).some((to) => isCovered(v, to))) {
          swapped = true;
          break;
        }
      }
      if (swapped) continue;
      out.push(line);
      if (out.length > limit) break;
    }
    return out;
  }

  function evaluate(stock: BarStock) {
    const v = view(stock);
    const canMake: CocktailMatch[] = [];
    const oneAway: CocktailMatch[] = [];
    for (const cocktail of cocktails) {
      const missing = uncovered(v, cocktail, 1);
      if (missing.length === 0) canMake.push(matchWith(v, cocktail, stock));
      else if (missing.length === 1) oneAway.push(matchWith(v, cocktail, stock));
    }
    return { canMake, oneAway };
  }

  /**
   * The ingredients not yet present whose addition alone would cover ingredient `id` (make it covered): anything in its
   * subtree, and whatever completes a house-made ingredient in that subtree (an ingredient in the completers of every one
   * of its uncovered parts, recursively: a syrup from a house-made base). `memo` (per bar) keeps only answers computed
   * from the top, since an answer found inside a cycle of parts ('visiting' cuts it) may be partial.
   */
  function coverersOf(
    v: StockView,
    id: number,
    memo: Map<number, Set<number>>,
    visiting = new Set<number>(),
  ): Set<number> {
    const top = visiting.size === 0;
    const known = top ? memo.get(id) : undefined;
    if (known) return known;
    const out = new Set<number>();
    if (visiting.has(id)) return out;
    visiting.add(id);
    for (const node of subtree(id)) {
      if (v.present.has(node)) continue;
      out.add(node);
      const ingredient = byId.get(node);
      if (!ingredient || ingredient.parts.length === 0) continue;
      const missingParts = ingredient.parts.filter((part) => !isCovered(v, part));
      if (missingParts.length === 0) continue;
      const [first, ...rest] = missingParts.map((part) => coverersOf(v, part, memo, visiting));
      for (const candidate of first as Set<number>) if (rest.every((set) => set.has(candidate))) out.add(candidate);
    }
    visiting.delete(id);
    if (top) memo.set(id, out);
    return out;
  }

  /**
   * The ingredients not yet present whose addition alone would cover `line`: the coverers of its ingredient, of its
   * substitutes and of the user's swaps for it (see {@link coverersOf}).
   */
  function completers(v: StockView, line: MatchLine, memo: Map<number, Set<number>>): Set<number> {
    const targets = [line.ingredientId, ...line.substitutes];
    for (const id of [line.ingredientId, ...(ancestors.get(line.ingredientId) ?? [])]) {
      targets.push(...(v.swapsFrom.get(id) ?? []));
    }
    const out = new Set<number>();
    for (const target of targets) for (const id of coverersOf(v, target, memo)) out.add(id);
    return out;
  }

  function buyNext(stock: BarStock, limit = 20): BuyNext[] {
    const v = view(stock);
    const unlocks = new Map<number, number>();
    const nearer = new Map<number, number>();
    // Lines asking for the same thing share their completers: one set per (ingredient, substitutes) in this bar.
    const cache = new Map<string, Set<number>>();
    const memo = new Map<number, Set<number>>();
    const completersOf = (line: MatchLine) => {
      const key = `${line.ingredientId}|${line.substitutes.join(',')}`;
      let set = cache.get(key);
      if (!set) {
        set = completers(v, line, memo);
        cache.set(key, set);
      }
      return set;
    };
    for (const cocktail of cocktails) {
      const missing = uncovered(v, cocktail, Number.POSITIVE_INFINITY);
      if (missing.length === 0) continue;
      const sets = missing.map(completersOf);
      // Adding x makes the cocktail whole when x completes every missing line.
      const [first, ...rest] = [...sets].sort((a, b) => a.size - b.size);
      for (const x of first as Set<number>) {
        if (rest.every((set) => set.has(x))) unlocks.set(x, (unlocks.get(x) ?? 0) + 1);
      }
      // It comes within one when x completes all but one missing line.
      if (sets.length >= 2) {
        const counts = new Map<number, number>();
        for (const set of sets) for (const x of set) counts.set(x, (counts.get(x) ?? 0) + 1);
        for (const [x, count] of counts) if (count === sets.length - 1) nearer.set(x, (nearer.get(x) ?? 0) + 1);
      }
    }
    const name = (id: number) => byId.get(id)?.name ?? '';
    return [...unlocks]
      .filter(([id, count]) => count > 0 && !v.present.has(id))
      .map(([ingredientId, count]) => ({ ingredientId, unlocks: count, nearer: nearer.get(ingredientId) ?? 0 }))
      .sort(
        (a, b) =>
          b.unlocks - a.unlocks || b.nearer - a.nearer || name(a.ingredientId).localeCompare(name(b.ingredientId)),
      )
      .slice(0, limit);
  }

  return {
    match(cocktailId, stock) {
      const index = cocktailIndex.get(cocktailId);
      if (index === undefined) return null;
      return matchWith(view(stock), cocktails[index] as MatchCocktail, stock);
    },
    canMake: (stock) => evaluate(stock).canMake,
    oneAway: (stock) => evaluate(stock).oneAway,
    evaluate,
    buyNext,
  };
}
