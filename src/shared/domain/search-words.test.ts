import { describe, expect, it } from 'vitest';
import { searchTerms, splitWords, toSearchKey } from './search-words';

describe('search words', () => {
  it('splits letters from digits, so a glued number is its own word', () => {
    expect(searchTerms('french75')).toEqual(['french', '75']);
    expect(searchTerms('French 75')).toEqual(['french', '75']);
    expect(searchTerms('20th Century')).toEqual(['20', 'th', 'century']);
    expect(searchTerms('B-52')).toEqual(['b', '52']);
    expect(splitWords('no.12345')).toEqual(['no', '12345']);
  });

  it('folds case, accents and apostrophes; anything else separates', () => {
    expect(toSearchKey('  Cachaça  AÑEJO\tRum ')).toBe('cachaca anejo rum');
    expect(searchTerms('Peychaud’s bitters')).toEqual(['peychauds', 'bitters']);
    expect(searchTerms('half-and-half')).toEqual(['half', 'and', 'half']);
    expect(searchTerms('%%')).toEqual([]);
  });
});
