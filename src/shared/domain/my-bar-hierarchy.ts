import type { MatchCatalogue, MatchIngredient } from './my-bar-types';

/** Ingredients that never block a line: tap water and ice. */
const FREE_NAMES = /^(water|hot water|boiling water|cold water|ice|crushed ice|cracked ice|ice cubes?)$/i;

/**
 * The ingredient tree as My Bar matching walks it (docs/domain.md "Which child stands in for its parent"): a child covers
 * its parent only when it stands in for it, so a variant (citron vodka) covers itself and what stands in for it, never
 * its parent. Ids are positive integers; `covered`-style arrays are sized `maxId + 1`.
 */
export interface IngredientHierarchy {
  /** Every ingredient by id, including placeholders (`#id`, no parent) for ids a recipe line names but the list lacks. */
  byId: Map<number, MatchIngredient>;
  /** The largest id known. */
  maxId: number;
  /** The ancestors each id stands in for, nearest first, up to the first variant on the way (cycles are cut). */
  ancestors: Map<number, number[]>;
  /** Each id followed by its ancestors: what a swap may be keyed on. */
  selfAndAncestors: Map<number, number[]>;
  /** House-made ingredients (those with parts). */
  houseMade: MatchIngredient[];
  /** Juices pressed from fruit (those with `pressedFrom`). */
  juices: MatchIngredient[];
  /** Ids of tap water and ice, which never block a line. */
  free: Set<number>;
  /** Every id in the subtree of `id` (itself first) through stand-ins; computed once per id. */
  subtree(id: number): number[];
}

/**
 * Builds the hierarchy of `catalogue`'s ingredients, adding a placeholder for every id a line names that the ingredient
 * list does not hold (covered only by itself).
 */
export function buildHierarchy(catalogue: MatchCatalogue): IngredientHierarchy {
  const byId = new Map<number, MatchIngredient>();
  for (const ingredient of catalogue.ingredients) byId.set(ingredient.id, ingredient);
  for (const cocktail of catalogue.cocktails) {
    for (const line of cocktail.lines) {
      for (const id of [line.ingredientId, ...line.substitutes]) {
        if (!byId.has(id)) byId.set(id, { id, name: `#${id}`, parentId: null, parts: [] });
      }
    }
  }
  const children = new Map<number, number[]>();
  for (const ingredient of byId.values()) {
    if (ingredient.parentId !== null && byId.has(ingredient.parentId) && !ingredient.variant) {
      const list = children.get(ingredient.parentId) ?? [];
      list.push(ingredient.id);
      children.set(ingredient.parentId, list);
    }
  }
  const ancestors = new Map<number, number[]>();
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
  const all = [...byId.values()];
  return {
    byId,
    maxId: Math.max(0, ...byId.keys()),
    ancestors,
    selfAndAncestors,
    houseMade: all.filter((i) => i.parts.length > 0),
    juices: all.filter((i) => (i.pressedFrom?.length ?? 0) > 0),
    free: new Set(all.filter((i) => FREE_NAMES.test(i.name.trim())).map((i) => i.id)),
    subtree,
  };
}
