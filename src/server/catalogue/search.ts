import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/types';

/**
 * The catalogue search, in SQL, for both dialects.
 *
 * Semantics: a search key `q` (already folded by toSearchKey) matches a public cocktail when it is a substring of its
 * `search_text`. The answer is ranked in two groups: A, cocktails whose `name_key` contains q; then B, the other matches;
 * each group ordered by name_key, ties by id. Filters (base spirit, category) restrict both groups.
 *
 * Plans. Counts and one page of ids are computed separately, so no query ever sorts a large match set:
 * - PostgreSQL: one query per group with ORDER BY name_key, id; the planner chooses between the pg_trgm GIN index
 *   (rare terms) and an ordered walk of the name index that stops after the page (common terms).
 * - SQLite: the FTS5 trigram tables give match counts; for each group this module estimates the cost of (a) fetching the
 *   matches by id and sorting them, (b) walking the covering name index checking membership in the FTS match set, or
 *   (c) walking it testing search_text directly, and runs the cheapest. Keys shorter than 3 characters cannot use the
 *   trigram tables and fall back to (c) and to a scan for the count.
 * Counts go through `memo`, which the caller backs with a cache keyed by catalogue version.
 */

/** Shortest search key the trigram indexes can answer. */
export const MIN_INDEXED_QUERY_LENGTH = 3;

/** What to look for: a folded search key ('' for none) and filters (OR within one list, AND between them). */
export interface CatalogueFilter {
  q: string;
  spirits: readonly string[];
  categories: readonly string[];
}

/** Returns the cached number under `key`, or computes and remembers it. */
export type CountMemo = (key: string, compute: () => Promise<number>) => Promise<number>;

/** The total of matches and the ids of one page, in rank order. */
export interface SearchResult {
  total: number;
  ids: number[];
}

/**
 * Rough per-row costs on SQLite, µs, measured on a 100,000-cocktail catalogue: reading the FTS doclist for one match,
 * fetching a row by id (and sorting it), walking the covering name index, walking it and reading the row.
 */
const COST = { fts: 0.2, lookup: 2.5, indexStep: 0.06, rowStep: 1.5 } as const;

/** Below this many FTS matches, a filtered count fetches the matching rows by id instead of walking a filter index. */
const FEW_MATCHES = 1500;

function likeContains(key: string): string {
  return `%${key.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function ftsPhrase(key: string): string {
  return `"${key.replace(/"/g, '""')}"`;
}

function filterSql(filter: CatalogueFilter): RawBuilder<unknown> {
  const parts = [sql`c.venue_id is null`];
  if (filter.spirits.length > 0) parts.push(sql`c.base_spirit in (${sql.join([...filter.spirits])})`);
  if (filter.categories.length > 0) parts.push(sql`c.category in (${sql.join([...filter.categories])})`);
  return sql.join(parts, sql` and `);
}

function filterKey(filter: CatalogueFilter): string {
  return JSON.stringify([filter.spirits, filter.categories]);
}

async function count(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = (await query.execute(db)) as { rows: { n: number | string }[] };
  return Number(rows[0]?.n ?? 0);
}

async function ids(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<number[]> {
  const { rows } = (await query.execute(db)) as { rows: { id: number | string }[] };
  return rows.map((row) => Number(row.id));
}

/** Splits the page [offset, offset + limit) between group A (first `nameTotal` ranks) and group B. */
function splitPage(offset: number, limit: number, nameTotal: number, total: number) {
  const takeA = Math.max(0, Math.min(limit, nameTotal - offset));
  const skipB = Math.max(0, offset - nameTotal);
  const takeB = Math.max(0, Math.min(limit - takeA, total - nameTotal - skipB));
  return { skipA: offset, takeA, skipB, takeB };
}

async function searchPostgres(
  db: Kysely<Database>,
  filter: CatalogueFilter,
  page: { offset: number; limit: number },
  memo: CountMemo,
): Promise<SearchResult> {
  const where = filterSql(filter);
  const key = filterKey(filter);
  if (filter.q === '') {
    const total = await memo(`pg:all:${key}`, () =>
      count(db, sql`select count(*) as n from cocktail c where ${where}`),
    );
    if (page.offset >= total) return { total, ids: [] };
    const found = await ids(
      db,
      sql`select c.id from cocktail c where ${where} order by c.name_key, c.id limit ${page.limit} offset ${page.offset}`,
    );
    return { total, ids: found };
  }
  const pattern = likeContains(filter.q);
  const total = await memo(`pg:q:${filter.q}:${key}`, () =>
    count(db, sql`select count(*) as n from cocktail c where ${where} and c.search_text like ${pattern}`),
  );
  const nameTotal =
    total === 0
      ? 0
      : await memo(`pg:name:${filter.q}:${key}`, () =>
          count(db, sql`select count(*) as n from cocktail c where ${where} and c.name_key like ${pattern}`),
        );
  const { skipA, takeA, skipB, takeB } = splitPage(page.offset, page.limit, nameTotal, total);
  const found: number[] = [];
  if (takeA > 0) {
    found.push(
      ...(await ids(
        db,
        sql`select c.id from cocktail c where ${where} and c.name_key like ${pattern}
            order by c.name_key, c.id limit ${takeA} offset ${skipA}`,
      )),
    );
  }
  if (takeB > 0) {
    found.push(
      ...(await ids(
        db,
        sql`select c.id from cocktail c where ${where} and c.search_text like ${pattern} and strpos(c.name_key, ${filter.q}) = 0
            order by c.name_key, c.id limit ${takeB} offset ${skipB}`,
      )),
    );
  }
  return { total, ids: found };
}

async function searchSqlite(
  db: Kysely<Database>,
  filter: CatalogueFilter,
  page: { offset: number; limit: number },
  memo: CountMemo,
): Promise<SearchResult> {
  const where = filterSql(filter);
  const key = filterKey(filter);
  const filtered = filter.spirits.length > 0 || filter.categories.length > 0;
  const population = await memo(`lite:all:${key}`, () =>
    count(db, sql`select count(*) as n from cocktail c where ${where}`),
  );
  if (filter.q === '') {
    if (page.offset >= population) return { total: population, ids: [] };
    const found = await ids(
      db,
      sql`select c.id from cocktail c where ${where} order by c.name_key, c.id limit ${page.limit} offset ${page.offset}`,
    );
    return { total: population, ids: found };
  }

  // Walking the name index visits every public cocktail, filtered or not.
  const everyone = filtered
    ? await memo(`lite:all:${filterKey({ q: '', spirits: [], categories: [] })}`, () =>
        count(db, sql`select count(*) as n from cocktail c where c.venue_id is null`),
      )
    : population;
  const q = filter.q;
  const orderWalk = sql`cocktail c indexed by cocktail_public_order_idx`;
  const nameHit = sql`instr(c.name_key, ${q}) > 0`;
  const nameMiss = sql`instr(c.name_key, ${q}) = 0`;

  if (q.length < MIN_INDEXED_QUERY_LENGTH) {
    const total = await memo(`lite:q:${q}:${key}`, () =>
      count(db, sql`select count(*) as n from cocktail c where ${where} and instr(c.search_text, ${q}) > 0`),
    );
    const nameTotal = await memo(`lite:name:${q}:${key}`, () =>
      count(db, sql`select count(*) as n from ${orderWalk} where ${where} and ${nameHit}`),
    );
    const { skipA, takeA, skipB, takeB } = splitPage(page.offset, page.limit, nameTotal, total);
    const found: number[] = [];
    if (takeA > 0) {
      found.push(
        ...(await ids(
          db,
          sql`select c.id from ${orderWalk} where ${where} and ${nameHit}
          order by c.name_key, c.id limit ${takeA} offset ${skipA}`,
        )),
      );
    }
    if (takeB > 0) {
      found.push(
        ...(await ids(
          db,
          sql`select c.id from ${orderWalk} where ${where} and ${nameMiss} and instr(c.search_text, ${q}) > 0
          order by c.name_key, c.id limit ${takeB} offset ${skipB}`,
        )),
      );
    }
    return { total, ids: found };
  }

  const phrase = ftsPhrase(q);
  const matchSet = sql`select rowid from cocktail_search where cocktail_search match ${phrase}`;
  const nameSet = sql`select rowid from cocktail_name_search where cocktail_name_search match ${phrase}`;
  const allMatches = await memo(`lite:fts:${q}`, () =>
    count(db, sql`select count(*) as n from cocktail_search where cocktail_search match ${phrase}`),
  );
  const allNames =
    allMatches === 0
      ? 0
      : await memo(`lite:ftsname:${q}`, () =>
          count(db, sql`select count(*) as n from cocktail_name_search where cocktail_name_search match ${phrase}`),
        );

  /** Matches of `set` (of `setSize` rows) passing the filters: fetched by id when few, else by walking a filter index. */
  const countFiltered = (set: RawBuilder<unknown>, setSize: number) =>
    setSize <= FEW_MATCHES
      ? count(db, sql`select count(*) as n from cocktail c where ${where} and c.id in (${set})`)
      : count(db, sql`select count(*) as n from cocktail c where ${where} and +c.id in (${set})`);
  const total = !filtered
    ? allMatches
    : allMatches === 0
      ? 0
      : await memo(`lite:q:${q}:${key}`, () => countFiltered(matchSet, allMatches));
  const nameTotal = !filtered
    ? allNames
    : allNames === 0
      ? 0
      : await memo(`lite:name:${q}:${key}`, () => countFiltered(nameSet, allNames));

  const { skipA, takeA, skipB, takeB } = splitPage(page.offset, page.limit, nameTotal, total);
  const found: number[] = [];
  const walked = (skip: number, take: number, groupSize: number) =>
    Math.min(everyone, Math.ceil(((skip + take) * everyone) / Math.max(1, groupSize)));

  if (takeA > 0) {
    const sortCost = (COST.fts + COST.lookup) * allNames;
    const walkCost = COST.indexStep * walked(skipA, takeA, nameTotal);
    found.push(
      ...(await ids(
        db,
        sortCost <= walkCost
          ? sql`select c.id from cocktail c where ${where} and c.id in (${nameSet})
                order by c.name_key, c.id limit ${takeA} offset ${skipA}`
          : sql`select c.id from ${orderWalk} where ${where} and ${nameHit}
                order by c.name_key, c.id limit ${takeA} offset ${skipA}`,
      )),
    );
  }
  if (takeB > 0) {
    const steps = walked(skipB, takeB, total - nameTotal);
    const sortCost = (COST.fts + COST.lookup) * allMatches;
    const memberCost = COST.fts * allMatches + COST.indexStep * steps;
    const rowCost = COST.rowStep * steps;
    const cheapest = Math.min(sortCost, memberCost, rowCost);
    const query =
      cheapest === sortCost
        ? sql`select c.id from cocktail c where ${where} and c.id in (${matchSet}) and ${nameMiss}
              order by c.name_key, c.id limit ${takeB} offset ${skipB}`
        : cheapest === memberCost
          ? sql`select c.id from ${orderWalk} where ${where} and ${nameMiss} and +c.id in (${matchSet})
                order by c.name_key, c.id limit ${takeB} offset ${skipB}`
          : sql`select c.id from ${orderWalk} where ${where} and ${nameMiss} and instr(c.search_text, ${q}) > 0
                order by c.name_key, c.id limit ${takeB} offset ${skipB}`;
    found.push(...(await ids(db, query)));
  }
  return { total, ids: found };
}

/**
 * Counts the public cocktails matching `filter` and returns the ids of one page in rank order.
 * @param page offset (0-based row index) and limit (rows).
 */
export function searchCatalogue(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: CatalogueFilter,
  page: { offset: number; limit: number },
  memo: CountMemo,
): Promise<SearchResult> {
  return dialect === 'postgres' ? searchPostgres(db, filter, page, memo) : searchSqlite(db, filter, page, memo);
}
