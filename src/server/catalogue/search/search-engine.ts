import SearchableMap from 'minisearch/SearchableMap';
import { LruCache } from '../../lib/lru-cache';
import { parseStringList } from '../read-model';
import { LIST_FACET_FIELDS, PREP_TIME_LIMITS, VALUE_FACETS, type ValueFacetField } from '@/shared/domain/search-facets';
import { fuzzyPrefixKeys } from './search-fuzzy-prefix';
import {
  INFIX_MIN_LENGTH,
  MAX_QUERY_WORDS,
  MAX_WORD_COST,
  TERM_FIELDS,
  correctionFor,
  hasSolidMatch,
  infixAllowed,
  pickCandidates,
  placeCost,
  queryWords,
  splitWords,
  transpositions,
  typoAllowance,
  type TermCandidate,
} from './search-terms';

/**
 * The catalogue's in-memory search engine (ADR 001): typo-tolerant, prefix-aware, ranked, faceted.
 *
 * The vocabulary is MiniSearch's radix tree (`SearchableMap`): its `fuzzyGet` (Levenshtein automaton over the tree),
 * `atPrefix` and a fuzzy prefix walk (search-fuzzy-prefix.ts) offer the terms a typed word may mean; search-terms.ts's
 * `pickCandidates` decides which of them match (whole word, prefix of the last word, within the word's typos, swaps of
 * neighbouring letters counting one, or the last word's start within them). Words of names that hold the typed word
 * ('groni' in 'negroni') come from an index of their four-letter pieces. Each term holds three posting lists: the
 * cocktails (by catalogue position: name_key, then id) whose name, other fields or description contain it. MiniSearch's own document index was measured and not used: at 100,000 cocktails it took 4.6 s to
 * build and 60-190 ms to answer a common word, as it scores every match; here a search touches only the posting lists
 * of its terms and sorts only the page it returns.
 *
 * Ranking: a cocktail's cost is the sum over the query's words of the word's best place (search-terms.ts placeCost:
 * whole words and prefixes before typos before infixes, name before other fields before description; a typo in a
 * description does not count when the word itself is in the catalogue); lower first, then more popular first, then
 * shorter names ('negroni' finds Negroni before Kingston Negroni), then catalogue order. An empty query keeps catalogue
 * order. PostgreSQL's path (search.ts) ranks the same way.
 */

/** One public cocktail as the engine reads it (columns of `cocktail`, list columns as JSON text). */
export interface EngineRow {
  id: number;
  name_key: string;
  search_text: string;
  description_key: string;
  base_spirit: string;
  category: string | null;
  glassware: string;
  technique: string;
  strength: string;
  difficulty_level: string;
  /** Minutes. */
  preparation_time: number;
  flavor_profile: string;
  seasonal_tags: string;
  occasion_tags: string;
}

/** A cocktail's recipe ingredients, by id, as the engine reads them. */
export interface RecipeIngredients {
  /** The ingredients its lines name, each once. */
  poured: readonly number[];
  /** Every broader ingredient above those (Bourbon -> American whiskey -> Whiskey) that is not poured itself, each once. */
  broader: readonly number[];
}

/** What to look for. Value facets: OR within one list, AND between lists; empty lists do not filter. */
export interface CatalogueFilter {
  /** The user's text (folded and split here). */
  q: string;
  /** Chosen values per value facet (VALUE_FACETS' fields). */
  values: Partial<Record<ValueFacetField, readonly string[]>>;
  /** Ingredient ids that must all be in the recipe (an ingredient counts for its broader ones: Bourbon is a Whiskey). */
  withIngredients: readonly number[];
  /** Ingredient ids none of which may be in the recipe (broader ones included the same way). */
  withoutIngredients: readonly number[];
  /** Longest preparation time, minutes; null for any. */
  maxPrepMinutes: number | null;
  /** Only these cocktail ids (favorites only, can make only); null for all. */
  onlyIds: ReadonlySet<number> | null;
}

/** A filter that keeps everything and looks for `q`. */
export function textFilter(q: string): CatalogueFilter {
  return { q, values: {}, withIngredients: [], withoutIngredients: [], maxPrepMinutes: null, onlyIds: null };
}

/** Counts per facet value over the results, each facet's own choices left out (so its other values show their counts). */
export interface FacetCounts {
  values: Record<ValueFacetField, Map<string, number>>;
  /** Cocktails in the results holding each ingredient (by id; broader ingredients included). */
  ingredients: Map<number, number>;
  /**
   * Ingredients a result's recipe names (by id): what the ingredient facet lists, so groupings no recipe pours by name
   * (Wine, Liqueur) stay out of it.
   */
  poured: Set<number>;
  /** Per PREP_TIME_LIMITS entry, the cocktails of at most that many minutes. */
  prepTime: Map<number, number>;
}

/** The answer to one search. */
export interface SearchResult {
  /** Every match. */
  total: number;
  /** Cocktail ids of the page asked for, in rank order. */
  ids: number[];
  /** The query with its words corrected, when a word matched only through a typo (and something was found). */
  didYouMean: string | null;
  /** Facet counts, when asked for. */
  facets?: FacetCounts;
}

/** Facet counts while they are being gathered, by code. */
interface FacetTally {
  /** Per facet column (in #facetColumns order), counts by code. */
  values: Int32Array[];
  ingredients: Int32Array;
  /** 1 for each ingredient code a counted result pours. */
  poured: Uint8Array;
  prep: Int32Array;
}

/** Words whose candidates an engine remembers. */
const CANDIDATE_CACHE_ENTRIES = 20_000;
/** Most candidate terms held in that memory in all (a one-letter prefix offers thousands). */
const CANDIDATE_CACHE_TERMS = 1_000_000;

/** A term of digits only. */
const DIGITS_ONLY = /^\p{N}+$/u;

/** Above this many keys to order, a page is taken by a walk in rank order instead of a sort. */
const SORT_LIMIT = 4096;

interface Postings {
  /** The term's number (index into the forward index's term codes). */
  id: number;
  name: Int32Array;
  fields: Int32Array;
  description: Int32Array;
  /** Cocktails holding the term in any field. */
  docs: number;
  /** Entries over the three lists (the work of touching them all). */
  size: number;
}

/** A query word's candidates, each with its postings and its cost per field (NO_COST: not counted there). */
interface WordPlan {
  candidates: TermCandidate[];
  entries: { postings: Postings; costs: number[] }[];
  /** Postings the word would touch (the fields that count only). */
  size: number;
}

/** The one empty posting list every term absent from a field shares (most terms are in one field only). */
const NO_POSTINGS = new Int32Array(0);

/** A growable Int32Array: doubles when full. */
function grown(array: Int32Array, needed: number): Int32Array {
  if (needed <= array.length) return array;
  const next = new Int32Array(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}

/**
 * Builds the term index of a catalogue in two passes, without a JavaScript array per term: `addRow` (in position order)
 * splits each field's key into term ids and appends them to one token stream (a row's terms, each once per field), counting
 * per term and field; `finish` lays each field's postings out in one Int32Array by counting sort (positions ascending, as
 * the stream is in position order) and hands out each term's lists as views of it. The token stream is the forward index
 * as it stands. Keys of the non-name fields repeat across cocktails (the same spirit, glass and ingredients; templated
 * descriptions): each distinct text is split once.
 */
class TermIndexBuilder {
  readonly #ids = new Map<string, number>();
  readonly #terms: string[] = [];
  readonly #idsOfText = new Map<string, Int32Array>();
  /** Per field (TERM_FIELDS order), how many rows hold each term id. */
  #counts: Int32Array[] = [new Int32Array(1024), new Int32Array(1024), new Int32Array(1024)];
  /** Rows holding each term in any field, and the last row counted. */
  #docs: Int32Array = new Int32Array(1024);
  #lastRow = new Int32Array(1024).fill(-1);
  #streamTerms: Int32Array;
  #streamFields: Uint8Array;
  #length = 0;
  readonly #rowOffsets: Int32Array;

  constructor(rows: number) {
    this.#rowOffsets = new Int32Array(rows + 1);
    this.#streamTerms = new Int32Array(Math.max(1024, rows * 32));
    this.#streamFields = new Uint8Array(this.#streamTerms.length);
  }

  /** The term ids of `text`, each once, in order of first appearance; cached for repeated texts when `cache`. */
  #termIdsOf(text: string, cache: boolean): Int32Array {
    const known = cache ? this.#idsOfText.get(text) : undefined;
    if (known) return known;
    const ids: number[] = [];
    for (const term of splitWords(text)) {
      let id = this.#ids.get(term);
      if (id === undefined) {
        id = this.#terms.length;
        this.#ids.set(term, id);
        this.#terms.push(term);
        if (id >= this.#docs.length) this.#growTerms();
      }
      if (!ids.includes(id)) ids.push(id);
    }
    const out = Int32Array.from(ids);
    if (cache && this.#idsOfText.size < TEXT_CACHE_ENTRIES) this.#idsOfText.set(text, out);
    return out;
  }

  #growTerms(): void {
    const size = this.#docs.length * 2;
    this.#counts = this.#counts.map((counts) => grown(counts, size));
    this.#docs = grown(this.#docs, size);
    const lastRow = new Int32Array(size).fill(-1);
    lastRow.set(this.#lastRow);
    this.#lastRow = lastRow;
  }

  /** Adds the row at `position` (rows must come in position order, each once). */
  addRow(position: number, nameKey: string, searchText: string, descriptionKey: string): void {
    for (let field = 0; field < 3; field += 1) {
      const text = field === 0 ? nameKey : field === 1 ? searchText : descriptionKey;
      const ids = this.#termIdsOf(text, field !== 0);
      const end = this.#length + ids.length;
      if (end > this.#streamTerms.length) {
        this.#streamTerms = grown(this.#streamTerms, end);
        const fields = new Uint8Array(this.#streamTerms.length);
        fields.set(this.#streamFields);
        this.#streamFields = fields;
      }
      const counts = this.#counts[field] as Int32Array;
      for (let k = 0; k < ids.length; k += 1) {
        const id = ids[k] as number;
        this.#streamTerms[this.#length] = id;
        this.#streamFields[this.#length] = field;
        this.#length += 1;
        counts[id] = (counts[id] as number) + 1;
        if (this.#lastRow[id] !== position) {
          this.#lastRow[id] = position;
          this.#docs[id] = (this.#docs[id] as number) + 1;
        }
      }
    }
    this.#rowOffsets[position + 1] = this.#length;
  }

  /**
   * Lays out the postings and the forward index.
   * @returns the terms by id; `postingsOf(id)`, a term's lists (views of one buffer per field); the forward index (per
   *   position its entries, CSR: term ids and the number, in TERM_FIELDS, of the field holding each).
   */
  finish() {
    const termCount = this.#terms.length;
    const length = this.#length;
    const starts = this.#counts.map((counts) => {
      const offsets = new Int32Array(termCount + 1);
      for (let id = 0; id < termCount; id += 1) offsets[id + 1] = (offsets[id] as number) + (counts[id] as number);
      return offsets;
    });
    const lists = starts.map((offsets) => new Int32Array(offsets[termCount] as number));
    const fill = starts.map((offsets) => offsets.slice(0, termCount));
    const rows = this.#rowOffsets.length - 1;
    for (let position = 0; position < rows; position += 1) {
      const last = this.#rowOffsets[position + 1] as number;
      for (let k = this.#rowOffsets[position] as number; k < last; k += 1) {
        const field = this.#streamFields[k] as number;
        const id = this.#streamTerms[k] as number;
        const cursor = fill[field] as Int32Array;
        const at = cursor[id] as number;
        (lists[field] as Int32Array)[at] = position;
        cursor[id] = at + 1;
      }
    }
    const docs = this.#docs;
    const view = (field: number, id: number): Int32Array => {
      const start = (starts[field] as Int32Array)[id] as number;
      const end = (starts[field] as Int32Array)[id + 1] as number;
      return start === end ? NO_POSTINGS : (lists[field] as Int32Array).subarray(start, end);
    };
    return {
      terms: this.#terms,
      postingsOf: (id: number): Postings => {
        const name = view(0, id);
        const fields = view(1, id);
        const description = view(2, id);
        return {
          id,
          name,
          fields,
          description,
          docs: docs[id] as number,
          size: name.length + fields.length + description.length,
        };
      },
      forwardOffsets: this.#rowOffsets,
      forwardTerms: this.#streamTerms.slice(0, length),
      forwardFields: this.#streamFields.slice(0, length),
    };
  }
}

/**
 * A word whose posting lists hold more than this many entries per cocktail still matched is checked against those
 * cocktails' own terms (the forward index) instead: a cocktail holds about 30 terms, so past that, reading its terms is
 * less work than touching every posting.
 */
const FORWARD_CHECK_RATIO = 32;

/** Most distinct field or description texts whose terms the build remembers (a bound on its temporary memory). */
const TEXT_CACHE_ENTRIES = 50_000;

/** Costs of a place no candidate reaches (a Uint8Array cell). */
const NO_COST = 255;

/** A facet's codes: one per cocktail (single-valued fields) or a list per cocktail (CSR: offsets into values). */
interface FacetColumn {
  vocabulary: string[];
  codes: Map<string, number>;
  /** Single-valued: the code per position. */
  single: Uint8Array | null;
  /** List-valued: codes of position i are values[offsets[i] .. offsets[i + 1]). */
  offsets: Int32Array | null;
  values: Uint8Array | null;
}

/** The catalogue's search engine for one catalogue version. Immutable once built, apart from popularity. */
export class CatalogueSearchEngine {
  readonly #ids: Int32Array;
  /** Every term's postings. */
  readonly #vocabulary = new Map<string, Postings>();
  /**
   * The terms as MiniSearch radix trees, for prefix and fuzzy lookups: terms holding a letter, and terms of digits only
   * (numbers are matched whole or by prefix, never fuzzily, so the fuzzy walk never enters their large subtree).
   */
  readonly #letterTerms = new SearchableMap<true>();
  readonly #numberTerms = new SearchableMap<true>();
  /** The plans of words typed recently (people type the same words in many queries), by word and prefix flag. */
  readonly #planCache = new LruCache<string, WordPlan>(
    CANDIDATE_CACHE_ENTRIES,
    CANDIDATE_CACHE_TERMS,
    (plan) => plan.candidates.length + 1,
  );
  readonly #facets = new Map<ValueFacetField, FacetColumn>();
  /** The same columns as an array, each with its field (for the counting loop). */
  #facetColumns: (FacetColumn & { field: ValueFacetField })[] = [];
  /** Ingredient codes per position (the recipe's ingredients and their broader ones), CSR. */
  readonly #ingredientOffsets: Int32Array;
  readonly #ingredientCodes: Uint16Array;
  /** Per position, how many of its ingredient codes (the first ones) its recipe pours; the rest are broader ones. */
  readonly #pouredCounts: Uint8Array;
  readonly #ingredientIds: number[] = [];
  readonly #ingredientCode = new Map<number, number>();
  readonly #prepMinutes: Uint16Array;
  /**
   * The forward index: per position, the terms it holds (by term id) with the field (its number in TERM_FIELDS) holding
   * each, CSR (entries of position i at forwardOffsets[i] .. forwardOffsets[i + 1]); one entry per term and field.
   */
  readonly #forwardOffsets: Int32Array;
  readonly #forwardTerms: Int32Array;
  readonly #forwardFields: Uint8Array;
  /**
   * Per term id, the search generation that chose it, and then its rank cost per field (term id * 3 + field; NO_COST
   * where it does not count), for forward checks.
   */
  readonly #termStamp: Int32Array;
  readonly #termCost: Uint8Array;
  /**
   * Words of names holding a letter, with at least INFIX_MIN_LENGTH of them (the terms a typed word can sit inside), and
   * per piece of INFIX_MIN_LENGTH letters the indexes of those words holding it.
   */
  readonly #nameWords: string[] = [];
  readonly #nameWordsByPiece = new Map<string, Int32Array>();
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
    this.#ids = new Int32Array(n);
    this.#prepMinutes = new Uint16Array(n);
    const index = new TermIndexBuilder(n);
    for (const facet of VALUE_FACETS) {
      const list = LIST_FACET_FIELDS.includes(facet.field);
      this.#facets.set(facet.field, {
        vocabulary: [],
        codes: new Map(),
        single: list ? null : new Uint8Array(n),
        offsets: list ? new Int32Array(n + 1) : null,
        values: null,
      });
    }
    const listValues = new Map<ValueFacetField, number[]>(LIST_FACET_FIELDS.map((field) => [field, []]));
    // Per list facet, the codes of each distinct JSON text (the same few lists repeat across the catalogue: each is
    // parsed once).
    const listCodes = new Map<ValueFacetField, Map<string, number[]>>(
      LIST_FACET_FIELDS.map((field) => [field, new Map()]),
    );
    const singleColumns = [...this.#facets].filter(([, column]) => column.single !== null);
    const listColumns = [...this.#facets]
      .filter(([, column]) => column.single === null)
      .map(([field, column]) => ({
        field,
        column,
        out: listValues.get(field) as number[],
        known: listCodes.get(field) as Map<string, number[]>,
      }));
    const ingredientCodes: number[] = [];
    this.#ingredientOffsets = new Int32Array(n + 1);
    this.#pouredCounts = new Uint8Array(n);

    rows.forEach((row, position) => {
      const id = Number(row.id);
      this.#ids[position] = id;
      this.#prepMinutes[position] = Math.min(65535, Math.max(0, Number(row.preparation_time)));
      index.addRow(position, row.name_key, row.search_text, row.description_key);
      for (const [field, column] of singleColumns) {
        (column.single as Uint8Array)[position] = this.#codeOf(column, String(row[field as keyof EngineRow] ?? ''));
      }
      for (const { field, column, out, known } of listColumns) {
        const json = row[field as 'flavor_profile'];
        let codes = known.get(json);
        if (!codes) {
          codes = [...new Set(parseStringList(json))].map((value) => this.#codeOf(column, value));
          if (known.size < TEXT_CACHE_ENTRIES) known.set(json, codes);
        }
        for (let k = 0; k < codes.length; k += 1) out.push(codes[k] as number);
        (column.offsets as Int32Array)[position + 1] = out.length;
      }
      const recipe = ingredientsOf.get(id);
      if (recipe) {
        this.#pouredCounts[position] = Math.min(255, recipe.poured.length);
        for (const ingredientId of recipe.poured) ingredientCodes.push(this.#ingredientCodeOf(ingredientId));
        for (const ingredientId of recipe.broader) ingredientCodes.push(this.#ingredientCodeOf(ingredientId));
      }
      this.#ingredientOffsets[position + 1] = ingredientCodes.length;
    });
    for (const [field, out] of listValues) (this.#facets.get(field) as FacetColumn).values = Uint8Array.from(out);
    this.#ingredientCodes = Uint16Array.from(ingredientCodes);
    this.#facetColumns = [...this.#facets].map(([field, column]) => Object.assign(column, { field }));

    const built = index.finish();
    built.terms.forEach((term, id) => {
      (DIGITS_ONLY.test(term) ? this.#numberTerms : this.#letterTerms).set(term, true);
      this.#vocabulary.set(term, built.postingsOf(id));
    });
    this.#termStamp = new Int32Array(built.terms.length);
    this.#termCost = new Uint8Array(built.terms.length * TERM_FIELDS.length);
    this.#forwardOffsets = built.forwardOffsets;
    this.#forwardTerms = built.forwardTerms;
    this.#forwardFields = built.forwardFields;
    this.#indexNameWords();
    this.#nameLengths = Int32Array.from(rows, (row) => row.name_key.length);
    this.#setRanks(popularity);
    this.#wordStamp = new Int32Array(n);
    this.#wordCost = new Uint8Array(n);
    this.#touched = new Int32Array(n);
    this.#current = new Int32Array(n);
    this.#results = new Int32Array(n);
    this.#score = new Uint16Array(n);
  }

  /** The code of an ingredient id (codes are handed out in order of first appearance). */
  #ingredientCodeOf(ingredientId: number): number {
    let code = this.#ingredientCode.get(ingredientId);
    if (code === undefined) {
      code = this.#ingredientIds.length;
      this.#ingredientIds.push(ingredientId);
      this.#ingredientCode.set(ingredientId, code);
    }
    return code;
  }

  #codeOf(column: FacetColumn, value: string): number {
    let code = column.codes.get(value);
    if (code === undefined) {
      code = Math.min(255, column.vocabulary.length);
      if (code < 255) {
        column.vocabulary.push(value);
        column.codes.set(value, code);
      }
    }
    return code;
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
    return this.#vocabulary.size;
  }

  /** Replaces the popularity figures (members who saved each cocktail), e.g. after a periodic re-read. */
  setPopularity(popularity: ReadonlyMap<number, number>): void {
    this.#setRanks(popularity);
  }

  /** Cocktails holding `term` in any field (0 when unknown). */
  frequency(term: string): number {
    return this.#vocabulary.get(term)?.docs ?? 0;
  }

  /**
   * The vocabulary terms a query word matches, each once (see search-terms.ts pickCandidates), offered by the radix tree:
   * the word, its continuations when `prefix`, its fuzzy neighbours within its typo allowance (swaps of neighbouring
   * letters included: a Levenshtein search counts a swap as two edits, so swapped spellings are looked up too) and, when
   * `prefix`, the terms whose start is within it; then, as 'infix', the words of names holding the word that matched no
   * other way.
   */
  candidates(word: string, prefix: boolean): TermCandidate[] {
    return this.#wordPlan(word, prefix).candidates;
  }

  /** A word's candidates with their postings and the cost of each field (search-terms.ts placeCost), remembered. */
  #wordPlan(word: string, prefix: boolean): WordPlan {
    const key = `${prefix ? 'p' : 'w'}:${word}`;
    const known = this.#planCache.get(key);
    if (known) return known;
    const candidates = this.#findCandidates(word, prefix);
    const solid = hasSolidMatch(candidates);
    let size = 0;
    const entries = candidates.map((candidate) => {
      const postings = this.#vocabulary.get(candidate.term) as Postings;
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

  #findCandidates(word: string, prefix: boolean): TermCandidate[] {
    const offered: string[] = [];
    const vocabulary = this.#vocabulary;
    if (vocabulary.has(word)) offered.push(word);
    if (prefix) {
      for (const tree of [this.#letterTerms, this.#numberTerms]) {
        for (const term of tree.atPrefix(word).keys()) offered.push(term);
      }
    }
    const allowance = typoAllowance(word);
    // A word that is itself a term is not read as a typo'd start (pickCandidates): then only whole terms are looked up.
    if (allowance > 0 && prefix && !vocabulary.has(word)) {
      // Terms whose start is within the typos hold every term within them as a whole: one walk finds both.
      for (const term of fuzzyPrefixKeys(this.#letterTerms, word, allowance)) offered.push(term);
      for (const swapped of transpositions(word)) {
        for (const term of this.#letterTerms.atPrefix(swapped).keys()) offered.push(term);
      }
    } else if (allowance > 0) {
      for (const term of this.#letterTerms.fuzzyGet(word, allowance).keys()) offered.push(term);
      for (const swapped of transpositions(word)) if (vocabulary.has(swapped)) offered.push(swapped);
    }
    const picked = pickCandidates(word, offered, prefix);
    if (!infixAllowed(word)) return picked;
    const seen = new Set(picked.map((candidate) => candidate.term));
    for (const term of this.#infixTerms(word)) {
      if (!seen.has(term)) picked.push({ term, match: 'infix', distance: 0 });
    }
    return picked;
  }

  /** Indexes the words of names by their pieces of INFIX_MIN_LENGTH letters, for {@link #infixTerms}. */
  #indexNameWords(): void {
    const byPiece = new Map<string, number[]>();
    for (const [term, postings] of this.#vocabulary) {
      if (postings.name.length === 0 || !infixAllowed(term)) continue;
      const index = this.#nameWords.length;
      this.#nameWords.push(term);
      const letters = [...term];
      for (let at = 0; at + INFIX_MIN_LENGTH <= letters.length; at += 1) {
        const piece = letters.slice(at, at + INFIX_MIN_LENGTH).join('');
        let list = byPiece.get(piece);
        if (!list) byPiece.set(piece, (list = []));
        if (list[list.length - 1] !== index) list.push(index);
      }
    }
    for (const [piece, list] of byPiece) this.#nameWordsByPiece.set(piece, Int32Array.from(list));
  }

  /** The words of names that hold `word` (INFIX_MIN_LENGTH letters or more): through its rarest piece, then checked. */
  #infixTerms(word: string): string[] {
    const letters = [...word];
    let rarest: Int32Array | null = null;
    for (let at = 0; at + INFIX_MIN_LENGTH <= letters.length; at += 1) {
      const list = this.#nameWordsByPiece.get(letters.slice(at, at + INFIX_MIN_LENGTH).join(''));
      if (!list) return [];
      if (rarest === null || list.length < rarest.length) rarest = list;
    }
    const out: string[] = [];
    for (const index of rarest ?? []) {
      const term = this.#nameWords[index] as string;
      if (term.includes(word)) out.push(term);
    }
    return out;
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
        const offsets = this.#forwardOffsets;
        const forwardTerms = this.#forwardTerms;
        const forwardFields = this.#forwardFields;
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

  /** The allowed codes of a value facet (null: the facet does not filter). */
  #allowedCodes(field: ValueFacetField, values: readonly string[] | undefined): Uint8Array | null {
    if (!values || values.length === 0) return null;
    const column = this.#facets.get(field) as FacetColumn;
    const allowed = new Uint8Array(256);
    for (const value of values) {
      const code = column.codes.get(value);
      if (code !== undefined) allowed[code] = 1;
    }
    return allowed;
  }

  #holdsAllowed(column: FacetColumn, position: number, allowed: Uint8Array): boolean {
    if (column.single) return allowed[column.single[position] as number] === 1;
    const offsets = column.offsets as Int32Array;
    const values = column.values as Uint8Array;
    for (let k = offsets[position] as number; k < (offsets[position + 1] as number); k += 1) {
      if (allowed[values[k] as number] === 1) return true;
    }
    return false;
  }

  /**
   * Searches the catalogue: the total, the ids of one page in rank order, a correction when the query needed one, and facet
   * counts when `withFacets`.
   * @param page offset (0-based row index) and limit (rows).
   */
  search(filter: CatalogueFilter, page: { offset: number; limit: number }, withFacets = false): SearchResult {
    const text = this.#matchText(filter.q);
    const n = this.#ids.length;
    const positions = text ? text.positions : null;
    const count = positions ? positions.length : n;

    const facetFilters = VALUE_FACETS.map((facet) => ({
      field: facet.field,
      column: this.#facets.get(facet.field) as FacetColumn,
      allowed: this.#allowedCodes(facet.field, filter.values[facet.field]),
    })).filter((entry) => entry.allowed !== null);
    const prepLimit = filter.maxPrepMinutes;
    const required = filter.withIngredients.map((id) => this.#ingredientCode.get(id) ?? -1);
    const excluded = new Set(filter.withoutIngredients.map((id) => this.#ingredientCode.get(id) ?? -1));
    const onlyIds = filter.onlyIds;
    const ingredientOffsets = this.#ingredientOffsets;
    const ingredientCodes = this.#ingredientCodes;

    const counts = withFacets ? this.#emptyCounts() : null;
    const results = this.#results;
    let total = 0;
    // The facet a cocktail fails (-1: none, -2: several); PREP marks the preparation time limit.
    const PREP = facetFilters.length;
    for (let k = 0; k < count; k += 1) {
      const position = positions ? (positions[k] as number) : k;
      if (onlyIds !== null && !onlyIds.has(this.#ids[position] as number)) continue;
      const start = ingredientOffsets[position] as number;
      const end = ingredientOffsets[position + 1] as number;
      if (required.length > 0 || excluded.size > 0) {
        let ok = true;
        for (let r = 0; r < required.length && ok; r += 1) {
          let found = false;
          for (let c = start; c < end; c += 1) {
            if (ingredientCodes[c] === required[r]) {
              found = true;
              break;
            }
          }
          ok = found;
        }
        for (let c = start; c < end && ok; c += 1) if (excluded.has(ingredientCodes[c] as number)) ok = false;
        if (!ok) continue;
      }
      let failed = -1;
      for (let f = 0; f < facetFilters.length; f += 1) {
        const entry = facetFilters[f] as (typeof facetFilters)[number];
        if (!this.#holdsAllowed(entry.column, position, entry.allowed as Uint8Array)) {
          failed = failed === -1 ? f : -2;
          if (failed === -2) break;
        }
      }
      if (failed !== -2 && prepLimit !== null && (this.#prepMinutes[position] as number) > prepLimit) {
        failed = failed === -1 ? PREP : -2;
      }
      if (failed === -2) continue;
      if (failed === -1) results[total++] = position;
      if (counts)
        this.#count(counts, position, failed === -1 ? null : failed === PREP ? 'prep' : facetFilters[failed]?.field);
    }

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
    if (counts) result.facets = this.#toFacetCounts(counts);
    return result;
  }

  #emptyCounts(): FacetTally {
    return {
      values: this.#facetColumns.map(() => new Int32Array(256)),
      ingredients: new Int32Array(this.#ingredientIds.length),
      poured: new Uint8Array(this.#ingredientIds.length),
      prep: new Int32Array(PREP_TIME_LIMITS.length),
    };
  }

  /** Adds one cocktail to the counts: to every facet when `only` is null, else to that facet alone. */
  #count(counts: FacetTally, position: number, only: ValueFacetField | 'prep' | null | undefined): void {
    const columns = this.#facetColumns;
    for (let f = 0; f < columns.length; f += 1) {
      const column = columns[f] as FacetColumn & { field: ValueFacetField };
      if (only !== null && only !== column.field) continue;
      const out = counts.values[f] as Int32Array;
      const single = column.single;
      if (single) {
        const code = single[position] as number;
        out[code] = (out[code] as number) + 1;
      } else {
        const offsets = column.offsets as Int32Array;
        const values = column.values as Uint8Array;
        const last = offsets[position + 1] as number;
        for (let k = offsets[position] as number; k < last; k += 1) {
          const code = values[k] as number;
          out[code] = (out[code] as number) + 1;
        }
      }
    }
    if (only === null || only === 'prep') {
      const minutes = this.#prepMinutes[position] as number;
      for (let i = 0; i < PREP_TIME_LIMITS.length; i += 1) {
        if (minutes <= (PREP_TIME_LIMITS[i] as number)) counts.prep[i] = (counts.prep[i] as number) + 1;
      }
    }
    if (only === null) {
      const first = this.#ingredientOffsets[position] as number;
      const last = this.#ingredientOffsets[position + 1] as number;
      const pouredEnd = first + (this.#pouredCounts[position] as number);
      for (let c = first; c < last; c += 1) {
        const code = this.#ingredientCodes[c] as number;
        counts.ingredients[code] = (counts.ingredients[code] as number) + 1;
        if (c < pouredEnd) counts.poured[code] = 1;
      }
    }
  }

  #toFacetCounts(counts: FacetTally): FacetCounts {
    const values = {} as Record<ValueFacetField, Map<string, number>>;
    this.#facetColumns.forEach((column, f) => {
      const { field } = column;
      const out = counts.values[f] as Int32Array;
      const map = new Map<string, number>();
      column.vocabulary.forEach((value, code) => {
        if ((out[code] as number) > 0) map.set(value, out[code] as number);
      });
      values[field] = map;
    });
    const ingredients = new Map<number, number>();
    this.#ingredientIds.forEach((id, code) => {
      if ((counts.ingredients[code] as number) > 0) ingredients.set(id, counts.ingredients[code] as number);
    });
    const poured = new Set<number>();
    this.#ingredientIds.forEach((id, code) => {
      if (counts.poured[code] === 1) poured.add(id);
    });
    const prepTime = new Map<number, number>();
    PREP_TIME_LIMITS.forEach((limit, i) => prepTime.set(limit, counts.prep[i] as number));
    return { values, ingredients, poured, prepTime };
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
