import type { IngredientHierarchy } from './my-bar-hierarchy';
import type { BarStock, Coverage, LineCoverage, MatchLine } from './my-bar-types';

/** One bar seen against the hierarchy: which ingredient ids it covers (in stock, or something below them is). */
export interface StockView {
  /** Ingredient ids the user holds: owned or marked made. */
  held: Set<number>;
  /** Ingredient ids effectively in stock (owned, made, pressed from held fruit, or house-made with every part covered). */
  present: Set<number>;
  /** covered[i] is 1 when i or something standing in below it is present. */
  covered: Uint8Array;
  /** The present ingredient at or below i that covers it (for 'via'), or -1. */
  coverer: Int32Array;
  /** Juices present because fruit is held: juice id -> the fruit it is pressed from. */
  pressed: Map<number, number>;
  /** The user's accepted swaps: from id -> the ids used for it. */
  swapsFrom: Map<number, number[]>;
}

/**
 * Builds the view of `stock`: marks what it holds and everything those stand in for, then adds juices whose fruit is
 * covered and house-made ingredients whose parts are all covered, repeating until nothing changes (one may complete
 * another: a syrup from a house-made base). Water and ice are always to hand. The view does not depend on the order of
 * `stock` (the server reads it from the database, the service worker from its kept bar): an ingredient held covers
 * itself, an ingredient above several held ones is covered by the lowest id among them, and swaps are tried by id.
 */
export function buildStockView(tree: IngredientHierarchy, stock: BarStock): StockView {
  const { maxId, ancestors } = tree;
  const held = new Set<number>([...stock.owned, ...(stock.made ?? [])]);
  const present = new Set<number>(held);
  const covered = new Uint8Array(maxId + 1);
  const coverer = new Int32Array(maxId + 1).fill(-1);
  const mark = (id: number) => {
    if (id > maxId) return;
    // What the user holds covers itself, whatever below it was marked first.
    if (!covered[id] || held.has(id)) {
      covered[id] = 1;
      coverer[id] = id;
    }
    for (const ancestor of ancestors.get(id) ?? []) {
      if (covered[ancestor]) continue;
      covered[ancestor] = 1;
      coverer[ancestor] = id;
    }
  };
  for (const id of [...present].sort((a, b) => a - b)) mark(id);
  for (const id of tree.free) mark(id);
  const pressed = new Map<number, number>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const juice of tree.juices) {
      if (present.has(juice.id)) continue;
      const fruit = juice.pressedFrom?.find((id) => id <= maxId && covered[id]);
      if (fruit === undefined) continue;
      present.add(juice.id);
      pressed.set(juice.id, coverer[fruit] as number);
      mark(juice.id);
      changed = true;
    }
    for (const ingredient of tree.houseMade) {
      if (present.has(ingredient.id)) continue;
      if (ingredient.parts.every((part) => part <= maxId && covered[part])) {
        present.add(ingredient.id);
        mark(ingredient.id);
        changed = true;
      }
    }
  }
  const swapsFrom = new Map<number, number[]>();
  for (const swap of [...(stock.swaps ?? [])].sort((a, b) => a.fromId - b.fromId || a.toId - b.toId)) {
    const list = swapsFrom.get(swap.fromId) ?? [];
    list.push(swap.toId);
    swapsFrom.set(swap.fromId, list);
  }
  return { held, present, covered, coverer, pressed, swapsFrom };
}

/** True when `view` covers ingredient `id` (it or something standing in below it is present). */
export const isCovered = (view: StockView, id: number): boolean => view.covered[id] === 1;

/** True when a required line is covered: its ingredient (or below), a named substitute, or a swap for it or above it. */
export function lineCovered(tree: IngredientHierarchy, view: StockView, line: MatchLine): boolean {
  if (isCovered(view, line.ingredientId)) return true;
  for (const sub of line.substitutes) if (isCovered(view, sub)) return true;
  if (view.swapsFrom.size === 0) return false;
  for (const id of tree.selfAndAncestors.get(line.ingredientId) ?? [line.ingredientId]) {
    for (const to of view.swapsFrom.get(id) ?? []) if (isCovered(view, to)) return true;
  }
  return false;
}

/**
 * How line `position` of a recipe is covered, and by what: 'not-needed' (optional, water, ice), 'in-stock', 'below' (a
 * bottle standing in below it), 'substitute', 'swap', 'house-made', 'fresh' (pressed from fruit; viaId is the fruit)
 * or 'missing'.
 */
export function coverLine(tree: IngredientHierarchy, view: StockView, line: MatchLine, position: number): LineCoverage {
  const base = { position, ingredientId: line.ingredientId };
  if (line.optional || tree.free.has(line.ingredientId)) return { ...base, coverage: 'not-needed', viaId: null };
  const kind = (id: number, direct: Coverage): { coverage: Coverage; viaId: number } => {
    const via = view.coverer[id] as number;
    const fruit = view.pressed.get(via);
    if (fruit !== undefined && !view.held.has(via)) return { coverage: 'fresh', viaId: fruit };
    if (!view.held.has(via)) return { coverage: 'house-made', viaId: via };
    if (direct === 'in-stock' && via !== id) return { coverage: 'below', viaId: via };
    return { coverage: direct, viaId: via };
  };
  if (isCovered(view, line.ingredientId)) return { ...base, ...kind(line.ingredientId, 'in-stock') };
  for (const sub of line.substitutes) if (isCovered(view, sub)) return { ...base, ...kind(sub, 'substitute') };
  for (const id of tree.selfAndAncestors.get(line.ingredientId) ?? [line.ingredientId]) {
    for (const to of view.swapsFrom.get(id) ?? []) if (isCovered(view, to)) return { ...base, ...kind(to, 'swap') };
  }
  return { ...base, coverage: 'missing', viaId: null };
}
