import { searchTerms } from '@/shared/domain/search-words';

/**
 * Words of the catalogue search: how text becomes search terms, how many typos a word forgives, and how far
 * apart two words are. The in-memory engine (search-engine.ts) and the PostgreSQL path (search.ts) both use these, so the
 * two agree on what a query means.
 */

// A text's terms: runs of letters and runs of digits of its search key ('French75' -> 'french', '75'), shared with the
// browser's type-ahead.
export { searchTerms, splitWords } from '@/shared/domain/search-words';

/**
 * Words a query ignores when it has others: the connector people type where names use '&' ('gin and tonic' finds
 * 'Gin & Tonic'; '&' is punctuation and never a term).
 */
const CONNECTORS = new Set(['and']);

/** Most words of one query that are matched (a longer query keeps its first {@link MAX_QUERY_WORDS}). */
export const MAX_QUERY_WORDS = 8;

/**
 * The words of a query as the search matches them: {@link searchTerms}, connectors dropped unless they are all there is,
 * at most {@link MAX_QUERY_WORDS}.
 */
export function queryWords(q: string): string[] {
  const words = searchTerms(q);
  const meaningful = words.filter((word) => !CONNECTORS.has(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_QUERY_WORDS);
}

const HAS_DIGIT = /\p{N}/u;

/** Shortest words that forgive one typo, and two (5 and 9 letters). */
export const ONE_TYPO_MIN_LENGTH = 5;
export const TWO_TYPOS_MIN_LENGTH = 9;

/**
 * Typos a query word forgives: 2 from {@link TWO_TYPOS_MIN_LENGTH} letters, 1 from {@link ONE_TYPO_MIN_LENGTH}, else 0;
 * none for a number ('75', '12345': a number mistyped is another number).
 */
export function typoAllowance(word: string): number {
  if (HAS_DIGIT.test(word)) return 0;
  const length = [...word].length;
  return length >= TWO_TYPOS_MIN_LENGTH ? 2 : length >= ONE_TYPO_MIN_LENGTH ? 1 : 0;
}

/**
 * Typos between two words: the Levenshtein distance (one insertion, deletion or substitution each count one), except
 * that a word one swap of two neighbouring letters away counts one too ('negorni' is one typo from 'negroni'). A swap
 * together with another typo counts as Levenshtein does (three for a swap and one more edit), which keeps the lookup in
 * the radix tree to one fuzzy search plus the swapped spellings. Compares code points.
 * @param max the largest distance of interest; larger distances are reported as `max + 1` (and computed no further).
 * @returns 0..max, or max + 1.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  if (max >= 1 && isOneSwap(s, t)) return 1;
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  let current = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  const distance = previous[t.length] as number;
  return distance > max ? max + 1 : distance;
}

/** True when swapping one pair of neighbouring letters of `s` gives `t`. */
function isOneSwap(s: readonly string[], t: readonly string[]): boolean {
  if (s.length !== t.length) return false;
  let first = -1;
  for (let i = 0; i < s.length; i += 1) {
    if (s[i] === t[i]) continue;
    if (first !== -1) {
      return (
        i === first + 1 && s[first] === t[i] && s[i] === t[first] && s.slice(i + 1).join('') === t.slice(i + 1).join('')
      );
    }
    first = i;
  }
  return false;
}

/** Every word one swap of two neighbouring letters away from `word` (what a Levenshtein search counts as two typos). */
export function transpositions(word: string): string[] {
  const letters = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i += 1) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1] as string, swapped[i] as string];
    out.add(swapped.join(''));
  }
  return [...out];
}

/**
 * Typos between `word` and the closest start of `term` (the last word, still being typed: 'marge' is one typo from
 * 'marga', the start of 'margarita'): the least {@link typoDistance} between `word` and a prefix of `term`, a lone swap
 * of neighbouring letters counting one ('negor' -> 'negro').
 * @param max the largest distance of interest; larger distances are reported as `max + 1`.
 * @returns 0..max, or max + 1.
 */
export function prefixTypoDistance(word: string, term: string, max: number): number {
  const s = [...word];
  const t = [...term];
  if (t.length < s.length - max) return max + 1;
  if (max >= 1 && t.length >= s.length && isOneSwap(s, t.slice(0, s.length))) return 1;
  // Levenshtein rows over the term's letters; column i is the distance to the word's first i letters.
  const columns = s.length + 1;
  let previous = Array.from({ length: columns }, (_, i) => i);
  let current = new Array<number>(columns).fill(0);
  let best = s.length <= max ? s.length : max + 1;
  const last = Math.min(t.length, s.length + max);
  for (let j = 1; j <= last; j += 1) {
    current[0] = j;
    let rowMin = j;
    for (let i = 1; i < columns; i += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[i] as number) + 1,
        (current[i - 1] as number) + 1,
        (previous[i - 1] as number) + cost,
      );
      current[i] = value;
      if (value < rowMin) rowMin = value;
    }
    const whole = current[s.length] as number;
    if (whole < best) best = whole;
    if (rowMin > max || best === 0) break;
    [previous, current] = [current, previous];
  }
  return best > max ? max + 1 : best;
}

/** Shortest word matched inside longer words of names ('groni' in 'negroni'); shorter fragments are in too many words. */
export const INFIX_MIN_LENGTH = 4;

/** True when `word` is matched inside the words of cocktail names: {@link INFIX_MIN_LENGTH} letters or more, no digit. */
export function infixAllowed(word: string): boolean {
  return !HAS_DIGIT.test(word) && [...word].length >= INFIX_MIN_LENGTH;
}

/**
 * How a vocabulary term matched a query word: the word itself; a longer word it starts (the last word, as typed); within
 * its typos ({@link typoAllowance}); a term whose start is within them (the last word: 'marge' -> 'margarita'); a name's
 * term that holds it ('groni' in 'negroni', names only).
 */
export type TermMatch = 'exact' | 'prefix' | 'typo' | 'typo-prefix' | 'infix';

/**
 * Where in a cocktail a term was found, best first: its name; its base spirit, category, technique, glassware or an
 * ingredient's name; its description.
 */
export type TermField = 'name' | 'fields' | 'description';

/** The fields in order of preference (the engine's field numbers index it). */
export const TERM_FIELDS: readonly TermField[] = ['name', 'fields', 'description'];

/**
 * The rank cost of one query word found in one place (lower ranks first; a cocktail's cost is the sum over the query's
 * words, each at its best place): FIELD_COST of the field plus MATCH_COST of the match. Whole words and prefixes come
 * first, in any field (name 0, other fields 3, description 6: 'gin' ranks gin cocktails, whose ingredient is the word gin
 * (3), before ginger ones (4)); then typos (8, a typo'd start 9), so a word typed right finds its own matches before
 * words it resembles, as the typo criterion leads Algolia's and Meilisearch's default ranking; then words of names that
 * only hold the typed text (10). See {@link placeCost} for the places that do not count.
 */
export const FIELD_COST: Record<TermField, number> = { name: 0, fields: 3, description: 6 };
export const MATCH_COST: Record<TermMatch, number> = { exact: 0, prefix: 1, typo: 8, 'typo-prefix': 9, infix: 10 };

/** True for the matches that correct a word (a typo, or a typo in the start of the last word). */
export function isTypo(match: TermMatch): boolean {
  return match === 'typo' || match === 'typo-prefix';
}

/** True when some candidate is the word itself or (the last word) a term it begins: the word is not a typo. */
export function hasSolidMatch(candidates: readonly TermCandidate[]): boolean {
  return candidates.some((candidate) => candidate.match === 'exact' || candidate.match === 'prefix');
}

/**
 * The rank cost of a word found through a term matched as `match` in `field`, or null when that place does not count:
 * - infix matches count in names only;
 * - a typo in a description does not count when the word itself (or, last, a term it begins) is in the catalogue
 *   (`solid`): descriptions are long prose where a correctly typed word resembles unrelated words ('pisco' and the
 *   'disco era' of the Kamikaze). Algolia's `typoTolerance: min` likewise keeps only the fewest typos there are.
 */
export function placeCost(match: TermMatch, field: TermField, solid: boolean): number | null {
  if (match === 'infix' && field !== 'name') return null;
  if (solid && field === 'description' && isTypo(match)) return null;
  return FIELD_COST[field] + MATCH_COST[match];
}

/** Highest cost one word can add (a typo'd start in a description). */
export const MAX_WORD_COST = Math.max(
  ...TERM_FIELDS.flatMap((field) =>
    (Object.keys(MATCH_COST) as TermMatch[]).map((match) => placeCost(match, field, false) ?? 0),
  ),
);

/** One vocabulary term a query word matched, and how. */
export interface TermCandidate {
  term: string;
  match: TermMatch;
  /** Typos between the word and the term, or the start of it (0 for exact, prefix and infix). */
  distance: number;
}

/**
 * Picks the terms a query word matches out of a vocabulary's offers: the word itself, terms it is a prefix of (only when
 * `prefix`: the last word, still being typed), terms within its {@link typoAllowance} (typoDistance), and (when
 * `prefix`, and the word is not itself a term) terms whose start is within it (prefixTypoDistance: a word typed whole
 * and right, 'pisco', is not also read as a typo'd start of 'picon'). Both engines feed it their own offers (the radix
 * tree's lookups; PostgreSQL's trigram similarity and patterns), and this one function decides, so they agree. Infix
 * matches are not picked here: each engine finds them in names itself.
 * @param offered candidate terms (any superset of the real matches, the word itself among them when it is a term;
 *   repeats allowed).
 * @returns each matching term once with its best match kind, in no particular order.
 */
export function pickCandidates(word: string, offered: Iterable<string>, prefix: boolean): TermCandidate[] {
  const terms = [...offered];
  const allowance = typoAllowance(word);
  const typoStarts = prefix && !terms.includes(word);
  const out = new Map<string, TermCandidate>();
  for (const term of terms) {
    if (out.has(term)) continue;
    if (term === word) out.set(term, { term, match: 'exact', distance: 0 });
    else if (prefix && term.startsWith(word)) out.set(term, { term, match: 'prefix', distance: 0 });
    else if (allowance > 0) {
      const distance = typoDistance(word, term, allowance);
      if (distance <= allowance) out.set(term, { term, match: 'typo', distance });
      else if (typoStarts) {
        const start = prefixTypoDistance(word, term, allowance);
        if (start <= allowance) out.set(term, { term, match: 'typo-prefix', distance: start });
      }
    }
  }
  return [...out.values()];
}

/**
 * The correction to offer for a word ('did you mean'): only when the vocabulary has neither the word nor, for the last
 * word, a term it begins; then the closest whole-word typo, else the closest term whose start is a typo away (the last
 * word: 'old fasho' -> 'old fashioned'), more frequent first, then alphabetically. Infix matches are no correction.
 * @param frequency documents holding a term.
 * @returns the corrected word, or null when the word needs none or has no candidate.
 */
export function correctionFor(
  candidates: readonly TermCandidate[],
  frequency: (term: string) => number,
): string | null {
  if (hasSolidMatch(candidates)) return null;
  let best: TermCandidate | null = null;
  for (const candidate of candidates) {
    if (!isTypo(candidate.match)) continue;
    if (
      best === null ||
      MATCH_COST[candidate.match] < MATCH_COST[best.match] ||
      (candidate.match === best.match &&
        (candidate.distance < best.distance ||
          (candidate.distance === best.distance &&
            (frequency(candidate.term) > frequency(best.term) ||
              (frequency(candidate.term) === frequency(best.term) && candidate.term < best.term)))))
    ) {
      best = candidate;
    }
  }
  return best?.term ?? null;
}
