import type { IngredientHierarchy } from './my-bar-hierarchy';
import type { RequiredLines } from './my-bar-signatures';
import { isCovered, type StockView } from './my-bar-stock-view';
import type { BuyNext, MatchCocktail, MatchLine } from './my-bar-types';

/**
 * The ingredients not yet present whose addition alone would cover ingredient `id`: anything in its subtree, what its
 * juice is pressed from, and whatever completes a house-made ingredient in that subtree (an ingredient among the
 * completers of every one of its uncovered parts, recursively: a syrup from a house-made base). `memo` (per bar) keeps
 * only answers computed from the top, since an answer found inside a cycle of parts ('visiting' cuts it) may be partial.
 */
function coverersOf(
  tree: IngredientHierarchy,
  view: StockView,
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
  for (const node of tree.subtree(id)) {
    if (view.present.has(node)) continue;
    out.add(node);
    const ingredient = tree.byId.get(node);
    for (const fruit of ingredient?.pressedFrom ?? [])
      for (const x of coverersOf(tree, view, fruit, memo, visiting)) out.add(x);
    if (!ingredient || ingredient.parts.length === 0) continue;
    const missingParts = ingredient.parts.filter((part) => !isCovered(view, part));
    if (missingParts.length === 0) continue;
    const [first, ...rest] = missingParts.map((part) => coverersOf(tree, view, part, memo, visiting));
    for (const candidate of first as Set<number>) if (rest.every((set) => set.has(candidate))) out.add(candidate);
  }
  visiting.delete(id);
  if (top) memo.set(id, out);
  return out;
}

/** The ingredients whose addition alone would cover `line`: coverers of its ingredient, its substitutes and its swaps. */
function completers(
  tree: IngredientHierarchy,
  view: StockView,
  line: MatchLine,
  memo: Map<number, Set<number>>,
): Set<number> {
  const targets = [line.ingredientId, ...line.substitutes];
  for (const id of tree.selfAndAncestors.get(line.ingredientId) ?? [line.ingredientId]) {
    targets.push(...(view.swapsFrom.get(id) ?? []));
  }
  const out = new Set<number>();
  for (const target of targets) for (const id of coverersOf(tree, view, target, memo)) out.add(id);
  return out;
}

/** What {@link rankBuyNext} needs of the matcher: the hierarchy, the required lines and one bar's view of them. */
export interface BuyNextInput {
  tree: IngredientHierarchy;
  lines: RequiredLines;
  cocktails: readonly MatchCocktail[];
  view: StockView;
  /** missingSig[s] is 1 when signature s is not covered by this bar. */
  missingSig: Uint8Array;
}

/**
 * Buy next (docs/domain.md "My Bar matching"): for each ingredient not present, how many more cocktails become makeable
 * if it alone is added, computed exactly (it must complete every missing line of the cocktail); ties by how many
 * cocktails it brings within one ingredient, then by name. Returns at most `limit` entries, each with up to
 * `exampleLimit` cocktail ids it unlocks, in catalogue order. An ingredient that unlocks nothing is left out, unless
 * `withNearerOnly` and it brings some cocktail within one (`unlocks` 0): what a caller summing two catalogues' counts
 * needs, so the nearer count of an ingredient that unlocks only in the other one is not lost.
 */
export function rankBuyNext(
  input: BuyNextInput,
  limit: number,
  exampleLimit: number,
  withNearerOnly = false,
): BuyNext[] {
  const { tree, lines, cocktails, view, missingSig } = input;
  const { sigs, reqStart, reqSigs } = lines;
  const unlocks = new Map<number, number>();
  const nearer = new Map<number, number>();
  const examples = new Map<number, number[]>();
  // Lines with the same signature share their completers: one set per signature in this bar.
  const bySig: (Set<number> | undefined)[] = new Array<Set<number> | undefined>(sigs.length);
  const memo = new Map<number, Set<number>>();
  const completersOf = (sig: number) => (bySig[sig] ??= completers(tree, view, sigs[sig] as MatchLine, memo));
  const sets: Set<number>[] = [];
  for (let i = 0; i < cocktails.length; i += 1) {
    sets.length = 0;
    const end = reqStart[i + 1] as number;
    for (let j = reqStart[i] as number; j < end; j += 1) {
      const sig = reqSigs[j] as number;
      if (missingSig[sig] === 1) sets.push(completersOf(sig));
    }
    if (sets.length === 0) continue;
    const [first, ...rest] = [...sets].sort((a, b) => a.size - b.size);
    for (const x of first as Set<number>) {
      if (!rest.every((set) => set.has(x))) continue;
      unlocks.set(x, (unlocks.get(x) ?? 0) + 1);
      const list = examples.get(x);
      if (!list) examples.set(x, exampleLimit > 0 ? [(cocktails[i] as MatchCocktail).id] : []);
      else if (list.length < exampleLimit) list.push((cocktails[i] as MatchCocktail).id);
    }
    // x brings the cocktail within one when it completes all but one missing line.
    if (sets.length >= 2) {
      const counts = new Map<number, number>();
      for (const set of sets) for (const x of set) counts.set(x, (counts.get(x) ?? 0) + 1);
      for (const [x, count] of counts) if (count === sets.length - 1) nearer.set(x, (nearer.get(x) ?? 0) + 1);
    }
  }
  const name = (id: number) => tree.byId.get(id)?.name ?? '';
  const counted: [number, number][] = withNearerOnly
    ? [...new Set([...unlocks.keys(), ...nearer.keys()])].map((id) => [id, unlocks.get(id) ?? 0])
    : [...unlocks];
  return counted
    .filter(([id, count]) => (count > 0 || withNearerOnly) && !view.present.has(id))
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
