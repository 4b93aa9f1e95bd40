import type { TestServer } from './server';
import { getJson, type CocktailDetailBody, type CocktailPageBody } from './journey';

/**
 * Test data chosen at run time from the real API, so the journeys keep working when the seed catalogue changes.
 */

/**
 * How many cocktails the home page lists before any search (docs/product.md, Constants and limits: the landing screen
 * loads the first 50).
 */
export const HOME_PAGE_SIZE = 50;

/** A cocktail beyond the home page's first 50 and an ingredient name that finds it. */
export interface DeepIngredientPick {
  cocktail: { id: number; name: string; position: number };
  /** The ingredient's name as the recipe spells it. */
  ingredient: string;
  /** What to type: the ingredient name in lower case (the search is case-insensitive). */
  query: string;
  /** True when no cocktail among the first 50 by name uses an ingredient whose name contains `query`. */
  absentFromFirstPage: boolean;
}

/**
 * Picks a cocktail at position > 50 by name (from `GET /api/cocktails?pageSize=100`) and one of its ingredient names (from
 * `GET /api/cocktails/:id`) whose search results' first page (`GET /api/cocktails?q=`) include that cocktail. Prefers an
 * ingredient that no cocktail among the first 50 uses, so finding it proves the search goes past the listed page.
 * @throws Error when the catalogue has no cocktail past position 50 or no ingredient finds one
 */
export async function pickDeepIngredient(server: TestServer): Promise<DeepIngredientPick> {
  const list = await getJson<CocktailPageBody>(server, '/api/cocktails?pageSize=100');
  if (list.items.length <= HOME_PAGE_SIZE) throw new Error(`the catalogue lists only ${list.items.length} cocktails`);
  const firstPage = list.items.slice(0, HOME_PAGE_SIZE);
  const firstPageIngredients = firstPage.flatMap((cocktail) =>
    cocktail.ingredients.map((line) => line.ingredient.toLowerCase()),
  );

  let fallback: DeepIngredientPick | null = null;
  for (const [index, candidate] of list.items.entries()) {
    if (index < HOME_PAGE_SIZE) continue;
    const detail = await getJson<CocktailDetailBody>(server, `/api/cocktails/${candidate.id}`);
    for (const line of detail.ingredients) {
      const query = line.ingredient.toLowerCase();
      const absentFromFirstPage = !firstPageIngredients.some((name) => name.includes(query));
      if (!absentFromFirstPage && fallback) continue;
      const hits = await getJson<CocktailPageBody>(server, `/api/cocktails?q=${encodeURIComponent(query)}`);
      if (!hits.items.some((hit) => hit.id === candidate.id)) continue;
      const pick: DeepIngredientPick = {
        cocktail: { id: candidate.id, name: candidate.name, position: index + 1 },
        ingredient: line.ingredient,
        query,
        absentFromFirstPage,
      };
      if (absentFromFirstPage) return pick;
      fallback = pick;
    }
  }
  if (fallback) return fallback;
  throw new Error('no ingredient name finds a cocktail beyond the first 50');
}
