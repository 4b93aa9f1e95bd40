import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchTerms } from '@/shared/domain/search-words';
import type { CocktailPage, CocktailSummary } from '@/shared/schemas/cocktail';
import { searchOfflineCatalogue } from './catalogue-search';
import { testCard } from './test/fixtures';

let nextId = 1;
/** A card: a plain gin cocktail unless told otherwise. */
function card(overrides: Partial<CocktailSummary> = {}): CocktailSummary {
  return testCard({ ...overrides, id: overrides.id ?? nextId++ });
}

const search = (items: readonly CocktailSummary[], query: string) =>
  searchOfflineCatalogue(items, new URLSearchParams(query));
const names = (page: CocktailPage | null) => page?.items.map((item) => item.name);

describe('searchOfflineCatalogue: words', () => {
  const catalogue = [
    card({
      name: 'Caipirinha',
      base_spirit: 'Cachaça',
      technique: 'Muddle',
      glassware: 'Rocks',
      garnish: 'Lime wedge',
    }),
    card({
      name: 'El Diablo',
      base_spirit: 'Tequila',
      category: 'Modern',
      ingredients: [{ amount: 15, unit: 'ml', ingredient: 'Crème de cassis' }],
    }),
    card({ name: 'Negroni', ingredients: [{ amount: 30, unit: 'ml', ingredient: 'Campari' }] }),
    card({ name: 'Zombie', flavor_profile: ['Tropical'], occasion_tags: ['Poolside'], seasonal_tags: ['Summer'] }),
  ];

  it('finds a word in every searched field, whole', () => {
    expect(names(search(catalogue, 'q=negroni'))).toEqual(['Negroni']);
    expect(names(search(catalogue, 'q=tequila'))).toEqual(['El Diablo']);
    expect(names(search(catalogue, 'q=modern'))).toEqual(['El Diablo']);
    expect(names(search(catalogue, 'q=rocks'))).toEqual(['Caipirinha']);
    expect(names(search(catalogue, 'q=muddle'))).toEqual(['Caipirinha']);
    expect(names(search(catalogue, 'q=wedge'))).toEqual(['Caipirinha']);
    expect(names(search(catalogue, 'q=tropical'))).toEqual(['Zombie']);
    expect(names(search(catalogue, 'q=poolside'))).toEqual(['Zombie']);
    expect(names(search(catalogue, 'q=summer'))).toEqual(['Zombie']);
    expect(names(search(catalogue, 'q=campari'))).toEqual(['Negroni']);
  });

  it('folds accents and case as the server does', () => {
    expect(names(search(catalogue, 'q=CACHACA'))).toEqual(['Caipirinha']);
    expect(names(search(catalogue, 'q=creme de cassis'))).toEqual(['El Diablo']);
    expect(names(search(catalogue, `q=${encodeURIComponent('Crème')}`))).toEqual(['El Diablo']);
  });

  it('takes the last word as a prefix and the others whole', () => {
    expect(names(search(catalogue, 'q=negr'))).toEqual(['Negroni']);
    expect(names(search(catalogue, 'q=campari negr'))).toEqual(['Negroni']);
    expect(names(search(catalogue, 'q=negr campari'))).toEqual([]);
  });

  it('needs every word and forgives no typo, reads no infix and no description', () => {
    expect(names(search(catalogue, 'q=negroni tequila'))).toEqual([]);
    expect(names(search(catalogue, 'q=negorni'))).toEqual([]);
    expect(names(search(catalogue, 'q=groni'))).toEqual([]);
    expect(names(search(catalogue, 'q=description'))).toEqual([]);
  });

  it('keeps catalogue order without a query, and for a query of no words', () => {
    expect(names(search(catalogue, ''))).toEqual(['Caipirinha', 'El Diablo', 'Negroni', 'Zombie']);
    expect(names(search(catalogue, 'q=%21%21'))).toEqual(['Caipirinha', 'El Diablo', 'Negroni', 'Zombie']);
  });
});

describe('searchOfflineCatalogue: ranking', () => {
  it('puts name matches first, then shorter names, then by name, then id', () => {
    const items = [
      card({ id: 1, name: 'Aviation', ingredients: [{ amount: 1, unit: 'ml', ingredient: 'Negroni bitters' }] }),
      card({ id: 2, name: 'Kingston Negroni' }),
      card({ id: 3, name: 'Negroni' }),
      card({ id: 5, name: 'Negroni Sbagliato' }),
      card({ id: 4, name: 'Negroni Sbagliato' }),
      card({ id: 6, name: 'Negroni sbagliata' }),
    ];
    const page = search(items, 'q=negroni');
    expect(page?.items.map((item) => item.id)).toEqual([3, 2, 6, 4, 5, 1]);
    expect(page?.total).toBe(6);
  });

  it('ranks a card whose name holds only some of the words with the rest', () => {
    const items = [
      card({ name: 'Gin Fizz Royale', base_spirit: 'Gin' }),
      card({ name: 'Fizz', base_spirit: 'Gin' }),
      card({ name: 'Gin Fizz', base_spirit: 'Gin' }),
    ];
    expect(names(search(items, 'q=gin fizz'))).toEqual(['Gin Fizz', 'Gin Fizz Royale', 'Fizz']);
  });
});

describe('searchOfflineCatalogue: filters', () => {
  const items = [
    card({ name: 'A', base_spirit: 'Gin', category: 'Classic', glassware: 'Coupe', preparation_time: 2 }),
    card({ name: 'B', base_spirit: 'Rum', category: 'Modern', flavor_profile: ['Sweet', 'Sour'], preparation_time: 5 }),
    card({ name: 'C', base_spirit: 'Rum', category: 'Classic', glassware: 'Highball', preparation_time: 10 }),
    card({ name: 'D', base_spirit: 'Vodka', category: null, flavor_profile: [] }),
  ];

  it('keeps any of one parameter’s values and every parameter', () => {
    expect(names(search(items, 'spirit=Gin&spirit=Rum'))).toEqual(['A', 'B', 'C']);
    expect(names(search(items, 'spirit=Gin&spirit=Rum&category=Classic'))).toEqual(['A', 'C']);
    expect(names(search(items, 'category=Classic&category=Modern'))).toEqual(['A', 'B', 'C']);
    expect(names(search(items, 'glass=Highball&spirit=Rum'))).toEqual(['C']);
    expect(names(search(items, 'flavor=Sour&flavor=Bitter'))).toEqual(['A', 'B', 'C']);
    expect(names(search(items, 'flavor=Sour&spirit=Gin'))).toEqual([]);
  });

  it('keeps cocktails of at most maxPrep minutes, with the query', () => {
    expect(names(search(items, 'maxPrep=5'))).toEqual(['A', 'B', 'D']);
    expect(names(search(items, 'maxPrep=5&q=rum'))).toEqual(['B']);
  });

  it('counts facets over the results, each as if its own choices were not made', () => {
    const page = search(items, 'spirit=Rum&category=Classic&maxPrep=5&facets=1');
    expect(names(page)).toEqual([]);
    expect(page?.facets?.values.base_spirit).toEqual([
      { value: 'Gin', count: 1 },
      { value: 'Rum', count: 0 },
    ]);
    expect(page?.facets?.values.category).toEqual([
      { value: 'Classic', count: 0 },
      { value: 'Modern', count: 1 },
    ]);
    expect(page?.facets?.preparation_time).toEqual([
      { max: 2, count: 0 },
      { max: 3, count: 0 },
      { max: 5, count: 0 },
      { max: 10, count: 1 },
    ]);
    expect(page?.facets?.ingredients).toEqual([]);

    const all = search(items, 'spirit=Rum&facets=1');
    expect(all?.facets?.values.base_spirit).toEqual([
      { value: 'Gin', count: 1 },
      { value: 'Vodka', count: 1 },
      { value: 'Rum', count: 2 },
    ]);
    expect(all?.facets?.values.flavor_profile).toEqual([
      { value: 'Bitter', count: 1 },
      { value: 'Sweet', count: 1 },
      { value: 'Sour', count: 1 },
    ]);
    expect(all?.facets?.values.glassware).toEqual([
      { value: 'Coupe', count: 1 },
      { value: 'Highball', count: 1 },
    ]);
    const searched = search(items, 'q=classic&spirit=Rum&facets=1');
    expect(names(searched)).toEqual(['C']);
    expect(searched?.facets?.values.base_spirit).toEqual([
      { value: 'Gin', count: 1 },
      { value: 'Rum', count: 1 },
    ]);
    expect(search(items, '')?.facets).toBeUndefined();
  });
});

describe('searchOfflineCatalogue: pages', () => {
  const items = Array.from({ length: 7 }, (_, i) => card({ name: `Drink ${i}` }));

  it('pages the results and gives the total', () => {
    expect(search(items, 'page=1&pageSize=3')).toMatchObject({ total: 7, page: 1, pageSize: 3, didYouMean: null });
    expect(names(search(items, 'page=2&pageSize=3'))).toEqual(['Drink 6']);
    expect(names(search(items, 'page=5&pageSize=3'))).toEqual([]);
  });

  it('defaults to page 0 of 50 and holds pageSize to the most allowed', () => {
    expect(search(items, '')).toMatchObject({ page: 0, pageSize: 50, total: 7 });
    expect(search(items, 'pageSize=1000')?.pageSize).toBe(100);
  });
});

describe('searchOfflineCatalogue: what needs the network', () => {
  const items = [card()];
  it.each([
    'favorites=1',
    'favorites=true',
    'canMake=1',
    'favorites=maybe',
    'sort=my-ratings',
    'sort=rated-first',
    'minRating=4',
    'with=3',
    'without=3',
    'unknown=1',
    'page=-1',
    'page=abc',
    'page=1.5',
    'pageSize=0',
    'maxPrep=soon',
    'maxPrep=0',
    'spirit=Beer',
    'facets=yes',
    `q=${'a'.repeat(201)}`,
  ])('returns null for %s', (query) => {
    expect(search(items, query)).toBeNull();
  });

  it.each(['favorites=0', 'canMake=false', 'sort=relevance', 'facets=0'])('answers %s', (query) => {
    expect(search(items, query)?.total).toBe(1);
  });
});

describe('searchOfflineCatalogue: property', () => {
  const WORDS = ['negroni', 'negro', 'sour', 'gin', 'rum', 'fizz', 'royal', 'café'];
  const arbCatalogue = fc
    .array(
      fc.record({
        name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
        garnish: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }),
        ingredient: fc.constantFrom(...WORDS),
        base_spirit: fc.constantFrom('Gin' as const, 'Rum' as const, 'Cachaça' as const),
      }),
      { maxLength: 40 },
    )
    .map((rows) =>
      rows.map((row, i) =>
        card({
          id: i + 1,
          name: row.name.join(' '),
          garnish: row.garnish.join(' '),
          base_spirit: row.base_spirit,
          ingredients: [{ amount: 1, unit: 'ml', ingredient: row.ingredient }],
        }),
      ),
    );
  const arbQuery = fc.array(fc.constantFrom(...WORDS, 'neg', 'r', 'cafe', 'cachaca', 'classic', 'stir', 'twist'), {
    maxLength: 3,
  });

  /** Independent check: every word whole among all the card's words, the last one possibly as a start. */
  const matches = (item: CocktailSummary, words: readonly string[]) => {
    const text = [item.name, item.base_spirit, item.category ?? '', item.glassware, item.technique, item.garnish];
    text.push(...item.flavor_profile, ...item.occasion_tags, ...item.seasonal_tags);
    text.push(...item.ingredients.map((line) => line.ingredient));
    const terms = searchTerms(text.join(' '));
    return words.every(
      (word, i) => terms.includes(word) || (i === words.length - 1 && terms.some((term) => term.startsWith(word))),
    );
  };

  it('returns only cards holding every word, counts them all, and pages them without overlap', () => {
    fc.assert(
      fc.property(arbCatalogue, arbQuery, fc.integer({ min: 1, max: 7 }), (items, queryWords, pageSize) => {
        const q = queryWords.join(' ');
        const words = searchTerms(q);
        const expected = items.filter((item) => matches(item, words)).length;
        const seen: number[] = [];
        for (let page = 0; page * pageSize < Math.max(expected, 1); page += 1) {
          const result = search(
            items,
            new URLSearchParams({ q, page: String(page), pageSize: String(pageSize) }).toString(),
          );
          expect(result?.total).toBe(expected);
          for (const item of result?.items ?? []) {
            expect(matches(item, words)).toBe(true);
            seen.push(item.id);
          }
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.length).toBe(expected);
      }),
    );
  });
});
