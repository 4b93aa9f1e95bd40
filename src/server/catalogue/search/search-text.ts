import { toSearchKey } from '@/shared/domain/search-words';

/**
 * Search keys: the normalised text the catalogue search compares. The same function (toSearchKey, shared with the
 * browser) folds the stored text and the user's query: case-insensitive (Unicode lower case) and accent-insensitive
 * ("cachaca" finds "Cachaça"), with runs of white space collapsed to one space. search-terms.ts splits keys into the
 * words the search matches.
 */

export { toSearchKey };

/** The fields of a cocktail that the search looks at, as stored. */
export interface SearchableCocktail {
  name: string;
  base_spirit: string;
  category: string | null;
  description: string;
  technique: string;
  glassware: string;
}

/** Separator between the fields of `search_text`: a line feed (a search term never holds one). */
const FIELD_SEPARATOR = '\n';

/** The stored search columns of a cocktail: what the search engines read and what PostgreSQL matches. */
export interface SearchKeys {
  /** Search key of the name: ordering ('name_key, id' is catalogue order) and the name's terms. */
  name_key: string;
  /**
   * Search keys of the base spirit, category, technique, glassware and the names of its ingredients (recipe order, each
   * once), one per line.
   */
  search_text: string;
  /** Search key of the description. */
  description_key: string;
}

/** Builds a cocktail's search columns from its fields and the names of its ingredients. */
export function buildSearchKeys(cocktail: SearchableCocktail, ingredientNames: readonly string[]): SearchKeys {
  const fields = [
    cocktail.base_spirit,
    cocktail.category ?? '',
    cocktail.technique,
    cocktail.glassware,
    ...new Set(ingredientNames),
  ];
  return {
    name_key: toSearchKey(cocktail.name),
    search_text: fields
      .map(toSearchKey)
      .filter((part) => part !== '')
      .join(FIELD_SEPARATOR),
    description_key: toSearchKey(cocktail.description),
  };
}
