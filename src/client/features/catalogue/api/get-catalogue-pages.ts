import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@/shared/domain/vocabulary';
import type { CocktailPage } from '@/shared/schemas/cocktail';
import { cocktailListParams, getCocktails } from './get-cocktails';
import { cocktailKeys } from './query-keys';

/**
 * The whole catalogue by name, page after page (docs/product.md, Calls: "Discover, signed-in": pages of 50 ordered by name;
 * section 4: "more pages load until a short page arrives"). `GET /api/cocktails?page=N` past page 0 needs a session: the
 * server answers 401 to anonymous callers.
 */

/**
 * The page after `last`, or undefined when paging is over: a short page (fewer rows than the page size) ends it, and so
 * does having loaded `total` rows already (saves asking for an empty page).
 */
export function nextCataloguePage(last: CocktailPage, pages: readonly CocktailPage[]): number | undefined {
  if (last.items.length < last.pageSize) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded >= last.total ? undefined : last.page + 1;
}

/** Query of the paged catalogue (`pageSize` rows a page, 50 by default). A 4xx answer (e.g. 401) is not retried. */
export function getCataloguePagesQueryOptions(pageSize = DEFAULT_PAGE_SIZE) {
  const params = cocktailListParams({ pageSize });
  return infiniteQueryOptions({
    queryKey: [...cocktailKeys.lists(), 'pages', params] as const,
    queryFn: ({ pageParam, signal }) => getCocktails(params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextCataloguePage,
  });
}

/** The paged catalogue for signed-in users on /discover; `enabled: false` holds every request. */
export function useCataloguePages(options: { enabled?: boolean; pageSize?: number } = {}) {
  return useInfiniteQuery({ ...getCataloguePagesQueryOptions(options.pageSize), enabled: options.enabled ?? true });
}
