import { LIST_SORTS, RATED_FILTER_STARS, type ListSort, type RatingOrder } from '@/shared/domain/rating-order';
import { CATEGORIES, MAX_QUERY_LENGTH } from '@/shared/domain/vocabulary';
import { formatCount } from '@/client/lib/format-count';

/**
 * The /search page's state as kept in the URL: `?q=<text>&spirit=Gin&spirit=Rum&category=Classic`.
 * Parsing is forgiving (unknown filter values and repeats are dropped); serialising keeps any other parameter (recipe, debug).
 */

/** Base spirits offered as quick filter chips (spec section 2: Gin, Vodka, Whiskey, Rum, Tequila). */
export const SPIRIT_CHIPS = ['Gin', 'Vodka', 'Whiskey', 'Rum', 'Tequila'] as const;
/** Categories offered as quick filter chips (spec section 2: Classic, Modern). */
export const CATEGORY_CHIPS = CATEGORIES;

export type SpiritChip = (typeof SPIRIT_CHIPS)[number];
export type CategoryChip = (typeof CATEGORY_CHIPS)[number];

/** The search page's state. q is the text as typed (not trimmed); filters keep the chips' order. */
export interface SearchState {
  q: string;
  spirits: SpiritChip[];
  categories: CategoryChip[];
}

function pick<T extends string>(values: string[], allowed: readonly T[]): T[] {
  const wanted = new Set(values.map((value) => value.toLowerCase()));
  return allowed.filter((option) => wanted.has(option.toLowerCase()));
}

/**
 * Reads the search state from URL parameters. Filter values match case-insensitively; values that are not chips are ignored;
 * text longer than the API accepts (200 characters) is cut.
 */
export function parseSearchState(params: URLSearchParams): SearchState {
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    spirits: pick(params.getAll('spirit'), SPIRIT_CHIPS),
    categories: pick(params.getAll('category'), CATEGORY_CHIPS),
  };
}

/**
 * Writes the search state into a copy of `base` (other parameters are kept). Empty text removes `q`; filters are written
 * in chip order, so equal states give equal URLs.
 * @returns new URLSearchParams
 */
export function serializeSearchState(
  state: SearchState,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  next.delete('q');
  next.delete('spirit');
  next.delete('category');
  const q = state.q.trim();
  if (q) next.set('q', state.q);
  for (const spirit of SPIRIT_CHIPS) if (state.spirits.includes(spirit)) next.append('spirit', spirit);
  for (const category of CATEGORY_CHIPS) if (state.categories.includes(category)) next.append('category', category);
  return next;
}

/** Adds `value` to `list` when absent, removes it when present (a chip toggle). */
export function toggleValue<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/** "N cocktails found", singular for one. */
export function resultCountText(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'cocktail' : 'cocktails'} found`;
}

/** URL parameters of the personal order (signed-in users, Discover and /search): `sort=my-ratings` and `rated=4`. */
const SORT_PARAM = 'sort';
const RATED_PARAM = 'rated';

/**
 * Reads the list's personal order from the URL: `sort` one of LIST_SORTS (anything else: 'relevance'), `rated=4` the
 * 'rated 4+' filter (any other value: no filter).
 */
export function parseListOrder(params: URLSearchParams): RatingOrder {
  const sort = params.get(SORT_PARAM);
  const rated = params.get(RATED_PARAM) === String(RATED_FILTER_STARS);
  return {
    sort: (LIST_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListSort) : 'relevance',
    ...(rated ? { minRating: RATED_FILTER_STARS } : {}),
  };
}

/**
 * Writes the personal order into a copy of `base` (other parameters kept); 'relevance' and no filter leave both out.
 * @returns new URLSearchParams
 */
export function serializeListOrder(order: RatingOrder, base: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  next.delete(SORT_PARAM);
  next.delete(RATED_PARAM);
  if (order.sort !== 'relevance') next.set(SORT_PARAM, order.sort);
  if (order.minRating !== undefined) next.set(RATED_PARAM, String(order.minRating));
  return next;
}
