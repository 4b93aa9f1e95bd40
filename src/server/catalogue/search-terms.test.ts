import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  correctionFor,
  pickCandidates,
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
    expect([typoAllowance('12345'), typoAllowance('20thcentury')]).toEqual([0, 0]);
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
});
