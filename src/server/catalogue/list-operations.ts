import type { Kysely } from 'kysely';
import type { CocktailPage, FacetCountsBody } from '@/shared/schemas/cocktail';
import type { CocktailListQuery } from '@/shared/schemas/cocktail-query';
import { INGREDIENT_FACET_SIZE, VALUE_FACETS } from '@/shared/domain/search-facets';
import { isPersonalOrder, orderByRatings, type PersonalRating } from '@/shared/domain/rating-order';
import { dialectOf } from '../db/database';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { getCatalogueVersion } from './catalogue-version';
import { getIngredientCatalogue } from './ingredient-catalogue';
import { loadSummariesByIds, loadSummaryJsonByIds } from './read-model';
import { searchPostgres } from './search/search';
import { ensureSearchIndex, searchIndexFor } from './search/search-index';
import { toSearchKey } from './search/search-text';
import type { CatalogueFilter, FacetCounts, SearchResult } from './search/search-types';

/**
 * The cocktail list use case: one page of the public catalogue, searched, filtered, in the caller's order when asked,
 * with facet counts when asked. No HTTP here: it takes one options object and returns data or throws AppError. The
 * other catalogue reads (sample, detail, ingredients) and seeding are in operations.ts.
 */

/** A list query as the route validated it; everything but q, page and pageSize may be left out. */
export type ListQuery = Pick<CocktailListQuery, 'q' | 'page' | 'pageSize'> &
  Partial<Omit<CocktailListQuery, 'q' | 'page' | 'pageSize'>>;

const sortedSet = <T extends string | number>(values: readonly T[] | undefined): T[] =>
  [...new Set(values ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The canonical form of a list query: q folded to its search key, filters de-duplicated and sorted, switches off when
 * absent. Two queries with the same canonical form have the same answer.
 */
export function normaliseListQuery(query: ListQuery): CocktailListQuery {
  return {
    q: toSearchKey(query.q),
    page: query.page,
    pageSize: query.pageSize,
    spirit: sortedSet(query.spirit),
    category: sortedSet(query.category),
    sort: query.sort ?? 'relevance',
    minRating: query.minRating,
    glass: sortedSet(query.glass),
    technique: sortedSet(query.technique),
    strength: sortedSet(query.strength),
    difficulty: sortedSet(query.difficulty),
    flavor: sortedSet(query.flavor),
    season: sortedSet(query.season),
    occasion: sortedSet(query.occasion),
    with: sortedSet(query.with),
    without: sortedSet(query.without),
    maxPrep: query.maxPrep,
    favorites: query.favorites ?? false,
    canMake: query.canMake ?? false,
    facets: query.facets ?? false,
  };
}

/** The 401 message for an anonymous caller asking for a page past the first. */
export const SIGN_IN_TO_PAGE_MESSAGE = 'Sign in to browse past the first page.';
/** The 401 message for an anonymous caller asking for an order or filter by their own ratings. */
export const SIGN_IN_FOR_RATINGS_MESSAGE = 'Sign in to sort and filter by your ratings.';

/** The caller's ratings by cocktail id, or null when nobody is signed in. */
export type RatingsReader = () => Promise<ReadonlyMap<number, PersonalRating> | null>;

/**
 * The caller's own cocktail ids for 'favorites only' and 'can make only'.
 * @throws AppError UNAUTHORIZED when signed out; ENTITLEMENT_REQUIRED for 'can-make' without My Bar's plan.
 */
export type OwnIdsReader = (kind: 'favorites' | 'can-make') => Promise<ReadonlySet<number>>;

/** The search filter of a normalised query, with the caller's own ids when it asks for them. */
function toCatalogueFilter(normal: CocktailListQuery, onlyIds: ReadonlySet<number> | null): CatalogueFilter {
  return {
    q: normal.q,
    values: {
      base_spirit: normal.spirit,
      category: normal.category,
      glassware: normal.glass,
      technique: normal.technique,
      strength: normal.strength,
      difficulty_level: normal.difficulty,
      flavor_profile: normal.flavor,
      seasonal_tags: normal.season,
      occasion_tags: normal.occasion,
    },
    withIngredients: normal.with,
    withoutIngredients: normal.without,
    maxPrepMinutes: normal.maxPrep ?? null,
    onlyIds,
  };
}

/**
 * Facet counts in the API's shape: counted values (and chosen ones) in vocabulary order; the top ingredients by count,
 * of those a result's recipe names (London dry gin, and Gin where a recipe says gin; never a grouping such as Wine or
 * Liqueur that recipes only reach through the hierarchy), each counting the results that hold it or a kind of it, as
 * 'with' finds them; chosen ingredients always, with their counts.
 */
async function facetBody(
  db: Kysely<Database>,
  counts: FacetCounts,
  normal: CocktailListQuery,
): Promise<FacetCountsBody> {
  const chosenByField: Record<string, readonly string[]> = toCatalogueFilter(normal, null).values;
  const values = Object.fromEntries(
    VALUE_FACETS.map((facet) => {
      const counted = counts.values[facet.field];
      const chosen = chosenByField[facet.field] ?? [];
      return [
        facet.field,
        (facet.values as readonly string[])
          .filter((value) => counted.has(value) || chosen.includes(value))
          .map((value) => ({ value, count: counted.get(value) ?? 0 })),
      ];
    }),
  ) as FacetCountsBody['values'];
  const catalogue = await getIngredientCatalogue(db);
  const nameOf = (id: number) => catalogue.byId.get(id)?.name ?? '';
  const chosen = new Set([...normal.with, ...normal.without]);
  const ingredients = [...counts.ingredients]
    .filter(([id]) => catalogue.byId.has(id) && (counts.poured.has(id) || chosen.has(id)))
    .sort((a, b) => b[1] - a[1] || nameOf(a[0]).localeCompare(nameOf(b[0])))
    .filter(([id], i) => i < INGREDIENT_FACET_SIZE || chosen.has(id));
  for (const id of chosen) {
    if (!counts.ingredients.has(id) && catalogue.byId.has(id)) ingredients.push([id, 0]);
  }
  return {
    values,
    ingredients: ingredients.map(([id, count]) => ({ id, name: nameOf(id), count })),
    preparation_time: [...counts.prepTime].map(([max, count]) => ({ max, count })),
  };
}

/**
 * One page of the public catalogue, searched (ADR 001).
 *
 * `q` forgives typos (one in words of 5 letters or more, two from 9; a swap of neighbouring letters counts one), matches
 * the last word as a prefix, folds case, accents and punctuation, and looks in the name, base spirit, category,
 * technique, glassware, ingredient names and description; every word must be found. Ranking: whole words and name
 * matches before prefixes, typos, other fields and the description (search-terms.ts FIELD_COST, MATCH_COST), then the
 * cocktails more members saved, then by name. Without `q`, catalogue order (by name). Facets filter (OR within one, AND
 * between; ingredients: all 'with', no 'without'); `favorites` and `canMake` keep the caller's own ids (`ownIds`).
 * Pages are 0-based; a page past the end is empty with the real total. Pages past the first are for members only
 * (docs/product.md, Roles and plans): `isSignedIn` is asked only for such a page.
 *
 * A personal order (`sort` 'my-ratings' or 'rated-first', or a `minRating`) is applied by {@link orderByRatings} to the
 * whole search before paging, with the caller's ratings from `ratingsOf`; it needs a session on every page.
 *
 * @param query an already validated query (cocktailListQuerySchema); it is normalised here, once.
 * @param version the catalogue version the caller already read for this request (read here when absent).
 * @returns `{items, total, page, pageSize, didYouMean}` and `facets` when asked; items carry their card ingredients.
 * @throws AppError UNAUTHORIZED ('Sign in to browse past the first page.') for page > 0 when `isSignedIn` answers false;
 *   UNAUTHORIZED ('Sign in to sort and filter by your ratings.') for a personal order when `ratingsOf` answers null;
 *   what `ownIds` throws for `favorites` / `canMake`; the database's error when it cannot be read.
 */
export async function listCocktails(options: ListCocktailsOptions): Promise<CocktailPage> {
  const { ids, ...rest } = await searchPage(options);
  const page: CocktailPage = { items: await loadSummariesByIds(options.db, ids), ...rest };
  return page;
}

/**
 * The same page as {@link listCocktails}, as the JSON text of a CocktailPage (the same keys in the same order), built
 * from the list items kept serialised in memory (read-model.ts loadSummaryJsonByIds): the search route's answer, with no
 * serialisation of the items per request.
 * @throws as {@link listCocktails}.
 */
export async function listCocktailsJson(options: ListCocktailsOptions): Promise<string> {
  const { ids, ...rest } = await searchPage(options);
  const items = await loadSummaryJsonByIds(options.db, ids);
  return `{"items":[${items.join(',')}],${JSON.stringify(rest).slice(1)}`;
}

/** What {@link listCocktails} takes. */
export interface ListCocktailsOptions {
  db: Kysely<Database>;
  query: ListQuery;
  version?: string;
  isSignedIn?: () => Promise<boolean>;
  /** The caller's ratings (asked only for a personal order). Default: nobody is signed in. */
  ratingsOf?: RatingsReader;
  /** The caller's favorites or makeable ids (asked only for `favorites` / `canMake`). Default: nobody is signed in. */
  ownIds?: OwnIdsReader;
  /**
   * Where the matching runs: 'memory' (the in-memory engine, built first if needed), 'database' (PostgreSQL's path; SQLite
   * has none and uses the engine), or 'auto' (the engine when it is ready, else PostgreSQL while it builds; facet counts
   * always wait for the engine). Every strategy gives the same answer.
   */
  strategy?: 'auto' | 'memory' | 'database';
}

/** One page of the search as ids, with everything else a CocktailPage carries (see {@link listCocktails}). */
async function searchPage({
  db,
  query,
  version: knownVersion,
  isSignedIn = async () => false,
  ratingsOf = async () => null,
  ownIds = async () => {
    throw new AppError('UNAUTHORIZED', SIGN_IN_FOR_OWN_MESSAGE);
  },
  strategy = 'auto',
}: ListCocktailsOptions): Promise<Omit<CocktailPage, 'items'> & { ids: number[] }> {
  const normal = normaliseListQuery(query);
  const personal = isPersonalOrder(normal);
  const ratings = personal ? await ratingsOf() : null;
  if (personal && !ratings) throw new AppError('UNAUTHORIZED', SIGN_IN_FOR_RATINGS_MESSAGE);
  let onlyIds: ReadonlySet<number> | null = null;
  for (const kind of [normal.favorites ? 'favorites' : null, normal.canMake ? 'can-make' : null] as const) {
    if (kind === null) continue;
    const own = await ownIds(kind);
    onlyIds = onlyIds === null ? own : new Set([...own].filter((id) => onlyIds?.has(id)));
  }
  if (!personal && query.page > 0 && !(await isSignedIn())) throw new AppError('UNAUTHORIZED', SIGN_IN_TO_PAGE_MESSAGE);
  const filter = toCatalogueFilter(normal, onlyIds);
  const version = knownVersion ?? (await getCatalogueVersion(db));
  const page = { offset: normal.page * normal.pageSize, limit: normal.pageSize };
  const inMemory =
    dialectOf(db) === 'sqlite' || strategy === 'memory' || (strategy === 'auto' && normal.facets)
      ? await ensureSearchIndex(db, version)
      : strategy === 'auto'
        ? searchIndexFor(db, version)
        : null;
  const search = (range: { offset: number; limit: number }): Promise<SearchResult> =>
    inMemory ? Promise.resolve(inMemory.search(filter, range, normal.facets)) : searchPostgres(db, filter, range);
  let result: SearchResult;
  let ids: number[];
  let total: number;
  if (ratings) {
    // The whole search in rank order, then the caller's order over it.
    const first = await search({ offset: 0, limit: 1 });
    const all = first.total <= first.ids.length ? first : await search({ offset: 0, limit: first.total });
    const ordered = orderByRatings(all.ids, (id) => id, ratings, normal);
    result = { ...first, facets: all.facets ?? first.facets };
    ids = ordered.slice(page.offset, page.offset + page.limit);
    total = ordered.length;
  } else {
    result = await search(page);
    ids = result.ids;
    total = result.total;
  }
  const body: Omit<CocktailPage, 'items'> & { ids: number[] } = {
    ids,
    total,
    page: normal.page,
    pageSize: normal.pageSize,
    didYouMean: result.didYouMean,
  };
  if (normal.facets && result.facets) body.facets = await facetBody(db, result.facets, normal);
  return body;
}

/** The 401 message for an anonymous caller asking for 'favorites only' or 'can make only'. */
export const SIGN_IN_FOR_OWN_MESSAGE = 'Sign in to filter by your favorites or your bar.';
