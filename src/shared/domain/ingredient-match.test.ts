import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INGREDIENT_MATCH, ingredientMatchRank, ingredientWords, matchIngredients } from './ingredient-match';

interface Item {
  name: string;
  aliases: string[];
  family: string[];
}

const item = (name: string, aliases: string[] = [], family: string[] = []): Item => ({ name, aliases, family });
const ITEMS = [
  item('Blanco tequila', ['silver tequila'], ['Tequila']),
  item('Bourbon', [], ['American whiskey', 'Whiskey']),
  item('American whiskey', [], ['Whiskey']),
  item('Whiskey'),
  item('Soda water', ['club soda']),
  item('Sweet vermouth', ['rosso vermouth'], ['Vermouth']),
];
const names = (q: string) =>
  matchIngredients(ITEMS, (entry) => ingredientWords(entry.name, entry.aliases, entry.family), q).map((i) => i.name);

describe('the ingredient type-ahead matcher', () => {
  it('matches the words of a name or an alias in any order, each from the start of a word', () => {
    expect(names('tequila blanco')).toEqual(['Blanco tequila']);
    expect(names('blanco')).toEqual(['Blanco tequila']);
    expect(names('tequila silver')).toEqual(['Blanco tequila']);
    expect(names('soda club')).toEqual(['Soda water']);
    expect(names('vermouth sw')).toEqual(['Sweet vermouth']);
    expect(names('equila')).toEqual([]);
    expect(names('  ')).toEqual([]);
  });

  it('lets the words the name leaves out name its family, but never a family name alone', () => {
    expect(names('bourbon whiskey')).toEqual(['Bourbon']);
    expect(names('whiskey bourbon')).toEqual(['Bourbon']);
    expect(names('whiskey')).toEqual(['Whiskey', 'American whiskey']);
    expect(names('rosso vermouth')).toEqual(['Sweet vermouth']);
  });

  it('ranks names that begin with the text, then other name matches, aliases, and family matches last', () => {
    const rank = (entry: Item, q: string) =>
      ingredientMatchRank(ingredientWords(entry.name, entry.aliases, entry.family), q.split(' '));
    const tequila = ITEMS[0] as Item;
    expect(rank(tequila, 'blanco te')).toBe(INGREDIENT_MATCH.nameBegins);
    expect(rank(tequila, 'tequila blanco')).toBe(INGREDIENT_MATCH.nameHolds);
    expect(rank(tequila, 'silver')).toBe(INGREDIENT_MATCH.aliasBegins);
    expect(rank(tequila, 'tequila silver')).toBe(INGREDIENT_MATCH.aliasHolds);
    expect(rank(ITEMS[1] as Item, 'bourbon whiskey')).toBe(INGREDIENT_MATCH.withFamily);
    expect(rank(ITEMS[1] as Item, 'rye')).toBeNull();
  });

  it('finds the same ingredients whatever the order of the words', () => {
    const words = fc.constantFrom(
      'blanco',
      'tequila',
      'silver',
      'bourbon',
      'whiskey',
      'american',
      'soda',
      'sweet',
      'ver',
    );
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 3 }), (typed) => {
        const found = new Set(names(typed.join(' ')));
        expect(new Set(names([...typed].reverse().join(' ')))).toEqual(found);
      }),
    );
  });
});
