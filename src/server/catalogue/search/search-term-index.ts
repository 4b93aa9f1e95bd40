import SearchableMap from 'minisearch/SearchableMap';
import { fuzzyPrefixKeys } from './search-fuzzy-prefix';
import {
  INFIX_MIN_LENGTH,
  infixAllowed,
  pickCandidates,
  splitWords,
  transpositions,
  typoAllowance,
  type TermCandidate,
} from './search-terms';
import type { EngineRow } from './search-types';

/**
 * The search engine's term index (search-engine.ts): every term of the catalogue's name, other fields and description
 * keys with its posting lists, the forward index (each cocktail's own terms), and the lookups that offer the terms a
 * typed word may mean. The vocabulary is MiniSearch's radix tree (`SearchableMap`): its `fuzzyGet` (Levenshtein
 * automaton over the tree), `atPrefix` and a fuzzy prefix walk (search-fuzzy-prefix.ts); words of names that hold the
 * typed word ('groni' in 'negroni') come from an index of their four-letter pieces.
 */

/** A term's posting lists: the cocktails (by catalogue position, ascending) holding it in each field. */
export interface Postings {
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

/** Most distinct field or description texts whose terms the build remembers (a bound on its temporary memory). */
const TEXT_CACHE_ENTRIES = 50_000;

/** A term of digits only. */
const DIGITS_ONLY = /^\p{N}+$/u;

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

/** The term index of one catalogue. Immutable once built. */
export class TermIndex {
  /** Every term's postings, in order of term id. */
  readonly #postings = new Map<string, Postings>();
  /**
   * The terms as MiniSearch radix trees, for prefix and fuzzy lookups: terms holding a letter, and terms of digits only
   * (numbers are matched whole or by prefix, never fuzzily, so the fuzzy walk never enters their large subtree).
   */
  readonly #letterTerms = new SearchableMap<true>();
  readonly #numberTerms = new SearchableMap<true>();
  /**
   * The forward index: per position, the terms it holds (by term id) with the field (its number in TERM_FIELDS) holding
   * each, CSR (entries of position i at forwardOffsets[i] .. forwardOffsets[i + 1]); one entry per term and field.
   */
  readonly forwardOffsets: Int32Array;
  readonly forwardTerms: Int32Array;
  readonly forwardFields: Uint8Array;
  /**
   * Words of names holding a letter, with at least INFIX_MIN_LENGTH of them (the terms a typed word can sit inside), and
   * per piece of INFIX_MIN_LENGTH letters the indexes of those words holding it.
   */
  readonly #nameWords: string[] = [];
  readonly #nameWordsByPiece = new Map<string, Int32Array>();

  /** @param rows the catalogue in catalogue order (name_key, then id): a row's position is its index here. */
  constructor(rows: readonly EngineRow[]) {
    const builder = new TermIndexBuilder(rows.length);
    rows.forEach((row, position) => builder.addRow(position, row.name_key, row.search_text, row.description_key));
    const built = builder.finish();
    built.terms.forEach((term, id) => {
      (DIGITS_ONLY.test(term) ? this.#numberTerms : this.#letterTerms).set(term, true);
      this.#postings.set(term, built.postingsOf(id));
    });
    this.forwardOffsets = built.forwardOffsets;
    this.forwardTerms = built.forwardTerms;
    this.forwardFields = built.forwardFields;
    this.#indexNameWords();
  }

  /** Number of distinct terms (term ids run from 0 to this, exclusive). */
  get termCount(): number {
    return this.#postings.size;
  }

  /** The postings of `term`; undefined when no cocktail holds it. */
  postings(term: string): Postings | undefined {
    return this.#postings.get(term);
  }

  /**
   * The terms a query word matches, each once (see search-terms.ts pickCandidates), offered by the radix tree: the word,
   * its continuations when `prefix`, its fuzzy neighbours within its typo allowance (swaps of neighbouring letters
   * included: a Levenshtein search counts a swap as two edits, so swapped spellings are looked up too) and, when
   * `prefix`, the terms whose start is within it; then, as 'infix', the words of names holding the word that matched no
   * other way.
   */
  candidates(word: string, prefix: boolean): TermCandidate[] {
    const offered: string[] = [];
    const vocabulary = this.#postings;
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
    for (const [term, postings] of this.#postings) {
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
}
