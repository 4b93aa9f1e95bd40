import { toSearchKey } from './search-text';

/**
 * Words of the catalogue search (issue 14): how text becomes search terms, how many typos a word forgives, and how far
 * apart two words are. The in-memory engine (search-engine.ts) and the PostgreSQL path (search.ts) both use these, so the
 * two agree on what a query means.
 */

/** Anything that is not a letter or a digit separates words ('Tommy’s' -> 'tommy', 's'; 'half-and-half' -> 3 words). */
const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;

/**
 * The search terms of `text`: its search key (toSearchKey: NFKD, accents removed, lower case) split into words of letters
 * and digits, in order, repeats kept. 'Crème de Cassis' -> ['creme', 'de', 'cassis'].
 */
export function searchTerms(text: string): string[] {
  return toSearchKey(text)
    .split(WORD_SEPARATOR)
    .filter((word) => word !== '');
}

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

/** Shortest words that forgive one typo, and two (issue 14: 5 and 9 letters). */
export const ONE_TYPO_MIN_LENGTH = 5;
export const TWO_TYPOS_MIN_LENGTH = 9;

/**
 * Typos a query word forgives: 2 from {@link TWO_TYPOS_MIN_LENGTH} letters, 1 from {@link ONE_TYPO_MIN_LENGTH}, else 0;
 * none for a word holding a digit ('75', '20th', 'no. 12345': a number mistyped is another number).
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

/** How a vocabulary term matched a query word: the word itself, a longer word it starts (as typed), or within its typos. */
export type TermMatch = 'exact' | 'prefix' | 'typo';

/**
 * Where in a cocktail a term was found, best first: its name; its base spirit, category, technique, glassware or an
 * ingredient's name; its description.
 */
export type TermField = 'name' | 'fields' | 'description';

/**
 * The rank cost of one query word found in one place (lower ranks first; a cocktail's cost is the sum over the query's
 * words, each at its best place): name 0, other fields 3, description 6; plus 0 for the word itself, 1 for a prefix, 2 for
 * a typo. So whole-word and name matches come before partial and description matches (issue 14: 'gin' ranks gin
 * cocktails, whose ingredient is the word gin (3), before ginger ones (4)).
 */
export const FIELD_COST: Record<TermField, number> = { name: 0, fields: 3, description: 6 };
export const MATCH_COST: Record<TermMatch, number> = { exact: 0, prefix: 1, typo: 2 };

/** One vocabulary term a query word matched, and how. */
export interface TermCandidate {
  term: string;
  match: TermMatch;
  /** Typos between the word and the term (0 for exact and prefix). */
  distance: number;
}

/**
 * Picks the terms a query word matches out of a vocabulary's offers: the word itself, terms it is a prefix of (only when
 * `prefix`: the last word, still being typed), and terms within its {@link typoAllowance} (typoDistance). Both engines
 * feed it their own offers (the radix tree's fuzzy and prefix lookups; PostgreSQL's trigram similarity), and this one
 * function decides, so they agree.
 * @param offered candidate terms (any superset of the real matches; repeats allowed).
 * @returns each matching term once with its best match kind, in no particular order.
 */
export function pickCandidates(word: string, offered: Iterable<string>, prefix: boolean): TermCandidate[] {
  const allowance = typoAllowance(word);
  const out = new Map<string, TermCandidate>();
  for (const term of offered) {
    if (out.has(term)) continue;
    if (term === word) out.set(term, { term, match: 'exact', distance: 0 });
    else if (prefix && term.startsWith(word)) out.set(term, { term, match: 'prefix', distance: 0 });
    else if (allowance > 0) {
      const distance = typoDistance(word, term, allowance);
      if (distance <= allowance) out.set(term, { term, match: 'typo', distance });
    }
  }
  return [...out.values()];
}

/**
 * The correction to offer for a word ('did you mean'): only when the vocabulary has neither the word nor, for the last
 * word, a term it begins; then the closest typo candidate, more frequent first, then alphabetically.
 * @param frequency documents holding a term.
 * @returns the corrected word, or null when the word needs none or has no candidate.
 */
export function correctionFor(
  candidates: readonly TermCandidate[],
  frequency: (term: string) => number,
): string | null {
  if (candidates.some((candidate) => candidate.match !== 'typo')) return null;
  let best: TermCandidate | null = null;
  for (const candidate of candidates) {
    if (
      best === null ||
      candidate.distance < best.distance ||
      (candidate.distance === best.distance &&
        (frequency(candidate.term) > frequency(best.term) ||
          (frequency(candidate.term) === frequency(best.term) && candidate.term < best.term)))
    ) {
      best = candidate;
    }
  }
  return best?.term ?? null;
}
