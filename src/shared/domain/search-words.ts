/**
 * Search words: how text becomes the words the catalogue search and the ingredient type-aheads compare. The server folds
 * the stored text and the query with these; the browser's type-ahead folds the same way, so both agree on what matches.
 */

const COMBINING_MARKS = /\p{M}/gu;
const WHITE_SPACE = /\s+/g;
/** Apostrophes, plain and typographic: dropped, so "Bee’s Knees" reads "bees knees" and "Dark ’n’ Stormy" "dark n stormy". */
const APOSTROPHES = /['`\u2018\u2019\u02bc]/g;

/**
 * Folds `text` to its search key: NFKD, combining marks and apostrophes removed, lower case (Unicode), runs of white
 * space collapsed to one space, trimmed. "Cachaça  AÑEJO" -> "cachaca anejo".
 */
export function toSearchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(APOSTROPHES, '')
    .toLowerCase()
    .replace(WHITE_SPACE, ' ')
    .trim();
}

/**
 * A word: a run of letters or a run of digits. Anything else separates words ('half-and-half' -> 3 words), and so does
 * the change from letters to digits or back ('french75' -> 'french', '75'; '20th' -> '20', 'th'): people type 'French75'
 * for 'French 75', and a number glued to a word is still that number.
 */
const WORD = /\p{L}+|\p{N}+/gu;

/** The words of an already folded search key ({@link toSearchKey}), in order, repeats kept. */
export function splitWords(key: string): string[] {
  return key.match(WORD) ?? [];
}

/**
 * The search terms of `text`: its search key split into words ({@link splitWords}), in order, repeats kept.
 * 'Crème de Cassis' -> ['creme', 'de', 'cassis']; 'French75' -> ['french', '75'].
 */
export function searchTerms(text: string): string[] {
  return splitWords(toSearchKey(text));
}
