import { describe, expect, it } from 'vitest';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import { foldText, searchIngredients } from './ingredients';

const item = (id: number, name: string, aliases: string[] = []): IngredientSummary => ({
  id,
  slug: `i-${id}`,
  name,
  category: 'Spirits',
  parentId: null,
  variant: false,
  abv: 40,
  aliases,
  parts: [],
});
const items = [
  item(1, 'Bourbon'),
  item(2, 'Soda water', ['club soda', 'sparkling water']),
  item(3, 'Crème de cassis'),
  item(4, 'Rye whiskey'),
  item(5, 'Whiskey'),
];

describe('searchIngredients', () => {
  it('folds accents and case, matches from the start of any word, names starting with the text first', () => {
    expect(foldText('Crème de  Cassis!')).toBe('creme de cassis');
    expect(searchIngredients(items, 'creme de cassis').map((i) => i.name)).toEqual(['Crème de cassis']);
    expect(searchIngredients(items, 'WHISK').map((i) => i.name)).toEqual(['Whiskey', 'Rye whiskey']);
    expect(searchIngredients(items, 'bour').map((i) => i.name)).toEqual(['Bourbon']);
    expect(searchIngredients(items, 'our')).toEqual([]);
    expect(searchIngredients(items, '  ')).toEqual([]);
  });

  it('finds an ingredient by an alias, after direct name matches', () => {
    expect(searchIngredients(items, 'club').map((i) => i.name)).toEqual(['Soda water']);
    expect(searchIngredients(items, 'sparkling').map((i) => i.name)).toEqual(['Soda water']);
  });

  it('matches the words in any order, and words naming the family the name leaves out', () => {
    const tequila = item(6, 'Tequila');
    const blanco = { ...item(7, 'Blanco tequila', ['silver tequila']), parentId: 6 };
    const bourbon = { ...item(1, 'Bourbon'), parentId: 5 };
    const list = [blanco, bourbon, tequila, item(5, 'Whiskey')];
    expect(searchIngredients(list, 'tequila blanco').map((i) => i.name)).toEqual(['Blanco tequila']);
    expect(searchIngredients(list, 'tequila silver').map((i) => i.name)).toEqual(['Blanco tequila']);
    expect(searchIngredients(list, 'bourbon whiskey').map((i) => i.name)).toEqual(['Bourbon']);
    expect(searchIngredients(list, 'whiskey').map((i) => i.name)).toEqual(['Whiskey']);
  });
});
