import { describe, expect, it } from 'vitest';
import { splitInstructions } from './recipe-steps';

describe('splitInstructions', () => {
  it('makes one step per line and strips numbering', () => {
    expect(splitInstructions('1. Chill a coupe.\n2) Shake hard with ice.\n\nStep 3: Double strain.')).toEqual([
      'Chill a coupe.',
      'Shake hard with ice.',
      'Double strain.',
    ]);
  });

  it('splits a single paragraph into sentences', () => {
    expect(
      splitInstructions('Add everything to a shaker. Shake with ice for 12 seconds! Strain into a chilled glass.'),
    ).toEqual(['Add everything to a shaker.', 'Shake with ice for 12 seconds!', 'Strain into a chilled glass.']);
  });

  it('gives no steps for blank text', () => {
    expect(splitInstructions('  \n ')).toEqual([]);
  });
});
