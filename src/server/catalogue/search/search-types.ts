import type { ValueFacetField } from '@/shared/domain/search-facets';

/**
 * What the in-memory search engine (search-engine.ts) reads and answers: its rows, a search's filter, its result and
 * facet counts. A module of their own so the engine and its facet index (search-facet-index.ts) share them without
 * importing each other.
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
