import { describe, expect, it } from 'vitest';
import { buildSearchKeys, toSearchKey } from './search-text';

describe('toSearchKey', () => {
  it('folds case, accents and white space', () => {
    expect(toSearchKey('  Cachaça  AÑEJO\tRum ')).toBe('cachaca anejo rum');
    expect(toSearchKey('Crème de Cassis')).toBe('creme de cassis');
    expect(toSearchKey('ＧＩＮ')).toBe('gin');
  });
});

describe('buildSearchKeys', () => {
  it('splits the name, the other fields (each once, one per line) and the description', () => {
    const keys = buildSearchKeys(
      {
        name: 'Gin Fizz',
        base_spirit: 'Gin',
        category: 'Classic',
        description: 'Frothy and  tart.',
        technique: 'Shake',
        glassware: 'Highball',
      },
      ['Gin', 'Lime juice', 'Gin'],
    );
    expect(keys.name_key).toBe('gin fizz');
    expect(keys.search_text.split('\n')).toEqual(['gin', 'classic', 'shake', 'highball', 'gin', 'lime juice']);
    expect(keys.description_key).toBe('frothy and tart.');
  });

  it('leaves out an empty category and folds accents', () => {
    const keys = buildSearchKeys(
      { name: 'Kir', base_spirit: 'Wine', category: null, description: '', technique: 'Build', glassware: 'Wine' },
      ['Crème de cassis'],
    );
    expect(keys.search_text.split('\n')).toEqual(['wine', 'build', 'wine', 'creme de cassis']);
  });
});
