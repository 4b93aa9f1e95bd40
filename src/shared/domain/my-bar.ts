import type {
  MatchIngredient,
  MatchLine,
  MatchCocktail,
  MatchCatalogue,
  BarStock,
  Coverage,
  LineCoverage,
  CocktailMatch,
  BuyNext,
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

/** Ingredients that never block a line: tap water and ice. */
const FREE_NAMES = /^(water|hot water|boiling water|cold water|ice|crushed ice|cracked ice|ice cubes?)$/i;

/** Per-bar state: which ingredient ids are covered (in stock, or something below them is). */
interface StockView {
  /** Ingredient ids the user holds: owned or marked made. */
  held: Set<number>;
  /** Ingredient ids effectively in stock (owned, made, or house-made with every part covered). */
  present: Set<number>;
  /** covered[i]: i or something below it is present. */
  covered: Uint8Array;
  /** The present ingredient at or below i that covers it (for 'via'), or -1. */
  coverer: Int32Array;
  /** Juices present because fruit is held: juice id -> the fruit it is pressed from. */
  pressed: Map<number, number>;
  swapsFrom: Map<number, number[]>;
  /** missingSig[s]: 1 when required-line signature s (see buildMatcher) is not covered by this bar. */
  missingSig: Uint8Array;
}

/**
 * Builds a matcher for `catalogue`. Ingredient ids may be any positive integers; lines naming unknown ingredients are
 * treated as unknown ingredients with no parent (they are covered only by themselves).
 *
 * The matcher keeps the catalogue's required lines as signatures (ingredient + named substitutes; lines that ask for the
 * same thing share one), so a bar is judged once per signature (a few hundred) rather than once per line, and a cocktail
 * is then judged by array lookups. It remembers the per-bar view of each `stock` object it is given (a WeakMap, so it
 * lives as long as the caller keeps the object): treat a stock passed to it as immutable.
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
  // The hierarchy as matching walks it: only through children that stand in for their parent (a variant covers itself
  // and what stands in for it, never its parent).
  const children = new Map<number, number[]>();
  for (const ingredient of byId.values()) {
    if (ingredient.parentId !== null && byId.has(ingredient.parentId) && !ingredient.variant) {
      const list = children.get(ingredient.parentId) ?? [];
      list.push(ingredient.id);
      children.set(ingredient.parentId, list);
    }
  }
  /** The ancestors each id stands in for, nearest first: up to the first variant on the way (cycles are cut). */
  const ancestors = new Map<number, number[]>();
  /** Each id followed by its ancestors (what a swap may be keyed on). */
  const selfAndAncestors = new Map<number, number[]>();
  for (const id of byId.keys()) {
    const chain: number[] = [];
    const seen = new Set([id]);
    let node = byId.get(id);
    while (node && !node.variant && node.parentId !== null && byId.has(node.parentId) && !seen.has(node.parentId)) {
      chain.push(node.parentId);
      seen.add(node.parentId);
      node = byId.get(node.parentId);
    }
    ancestors.set(id, chain);
    selfAndAncestors.set(id, [id, ...chain]);
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
  const juices = [...byId.values()].filter((i) => (i.pressedFrom?.length ?? 0) > 0);
  const free = new Set([...byId.values()].filter((i) => FREE_NAMES.test(i.name.trim())).map((i) => i.id));
  const cocktails = catalogue.cocktails;
  const cocktailIndex = new Map(cocktails.map((c, i) => [c.id, i]));

  // Required lines by signature: every line that is neither optional nor free, keyed by its ingredient and named
  // substitutes (what decides whether a bar covers it). Cocktail i's required lines are reqSigs[reqStart[i]..reqStart[i+1]).
  const sigIndex = new Map<string, number>();
  const sigs: MatchLine[] = [];
  const reqStart = new Int32Array(cocktails.length + 1);
  const reqSigList: number[] = [];
  cocktails.forEach((cocktail, i) => {
    reqStart[i] = reqSigList.length;
    for (const line of cocktail.lines) {
      if (line.optional || free.has(line.ingredientId)) continue;
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
  const reqSigs = Int32Array.from(reqSigList);
  const views = new WeakMap<BarStock, StockView>();

  /** The view of `stock`, built once per stock object. */
  function view(stock: BarStock): StockView {
    let known = views.get(stock);
    if (!known) views.set(stock, (known = buildView(stock)));
    return known;
  }

  function buildView(stock: BarStock): StockView {
    const held = new Set<number>([...stock.owned, ...(stock.made ?? [])]);
    const present = new Set<number>(held);
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
    // A juice whose fruit is covered is present (limes give lime juice), and so are house-made ingredients whose parts
    // are all covered; one may complete another (a syrup from a house-made base), so repeat until nothing changes.
    const pressed = new Map<number, number>();
    let changed = true;
    while (changed) {
      changed = false;
      for (const juice of juices) {
        if (present.has(juice.id)) continue;
        const fruit = juice.pressedFrom?.find((id) => id <= maxId && covered[id]);
        if (fruit === undefined) continue;
        present.add(juice.id);
        pressed.set(juice.id, coverer[fruit] as number);
        mark(juice.id);
        changed = true;
      }
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
    const partial = { held, present, covered, coverer, pressed, swapsFrom, missingSig: new Uint8Array(sigs.length) };
    for (let sig = 0; sig < sigs.length; sig += 1) {
      if (!lineCovered(partial, sigs[sig] as MatchLine)) partial.missingSig[sig] = 1;
    }
    return partial;
  }

  const isCovered = (v: StockView, id: number) => id <= maxId && v.covered[id] === 1;

  /** True when a required line is covered: its ingredient (or below), a named substitute, or a swap for it or above it. */
  function lineCovered(v: StockView, line: MatchLine): boolean {
    if (isCovered(v, line.ingredientId)) return true;
    for (const sub of line.substitutes) if (isCovered(v, sub)) return true;
    if (v.swapsFrom.size === 0) return false;
    for (const id of selfAndAncestors.get(line.ingredientId) ?? [line.ingredientId]) {
      for (const to of v.swapsFrom.get(id) ?? []) if (isCovered(v, to)) return true;
    }
    return false;
  }

  function coverLine(v: StockView, line: MatchLine, position: number): LineCoverage {
    const base = { position, ingredientId: line.ingredientId };
    if (line.optional || free.has(line.ingredientId)) return { ...base, coverage: 'not-needed', viaId: null };
    const kind = (id: number, direct: Coverage): { coverage: Coverage; viaId: number } => {
      const via = v.coverer[id] as number;
      const fruit = v.pressed.get(via);
      if (fruit !== undefined && !v.held.has(via)) return { coverage: 'fresh', viaId: fruit };
      if (!v.held.has(via)) return { coverage: 'house-made', viaId: via };
      if (direct === 'in-stock' && via !== id) return { coverage: 'below', viaId: via };
      return { coverage: direct, viaId: via };
    };
    if (isCovered(v, line.ingredientId)) return { ...base, ...kind(line.ingredientId, 'in-stock') };
    for (const sub of line.substitutes) if (isCovered(v, sub)) return { ...base, ...kind(sub, 'substitute') };
    for (const id of selfAndAncestors.get(line.ingredientId) ?? [line.ingredientId]) {
      for (const to of v.swapsFrom.get(id) ?? []) if (isCovered(v, to)) return { ...base, ...kind(to, 'swap') };
    }
    return { ...base, coverage: 'missing', viaId: null };
  }

  function matchWith(v: StockView, cocktail: MatchCocktail): CocktailMatch {
    const lines = cocktail.lines.map((line, position) => coverLine(v, line, position));
    return {
      cocktailId: cocktail.id,
      lines,
      missing: lines.filter((l) => l.coverage === 'missing').map((l) => l.ingredientId),
    };
  }

  /** How many required lines of cocktail `i` the bar misses, counting no further than 2; `last` gets the last one's sig. */
  function missingCount(v: StockView, i: number, last: { sig: number }): number {
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
      // A juice also comes from its fruit, and from whatever stands in for the fruit.
      for (const fruit of ingredient?.pressedFrom ?? [])
        for (const x of coverersOf(v, fruit, memo, visiting)) out.add(x);
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
    for (const id of selfAndAncestors.get(line.ingredientId) ?? [line.ingredientId]) {
      targets.push(...(v.swapsFrom.get(id) ?? []));
    }
    const out = new Set<number>();
    for (const target of targets) for (const id of coverersOf(v, target, memo)) out.add(id);
    return out;
  }

  function buyNext(stock: BarStock, limit = 20, exampleLimit = 3): BuyNext[] {
    const v = view(stock);
    const unlocks = new Map<number, number>();
    const nearer = new Map<number, number>();
    const examples = new Map<number, number[]>();
    // Lines with the same signature share their completers: one set per signature in this bar.
    const bySig: (Set<number> | undefined)[] = new Array<Set<number> | undefined>(sigs.length);
    const memo = new Map<number, Set<number>>();
    const completersOf = (sig: number) => (bySig[sig] ??= completers(v, sigs[sig] as MatchLine, memo));
    const sets: Set<number>[] = [];
    for (let i = 0; i < cocktails.length; i += 1) {
      sets.length = 0;
      const end = reqStart[i + 1] as number;
      for (let j = reqStart[i] as number; j < end; j += 1) {
        const sig = reqSigs[j] as number;
        if (v.missingSig[sig] === 1) sets.push(completersOf(sig));
      }
      if (sets.length === 0) continue;
      // Adding x makes the cocktail whole when x completes every missing line.
      const [first, ...rest] = [...sets].sort((a, b) => a.size - b.size);
      for (const x of first as Set<number>) {
        if (!rest.every((set) => set.has(x))) continue;
        unlocks.set(x, (unlocks.get(x) ?? 0) + 1);
        const list = examples.get(x);
        if (!list) examples.set(x, exampleLimit > 0 ? [(cocktails[i] as MatchCocktail).id] : []);
        else if (list.length < exampleLimit) list.push((cocktails[i] as MatchCocktail).id);
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
      .map(([ingredientId, count]) => ({
        ingredientId,
        unlocks: count,
        nearer: nearer.get(ingredientId) ?? 0,
        examples: examples.get(ingredientId) ?? [],
      }))
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
      return matchWith(view(stock), cocktails[index] as MatchCocktail);
    },
    canMake: (stock) => evaluate(stock).canMake,
    oneAway: (stock) => evaluate(stock).oneAway,
    evaluate,
    classify,
    buyNext,
  };
}
