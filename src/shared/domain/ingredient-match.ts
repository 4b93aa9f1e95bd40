import { searchTerms } from './search-words';

/**
 * The ingredient type-ahead's matcher, one for the server (`GET /api/ingredients?q=`) and the browser (My Bar's add-bottle
 * box, the batch calculator, a venue's inventory): every typed word must begin a word of the ingredient's name, or of
 * one of its aliases, in any order ('tequila blanco' finds Blanco tequila; 'club soda' Soda water by its alias). Words
 * the name leaves out may name its family, as trade names do: 'bourbon whiskey' finds Bourbon, a kind of whiskey, and
 * 'cognac brandy' Cognac. Words are search-words.ts's: case, accents and apostrophes folded, letters and digits apart.
 */

/** The words an ingredient is matched by: its name's, each alias's, and each broader ingredient's name's. */
export interface IngredientWords {
  name: readonly string[];
  aliases: readonly (readonly string[])[];
  /** The names of the broader ingredients above it (Bourbon: American whiskey, Whiskey), nearest first. */
  family: readonly (readonly string[])[];
}

/** The words of an ingredient's name, aliases and the names of the broader ingredients above it. */
export function ingredientWords(
  name: string,
  aliases: readonly string[],
  broaderNames: readonly string[] = [],
): IngredientWords {
  return {
    name: searchTerms(name),
    aliases: aliases.map((alias) => searchTerms(alias)),
    family: broaderNames.map((broader) => searchTerms(broader)),
  };
}

/**
 * How an ingredient matched, best first: its name begins with the text (the typed words its first words, in order, the
 * last one begun: 'bour', 'london dr'); its name holds every typed word in any order; an alias begins with the text; an
 * alias holds them; its name or an alias holds some of the words and its family's names the others ('bourbon
 * whiskey').
 */
export const INGREDIENT_MATCH = { nameBegins: 0, nameHolds: 1, aliasBegins: 2, aliasHolds: 3, withFamily: 4 } as const;

/** True when the typed `words` are the first words of `text`, the last one begun. */
function begins(text: readonly string[], words: readonly string[]): boolean {
  const last = words.length - 1;
  return (
    text.length >= words.length &&
    words.every((word, i) => (i < last ? text[i] === word : (text[i] as string).startsWith(word)))
  );
}

/** True when every typed word begins some word of `text`. */
function holds(text: readonly string[], words: readonly string[]): boolean {
  return words.every((word) => text.some((textWord) => textWord.startsWith(word)));
}

/** True when some typed word begins a word of `text` and every other begins a word of `text` or of a family name. */
function holdsWithFamily(
  text: readonly string[],
  family: readonly (readonly string[])[],
  words: readonly string[],
): boolean {
  let own = false;
  for (const word of words) {
    if (text.some((textWord) => textWord.startsWith(word))) own = true;
    else if (!family.some((name) => name.some((familyWord) => familyWord.startsWith(word)))) return false;
  }
  return own;
}

/**
 * The rank of an ingredient for the typed `words` (a value of {@link INGREDIENT_MATCH}), or null when it does not match.
 * @param words the typed text's words (searchTerms), at least one.
 */
export function ingredientMatchRank(ingredient: IngredientWords, words: readonly string[]): number | null {
  if (begins(ingredient.name, words)) return INGREDIENT_MATCH.nameBegins;
  if (holds(ingredient.name, words)) return INGREDIENT_MATCH.nameHolds;
  if (ingredient.aliases.some((alias) => begins(alias, words))) return INGREDIENT_MATCH.aliasBegins;
  if (ingredient.aliases.some((alias) => holds(alias, words))) return INGREDIENT_MATCH.aliasHolds;
  if (
    ingredient.family.length > 0 &&
    [ingredient.name, ...ingredient.aliases].some((text) => holdsWithFamily(text, ingredient.family, words))
  ) {
    return INGREDIENT_MATCH.withFamily;
  }
  return null;
}

/**
 * The entries matching the text `q`, best rank first, entries of one rank in their given order (callers pass them in
 * name order).
 * @param wordsOf the words of each entry (compute them once per list: this is called per keystroke).
 * @returns the matching entries; none when `q` holds no word.
 */
export function matchIngredients<T>(entries: readonly T[], wordsOf: (entry: T) => IngredientWords, q: string): T[] {
  const words = searchTerms(q);
  if (words.length === 0) return [];
  const ranked: { entry: T; rank: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const rank = ingredientMatchRank(wordsOf(entry), words);
    if (rank !== null) ranked.push({ entry, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ entry }) => entry);
}
