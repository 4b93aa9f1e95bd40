import { describe, expect, it } from 'vitest';
import { buildSearchText, toSearchKey } from './search-text';

describe('toSearchKey', () => {
  it('folds case, accents and white space', () => {
    expect(toSearchKey('  Cachaça  AÑEJO\tRum ')).toBe('cachaca anejo rum');
    expect(toSearchKey('Crème de Cassis')).toBe('creme de cassis');
    expect(toSearchKey('ＧＩＮ')).toBe('gin');
  });
});

describe('buildSearchText', () => {
  it('keeps each field and each ingredient once, one per line', () => {
    const text = buildSearchText(
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
    expect(text.split('\n')).toEqual([
      'gin fizz',
      'gin',
      'classic',
      'frothy and tart.',
      'shake',
      'highball',
      'gin',
      'lime juice',
    ]);
  });

  it('cannot be matched across two fields by a folded query', () => {
    const text = buildSearchText(
      { name: 'Alpha', base_spirit: 'Gin', category: null, description: 'Beta', technique: 'Stir', glassware: 'Coupe' },
      [],
    );
    expect(text.includes(toSearchKey('alpha gin'))).toBe(false);
    expect(text.includes(toSearchKey('alpha\ngin'))).toBe(false);
  });
});
