import fc from 'fast-check';
import SearchableMap from 'minisearch/SearchableMap';
import { describe, expect, it } from 'vitest';
import { fuzzyPrefixKeys } from './search-fuzzy-prefix';

/** Plain Levenshtein distance. */
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

/** The reference: terms having some prefix (the empty one included) within `max` edits of `word`. */
function expected(terms: readonly string[], word: string, max: number): string[] {
  return [...new Set(terms)]
    .filter((term) =>
      Array.from({ length: term.length + 1 }, (_, end) => term.slice(0, end)).some((p) => levenshtein(word, p) <= max),
    )
    .sort();
}

describe('the fuzzy prefix walk of the radix tree', () => {
  it('finds the terms that start within the distance, each once', () => {
    const map = new SearchableMap<true>();
    for (const term of ['margarita', 'margin', 'marmalade', 'negroni', 'fashioned', 'daiquiri']) map.set(term, true);
    expect(fuzzyPrefixKeys(map, 'marge', 1).sort()).toEqual(['margarita', 'margin']);
    expect(fuzzyPrefixKeys(map, 'daqui', 1)).toEqual(['daiquiri']);
    expect(fuzzyPrefixKeys(map, 'fashoined', 2)).toEqual(['fashioned']);
    expect(fuzzyPrefixKeys(map, 'zzzzz', 1)).toEqual([]);
  });

  it('agrees with a scan of every term', () => {
    const term = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(term, { minLength: 1, maxLength: 40 }),
        term,
        fc.integer({ min: 1, max: 2 }),
        (terms, word, max) => {
          const map = new SearchableMap<true>();
          for (const one of terms) map.set(one, true);
          const found = fuzzyPrefixKeys(map, word, max);
          expect(found.length).toBe(new Set(found).size);
          expect([...found].sort()).toEqual(expected(terms, word, max));
        },
      ),
      { numRuns: 300 },
    );
  });
});
