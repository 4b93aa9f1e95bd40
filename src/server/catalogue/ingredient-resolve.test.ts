import { describe, expect, it } from 'vitest';
import { createIngredientResolver, singularWord } from '@/shared/domain/ingredient-resolve';
import seedIngredients from './seed/ingredients.json';

type SeedIngredient = { slug: string; name: string; category: string; parent: string | null; aliases?: string[] };
const SEED = seedIngredients as SeedIngredient[];
const BY_SLUG = new Map(SEED.map((item) => [item.slug, item]));

/** The names above `item` in the hierarchy, nearest first. */
function broaderNames(item: SeedIngredient): string[] {
  const names: string[] = [];
  for (let parent = item.parent; parent; parent = BY_SLUG.get(parent)?.parent ?? null) {
    const found = BY_SLUG.get(parent);
    if (!found) break;
    names.push(found.name);
  }
  return names;
}

/** The seed catalogue's ingredients, as the resolver reads them. */
const CATALOGUE = SEED.map((item, index) => ({
  id: index + 1,
  name: item.name,
  aliases: item.aliases ?? [],
  broader: broaderNames(item),
  category: item.category,
}));
const resolve = createIngredientResolver(CATALOGUE);
const nameOf = (text: string) => resolve(text).name;

describe('createIngredientResolver over the seed catalogue', () => {
  it.each([
    ['gin', 'Gin', 'exact'],
    ['Sweet Vermouth', 'Sweet vermouth', 'exact'],
    ['fresh lime juice', 'Lime juice', 'exact'],
    ['Freshly squeezed lemon juice', 'Lemon juice', 'exact'],
    ['limes', 'Lime', 'exact'],
    ['Cointreau', 'Cointreau', 'exact'],
    ['creme de cassis', 'Crème de cassis', 'exact'],
    ['tequila blanco', 'Blanco tequila', 'alias'],
    ['silver tequila', 'Blanco tequila', 'alias'],
    ['Angostura', 'Angostura bitters', 'alias'],
    ['club soda', 'Soda water', 'alias'],
    ['Scotch whiskey', 'Scotch whisky', 'exact'],
    ['Bourbon whiskey', 'Bourbon', 'alias'],
    ['Grenadine syrup', 'Grenadine', 'alias'],
    ['Tequila reposado', 'Reposado tequila', 'alias'],
  ])('%s -> %s (%s)', (text, name, match) => {
    expect(resolve(text)).toMatchObject({ name, match });
  });

  it('forgives a typo in a longer name', () => {
    expect(resolve('campary')).toMatchObject({ name: 'Campari', match: 'fuzzy' });
    expect(resolve('angostura biters')).toMatchObject({ name: 'Angostura bitters', match: 'fuzzy' });
  });

  it('reads the words before a known name as its brand, and drops count words', () => {
    expect(resolve('Tanqueray London dry gin')).toMatchObject({
      name: 'London dry gin',
      match: 'fuzzy',
      brand: 'Tanqueray',
    });
    expect(resolve('lime wedges')).toMatchObject({ name: 'Lime', brand: null });
    expect(nameOf('mint leaves')).toBe('Mint');
  });

  it('reads a brand that is itself a name of the ingredient before its kind, and brand names alone', () => {
    expect(resolve('Noilly Prat dry vermouth')).toMatchObject({ name: 'Dry vermouth', brand: 'Noilly Prat' });
    expect(resolve('Bacardi white rum')).toMatchObject({ name: 'White rum', brand: 'Bacardi' });
    // A brand of another ingredient still stops it: the drink would change.
    expect(resolve('Bacardi dry vermouth')).toMatchObject({ match: 'new' });
    for (const [text, name] of [
      ['Beefeater', 'London dry gin'],
      ['Ango bitters', 'Angostura bitters'],
      ['Jack Daniels', 'Tennessee whiskey'],
      ['Smirnoff', 'Vodka'],
      ['Irish cream', 'Irish cream liqueur'],
    ]) {
      expect(nameOf(text!), text).toBe(name);
    }
  });

  it('does not read another product as the kind it names', () => {
    // 'Orange' begins 'orange soda' and 'ginger' ends 'candied ginger', but neither is that ingredient.
    for (const text of ['Orange soda', 'Candied ginger']) {
      expect(resolve(text), text).toMatchObject({ match: 'new', ingredientId: null });
    }
    // 'cream' ends 'Baileys Irish cream', which is the Irish cream liqueur (an alias), never Cream.
    expect(nameOf('Baileys Irish cream')).toBe('Irish cream liqueur');
  });

  it('keeps what it cannot resolve as a new ingredient, as written', () => {
    expect(resolve('Dragon fruit foam')).toEqual({
      ingredientId: null,
      name: 'Dragon fruit foam',
      match: 'new',
      brand: null,
    });
    expect(resolve('')).toMatchObject({ match: 'new', ingredientId: null });
  });
});

describe('singularWord', () => {
  it.each([
    ['leaves', 'leaf'],
    ['cherries', 'cherry'],
    ['limes', 'lime'],
    ['peaches', 'peach'],
    ['bitters', 'bitters'],
    ['grass', 'grass'],
    ['gin', 'gin'],
  ])('%s -> %s', (word, singular) => {
    expect(singularWord(word)).toBe(singular);
  });
});
