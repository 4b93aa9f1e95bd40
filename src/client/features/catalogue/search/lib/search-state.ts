import { LIST_SORTS, RATED_FILTER_STARS, type ListSort, type RatingOrder } from '@/shared/domain/rating-order';
import { BASE_SPIRITS, CATEGORIES, MAX_QUERY_LENGTH } from '@/shared/domain/vocabulary';
import {
  MAX_INGREDIENT_CHOICES,
  MAX_PREP_PARAM,
  PREP_TIME_LIMITS,
  VALUE_FACETS,
  WITH_INGREDIENT_PARAM,
  WITHOUT_INGREDIENT_PARAM,
} from '@/shared/domain/search-facets';
import { formatCount } from '@/client/lib/format-count';

/**
 * The /search page's state as kept in the URL: `?q=<text>&spirit=Gin&spirit=Rum&category=Classic`.
 * Parsing is forgiving (unknown filter values and repeats are dropped); serialising keeps any other parameter (recipe, debug).
 */

/** Base spirits offered as quick filter chips (docs/product.md, Screens: Gin, Vodka, Whiskey, Rum, Tequila). */
export const SPIRIT_CHIPS = ['Gin', 'Vodka', 'Whiskey', 'Rum', 'Tequila'] as const;
/** Categories offered as quick filter chips (docs/product.md, Screens: Classic, Modern). */
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
 * Writes the search state into a copy of `base` (other parameters are kept, and so are spirits chosen beyond the chips).
 * Empty text removes `q`; filters are written in vocabulary order, so equal states give equal URLs.
 * @returns new URLSearchParams
 */
export function serializeSearchState(
  state: SearchState,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  // Spirits chosen in the facet panel beyond the chips stay as they are.
  const others = next.getAll('spirit').filter((spirit) => !(SPIRIT_CHIPS as readonly string[]).includes(spirit));
  next.delete('q');
  next.delete('spirit');
  next.delete('category');
  const q = state.q.trim();
  if (q) next.set('q', state.q);
  for (const spirit of BASE_SPIRITS) {
    if ((state.spirits as readonly string[]).includes(spirit) || others.includes(spirit)) next.append('spirit', spirit);
  }
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

/** The facets of /search besides the spirit and category chips, as kept in the URL. */
export interface FacetState {
  /** Chosen values by query parameter (glass, technique, strength, difficulty, flavor, season, occasion). */
  values: Partial<Record<ExtraFacetParam, string[]>>;
  /** Base spirits beyond the five chips (the facet panel offers them all). */
  spirits: string[];
  withIngredients: number[];
  withoutIngredients: number[];
  /** Longest preparation time, minutes (one of PREP_TIME_LIMITS), or null. */
  maxPrep: number | null;
  /** 'Favorites only' (`favorites=1`). */
  favorites: boolean;
}

/** The value facets that are not chips (their parameter names). */
export const EXTRA_FACETS = VALUE_FACETS.filter((facet) => facet.param !== 'spirit' && facet.param !== 'category');
export type ExtraFacetParam = (typeof EXTRA_FACETS)[number]['param'];

const ingredientIds = (values: string[]): number[] =>
  [...new Set(values.map(Number).filter((id) => Number.isInteger(id) && id > 0))].slice(0, MAX_INGREDIENT_CHOICES);

/**
 * Reads the facet state from URL parameters: known values only (matched case-insensitively, kept in vocabulary order),
 * whole positive ingredient ids (at most MAX_INGREDIENT_CHOICES each), a preparation limit from PREP_TIME_LIMITS.
 */
export function parseFacetState(params: URLSearchParams): FacetState {
  const values: FacetState['values'] = {};
  for (const facet of EXTRA_FACETS) {
    const chosen = pick(params.getAll(facet.param), facet.values as readonly string[]);
    if (chosen.length > 0) values[facet.param] = chosen;
  }
  const maxPrep = Number(params.get(MAX_PREP_PARAM));
  return {
    values,
    spirits: pick(params.getAll('spirit'), BASE_SPIRITS as readonly string[]).filter(
      (spirit) => !(SPIRIT_CHIPS as readonly string[]).includes(spirit),
    ),
    withIngredients: ingredientIds(params.getAll(WITH_INGREDIENT_PARAM)),
    withoutIngredients: ingredientIds(params.getAll(WITHOUT_INGREDIENT_PARAM)),
    maxPrep: (PREP_TIME_LIMITS as readonly number[]).includes(maxPrep) ? maxPrep : null,
    favorites: params.get(FAVORITES_PARAM) === '1',
  };
}

/** URL parameter of 'Favorites only'. */
export const FAVORITES_PARAM = 'favorites';

/**
 * Writes the facet state into a copy of `base` (other parameters kept; the chips' spirits are kept as they are).
 * @returns new URLSearchParams
 */
export function serializeFacetState(state: FacetState, base: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const facet of EXTRA_FACETS) {
    next.delete(facet.param);
    for (const value of facet.values as readonly string[]) {
      if (state.values[facet.param]?.includes(value)) next.append(facet.param, value);
    }
  }
  const chipSpirits = next.getAll('spirit').filter((spirit) => (SPIRIT_CHIPS as readonly string[]).includes(spirit));
  next.delete('spirit');
  for (const spirit of BASE_SPIRITS) {
    if (chipSpirits.includes(spirit) || state.spirits.includes(spirit)) next.append('spirit', spirit);
  }
  next.delete(WITH_INGREDIENT_PARAM);
  next.delete(WITHOUT_INGREDIENT_PARAM);
  for (const id of state.withIngredients) next.append(WITH_INGREDIENT_PARAM, String(id));
  for (const id of state.withoutIngredients) next.append(WITHOUT_INGREDIENT_PARAM, String(id));
  next.delete(MAX_PREP_PARAM);
  if (state.maxPrep !== null) next.set(MAX_PREP_PARAM, String(state.maxPrep));
  next.delete(FAVORITES_PARAM);
  if (state.favorites) next.set(FAVORITES_PARAM, '1');
  return next;
}

/** Number of choices made in the facet panel (the 'Filters' button's badge; 'Favorites only' is a chip, not counted). */
export function facetChoiceCount(state: FacetState): number {
  return (
    Object.values(state.values).reduce((sum, values) => sum + (values?.length ?? 0), 0) +
    state.spirits.length +
    state.withIngredients.length +
    state.withoutIngredients.length +
    (state.maxPrep !== null ? 1 : 0)
  );
}
