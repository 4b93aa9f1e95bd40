import { describe, expect, it } from 'vitest';
import { unlocksText } from './shopping-panel';

describe('unlocksText', () => {
  it('names the drinks an item makes possible, and says how many more', () => {
    expect(unlocksText({ unlocks: 1, examples: ['Negroni'] })).toBe('Makes Negroni');
    expect(unlocksText({ unlocks: 2, examples: ['Daiquiri', 'Mojito'] })).toBe('Makes Daiquiri and Mojito');
    expect(unlocksText({ unlocks: 3, examples: ['Daiquiri', 'Gimlet', 'Mojito'] })).toBe(
      'Makes Daiquiri, Gimlet and Mojito',
    );
    expect(unlocksText({ unlocks: 7, examples: ['Daiquiri', 'Gimlet', 'Mojito'] })).toBe(
      'Makes Daiquiri, Gimlet, Mojito and 4 more',
    );
  });

  it('says when an item completes nothing on its own', () => {
    expect(unlocksText({ unlocks: 0, examples: [] })).toBe('Completes no drink on its own yet');
  });
});
