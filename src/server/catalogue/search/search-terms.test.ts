import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MATCH_COST,
  correctionFor,
  infixAllowed,
  pickCandidates,
  placeCost,
  prefixTypoDistance,
  queryWords,
  searchTerms,
  transpositions,
  typoAllowance,
  typoDistance,
} from './search-terms';

/** Plain Levenshtein distance, for comparison. */
function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

describe('search terms', () => {
  it('folds case, accents, apostrophes and punctuation into words', () => {
    expect(searchTerms('Crème de Cassis')).toEqual(['creme', 'de', 'cassis']);
    expect(searchTerms('Bee’s Knees')).toEqual(['bees', 'knees']);
    expect(searchTerms("Dark 'n' Stormy!")).toEqual(['dark', 'n', 'stormy']);
    expect(searchTerms('Corpse Reviver #2')).toEqual(['corpse', 'reviver', '2']);
    expect(searchTerms('French75')).toEqual(['french', '75']);
    expect(searchTerms('  ')).toEqual([]);
  });

  it("drops the connector 'and' unless it is all there is, and keeps at most 8 words", () => {
    expect(queryWords('gin and tonic')).toEqual(['gin', 'tonic']);
    expect(queryWords('gin & tonic')).toEqual(['gin', 'tonic']);
    expect(queryWords('and')).toEqual(['and']);
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('forgives one typo from 5 letters, two from 9, none in words with digits', () => {
    expect([typoAllowance('gin'), typoAllowance('lime'), typoAllowance('mojto')]).toEqual([0, 0, 1]);
    expect([typoAllowance('fashioned'), typoAllowance('chartreuse')]).toEqual([2, 2]);
    expect(typoAllowance('12345')).toBe(0);
    expect(typoAllowance('crème')).toBe(1);
  });

  it('counts a lone swap of neighbouring letters as one typo, anything else as Levenshtein does', () => {
    expect(typoDistance('negorni', 'negroni', 2)).toBe(1);
    expect(typoDistance('margerita', 'margarita', 2)).toBe(1);
    expect(typoDistance('fashoined', 'fashioned', 2)).toBe(1);
    expect(typoDistance('sazarac', 'sazerac', 1)).toBe(1);
    expect(typoDistance('abc', 'xyz', 1)).toBe(2);
    expect(transpositions('abc').sort()).toEqual(['acb', 'bac']);
  });

  it('agrees with Levenshtein except where one swap is cheaper, and never exceeds max + 1', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const distance = typoDistance(a, b, max);
        const exact = levenshtein(a, b);
        const swap = a.length === b.length && transpositions(a).includes(b) ? 1 : Infinity;
        expect(distance).toBe(Math.min(max + 1, Math.min(exact, swap)));
        expect(typoDistance(b, a, max)).toBe(distance);
      }),
    );
  });

  it('picks the word, its continuations (last word only) and what is within its typos, each once', () => {
    const offered = ['negroni', 'negronis', 'negroni', 'negus', 'negroni sbagliato', 'gin'];
    const picked = pickCandidates('negroni', offered, true);
    expect(picked).toEqual([
      { term: 'negroni', match: 'exact', distance: 0 },
      { term: 'negronis', match: 'prefix', distance: 0 },
      { term: 'negroni sbagliato', match: 'prefix', distance: 0 },
    ]);
    expect(pickCandidates('negroni', offered, false)).toEqual([
      { term: 'negroni', match: 'exact', distance: 0 },
      { term: 'negronis', match: 'typo', distance: 1 },
    ]);
  });

  it('offers a correction only when the word matched through a typo alone: closest, then most frequent', () => {
    const frequency = (term: string) => ({ negroni: 8, negronis: 1 })[term] ?? 0;
    expect(correctionFor(pickCandidates('negorni', ['negroni', 'negronis'], false), frequency)).toBe('negroni');
    expect(correctionFor(pickCandidates('negroni', ['negroni'], false), frequency)).toBeNull();
    expect(correctionFor(pickCandidates('neg', ['negroni'], true), frequency)).toBeNull();
    expect(correctionFor([], frequency)).toBeNull();
  });

  it('measures typos against the closest start of a term, a lone swap counting one', () => {
    expect(prefixTypoDistance('marge', 'margarita', 1)).toBe(1);
    expect(prefixTypoDistance('daqui', 'daiquiri', 1)).toBe(1);
    expect(prefixTypoDistance('negor', 'negroni', 1)).toBe(1);
    expect(prefixTypoDistance('fasho', 'fashioned', 1)).toBe(1);
    expect(prefixTypoDistance('marga', 'margarita', 1)).toBe(0);
    expect(prefixTypoDistance('pisco', 'picon', 1)).toBe(1);
    expect(prefixTypoDistance('xyzzy', 'margarita', 1)).toBe(2);
  });

  it('agrees with the least typo distance to any start of the term', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 1, max: 2 }), (typed, term, max) => {
        const letters = [...term];
        const closest = Math.min(
          ...letters.map((_, end) => typoDistance(typed, letters.slice(0, end + 1).join(''), max)),
          typoDistance(typed, '', max),
        );
        expect(prefixTypoDistance(typed, term, max)).toBe(Math.min(closest, max + 1));
      }),
    );
  });

  it("reads the last word's start as typo'd only when the word is not itself a term", () => {
    expect(pickCandidates('marge', ['margarita', 'marmalade'], true)).toEqual([
      { term: 'margarita', match: 'typo-prefix', distance: 1 },
    ]);
    expect(pickCandidates('marge', ['margarita'], false)).toEqual([]);
    // 'pisco' typed right is not also the start of 'picon' mistyped; 'disco' is a whole-word typo.
    expect(pickCandidates('pisco', ['pisco', 'picon', 'disco'], true)).toEqual([
      { term: 'pisco', match: 'exact', distance: 0 },
      { term: 'disco', match: 'typo', distance: 1 },
    ]);
  });

  it('ranks every whole word and prefix before typos, typos before infixes; infixes in names only', () => {
    const solid = false;
    const costs = (['name', 'fields', 'description'] as const).flatMap((field) => [
      placeCost('exact', field, solid) as number,
      placeCost('prefix', field, solid) as number,
    ]);
    const typos = (['name', 'fields', 'description'] as const).map(
      (field) => placeCost('typo', field, solid) as number,
    );
    expect(Math.max(...costs)).toBeLessThan(Math.min(...typos));
    expect(placeCost('infix', 'name', solid)).toBeGreaterThan(placeCost('typo-prefix', 'name', solid) as number);
    expect([placeCost('infix', 'fields', solid), placeCost('infix', 'description', solid)]).toEqual([null, null]);
    expect(MATCH_COST.exact).toBe(0);
  });

  it('drops typos in descriptions when the word itself is in the catalogue', () => {
    expect(placeCost('typo', 'description', true)).toBeNull();
    expect(placeCost('typo-prefix', 'description', true)).toBeNull();
    expect(placeCost('typo', 'description', false)).not.toBeNull();
    expect(placeCost('typo', 'name', true)).not.toBeNull();
    expect(placeCost('exact', 'description', true)).not.toBeNull();
  });

  it('matches inside words from 4 letters, never numbers', () => {
    expect([infixAllowed('groni'), infixAllowed('roni'), infixAllowed('ron'), infixAllowed('1234')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("corrects the last word's start when nothing else matches: 'fasho' -> 'fashioned'", () => {
    const frequency = (term: string) => ({ fashioned: 9, fashion: 1 })[term] ?? 0;
    const picked = pickCandidates('fasho', ['fashioned', 'fashion'], true);
    expect(correctionFor(picked, frequency)).toBe('fashioned');
    expect(correctionFor([...picked, { term: 'fasho', match: 'exact', distance: 0 }], frequency)).toBeNull();
    expect(correctionFor([{ term: 'negroni', match: 'infix', distance: 0 }], frequency)).toBeNull();
  });
});
