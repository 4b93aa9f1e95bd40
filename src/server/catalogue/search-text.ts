/**
 * Search keys: the normalised text the catalogue search compares. The same function folds the stored text and the user's
 * query, so a match is a plain substring test on both databases: case-insensitive (Unicode lower case) and
 * accent-insensitive ("cachaca" finds "Cachaça"), with runs of white space collapsed to one space.
 */

const COMBINING_MARKS = /\p{M}/gu;
const WHITE_SPACE = /\s+/g;

/** Folds `text` to its search key: NFKD, combining marks removed, lower case, white space collapsed, trimmed. */
export function toSearchKey(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().replace(WHITE_SPACE, ' ').trim();
}

/** The fields of a cocktail that the search looks at, as stored. */
export interface SearchableCocktail {
  name: string;
  base_spirit: string;
  category: string | null;
  description: string;
  technique: string;
  glassware: string;
}

/**
 * Separator between fields in `search_text`: a line feed. Queries are folded by {@link toSearchKey}, which turns every white
 * space (line feeds included) into a space, so no query can match across two fields.
 */
const FIELD_SEPARATOR = '\n';

/**
 * Builds a cocktail's `search_text`: the search keys of its name, base spirit, category, description, technique, glassware
 * and the names of its ingredients (in recipe order, each once), one per line.
 */
export function buildSearchText(cocktail: SearchableCocktail, ingredientNames: readonly string[]): string {
  const parts = [
    cocktail.name,
    cocktail.base_spirit,
    cocktail.category ?? '',
    cocktail.description,
    cocktail.technique,
    cocktail.glassware,
    ...new Set(ingredientNames),
  ];
  return parts
    .map(toSearchKey)
    .filter((part) => part !== '')
    .join(FIELD_SEPARATOR);
}
