import type { ListSort } from '@/shared/domain/rating-order';
/**
 * The one factory of React Query keys for the catalogue. Every query and invalidation builds its key here, so
 * `invalidateQueries({ queryKey: cocktailKeys.all })` reaches every cocktail query and nothing else.
 */

/** Parameters of a list/search query, normalised (trimmed text, sorted filters) so equal searches share one cache entry. */
export interface CocktailListParams {
  /** Search text; '' lists the whole catalogue by name. */
  q: string;
  /** Base-spirit filters (OR within the list). */
  spirits: readonly string[];
  /** Category filters (OR within the list). */
  categories: readonly string[];
  /** Rows per page (1–100). */
  pageSize: number;
  /** The caller's own order (domain/rating-order.ts); absent: 'relevance'. Personal orders need a session. */
  sort?: ListSort;
  /** Only cocktails the caller rated at least this many stars (the 'rated 4+' filter). */
  minRating?: number;
  /**
   * The other facets, by query parameter (glass, technique, strength, difficulty, flavor, season, occasion):
   * chosen values, sorted; absent or empty: no filter.
   */
  facets?: Readonly<Record<string, readonly string[]>>;
  /** Ingredient ids that must all be in the recipe / none of which may be (sorted). */
  withIngredients?: readonly number[];
  withoutIngredients?: readonly number[];
  /** Longest preparation time, minutes. */
  maxPrep?: number;
  /** Only the caller's favorites / what their bar makes now (both need a session; the second My Bar's plan). */
  favorites?: boolean;
  canMake?: boolean;
  /** Ask for facet counts with each page. */
  withFacets?: boolean;
}

export const cocktailKeys = {
  /** Every cocktail query. */
  all: ['cocktails'] as const,
  /** Every list/search query (single pages and paged lists). */
  lists: () => [...cocktailKeys.all, 'list'] as const,
  /** One page of a list/search. page is 0-based. */
  list: (params: CocktailListParams, page: number) => [...cocktailKeys.lists(), params, page] as const,
  /** A list/search read page by page ('Show more'). */
  infiniteList: (params: CocktailListParams) => [...cocktailKeys.lists(), 'infinite', params] as const,
  /** The anonymous random sample of `size` cocktails. */
  sample: (size: number) => [...cocktailKeys.all, 'sample', size] as const,
  /** Suggestions for one text as typed (trimmed). */
  suggestions: (q: string) => [...cocktailKeys.all, 'suggestions', q] as const,
  /** One cocktail's detail. */
  detail: (id: string | number) => [...cocktailKeys.all, 'detail', String(id)] as const,
};
