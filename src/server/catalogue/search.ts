import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LIST_FACET_FIELDS, VALUE_FACETS } from '@/shared/domain/search-facets';
import type { Database } from '../db/types';
import { getIngredientCatalogue, narrowerIngredients, type IngredientCatalogue } from './ingredient-catalogue';
import type { CatalogueFilter, SearchResult } from './search-engine';
import {
  FIELD_COST,
  MATCH_COST,
  correctionFor,
  pickCandidates,
  queryWords,
  typoAllowance,
  type TermCandidate,
  type TermField,
  type TermMatch,
} from './search-terms';

/**
 * The catalogue search answered by PostgreSQL (issue 14), for the moments its process has no search engine in memory yet
 * (the seconds after a catalogue change). Same semantics and order as search-engine.ts:
 * - each query word's terms come from the vocabulary table `search_term`: the word itself, for the last word the terms it
 *   begins (`like 'w%'` on the "C"-collated key), and likely corrections found by pg_trgm's trigram similarity (`%`, GIN
 *   index, threshold {@link TRIGRAM_THRESHOLD}); search-terms.ts's pickCandidates keeps those within the word's typos, as
 *   the engine does with its radix tree's offers;
 * - cocktails holding every word (whole-word regular expressions on name_key, search_text and description_key, which the
 *   trigram GIN indexes serve), ranked by the summed FIELD_COST + MATCH_COST of each word's best place, then by members
 *   who saved them, then shorter names, then name_key and id; an empty query keeps catalogue order;
 * - the filters of CatalogueFilter in SQL. Facet counts are not computed here: callers that need them wait for the engine.
 * SQLite has no such path: its searches always wait for the engine (built in one to two seconds at 100,000 cocktails).
 */

/**
 * Trigram similarity above which PostgreSQL offers a vocabulary term as a possible correction. Low on purpose: a word of
 * 9 letters with two swaps shares few trigrams with the word meant, and pickCandidates drops what is not within the typos.
 */
export const TRIGRAM_THRESHOLD = 0.1;

/** A word's terms, grouped by how they matched. */
type WordTerms = Record<TermMatch, string[]>;

/** `\m(a|b)\M`: any of `terms` as a whole word (terms hold letters and digits only, never a pattern character). */
function wholeWords(terms: readonly string[]): string {
  return `\\m(${terms.join('|')})\\M`;
}

const COLUMN: Record<TermField, RawBuilder<unknown>> = {
  name: sql`c.name_key`,
  fields: sql`c.search_text`,
  description: sql`c.description_key`,
};

/** The rank cost of one word in one cocktail: the cheapest field and match kind holding one of its terms. */
function wordCost(terms: WordTerms): RawBuilder<unknown> {
  const branches: RawBuilder<unknown>[] = [];
  const places = (Object.keys(FIELD_COST) as TermField[])
    .flatMap((field) =>
      (Object.keys(MATCH_COST) as TermMatch[]).map((match) => ({
        field,
        match,
        cost: FIELD_COST[field] + MATCH_COST[match],
      })),
    )
    .sort((a, b) => a.cost - b.cost);
  for (const place of places) {
    const list = terms[place.match];
    if (list.length === 0) continue;
    branches.push(sql`when ${COLUMN[place.field]} ~ ${wholeWords(list)} then ${sql.lit(place.cost)}`);
  }
  return sql`(case ${sql.join(branches, sql` `)} else 0 end)`;
}

/** Candidate terms of one word from `search_term`, with how many cocktails hold each. */
async function wordCandidates(
  trx: Kysely<Database>,
  word: string,
  prefix: boolean,
): Promise<{ candidates: TermCandidate[]; frequency: Map<string, number> }> {
  const conditions = [sql`term = ${word}`];
  if (prefix) conditions.push(sql`term like ${`${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`);
  if (typoAllowance(word) > 0) conditions.push(sql`term % ${word}`);
  const { rows } = await sql<{ term: string; doc_count: number | string }>`
    select term, doc_count from search_term where ${sql.join(conditions, sql` or `)}`.execute(trx);
  const frequency = new Map(rows.map((row) => [row.term, Number(row.doc_count)]));
  return { candidates: pickCandidates(word, frequency.keys(), prefix), frequency };
}

/**
 * SQL conditions for the filters of `filter` (public catalogue only); an ingredient filter counts the ingredient and
 * every narrower one (`catalogue`'s parent links).
 */
function filterConditions(catalogue: IngredientCatalogue, filter: CatalogueFilter): RawBuilder<unknown>[] {
  const parts = [sql`c.venue_id is null`];
  for (const facet of VALUE_FACETS) {
    const chosen = filter.values[facet.field] ?? [];
    if (chosen.length === 0) continue;
    const column = sql.ref(`c.${facet.field}`);
    parts.push(
      LIST_FACET_FIELDS.includes(facet.field)
        ? sql`(${column})::jsonb ?| ${sql.val([...chosen])}::text[]`
        : sql`${column} in (${sql.join([...chosen])})`,
    );
  }
  for (const ids of filter.withIngredients.map((id) => narrowerIngredients(catalogue, id))) {
    parts.push(sql`exists (select 1 from cocktail_ingredient ci where ci.cocktail_id = c.id
      and ci.ingredient_id in (${sql.join(ids)}))`);
  }
  const excluded = filter.withoutIngredients.flatMap((id) => narrowerIngredients(catalogue, id));
  if (excluded.length > 0) {
    parts.push(sql`not exists (select 1 from cocktail_ingredient ci where ci.cocktail_id = c.id
      and ci.ingredient_id in (${sql.join(excluded)}))`);
  }
  if (filter.maxPrepMinutes !== null) parts.push(sql`c.preparation_time <= ${filter.maxPrepMinutes}`);
  if (filter.onlyIds !== null) {
    parts.push(filter.onlyIds.size === 0 ? sql`false` : sql`c.id = any(${sql.val([...filter.onlyIds])}::int[])`);
  }
  return parts;
}

/**
 * Searches the public catalogue in PostgreSQL: the total and one page of ids in rank order, and the correction offered.
 * @param page offset (0-based row index) and limit (rows).
 * @throws the database's error.
 */
export async function searchPostgres(
  db: Kysely<Database>,
  filter: CatalogueFilter,
  page: { offset: number; limit: number },
): Promise<SearchResult> {
  const catalogue = await getIngredientCatalogue(db);
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true)`.execute(trx);
    const words = queryWords(filter.q);
    const perWord = await Promise.all(words.map((word, i) => wordCandidates(trx, word, i === words.length - 1)));
    const where = filterConditions(catalogue, filter);
    if (perWord.some((word) => word.candidates.length === 0)) return { total: 0, ids: [], didYouMean: null };

    const costs: RawBuilder<unknown>[] = [];
    for (const { candidates } of perWord) {
      const terms: WordTerms = { exact: [], prefix: [], typo: [] };
      for (const candidate of candidates) terms[candidate.match].push(candidate.term);
      const any = wholeWords(candidates.map((candidate) => candidate.term));
      where.push(sql`(c.name_key ~ ${any} or c.search_text ~ ${any} or c.description_key ~ ${any})`);
      costs.push(wordCost(terms));
    }
    const whereSql = sql.join(where, sql` and `);
    const { rows: counted } = await sql<{ n: number | string }>`
      select count(*) as n from cocktail c where ${whereSql}`.execute(trx);
    const total = Number(counted[0]?.n ?? 0);
    let ids: number[] = [];
    if (page.offset < total && page.limit > 0) {
      const order =
        words.length === 0
          ? sql`c.name_key, c.id`
          : sql`${sql.join(costs, sql` + `)}, coalesce(p.saves, 0) desc, length(c.name_key), c.name_key, c.id`;
      const { rows } = await sql<{ id: number | string }>`
        select c.id from cocktail c
        left join (select cocktail_id, count(*) as saves from user_favorites group by cocktail_id) p
          on p.cocktail_id = c.id
        where ${whereSql}
        order by ${order}
        limit ${page.limit} offset ${page.offset}`.execute(trx);
      ids = rows.map((row) => Number(row.id));
    }
    let didYouMean: string | null = null;
    if (total > 0) {
      const fixed = words.map((word, i) => {
        const { candidates, frequency } = perWord[i] as (typeof perWord)[number];
        return correctionFor(candidates, (term) => frequency.get(term) ?? 0) ?? word;
      });
      if (fixed.some((word, i) => word !== words[i])) didYouMean = fixed.join(' ');
    }
    return { total, ids, didYouMean };
  });
}
