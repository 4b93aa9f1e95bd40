import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { LruCache } from '../lib/lru-cache';
import type { CatalogueFilter, SearchResult } from './search';

/**
 * An in-memory copy of the public catalogue's search columns, in catalogue order (name_key, then id), used to answer
 * searches without asking the database: a substring test over every search_text takes about 10 ms at 100,000 cocktails
 * whatever the query, where an exact count of a very common term costs the databases several times that.
 *
 * It is only ever a copy: built from the database for one catalogue version, dropped when the version changes, never
 * written to. Catalogues larger than {@link MAX_INDEXED_TEXT_CHARS} are not copied; their searches stay in the database
 * (search.ts), which gives the same answers.
 */

/** Largest total length of search_text copied into memory (characters; about 64 MB of strings). */
export const MAX_INDEXED_TEXT_CHARS = 64 * 1024 * 1024;

/** Match lists remembered per index, in bytes (each is 4 bytes per matching cocktail). */
const MATCH_CACHE_BYTES = 16 * 1024 * 1024;

/** One public cocktail's search columns, as read from the database. */
export interface SearchIndexRow {
  id: number;
  name_key: string;
  search_text: string;
  base_spirit: string;
  category: string | null;
}

/** The search columns of the public catalogue for one version, in catalogue order. */
export class CatalogueSearchIndex {
  readonly #ids: Int32Array;
  readonly #names: string[];
  readonly #texts: string[];
  /** Per cocktail, the code of its base spirit / category (index into the vocabularies below). */
  readonly #spiritCodes: Uint8Array | Uint16Array;
  readonly #categoryCodes: Uint8Array | Uint16Array;
  readonly #spiritVocabulary = new Map<string, number>();
  readonly #categoryVocabulary = new Map<string | null, number>();
  /** Scratch buffer for the non-name matches of one search. */
  readonly #scratch: Int32Array;
  readonly #matches = new LruCache<string, { nameCount: number; ranks: Int32Array }>(
    1000,
    MATCH_CACHE_BYTES,
    (entry) => entry.ranks.byteLength + 64,
  );

  /** @param rows the public catalogue in catalogue order (name_key, then id). */
  constructor(
    readonly version: string,
    rows: readonly SearchIndexRow[],
  ) {
    const n = rows.length;
    this.#ids = new Int32Array(n);
    this.#names = new Array<string>(n);
    this.#texts = new Array<string>(n);
    const codes = (size: number) => (n > 0 && size > 255 ? new Uint16Array(n) : new Uint8Array(n));
    const code = <K>(vocabulary: Map<K, number>, value: K) => {
      let found = vocabulary.get(value);
      if (found === undefined) vocabulary.set(value, (found = vocabulary.size));
      return found;
    };
    const spirits = rows.map((row) => code(this.#spiritVocabulary, row.base_spirit));
    const categories = rows.map((row) => code(this.#categoryVocabulary, row.category));
    this.#spiritCodes = codes(this.#spiritVocabulary.size);
    this.#categoryCodes = codes(this.#categoryVocabulary.size);
    rows.forEach((row, i) => {
      this.#ids[i] = Number(row.id);
      this.#names[i] = row.name_key;
      this.#texts[i] = row.search_text;
      this.#spiritCodes[i] = spirits[i] as number;
      this.#categoryCodes[i] = categories[i] as number;
    });
    this.#scratch = new Int32Array(n);
  }

  /** Number of public cocktails held. */
  get size(): number {
    return this.#ids.length;
  }

  /** Which codes of a vocabulary a filter allows; null when the filter is empty (everything passes). */
  #allowed<K>(vocabulary: Map<K, number>, values: readonly K[]): Uint8Array | null {
    if (values.length === 0) return null;
    const allowed = new Uint8Array(Math.max(1, vocabulary.size));
    for (const value of values) {
      const found = vocabulary.get(value);
      if (found !== undefined) allowed[found] = 1;
    }
    return allowed;
  }

  /** Positions (in catalogue order) of every match, name matches first; cached per query. */
  #match(filter: CatalogueFilter): { nameCount: number; ranks: Int32Array } {
    const key = JSON.stringify([filter.q, filter.spirits, filter.categories]);
    const cached = this.#matches.get(key);
    if (cached) return cached;
    const spirits = this.#allowed(this.#spiritVocabulary, filter.spirits);
    const categories = this.#allowed<string | null>(this.#categoryVocabulary, filter.categories);
    const { q } = filter;
    const texts = this.#texts;
    const names = this.#names;
    const spiritCodes = this.#spiritCodes;
    const categoryCodes = this.#categoryCodes;
    const rest = this.#scratch;
    const first: number[] = [];
    let restCount = 0;
    for (let i = 0; i < texts.length; i += 1) {
      if (spirits !== null && spirits[spiritCodes[i] as number] !== 1) continue;
      if (categories !== null && categories[categoryCodes[i] as number] !== 1) continue;
      if (q === '') first.push(i);
      else if (!(texts[i] as string).includes(q)) continue;
      else if ((names[i] as string).includes(q)) first.push(i);
      else rest[restCount++] = i;
    }
    const ranks = new Int32Array(first.length + restCount);
    ranks.set(first, 0);
    ranks.set(rest.subarray(0, restCount), first.length);
    const entry = { nameCount: first.length, ranks };
    this.#matches.set(key, entry);
    return entry;
  }

  /**
   * Counts the matches of `filter` and returns the ids of one page in rank order (same semantics as searchCatalogue).
   * @param page offset (0-based row index) and limit (rows).
   */
  search(filter: CatalogueFilter, page: { offset: number; limit: number }): SearchResult {
    const { ranks } = this.#match(filter);
    const slice = ranks.subarray(Math.min(page.offset, ranks.length), Math.min(page.offset + page.limit, ranks.length));
    return { total: ranks.length, ids: Array.from(slice, (rank) => this.#ids[rank] as number) };
  }
}

/**
 * Reads the public catalogue's search columns into a new index.
 * @returns the index, or null when the catalogue's text exceeds {@link MAX_INDEXED_TEXT_CHARS}.
 */
export async function buildSearchIndex(db: Kysely<Database>, version: string): Promise<CatalogueSearchIndex | null> {
  const size = await db
    .selectFrom('cocktail')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>(eb.fn('length', ['search_text'])), eb.lit(0)).as('chars'))
    .where('venue_id', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(size.chars) > MAX_INDEXED_TEXT_CHARS) return null;
  const rows = await db
    .selectFrom('cocktail')
    .select(['id', 'name_key', 'search_text', 'base_spirit', 'category'])
    .where('venue_id', 'is', null)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
  return new CatalogueSearchIndex(version, rows);
}

interface IndexState {
  version: string;
  index: CatalogueSearchIndex | null;
  /** The build under way, if any. */
  building: Promise<CatalogueSearchIndex | null> | null;
  /** True when the catalogue was too large to copy: no point retrying for this version. */
  tooLarge: boolean;
}

const states = new WeakMap<object, IndexState>();

/**
 * The search index of `db` for `version`: returned at once when built; otherwise a build starts in the background (once
 * per version) and null is returned, so the caller searches in the database meanwhile.
 */
export function searchIndexFor(db: Kysely<Database>, version: string): CatalogueSearchIndex | null {
  let state = states.get(db);
  if (state && state.version === version) {
    if (state.index || state.building || state.tooLarge) return state.index;
  } else {
    state = { version, index: null, building: null, tooLarge: false };
    states.set(db, state);
  }
  void startBuild(db, state);
  return null;
}

function startBuild(db: Kysely<Database>, state: IndexState): Promise<CatalogueSearchIndex | null> {
  state.building ??= buildSearchIndex(db, state.version).then(
    (index) => {
      state.index = index;
      state.tooLarge = index === null;
      state.building = null;
      return index;
    },
    () => {
      // A failed build (database briefly unavailable) is retried by the next search.
      state.building = null;
      return null;
    },
  );
  return state.building;
}

/**
 * Builds (or waits for) the search index of `db` for `version`. main.ts calls it before listening so the first searches
 * are fast; tests call it to pin the in-memory path.
 * @returns the index, or null when the catalogue is too large to copy or the build failed.
 */
export async function ensureSearchIndex(db: Kysely<Database>, version: string): Promise<CatalogueSearchIndex | null> {
  searchIndexFor(db, version);
  const state = states.get(db) as IndexState;
  return state.index ?? (state.building ? await state.building : null);
}

/** Forgets the index of `db` (after a write in this process). */
export function forgetSearchIndex(db: Kysely<Database>): void {
  states.delete(db);
}
