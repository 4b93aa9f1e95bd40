import { describe, expect, it } from 'vitest';
import { glasswareFrom, techniqueFrom } from './recipe-fields';

describe('glasswareFrom', () => {
  it.each([
    ['Coupe', 'Coupe'],
    ['Double old fashioned', 'Double rocks'],
    ['Old fashioned glass', 'Rocks'],
    ['Nick and Nora', 'Nick & Nora'],
    ['Cocktail glass', 'Martini'],
    ['Champagne flute', 'Flute'],
    ['Copa de balon', 'Wine'],
    ['Copper mug', 'Copper mug'],
    ['Highball glass', 'Highball'],
  ])('names %s -> %s', (glass, expected) => {
    expect(glasswareFrom(glass)).toBe(expected);
  });

  it('reads the glass the instructions pour into, not one named in passing', () => {
    expect(glasswareFrom('', 'Shake with ice and strain into a chilled coupe.')).toBe('Coupe');
    expect(
      glasswareFrom(
        '',
        'Pour the purée into the mixing glass, add the Prosecco wine, stir and pour in a chilled flute.',
      ),
    ).toBe('Flute');
    expect(glasswareFrom('', 'Stir in a mixing glass with ice, strain over ice into a rocks glass.')).toBe('Rocks');
    expect(glasswareFrom('', 'Shake and serve.')).toBeNull();
  });
});

describe('techniqueFrom', () => {
  it.each([
    ['Shake', '', 'Shake'],
    ['stirred', '', 'Stir'],
    ['', 'Dry shake, then shake hard with ice.', 'Shake'],
    ['', 'Build over ice in a copper mug and stir.', 'Build'],
    ['', 'Muddle the lime and sugar, add cachaça and stir gently.', 'Muddle'],
    ['', 'Blend with crushed ice until smooth.', 'Blend'],
    ['', 'Float the cream on top.', 'Layer'],
    ['', 'Pour into a flute and top with Champagne.', 'Build'],
    ['', 'Serve.', 'Build'],
  ] as const)('%s / %s -> %s', (method, instructions, expected) => {
    expect(techniqueFrom(method, instructions)).toBe(expected);
  });
});
