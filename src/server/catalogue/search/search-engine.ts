import { LruCache } from '../../lib/lru-cache';
import { FacetIndex } from './search-facet-index';
import { TermIndex, type Postings } from './search-term-index';
import {
  MAX_QUERY_WORDS,
  MAX_WORD_COST,
  TERM_FIELDS,
  correctionFor,
  hasSolidMatch,
  placeCost,
  queryWords,
  type TermCandidate,
} from './search-terms';
import type { CatalogueFilter, EngineRow, RecipeIngredients, SearchResult } from './search-types';

/**
 * The catalogue's in-memory search engine (ADR 001): typo-tolerant, prefix-aware, ranked, faceted.
 *
 * Its term index (search-term-index.ts) offers the terms a typed word may mean; search-terms.ts's `pickCandidates`
 * decides which of them match (whole word, prefix of the last word, within the word's typos, swaps of neighbouring
 * letters counting one, or the last word's start within them). Each term holds three posting lists: the cocktails (by
 * catalogue position: name_key, then id) whose name, other fields or description contain it. MiniSearch's own document
 * index was measured and not used: at 100,000 cocktails it took 4.6 s to build and 60-190 ms to answer a common word, as
 * it scores every match; here a search touches only the posting lists of its terms and sorts only the page it returns.
 * Facet filters and counts are the facet index's (search-facet-index.ts).
 *
 * Ranking: a cocktail's cost is the sum over the query's words of the word's best place (search-terms.ts placeCost:
 * whole words and prefixes before typos before infixes, name before other fields before description; a typo in a
 * description does not count when the word itself is in the catalogue); lower first, then more popular first, then
 * shorter names ('negroni' finds Negroni before Kingston Negroni), then catalogue order. An empty query keeps catalogue
 * order. PostgreSQL's path (search.ts) ranks the same way.
 */

/** Words whose candidates an engine remembers. */
const CANDIDATE_CACHE_ENTRIES = 20_000;
/** Most candidate terms held in that memory in all (a one-letter prefix offers thousands). */
const CANDIDATE_CACHE_TERMS = 1_000_000;

/** Above this many keys to order, a page is taken by a walk in rank order instead of a sort. */
const SORT_LIMIT = 4096;

/** A query word's candidates, each with its postings and its cost per field (NO_COST: not counted there). */
interface WordPlan {
  candidates: TermCandidate[];
  entries: { postings: Postings; costs: number[] }[];
  /** Postings the word would touch (the fields that count only). */
  size: number;
}

/**
 * A word whose posting lists hold more than this many entries per cocktail still matched is checked against those
 * cocktails' own terms (the forward index) instead: a cocktail holds about 30 terms, so past that, reading its terms is
 * less work than touching every posting.
 */
const FORWARD_CHECK_RATIO = 32;

/** Costs of a place no candidate reaches (a Uint8Array cell). */
const NO_COST = 255;

/** The catalogue's search engine for one catalogue version. Immutable once built, apart from popularity. */
export class CatalogueSearchEngine {
  readonly #ids: Int32Array;
  /** The terms, their postings and the forward index. */
  readonly #terms: TermIndex;
  /** The facet values, ingredients and preparation times, for filters and counts. */
  readonly #facets: FacetIndex;
  /** The plans of words typed recently (people type the same words in many queries), by word and prefix flag. */
  readonly #planCache = new LruCache<string, WordPlan>(
    CANDIDATE_CACHE_ENTRIES,
    CANDIDATE_CACHE_TERMS,
    (plan) => plan.candidates.length + 1,
  );
  /**
   * Per term id, the search generation that chose it, and then its rank cost per field (term id * 3 + field; NO_COST
   * where it does not count), for forward checks.
   */
  readonly #termStamp: Int32Array;
  readonly #termCost: Uint8Array;
  /** Length of each name key (UTF-16 code units): among equals, shorter names rank first. */
  #nameLengths: Int32Array = new Int32Array(0);
  /** Rank per position among equal costs: more popular first, then shorter names, then catalogue order. */
  #rankOf: Int32Array = new Int32Array(0);
  /** The position holding each rank (the inverse of #rankOf). */
  #positionOfRank: Int32Array = new Int32Array(0);
  // Scratch buffers, reused by every search (a search runs to completion without yielding).
  readonly #wordStamp: Int32Array;
  readonly #wordCost: Uint8Array;
  readonly #touched: Int32Array;
  /** The positions still matched while a query's words are applied, and the results of a search. */
  readonly #current: Int32Array;
  readonly #results: Int32Array;
  readonly #score: Uint16Array;
  #generation = 0;

  /**
   * @param rows the public catalogue in catalogue order (name_key, then id).
   * @param ingredientsOf per cocktail id, its recipe's ingredients and the broader ones above them.
   * @param popularity per cocktail id, how popular it is (members who saved it); absent is 0.
   */
  constructor(
    readonly version: string,
    rows: readonly EngineRow[],
    ingredientsOf: ReadonlyMap<number, RecipeIngredients>,
    popularity: ReadonlyMap<number, number> = new Map(),
  ) {
    const n = rows.length;
    this.#ids = Int32Array.from(rows, (row) => Number(row.id));
    this.#terms = new TermIndex(rows);
    this.#facets = new FacetIndex(rows, ingredientsOf);
    this.#termStamp = new Int32Array(this.#terms.termCount);
    this.#termCost = new Uint8Array(this.#terms.termCount * TERM_FIELDS.length);
    this.#nameLengths = Int32Array.from(rows, (row) => row.name_key.length);
    this.#setRanks(popularity);
    this.#wordStamp = new Int32Array(n);
    this.#wordCost = new Uint8Array(n);
    this.#touched = new Int32Array(n);
    this.#current = new Int32Array(n);
    this.#results = new Int32Array(n);
    this.#score = new Uint16Array(n);
  }

  /**
   * Orders the catalogue for ties of cost: more popular first, then shorter names, then catalogue order. Sets the rank of
   * each position and its inverse (the position holding each rank), used to walk the catalogue in rank order.
   */
  #setRanks(popularity: ReadonlyMap<number, number>): void {
    const n = this.#ids.length;
    const order = Array.from({ length: n }, (_, position) => position);
    const score = (position: number) => popularity.get(this.#ids[position] as number) ?? 0;
    const lengths = this.#nameLengths;
    order.sort((a, b) => score(b) - score(a) || (lengths[a] as number) - (lengths[b] as number) || a - b);
    const rankOf = new Int32Array(n);
    order.forEach((position, rank) => (rankOf[position] = rank));
    this.#rankOf = rankOf;
    this.#positionOfRank = Int32Array.from(order);
  }

  /** Number of public cocktails held. */
  get size(): number {
    return this.#ids.length;
  }

  /** Number of distinct terms in the vocabulary. */
  get termCount(): number {
    return this.#terms.termCount;
  }

  /** Replaces the popularity figures (members who saved each cocktail), e.g. after a periodic re-read. */
  setPopularity(popularity: ReadonlyMap<number, number>): void {
    this.#setRanks(popularity);
  }

  /** Cocktails holding `term` in any field (0 when unknown). */
  frequency(term: string): number {
    return this.#terms.postings(term)?.docs ?? 0;
  }

  /**
   * The vocabulary terms a query word matches, each once (search-term-index.ts TermIndex.candidates: the word, its
   * continuations when `prefix`, its fuzzy neighbours and swaps, typo'd starts when `prefix`, then words of names holding
   * it as 'infix'); remembered per word and `prefix`.
   */
  candidates(word: string, prefix: boolean): TermCandidate[] {
    return this.#wordPlan(word, prefix).candidates;
  }

  /** A word's candidates with their postings and the cost of each field (search-terms.ts placeCost), remembered. */
  #wordPlan(word: string, prefix: boolean): WordPlan {
    const key = `${prefix ? 'p' : 'w'}:${word}`;
    const known = this.#planCache.get(key);
    if (known) return known;
    const candidates = this.#terms.candidates(word, prefix);
    const solid = hasSolidMatch(candidates);
    let size = 0;
    const entries = candidates.map((candidate) => {
      const postings = this.#terms.postings(candidate.term) as Postings;
      const costs = TERM_FIELDS.map((field) => placeCost(candidate.match, field, solid) ?? NO_COST);
      if (costs[0] !== NO_COST) size += postings.name.length;
      if (costs[1] !== NO_COST) size += postings.fields.length;
      if (costs[2] !== NO_COST) size += postings.description.length;
      return { postings, costs };
    });
    const plan = { candidates, entries, size };
    this.#planCache.set(key, plan);
    return plan;
  }

  /**
   * Cocktails matching every word of `q`, with their rank cost in the score buffer. Each word counts at its best place
   * (search-terms.ts placeCost: infixes in names only; typos in descriptions not when the word itself is in the
   * catalogue). The word with the fewest postings goes first; each next word either touches its postings (few) or checks
   * the cocktails still matched against their own terms (the forward index), whichever is less work.
   * @returns the query's words, the positions, and per word its candidates; null for an empty query (everything matches
   *   at cost 0).
   */
  #matchText(q: string): { words: string[]; positions: Int32Array; candidates: TermCandidate[][] } | null {
    const words = queryWords(q);
    if (words.length === 0) return null;
    const plans = words.map((word, i) => this.#wordPlan(word, i === words.length - 1));
    const candidatesPerWord = plans.map((plan) => plan.candidates);
    const entriesPerWord = plans.map((plan) => plan.entries);
    const sizes = plans.map((plan) => plan.size);
    const order = words.map((_, i) => i).sort((a, b) => (sizes[a] as number) - (sizes[b] as number));
    const score = this.#score;
    const current = this.#current;
    let count = -1;
    for (const w of order) {
      const entries = entriesPerWord[w] as WordPlan['entries'];
      const generation = ++this.#generation;
      if (count >= 0 && (sizes[w] as number) > count * FORWARD_CHECK_RATIO) {
        // Check each cocktail still matched against its own terms.
        const termStamp = this.#termStamp;
        const termCost = this.#termCost;
        for (const { postings, costs } of entries) {
          termStamp[postings.id] = generation;
          for (let field = 0; field < TERM_FIELDS.length; field += 1) {
            termCost[postings.id * TERM_FIELDS.length + field] = costs[field] as number;
          }
        }
        const { forwardOffsets: offsets, forwardTerms, forwardFields } = this.#terms;
        const fieldCount = TERM_FIELDS.length;
        let kept = 0;
        for (let k = 0; k < count; k += 1) {
          const position = current[k] as number;
          let best = NO_COST;
          const last = offsets[position + 1] as number;
          for (let e = offsets[position] as number; e < last; e += 1) {
            const term = forwardTerms[e] as number;
            if (termStamp[term] === generation) {
              const cost = termCost[term * fieldCount + (forwardFields[e] as number)] as number;
              if (cost < best) best = cost;
            }
          }
          if (best !== NO_COST) {
            score[position] = (score[position] as number) + best;
            current[kept++] = position;
          }
        }
        count = kept;
      } else {
        const stamp = this.#wordStamp;
        const cost = this.#wordCost;
        const touched = count < 0 ? current : this.#touched;
        let touchedCount = 0;
        for (const { postings, costs } of entries) {
          for (let field = 0; field < TERM_FIELDS.length; field += 1) {
            const fieldCost = costs[field] as number;
            if (fieldCost === NO_COST) continue;
            const list = field === 0 ? postings.name : field === 1 ? postings.fields : postings.description;
            for (let k = 0; k < list.length; k += 1) {
              const position = list[k] as number;
              if (stamp[position] !== generation) {
                stamp[position] = generation;
                cost[position] = fieldCost;
                touched[touchedCount++] = position;
              } else if (fieldCost < (cost[position] as number)) cost[position] = fieldCost;
            }
          }
        }
        if (count < 0) {
          for (let k = 0; k < touchedCount; k += 1) score[current[k] as number] = cost[current[k] as number] as number;
          count = touchedCount;
        } else {
          let kept = 0;
          for (let k = 0; k < count; k += 1) {
            const position = current[k] as number;
            if (stamp[position] === generation) {
              score[position] = (score[position] as number) + (cost[position] as number);
              current[kept++] = position;
            }
          }
          count = kept;
        }
      }
      if (count === 0) break;
    }
    return { words, positions: current.subarray(0, Math.max(0, count)), candidates: candidatesPerWord };
  }

  /**
   * Searches the catalogue: the total, the ids of one page in rank order, a correction when the query needed one, and facet
   * counts when `withFacets`.
   * @param page offset (0-based row index) and limit (rows).
   */
  search(filter: CatalogueFilter, page: { offset: number; limit: number }, withFacets = false): SearchResult {
    const text = this.#matchText(filter.q);
    const results = this.#results;
    const { total, facets } = this.#facets.select(filter, text ? text.positions : null, this.#ids, results, withFacets);

    const matched = results.subarray(0, total);
    const ids = this.#page(matched, text !== null, page);
    let didYouMean: string | null = null;
    if (text && total > 0) {
      let corrected = false;
      const fixed = text.words.map((word, i) => {
        const correction = correctionFor(text.candidates[i] ?? [], (term) => this.frequency(term));
        if (correction === null) return word;
        corrected = true;
        return correction;
      });
      if (corrected) didYouMean = fixed.join(' ');
    }
    const result: SearchResult = { total, ids, didYouMean };
    if (facets) result.facets = facets;
    return result;
  }

  /**
   * The ids of one page of `matched` (positions in catalogue order when `ranked` is false, else in any order with their
   * cost in the score buffer), ordered by cost, then popularity rank, then catalogue order. Only the cost levels that reach
   * into the page are ordered: by sorting their keys when they are few, else by one walk of the catalogue in rank order.
   */
  #page(matched: Int32Array, ranked: boolean, page: { offset: number; limit: number }): number[] {
    const end = Math.min(matched.length, page.offset + page.limit);
    if (page.offset >= end) return [];
    if (!ranked) return Array.from(matched.subarray(page.offset, end), (position) => this.#ids[position] as number);
    const n = this.#ids.length;
    const score = this.#score;
    const rankOf = this.#rankOf;
    const levels = new Int32Array(1 + MAX_WORD_COST * MAX_QUERY_WORDS);
    for (let k = 0; k < matched.length; k += 1) {
      const level = score[matched[k] as number] as number;
      levels[level] = (levels[level] as number) + 1;
    }
    let lastLevel = levels.length - 1;
    let needed = 0;
    for (let level = 0; level < levels.length; level += 1) {
      needed += levels[level] as number;
      if (needed >= end) {
        lastLevel = level;
        break;
      }
    }
    const positionOfRank = this.#positionOfRank;
    let ordered: Int32Array;
    if (needed <= SORT_LIMIT) {
      const keys = new Float64Array(needed);
      let count = 0;
      for (let k = 0; k < matched.length; k += 1) {
        const position = matched[k] as number;
        const cost = score[position] as number;
        if (cost <= lastLevel) keys[count++] = cost * n + (rankOf[position] as number);
      }
      keys.sort();
      ordered = Int32Array.from(keys.subarray(0, end), (key) => positionOfRank[key % n] as number);
    } else {
      // Walk the catalogue in rank order, dropping each match into its cost level until the page is complete.
      const generation = ++this.#generation;
      const stamp = this.#wordStamp;
      for (let k = 0; k < matched.length; k += 1) stamp[matched[k] as number] = generation;
      const starts = new Int32Array(lastLevel + 2);
      for (let level = 0; level <= lastLevel; level += 1) {
        starts[level + 1] = (starts[level] as number) + (levels[level] as number);
      }
      const wanted = Int32Array.from(levels.subarray(0, lastLevel + 1));
      wanted[lastLevel] = end - (starts[lastLevel] as number);
      const filled = new Int32Array(lastLevel + 1);
      const slots = new Int32Array(end);
      let remaining = end;
      for (let rank = 0; rank < n && remaining > 0; rank += 1) {
        const position = positionOfRank[rank] as number;
        if (stamp[position] !== generation) continue;
        const level = score[position] as number;
        if (level > lastLevel || (filled[level] as number) >= (wanted[level] as number)) continue;
        slots[(starts[level] as number) + (filled[level] as number)] = position;
        filled[level] = (filled[level] as number) + 1;
        remaining -= 1;
      }
      ordered = slots;
    }
    const out: number[] = [];
    for (let k = page.offset; k < end; k += 1) out.push(this.#ids[ordered[k] as number] as number);
    return out;
  }
}
