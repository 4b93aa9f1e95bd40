import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LIST_FACET_FIELDS, VALUE_FACETS } from '@/shared/domain/search-facets';
import type { Database } from '../../db/types';
import { getIngredientCatalogue, narrowerIngredients, type IngredientCatalogue } from '../ingredient-catalogue';
import {
  TERM_FIELDS,
  correctionFor,
  hasSolidMatch,
  infixAllowed,
  pickCandidates,
  placeCost,
  queryWords,
  transpositions,
  typoAllowance,
  type TermCandidate,
  type TermField,
  type TermMatch,
} from './search-terms';
import type { CatalogueFilter, SearchResult } from './search-types';

/**
 * The catalogue search answered by PostgreSQL, for the moments its process has no search engine in memory yet
 * (the seconds after a catalogue change). Same semantics and order as search-engine.ts:
 * - each query word's terms come from the vocabulary table `search_term`: the word itself, for the last word the terms it
 *   begins (`like 'w%'` on the "C"-collated key) and the terms whose start is within its typos (patterns, below), and
 *   likely corrections found by pg_trgm's trigram similarity (`%`, GIN index, threshold {@link TRIGRAM_THRESHOLD});
 *   search-terms.ts's pickCandidates keeps those within the word's typos, as the engine does with its radix tree's offers;
 * - a word of 4 letters or more also matches inside the words of names (`name_key like '%w%'`: the word holds letters
 *   only, so what it matches lies inside one word of the name);
 * - cocktails holding every word (whole-word regular expressions on name_key, search_text and description_key, which the
 *   trigram GIN indexes serve; a word ends where letters meet digits, as search-words.ts splits them), ranked by the
 *   summed cost of each word's best place (search-terms.ts placeCost), then by members who saved them, then shorter
 *   names, then name_key and id; an empty query keeps catalogue order;
 * - the filters of CatalogueFilter in SQL. Facet counts are not computed here: callers that need them wait for the engine.
 * SQLite has no such path: its searches always wait for the engine (built in one to two seconds at 100,000 cocktails).
 */

/**
 * Trigram similarity above which PostgreSQL offers a vocabulary term as a possible correction. Low on purpose: a word of
 * 9 letters with two swaps shares few trigrams with the word meant, and pickCandidates drops what is not within the typos.
 */
export const TRIGRAM_THRESHOLD = 0.1;

const DIGITS = /^\p{N}+$/u;

/**
 * A regular expression for any of `terms` as a whole word: a term of letters neither preceded nor followed by a letter,
 * a term of digits by a digit (so '75' is a word of 'french75'). Terms hold letters only or digits only, never a pattern
 * character.
 */
export function wholeWords(terms: readonly string[]): string {
  const numbers = terms.filter((term) => DIGITS.test(term));
  const words = terms.filter((term) => !DIGITS.test(term));
  const parts: string[] = [];
  if (words.length > 0) parts.push(`(?<![[:alpha:]])(${words.join('|')})(?![[:alpha:]])`);
  if (numbers.length > 0) parts.push(`(?<![[:digit:]])(${numbers.join('|')})(?![[:digit:]])`);
  return parts.join('|');
}

const COLUMN: Record<TermField, RawBuilder<unknown>> = {
  name: sql`c.name_key`,
  fields: sql`c.search_text`,
  description: sql`c.description_key`,
};

/** One word's ways to match: its candidate terms by match kind, and whether it also matches inside names. */
interface WordPlan {
  word: string;
  candidates: TermCandidate[];
  terms: Record<Exclude<TermMatch, 'infix'>, string[]>;
  infix: boolean;
  solid: boolean;
}

/** The places a word counts in (search-terms.ts placeCost), cheapest first, each as a condition and its cost. */
function wordPlaces(plan: WordPlan): { condition: RawBuilder<unknown>; cost: number }[] {
  const places: { condition: RawBuilder<unknown>; cost: number }[] = [];
  for (const field of TERM_FIELDS) {
    for (const match of Object.keys(plan.terms) as (keyof WordPlan['terms'])[]) {
      const cost = placeCost(match, field, plan.solid);
      const list = plan.terms[match];
      if (cost === null || list.length === 0) continue;
      places.push({ condition: sql`${COLUMN[field]} ~ ${wholeWords(list)}`, cost });
    }
  }
  const infixCost = placeCost('infix', 'name', plan.solid);
  if (plan.infix && infixCost !== null)
    places.push({ condition: sql`c.name_key like ${`%${plan.word}%`}`, cost: infixCost });
  return places.sort((a, b) => a.cost - b.cost);
}

/** The rank cost of one word in one cocktail: its cheapest place. */
function wordCost(places: readonly { condition: RawBuilder<unknown>; cost: number }[]): RawBuilder<unknown> {
  const branches = places.map((place) => sql`when ${place.condition} then ${sql.lit(place.cost)}`);
  return sql`(case ${sql.join(branches, sql` `)} else 0 end)`;
}

/**
 * LIKE patterns that every term whose start is within `max` Levenshtein edits of `word` satisfies: split the word into
 * max + 1 pieces; one of them is untouched by the edits and sits in the term shifted by at most `max` letters. (A lone
 * swap, which counts one typo, is looked up apart.) The word holds letters only, never a pattern character.
 */
export function typoPrefixPatterns(word: string, max: number): string[] {
  const letters = [...word];
  const pieces = max + 1;
  const out = new Set<string>();
  for (let p = 0; p < pieces; p += 1) {
    const start = Math.floor((p * letters.length) / pieces);
    const end = Math.floor(((p + 1) * letters.length) / pieces);
    const piece = letters.slice(start, end).join('');
    for (let at = Math.max(0, start - max); at <= start + max; at += 1) out.add(`${'_'.repeat(at)}${piece}%`);
  }
  return [...out];
}

/** Candidate terms of one word from `search_term`, with how many cocktails hold each. */
async function wordCandidates(
  trx: Kysely<Database>,
  word: string,
  prefix: boolean,
): Promise<{ plan: WordPlan; frequency: Map<string, number> }> {
  const conditions = [sql`term = ${word}`];
  const allowance = typoAllowance(word);
  if (prefix) {
    conditions.push(sql`term like ${`${word}%`}`);
    if (allowance > 0) {
      for (const pattern of typoPrefixPatterns(word, allowance)) conditions.push(sql`term like ${pattern}`);
      for (const swapped of transpositions(word)) conditions.push(sql`term like ${`${swapped}%`}`);
    }
  }
  if (allowance > 0) conditions.push(sql`term % ${word}`);
  const { rows } = await sql<{ term: string; doc_count: number | string }>`
    select term, doc_count from search_term where ${sql.join(conditions, sql` or `)}`.execute(trx);
  const frequency = new Map(rows.map((row) => [row.term, Number(row.doc_count)]));
  const candidates = pickCandidates(word, frequency.keys(), prefix);
  const terms: WordPlan['terms'] = { exact: [], prefix: [], typo: [], 'typo-prefix': [] };
  for (const candidate of candidates) if (candidate.match !== 'infix') terms[candidate.match].push(candidate.term);
  return {
    plan: { word, candidates, terms, infix: infixAllowed(word), solid: hasSolidMatch(candidates) },
    frequency,
  };
}

/**
 * SQL conditions for the filters of `filter` (public catalogue only); an ingredient filter counts the ingredient and
 * every narrower one (`catalogue`'s parent links).
 */
function filterConditions(catalogue: IngredientCatalogue, filter: CatalogueFilter): RawBuilder<unknown>[] {
  const parts = [sql`c.venue_id is null and c.owner_id is null`];
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
    const costs: RawBuilder<unknown>[] = [];
    for (const { plan } of perWord) {
      const places = wordPlaces(plan);
      if (places.length === 0) return { total: 0, ids: [], didYouMean: null };
      where.push(
        sql`(${sql.join(
          places.map((place) => place.condition),
          sql` or `,
        )})`,
      );
      costs.push(wordCost(places));
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
        left join cocktail_saves p on p.cocktail_id = c.id
        where ${whereSql}
        order by ${order}
        limit ${page.limit} offset ${page.offset}`.execute(trx);
      ids = rows.map((row) => Number(row.id));
    }
    let didYouMean: string | null = null;
    if (total > 0) {
      const fixed = words.map((word, i) => {
        const { plan, frequency } = perWord[i] as (typeof perWord)[number];
        return correctionFor(plan.candidates, (term) => frequency.get(term) ?? 0) ?? word;
      });
      if (fixed.some((word, i) => word !== words[i])) didYouMean = fixed.join(' ');
    }
    return { total, ids, didYouMean };
  });
}
