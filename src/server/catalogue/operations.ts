import { sql, type Kysely } from 'kysely';
import type { CocktailDetail, CocktailListQuery, CocktailPage, CocktailSummary } from '@/shared/schemas/cocktail';
import type { IngredientList, IngredientListQuery } from '@/shared/schemas/ingredient';
import { dialectOf } from '../db/database';
import { isPersonalOrder, orderByRatings, type PersonalRating } from '@/shared/domain/rating-order';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { LruCache } from '../lib/lru-cache';
import { forgetCatalogueVersion, getCatalogueVersion } from './catalogue-version';
import { getIngredientCatalogue, searchIngredients } from './ingredient-catalogue';
import { SUMMARY_COLUMNS, loadCocktailDetail, loadSummariesByIds, toSummaries, type SummaryRow } from './read-model';
import { searchCatalogue, type CatalogueFilter, type CountMemo } from './search';
import { ensureSearchIndex, forgetSearchIndex, searchIndexFor } from './search-index';
import { toSearchKey } from './search-text';
import { hashSeed, readSeedHash, writeSeed, type SeedCatalogue, type SeedResult } from './seed-writer';

export type { SeedCatalogue, SeedResult } from './seed-writer';

/**
 * Catalogue use cases. No HTTP here: each takes one options object and returns data or throws AppError.
 */

/** Most match counts remembered per database client (totals are reused across the pages of one search). */
const COUNT_CACHE_ENTRIES = 2000;
const countCaches = new WeakMap<object, LruCache<string, number>>();

function countCacheFor(db: Kysely<Database>): LruCache<string, number> {
  let cache = countCaches.get(db);
  if (!cache) countCaches.set(db, (cache = new LruCache<string, number>(COUNT_CACHE_ENTRIES)));
  return cache;
}

/** A list query as the route validated it; `sort` may be left out ('relevance'). */
export type ListQuery = Omit<CocktailListQuery, 'sort'> & { sort?: CocktailListQuery['sort'] | undefined };

/**
 * The canonical form of a list query: q folded to its search key, filters de-duplicated and sorted. Two queries with the
 * same canonical form have the same answer, so it keys caches.
 */
export function normaliseListQuery(query: ListQuery): CocktailListQuery {
  return {
    q: toSearchKey(query.q),
    page: query.page,
    pageSize: query.pageSize,
    spirit: [...new Set(query.spirit)].sort(),
    category: [...new Set(query.category)].sort(),
    sort: query.sort ?? 'relevance',
    minRating: query.minRating,
  };
}

/** The 401 message for an anonymous caller asking for a page past the first. */
export const SIGN_IN_TO_PAGE_MESSAGE = 'Sign in to browse past the first page.';
/** The 401 message for an anonymous caller asking for an order or filter by their own ratings. */
export const SIGN_IN_FOR_RATINGS_MESSAGE = 'Sign in to sort and filter by your ratings.';

/** The caller's ratings by cocktail id, or null when nobody is signed in. */
export type RatingsReader = () => Promise<ReadonlyMap<number, PersonalRating> | null>;

/**
 * One page of the public catalogue.
 *
 * `q` matches case- and accent-insensitively as a substring of a cocktail's name, base spirit, category, description,
 * technique, glassware or any ingredient name; cocktails whose name matches come first, then the others, each group ordered
 * by name. `spirit` and `category` filter (OR within one, AND between them and with q). Pages are 0-based; a page past the
 * end is empty with the real total. Pages past the first are for members only (spec section 6: anonymous visitors browse
 * without paging): `isSignedIn` is asked only for such a page.
 *
 * A personal order (`sort` 'my-ratings' or 'rated-first', or a `minRating`) is applied by {@link orderByRatings} to the
 * whole search before paging, with the caller's ratings from `ratingsOf`; it needs a session on every page.
 *
 * @param query an already validated query (cocktailListQuerySchema); it is normalised here, once.
 * @param version the catalogue version the caller already read for this request (read here when absent).
 * @returns `{items, total, page, pageSize}`; items carry their card ingredients in recipe order.
 * @throws AppError UNAUTHORIZED ('Sign in to browse past the first page.') for page > 0 when `isSignedIn` answers false;
 *   UNAUTHORIZED ('Sign in to sort and filter by your ratings.') for a personal order when `ratingsOf` answers null.
 */
export async function listCocktails({
  db,
  query,
  version: knownVersion,
  isSignedIn = async () => false,
  ratingsOf = async () => null,
  strategy = 'auto',
}: {
  db: Kysely<Database>;
  query: ListQuery;
  version?: string;
  isSignedIn?: () => Promise<boolean>;
  /** The caller's ratings (asked only for a personal order). Default: nobody is signed in. */
  ratingsOf?: RatingsReader;
  /**
   * Where the matching runs: 'memory' (the in-memory search index, built first if needed), 'database' (SQL only), or
   * 'auto' (the index when it is ready, else SQL while it builds). Every strategy gives the same answer.
   */
  strategy?: 'auto' | 'memory' | 'database';
}): Promise<CocktailPage> {
  const normal = normaliseListQuery(query);
  const personal = isPersonalOrder(normal);
  const ratings = personal ? await ratingsOf() : null;
  if (personal && !ratings) throw new AppError('UNAUTHORIZED', SIGN_IN_FOR_RATINGS_MESSAGE);
  if (!personal && query.page > 0 && !(await isSignedIn())) throw new AppError('UNAUTHORIZED', SIGN_IN_TO_PAGE_MESSAGE);
  const dialect = dialectOf(db);
  const filter: CatalogueFilter = { q: normal.q, spirits: normal.spirit, categories: normal.category };
  const version = knownVersion ?? (await getCatalogueVersion(db));
  const counts = countCacheFor(db);
  const memo: CountMemo = async (key, compute) => {
    const cacheKey = `${version}|${key}`;
    const known = counts.get(cacheKey);
    if (known !== undefined) return known;
    const value = await compute();
    counts.set(cacheKey, value);
    return value;
  };
  const page = { offset: normal.page * normal.pageSize, limit: normal.pageSize };
  const index =
    strategy === 'memory'
      ? await ensureSearchIndex(db, version)
      : strategy === 'auto'
        ? searchIndexFor(db, version)
        : null;
  const search = (range: { offset: number; limit: number }) =>
    index ? Promise.resolve(index.search(filter, range)) : searchCatalogue(db, dialect, filter, range, memo);
  if (ratings) {
    // The whole search in catalogue order (the index answers it from memory; SQL is asked once more for all rows).
    const first = await search({ offset: 0, limit: 1 });
    const all = first.total <= first.ids.length ? first : await search({ offset: 0, limit: first.total });
    const ordered = orderByRatings(all.ids, (id) => id, ratings, normal);
    const ids = ordered.slice(page.offset, page.offset + page.limit);
    return {
      items: await loadSummariesByIds(db, ids),
      total: ordered.length,
      page: normal.page,
      pageSize: normal.pageSize,
    };
  }
  const { total, ids } = await search(page);
  return { items: await loadSummariesByIds(db, ids), total, page: normal.page, pageSize: normal.pageSize };
}

function pickRandomIds(count: number, maxId: number, exclude: ReadonlySet<number>): number[] {
  const free = maxId - exclude.size;
  if (free <= 0) return [];
  if (count >= free) {
    const all: number[] = [];
    for (let id = 1; id <= maxId; id += 1) if (!exclude.has(id)) all.push(id);
    return all;
  }
  const picked = new Set<number>();
  while (picked.size < count) {
    const id = 1 + Math.floor(Math.random() * maxId);
    if (!exclude.has(id)) picked.add(id);
  }
  return [...picked];
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * A random sample of the public catalogue, as the spec's anonymous browsing does it: read the highest id, pick distinct
 * random ids between 1 and it, fetch those that exist, shuffle. Ids can have gaps, so a second round draws more ids
 * (four times the shortfall, never one already tried) to top the sample up.
 *
 * @param size wanted items, 1–50.
 * @returns up to `size` distinct cocktails in random order (fewer only when the catalogue is small or very sparse).
 */
export async function sampleCocktails({
  db,
  size,
}: {
  db: Kysely<Database>;
  size: number;
}): Promise<{ items: CocktailSummary[] }> {
  const top = await db
    .selectFrom('cocktail')
    .select('id')
    .where('venue_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!top) return { items: [] };
  const maxId = Number(top.id);
  const tried = new Set<number>();
  const found: SummaryRow[] = [];
  for (const factor of [1, 4]) {
    const wanted = (size - found.length) * factor;
    if (wanted <= 0) break;
    const ids = pickRandomIds(wanted, maxId, tried);
    if (ids.length === 0) break;
    for (const id of ids) tried.add(id);
    const rows = (await db
      .selectFrom('cocktail')
      .select(SUMMARY_COLUMNS)
      .where('cocktail.id', 'in', ids)
      .where('cocktail.venue_id', 'is', null)
      .execute()) as SummaryRow[];
    found.push(...rows);
  }
  const chosen = shuffle(found).slice(0, size);
  return { items: await toSummaries(db, chosen) };
}

/** Largest possible cocktail id: ids are 32-bit integers (PostgreSQL `serial`); larger ones cannot exist. */
export const MAX_COCKTAIL_ID = 2_147_483_647;

/**
 * One public cocktail with its full recipe (every line with its ingredient's name, ABV and category).
 * @throws AppError NOT_FOUND when no public cocktail has this id.
 */
export async function getCocktail({ db, id }: { db: Kysely<Database>; id: number }): Promise<CocktailDetail> {
  const detail = id <= MAX_COCKTAIL_ID ? await loadCocktailDetail(db, id) : null;
  if (!detail) throw new AppError('NOT_FOUND', `cocktail ${id} not found`);
  return detail;
}

/**
 * The public catalogue's ingredients (ingredients have no venue scope) for a type-ahead or a category shelf, from memory
 * (read once per catalogue version).
 * - `q` matches the name or an alias from the start of any word, case- and accent-insensitively ('bour' finds Bourbon,
 *   'club soda' finds Soda water); names starting with it come first. Empty: every ingredient.
 * - `category` keeps one category.
 * Order within a group: by name case- and accent-insensitively (names compare by their search key, {@link toSearchKey}:
 * "Cachaça" as "cachaca", in code-unit order so both databases and every locale agree), equal keys by id.
 * @returns `{items, total}` (ingredientListSchema); `total` is the number of items; empty for an empty catalogue.
 * @throws the database's error when the ingredients must be read and cannot be.
 */
export async function listIngredients({
  db,
  query = { q: '' },
}: {
  db: Kysely<Database>;
  query?: IngredientListQuery;
}): Promise<IngredientList> {
  const items = searchIngredients(await getIngredientCatalogue(db), query);
  return { items, total: items.length };
}

/**
 * After a large write: fresh planner statistics (the search plans rely on them); on PostgreSQL a vacuum, which also
 * flushes the GIN indexes' pending lists; on SQLite a merge of the FTS5 segments.
 */
async function tidyAfterSeed(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`vacuum analyze cocktail, cocktail_ingredient, ingredient`.execute(db);
    return;
  }
  await sql`insert into cocktail_search(cocktail_search) values ('optimize')`.execute(db);
  await sql`insert into cocktail_name_search(cocktail_name_search) values ('optimize')`.execute(db);
  await sql`analyze`.execute(db);
}

/**
 * Loads a seed catalogue into the database: an idempotent upsert by slug (ids stay stable), ingredient parents resolved,
 * each cocktail's lines replaced, all in one transaction. Does nothing when the seed's content hash equals the one stored
 * by the last run, unless `force`.
 * @returns what was done; `skipped` when the hash matched.
 * @throws SeedError when the seed references unknown slugs or repeats one; database errors as thrown by the driver.
 */
export async function seedCatalogue({
  db,
  seed,
  force = false,
}: {
  db: Kysely<Database>;
  seed: SeedCatalogue;
  force?: boolean;
}): Promise<SeedResult> {
  const hash = hashSeed(seed);
  if (!force && (await readSeedHash(db)) === hash) {
    return {
      skipped: true,
      hash,
      ingredients: { inserted: 0, updated: 0 },
      cocktails: { inserted: 0, updated: 0, unchanged: 0 },
      lines: 0,
    };
  }
  const result = await writeSeed(db, seed, hash);
  await tidyAfterSeed(db);
  forgetCatalogueVersion(db);
  forgetSearchIndex(db);
  countCaches.delete(db);
  return { skipped: false, ...result };
}

/**
 * Prepares the catalogue for fast answers: builds the in-memory search index for the current version. main.ts runs it
 * before listening. Never throws: without the index, searches run in the database.
 * @returns the number of cocktails indexed, or null when the index was not built (catalogue too large, database error).
 */
export async function warmCatalogue({ db }: { db: Kysely<Database> }): Promise<number | null> {
  try {
    const index = await ensureSearchIndex(db, await getCatalogueVersion(db));
    return index ? index.size : null;
  } catch {
    return null;
  }
}
