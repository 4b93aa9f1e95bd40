import { parseStringList } from '../read-model';
import { LIST_FACET_FIELDS, PREP_TIME_LIMITS, VALUE_FACETS, type ValueFacetField } from '@/shared/domain/search-facets';
import type { CatalogueFilter, EngineRow, FacetCounts, RecipeIngredients } from './search-types';

/**
 * The search engine's facet index (search-engine.ts): per cocktail position, its code in each value facet, its
 * ingredients (poured, then broader) and its preparation time. It keeps the text matches that pass a filter's facets,
 * ingredients, time and ids, and counts the facets over them, each facet as if its own choices were not made (see
 * docs/search.md).
 */

/** Most distinct JSON list texts per list facet whose codes the build remembers (a bound on its temporary memory). */
const LIST_CACHE_ENTRIES = 50_000;

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

/** Facet counts while they are being gathered, by code. */
interface FacetTally {
  /** Per facet column (in #facetColumns order), counts by code. */
  values: Int32Array[];
  ingredients: Int32Array;
  /** 1 for each ingredient code a counted result pours. */
  poured: Uint8Array;
  prep: Int32Array;
}

/** The facet values, ingredients and preparation times of one catalogue, by position. Immutable once built. */
export class FacetIndex {
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
   * @param rows the catalogue in catalogue order (name_key, then id): a row's position is its index here.
   * @param ingredientsOf per cocktail id, its recipe's ingredients and the broader ones above them.
   */
  constructor(rows: readonly EngineRow[], ingredientsOf: ReadonlyMap<number, RecipeIngredients>) {
    const n = rows.length;
    this.#prepMinutes = new Uint16Array(n);
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
      this.#prepMinutes[position] = Math.min(65535, Math.max(0, Number(row.preparation_time)));
      for (const [field, column] of singleColumns) {
        (column.single as Uint8Array)[position] = this.#codeOf(column, String(row[field as keyof EngineRow] ?? ''));
      }
      for (const { field, column, out, known } of listColumns) {
        const json = row[field as 'flavor_profile'];
        let codes = known.get(json);
        if (!codes) {
          codes = [...new Set(parseStringList(json))].map((value) => this.#codeOf(column, value));
          if (known.size < LIST_CACHE_ENTRIES) known.set(json, codes);
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
   * Keeps the matched positions that pass `filter`'s facet values, ingredients, preparation time and ids (its text aside),
   * in the order given, and counts the facets over them when `withFacets` (each facet also over the positions that fail
   * only that facet, so its other values show their counts).
   * @param positions the text's matches (positions, any order); null for every position.
   * @param ids the cocktail id per position (for `filter.onlyIds`).
   * @param results where the kept positions go, from index 0 (as long as the catalogue).
   * @returns how many positions were kept, and the facet counts (null unless `withFacets`).
   */
  select(
    filter: CatalogueFilter,
    positions: Int32Array | null,
    ids: Int32Array,
    results: Int32Array,
    withFacets: boolean,
  ): { total: number; facets: FacetCounts | null } {
    const count = positions ? positions.length : ids.length;
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
    let total = 0;
    // The facet a cocktail fails (-1: none, -2: several); PREP marks the preparation time limit.
    const PREP = facetFilters.length;
    for (let k = 0; k < count; k += 1) {
      const position = positions ? (positions[k] as number) : k;
      if (onlyIds !== null && !onlyIds.has(ids[position] as number)) continue;
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
    return { total, facets: counts ? this.#toFacetCounts(counts) : null };
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
}
