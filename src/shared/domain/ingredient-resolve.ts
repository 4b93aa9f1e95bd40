import { splitWords, toSearchKey } from './search-words';

/**
 * Ingredient names as other apps and people write them resolved to the catalogue's ingredients: 'Fresh lime juice',
 * 'tequila blanco', 'Tanqueray London dry gin', 'Angostura', 'maraschino cherries'. What cannot be resolved is kept as a
 * new, free-text ingredient the user can map later: resolving never refuses a line (docs/domain.md "Reading ingredient
 * lines").
 */

/** A catalogue ingredient as the resolver reads it. */
export interface ResolvableIngredient {
  id: number;
  name: string;
  aliases: readonly string[];
  /** Names of the broader ingredients above it, nearest first (Bourbon: American whiskey, Whiskey). */
  broader?: readonly string[];
  /** Its catalogue category ('Syrups'): a name may add the category's word ('grenadine syrup'). */
  category?: string;
}

/** The word a name may add for each category ('Grenadine syrup', 'Maraschino liqueur', 'Peychaud's bitters'). */
const CATEGORY_WORDS: Record<string, string> = {
  Liqueurs: 'liqueur',
  Syrups: 'syrup',
  Juices: 'juice',
  Bitters: 'bitters',
  Wine: 'wine',
  'Fortified wine': 'wine',
};

/**
 * Words that make another product of the kind they precede ('candied ginger' is not ginger, 'dried orange' not an
 * orange): a name ending in a catalogue name is not read as that name when one of these comes before it.
 */
const OTHER_PRODUCT = new Set(['candied', 'dried', 'dehydrated', 'frozen', 'pickled', 'powdered', 'ground', 'smoked']);

/**
 * How a name was resolved: 'exact' (the name itself, case, accents, plurals and descriptive words like 'fresh' aside),
 * 'alias' (one of its aliases, or its words in another order), 'fuzzy' (a typo, or a longer name that holds it, such as
 * a brand before the kind) or 'new' (not in the catalogue).
 */
export type ResolveMatch = 'exact' | 'alias' | 'fuzzy' | 'new';

/** The answer for one name. */
export interface Resolution {
  /** The catalogue ingredient, or null when `match` is 'new'. */
  ingredientId: number | null;
  /** The catalogue's name, or the text as written for a new one. */
  name: string;
  match: ResolveMatch;
  /** Words before the kind that name a brand or a style ('Tanqueray' in 'Tanqueray London dry gin'), or null. */
  brand: string | null;
}

/** Words that describe a pour rather than name it: dropped before resolving ('fresh lime juice' is lime juice). */
const DESCRIPTIVE = new Set([
  'fresh',
  'freshly',
  'squeezed',
  'pressed',
  'chilled',
  'cold',
  'iced',
  'good',
  'quality',
  'premium',
  'large',
  'small',
  'medium',
  'organic',
  'your',
  'choice',
  'preferred',
  'of',
  'the',
  'a',
  'an',
  'some',
]);

/** Count words that are a line's unit, not part of a name ('lime wedges' names lime). */
const COUNT_WORDS = new Set([
  'wedge',
  'slice',
  'wheel',
  'leaf',
  'sprig',
  'cube',
  'twist',
  'peel',
  'piece',
  'zest',
  'strip',
]);

/** A word's singular: 'leaves' -> 'leaf', 'cherries' -> 'cherry', 'limes' -> 'lime', 'bitters' and 'grass' kept. */
export function singularWord(word: string): string {
  if (word.length <= 3 || /(?:ss|us|is)$/.test(word) || word === 'bitters') return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ves')) return `${word.slice(0, -3)}f`;
  if (/(?:ches|shes|xes|oes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Spellings that name the same thing: the Scots and the Irish spelling of whisky. */
const SAME_WORD: Record<string, string> = { whiskey: 'whisky' };

/** The words a name is compared by: folded, singular, one spelling, descriptive words dropped. */
function keyWords(text: string): string[] {
  return splitWords(toSearchKey(text))
    .map((word) => {
      const singular = singularWord(word);
      return SAME_WORD[singular] ?? singular;
    })
    .filter((word) => !DESCRIPTIVE.has(word));
}

/** Edit distance of two short strings (Levenshtein), stopping early past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Typos forgiven in a name of `length` characters: none below 5, one up to 8, two from 9. */
function typosAllowed(length: number): number {
  return length < 5 ? 0 : length < 9 ? 1 : 2;
}

interface Entry {
  ingredient: ResolvableIngredient;
  key: string;
  words: string[];
  sorted: string;
  isAlias: boolean;
  /** Words of the broader ingredients' names: a trade name may add them ('bourbon whiskey'). */
  family: Set<string>;
}

/**
 * A resolver over `ingredients`, built once (indexes of their names and aliases) and then asked per name. Order of the
 * tries: the whole name, then an alias (exact after folding); the same words in another order; a typo of a name or alias;
 * a name with words of its broader ingredients added ('bourbon whiskey'); the longest name or alias that ends the text,
 * when the words before it are no catalogue word or another name of it (kept as the brand: 'Tanqueray London dry gin',
 * 'Bacardi white rum'). Count words are dropped ('lime wedges').
 */
export function createIngredientResolver(ingredients: readonly ResolvableIngredient[]): (text: string) => Resolution {
  const entries: Entry[] = [];
  for (const ingredient of ingredients) {
    for (const [text, isAlias] of [
      [ingredient.name, false] as const,
      ...ingredient.aliases.map((a) => [a, true] as const),
    ]) {
      const words = keyWords(text);
      if (words.length === 0) continue;
      const categoryWord = ingredient.category ? CATEGORY_WORDS[ingredient.category] : undefined;
      const family = new Set([
        ...(ingredient.broader ?? []).flatMap(keyWords),
        ...(categoryWord ? [categoryWord] : []),
      ]);
      entries.push({ ingredient, key: words.join(' '), words, sorted: [...words].sort().join(' '), isAlias, family });
    }
  }
  const vocabulary = new Set(entries.flatMap((entry) => entry.words));
  const byKey = new Map<string, Entry>();
  const bySorted = new Map<string, Entry>();
  // Names win over aliases for the same key (two ingredients never share a name).
  for (const entry of [...entries].sort((a, b) => Number(a.isAlias) - Number(b.isAlias))) {
    if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
    if (!bySorted.has(entry.sorted)) bySorted.set(entry.sorted, entry);
  }

  const found = (entry: Entry, match: ResolveMatch, brand: string | null = null): Resolution => ({
    ingredientId: entry.ingredient.id,
    name: entry.ingredient.name,
    match,
    brand,
  });

  return (text: string): Resolution => {
    const written = text.replace(/\s+/g, ' ').trim();
    const fresh: Resolution = { ingredientId: null, name: written, match: 'new', brand: null };
    const words = keyWords(written);
    if (words.length === 0) return fresh;
    const key = words.join(' ');
    const exact = byKey.get(key);
    if (exact) return found(exact, exact.isAlias ? 'alias' : 'exact');
    const reordered = bySorted.get([...words].sort().join(' '));
    if (reordered) return found(reordered, 'alias');

    const allowed = typosAllowed(key.length);
    if (allowed > 0) {
      let best: Entry | null = null;
      let bestDistance = allowed + 1;
      for (const entry of entries) {
        if (entry.key[0] !== key[0]) continue;
        const limit = Math.min(allowed, typosAllowed(entry.key.length));
        const distance = editDistance(key, entry.key, limit);
        if (distance > limit) continue;
        if (distance < bestDistance || (distance === bestDistance && best?.isAlias && !entry.isAlias)) {
          best = entry;
          bestDistance = distance;
        }
      }
      if (best && bestDistance <= allowed) return found(best, 'fuzzy');
    }

    // A name with its family's words added, as trade names say it ('bourbon whiskey', 'cognac brandy').
    const named = words.filter((word) => !COUNT_WORDS.has(word));
    const inText = new Set(named);
    let withFamily: Entry | null = null;
    for (const entry of entries) {
      if (entry.family.size === 0 || !entry.words.every((word) => inText.has(word))) continue;
      if (!named.every((word) => entry.words.includes(word) || entry.family.has(word))) continue;
      if (!withFamily || entry.words.length > withFamily.words.length) withFamily = entry;
    }
    if (withFamily) return found(withFamily, 'alias');

    // The longest name that ends the text ('tanqueray london dry gin' ends with 'london dry gin'), when the words
    // before it are no catalogue word (a brand, not another ingredient: 'orange soda' and 'irish cream' stay new) or
    // another name of the same ingredient.
    let held: { entry: Entry; start: number } | null = null;
    for (const entry of entries) {
      if (entry.words.length > named.length || (held && entry.words.length < held.entry.words.length)) continue;
      const start = named.length - entry.words.length;
      if (!entry.words.every((word, i) => named[start + i] === word)) continue;
      // Words before it that are themselves a name of the same ingredient are its brand ('Noilly Prat dry vermouth').
      const sameIngredient = byKey.get(named.slice(0, start).join(' '))?.ingredient.id === entry.ingredient.id;
      const other = named.slice(0, start).some((word) => vocabulary.has(word) || OTHER_PRODUCT.has(word));
      if (other && !sameIngredient) continue;
      const better =
        !held ||
        entry.words.length > held.entry.words.length ||
        (entry.words.length === held.entry.words.length && held.entry.isAlias && !entry.isAlias);
      if (better) held = { entry, start };
    }
    if (!held) return fresh;
    if (named.length === held.entry.words.length) return found(held.entry, 'exact');
    const before = new Set(named.slice(0, held.start));
    const brandWords = written.split(' ').filter((word) => keyWords(word).some((key) => before.has(key)));
    const brand = brandWords.length ? brandWords.join(' ') : null;
    return found(held.entry, 'fuzzy', brand);
  };
}
