import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys } from '@/client/lib/query-keys';
import { isPersonalOrder, type RatingOrder } from '@/shared/domain/rating-order';
import { DEFAULT_PAGE_SIZE } from '@/shared/domain/vocabulary';
import { MAX_PREP_PARAM, WITH_INGREDIENT_PARAM, WITHOUT_INGREDIENT_PARAM } from '@/shared/domain/search-facets';
import type { CocktailPage } from '@/shared/schemas/cocktail';
import { cocktailKeys, type CocktailListParams } from './query-keys';

/**
 * `GET /api/cocktails`: the catalogue ordered by name, or searched (q matches name, base spirit, category, description,
 * technique, glassware and ingredient names; name matches first), optionally filtered by base spirits and categories.
 */

/** Builds normalised list parameters: trimmed text, de-duplicated sorted filters, page size 50 unless given. */
export function cocktailListParams(input: {
  q?: string;
  spirits?: readonly string[];
  categories?: readonly string[];
  pageSize?: number;
  order?: RatingOrder;
  facets?: Readonly<Record<string, readonly string[]>>;
  withIngredients?: readonly number[];
  withoutIngredients?: readonly number[];
  maxPrep?: number | null;
  favorites?: boolean;
  canMake?: boolean;
  withFacets?: boolean;
}): CocktailListParams {
  const tidy = (values: readonly string[] | undefined) => [...new Set(values ?? [])].sort();
  const ids = (values: readonly number[] | undefined) => [...new Set(values ?? [])].sort((a, b) => a - b);
  const order = input.order && isPersonalOrder(input.order) ? input.order : null;
  const facets = Object.fromEntries(
    Object.entries(input.facets ?? {})
      .map(([param, values]) => [param, tidy(values)] as const)
      .filter(([, values]) => values.length > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return {
    q: (input.q ?? '').trim(),
    spirits: tidy(input.spirits),
    categories: tidy(input.categories),
    pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
    ...(order && order.sort !== 'relevance' ? { sort: order.sort } : {}),
    ...(order?.minRating !== undefined ? { minRating: order.minRating } : {}),
    ...(Object.keys(facets).length > 0 ? { facets } : {}),
    ...(input.withIngredients?.length ? { withIngredients: ids(input.withIngredients) } : {}),
    ...(input.withoutIngredients?.length ? { withoutIngredients: ids(input.withoutIngredients) } : {}),
    ...(input.maxPrep ? { maxPrep: input.maxPrep } : {}),
    ...(input.favorites ? { favorites: true } : {}),
    ...(input.canMake ? { canMake: true } : {}),
    ...(input.withFacets ? { withFacets: true } : {}),
  };
}

/**
 * The request path of one page: `/api/cocktails?q=..&page=..&pageSize=..&spirit=..&category=..` plus the facets, the
 * ingredient and time filters, the own-list switches and `facets=1` when asked (page 0-based).
 */
export function cocktailListPath(params: CocktailListParams, page: number): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  search.set('page', String(page));
  search.set('pageSize', String(params.pageSize));
  for (const spirit of params.spirits) search.append('spirit', spirit);
  for (const category of params.categories) search.append('category', category);
  if (params.sort) search.set('sort', params.sort);
  if (params.minRating !== undefined) search.set('minRating', String(params.minRating));
  for (const [param, values] of Object.entries(params.facets ?? {}))
    for (const value of values) search.append(param, value);
  for (const id of params.withIngredients ?? []) search.append(WITH_INGREDIENT_PARAM, String(id));
  for (const id of params.withoutIngredients ?? []) search.append(WITHOUT_INGREDIENT_PARAM, String(id));
  if (params.maxPrep) search.set(MAX_PREP_PARAM, String(params.maxPrep));
  if (params.favorites) search.set('favorites', '1');
  if (params.canMake) search.set('canMake', '1');
  if (params.withFacets) search.set('facets', '1');
  return `/api/cocktails?${search.toString()}`;
}

/**
 * Fetches one page of the list.
 * @returns `{items, total, page, pageSize}`; `total` is the exact number of matches.
 * @throws ApiError (e.g. 400 VALIDATION_FAILED for a bad filter, NETWORK_ERROR offline).
 */
export function getCocktails(params: CocktailListParams, page = 0, signal?: AbortSignal): Promise<CocktailPage> {
  return apiFetch<CocktailPage>(cocktailListPath(params, page), null, { signal });
}

/** Query of one page. The previous result stays on screen while a new search loads, so results do not flash. */
export function getCocktailsQueryOptions(params: CocktailListParams, page = 0) {
  return queryOptions({
    queryKey: cocktailKeys.list(params, page),
    queryFn: ({ signal }) => getCocktails(params, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the catalogue or of a search (home page). `enabled: false` holds the request (e.g. no text yet). */
export function useCocktails(params: CocktailListParams, options: { page?: number; enabled?: boolean } = {}) {
  return useQuery({ ...getCocktailsQueryOptions(params, options.page ?? 0), enabled: options.enabled ?? true });
}

/** The page after `last` while fewer than `total` rows are loaded (and the last page was not empty). */
function nextListPage(last: CocktailPage, pages: CocktailPage[]): number | undefined {
  const loaded = pages.reduce((sum, p) => sum + p.items.length, 0);
  return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/**
 * Paged query for 'Show more': each page holds `pageSize` rows; there is a next page while fewer than `total` rows
 * are loaded. Keeps the previous search's pages on screen while a new one loads.
 */
export function getCocktailsInfiniteQueryOptions(params: CocktailListParams) {
  return infiniteQueryOptions({
    queryKey: cocktailKeys.infiniteList(params),
    queryFn: ({ pageParam, signal }) => getCocktails(params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextListPage,
    placeholderData: keepPreviousData,
  });
}

/** A search read page by page (the /search page's 'Show more'). `enabled: false` holds every request. */
export function useInfiniteCocktails(params: CocktailListParams, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getCocktailsInfiniteQueryOptions(params), enabled: options.enabled ?? true });
}

/**
 * The catalogue in the signed-in user's own order ('My ratings', 'Rated first', 'rated 4+') or of their own cocktails
 * ('Favorites only', 'Can make only'), page by page. Kept under the
 * user's account keys ({@link accountKeys.ratedLists}): a rating change invalidates it and sign-out forgets it. Held
 * (no request) while `userId` is null or the order is not personal.
 */
export function usePersonalCocktails(userId: string | null, params: CocktailListParams) {
  const personal =
    params.sort !== undefined || params.minRating !== undefined || params.favorites === true || params.canMake === true;
  return useInfiniteQuery({
    queryKey: [...accountKeys.ratedLists(userId ?? 'anonymous'), params] as const,
    queryFn: ({ pageParam, signal }) => getCocktails(params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextListPage,
    placeholderData: keepPreviousData,
    enabled: userId !== null && personal,
  });
}
