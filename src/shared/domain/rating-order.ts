/**
 * The personal orders of a catalogue list (Discover and search gain 'My ratings' and 'Rated first' sorts and a
 * 'rated 4+' filter for the signed-in user). Pure: the server applies it to a whole search before paging, the client to
 * My Bar's 'Can make only' list, so both order the same way.
 */

/**
 * How a cocktail list is ordered:
 * - 'relevance': the catalogue's own order (with text, name matches first; then by name; with no text, A to Z);
 * - 'my-ratings': the user's rated cocktails first, highest stars first (ties keep the catalogue order), then the rest;
 * - 'rated-first': the user's rated cocktails first, the most recently rated first, then the rest.
 */
export const LIST_SORTS = ['relevance', 'my-ratings', 'rated-first'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** What each sort is called in the UI (select options, headings). */
export const LIST_SORT_LABELS: Record<ListSort, string> = {
  relevance: 'Best match',
  'my-ratings': 'My ratings',
  'rated-first': 'Rated first',
};

/** The stars of the 'rated 4+' filter (the UI's one threshold; the API takes any half star from 0.5 to 5). */
export const RATED_FILTER_STARS = 4;

/** One of the user's ratings: stars 0.5–5 in halves, and when it was last set (ISO 8601 text, compared as instants). */
export interface PersonalRating {
  stars: number;
  ratedAt: string;
}

/**
 * The user's ratings as `GET /api/me/ratings` lists them ({cocktailId, stars, updatedAt} items), keyed by cocktail id
 * for {@link orderByRatings}. Used by the server's personal orders and the client's 'Can make only' list alike.
 */
export function ratingsByCocktailId(
  items: readonly { cocktailId: number; stars: number; updatedAt: string }[],
): Map<number, PersonalRating> {
  return new Map(items.map((item) => [item.cocktailId, { stars: item.stars, ratedAt: item.updatedAt }]));
}

/** A sort and an optional minimum rating (stars, 0.5–5); `minRating` keeps only cocktails the user rated at least that. */
export interface RatingOrder {
  sort: ListSort;
  minRating?: number | undefined;
}

/** True when the order depends on the user's ratings (it needs a signed-in user and is never shared between users). */
export function isPersonalOrder(order: RatingOrder): boolean {
  return order.sort !== 'relevance' || order.minRating !== undefined;
}

/**
 * Orders and filters a list already in catalogue order by the user's ratings (see {@link LIST_SORTS}). Stable: equal keys
 * keep the input order, so ties fall back to the catalogue's order.
 *
 * @param items the list in catalogue order (not changed).
 * @param idOf the cocktail id of an item.
 * @param ratings the user's ratings by cocktail id (a cocktail absent from it is unrated).
 * @returns a new array: the input unchanged for 'relevance' without a minimum; with `minRating`, only the items rated at least that many stars; with 'my-ratings' or
 *   'rated-first', the rated items first in that sort's order, then the unrated ones in the input order.
 */
export function orderByRatings<T>(
  items: readonly T[],
  idOf: (item: T) => number,
  ratings: ReadonlyMap<number, PersonalRating>,
  order: RatingOrder,
): T[] {
  if (!isPersonalOrder(order)) return [...items];
  const rated: { item: T; rating: PersonalRating; at: number }[] = [];
  const unrated: T[] = [];
  for (const item of items) {
    const rating = ratings.get(idOf(item));
    if (rating && (order.minRating === undefined || rating.stars >= order.minRating))
      rated.push({ item, rating, at: Date.parse(rating.ratedAt) || 0 });
    else if (!rating && order.minRating === undefined) unrated.push(item);
  }
  if (order.sort === 'my-ratings') rated.sort((a, b) => b.rating.stars - a.rating.stars);
  else if (order.sort === 'rated-first') rated.sort((a, b) => b.at - a.at);
  // With minRating, unrated is empty: a filter alone ('relevance') keeps the rated items in the input order.
  return [...rated.map((entry) => entry.item), ...unrated];
}
