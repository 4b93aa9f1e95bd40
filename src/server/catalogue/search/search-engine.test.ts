import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogueSearchEngine } from './search-engine';
import { FIELD_COST } from './search-terms';
import { textFilter, type EngineRow } from './search-types';

/**
 * The engine's index checked against a plain reference: for catalogues of words that are neither typos nor prefixes of
 * each other, a query's matches, their order (cost, then shorter name, then catalogue order) and each term's document
 * frequency must be what a scan of the rows says. Catalogues are large enough for a common word to take the engine's
 * forward-index path (a word in far more cocktails than are still matched is checked against each cocktail's own terms).
 */

/** Four-letter words (no typo allowance below five letters), none a prefix of another. */
const WORDS = ['lime', 'mint', 'sour', 'dry', 'rye', 'fizz', 'tart', 'zest', 'oak', 'bay'] as const;

const LARGE = { offset: 0, limit: 100_000 };

/** A row with the three searched keys; the facet columns hold fixed values. */
function row(id: number, name: string, fields: string, description: string): EngineRow {
  return {
    id,
    name_key: name,
    search_text: fields,
    description_key: description,
    base_spirit: 'Gin',
    category: 'Classic',
    glassware: 'Coupe',
    technique: 'Shaken',
    strength: 'Medium',
    difficulty_level: 'Easy',
    preparation_time: 5,
    flavor_profile: '[]',
    seasonal_tags: '[]',
    occasion_tags: '[]',
  };
}

const wordsOf = (text: string) => text.split(/[^a-z]+/).filter((word) => word !== '');

/**
 * The reference: ids matching every word of `query`, by cost (each typed word at its best field, a repeated word counted
 * each time it is typed, as the engine does), name length, position.
 */
function expectedIds(rows: readonly EngineRow[], query: readonly string[]): number[] {
  const scored: { id: number; cost: number; length: number; position: number }[] = [];
  rows.forEach((candidate, position) => {
    let cost = 0;
    for (const word of query) {
      const places = [
        wordsOf(candidate.name_key).includes(word) ? FIELD_COST.name : Infinity,
        wordsOf(candidate.search_text).includes(word) ? FIELD_COST.fields : Infinity,
        wordsOf(candidate.description_key).includes(word) ? FIELD_COST.description : Infinity,
      ];
      cost += Math.min(...places);
    }
    if (Number.isFinite(cost)) scored.push({ id: candidate.id, cost, length: candidate.name_key.length, position });
  });
  scored.sort((a, b) => a.cost - b.cost || a.length - b.length || a.position - b.position);
  return scored.map((entry) => entry.id);
}

/** Rows in catalogue order (name_key, then id), as buildSearchIndex hands them over. */
function catalogueOrder(rows: EngineRow[]): EngineRow[] {
  return rows.sort((a, b) => (a.name_key < b.name_key ? -1 : a.name_key > b.name_key ? 1 : a.id - b.id));
}

const text = (min: number, max: number) =>
  fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max }).map((words) => words.join(' '));

describe('the search engine against a reference scan', () => {
  it('finds and orders every query as the reference does, and counts each term once per cocktail', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text(1, 3), text(0, 3), text(0, 6)), { minLength: 1, maxLength: 400 }),
        fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
        (specs, query) => {
          const rows = catalogueOrder(
            specs.map(([name, fields, description], index) => row(index + 1, name, fields, description)),
          );
          const engine = new CatalogueSearchEngine('test', rows, new Map());
          const result = engine.search(textFilter(query.join(' ')), LARGE);
          const expected = expectedIds(rows, query);
          expect(result.total).toBe(expected.length);
          expect(result.ids).toEqual(expected);
          for (const word of WORDS) {
            const holding = rows.filter((candidate) =>
              [candidate.name_key, candidate.search_text, candidate.description_key].some((key) =>
                wordsOf(key).includes(word),
              ),
            ).length;
            expect(engine.frequency(word)).toBe(holding);
          }
        },
      ),
      {
        numRuns: 150,
        // Found by CI: 'rye oak rye' counts 'rye' twice, so the cocktail with 'rye' in its name ranks first.
        examples: [
          [
            [
              ['rye', 'oak', ''],
              ['oak', 'rye', ''],
              ['lime', '', ''],
            ],
            ['rye', 'oak', 'rye'],
          ],
        ],
      },
    );
  });

  it('ranks by the field a common word is in when that word is checked through the forward index', () => {
    // 'lime' narrows to two cocktails; 'sour' is in every one of 2,000 descriptions (far past 32 entries per cocktail
    // still matched), so the engine checks it against the two cocktails' own terms. 'lime bay' has it in its description
    // only and comes first in catalogue order; 'lime sour' has it in its name and must rank first.
    const fillers = Array.from({ length: 2000 }, (_, index) => row(index + 10, `zest ${index}`, 'gin', 'sour oak'));
    const rows = catalogueOrder([row(1, 'lime bay', 'gin', 'sour'), row(2, 'lime sour', 'gin', 'dry'), ...fillers]);
    const engine = new CatalogueSearchEngine('test', rows, new Map());
    expect(engine.search(textFilter('lime sour'), LARGE).ids).toEqual([2, 1]);
    expect(engine.search(textFilter('sour lime'), LARGE).ids).toEqual([2, 1]);
    expect(engine.frequency('sour')).toBe(2002);
  });
});

describe('the search engine on words typed right, typed wrong and typed in part', () => {
  const ids = (engine: CatalogueSearchEngine, q: string) => engine.search(textFilter(q), LARGE).ids;

  it('ranks a word typed right before the words it resembles, and ignores its lookalikes in descriptions', () => {
    const rows = catalogueOrder([
      row(1, 'pisco sour', 'pisco', ''),
      row(2, 'kamikaze', 'vodka', 'a disco era favorite'),
      row(3, 'disco inferno', 'rum', ''),
      row(4, 'chilcano', 'pisco ginger ale', ''),
    ]);
    const engine = new CatalogueSearchEngine('test', rows, new Map());
    // 'disco' (a name) is one typo from 'pisco': after every cocktail holding 'pisco' itself; the Kamikaze not at all.
    expect(ids(engine, 'pisco')).toEqual([1, 4, 3]);
    // Typed as 'disco', the description's own word counts, and 'pisco' as a typo after it.
    expect(ids(engine, 'disco')).toEqual([3, 2, 1, 4]);
    // A word the catalogue does not hold still finds its lookalikes, descriptions included.
    expect(ids(engine, 'fisco').sort()).toEqual([1, 2, 3, 4]);
  });

  it("forgives a typo in the start of the last word: 'marge' finds the margaritas", () => {
    const rows = catalogueOrder([row(1, 'margarita', 'tequila', ''), row(2, 'mojito', 'rum', 'not a margarita')]);
    const engine = new CatalogueSearchEngine('test', rows, new Map());
    expect(ids(engine, 'marge')).toEqual([1, 2]);
    expect(engine.search(textFilter('marge'), LARGE).didYouMean).toBe('margarita');
    // Not in an earlier word: those are whole.
    expect(ids(engine, 'marge tequila')).toEqual([]);
  });

  it('finds a word inside the words of names only, after whole words and prefixes', () => {
    const rows = catalogueOrder([
      row(1, 'negroni', 'gin', ''),
      row(2, 'groni fizz', 'gin', ''),
      row(3, 'americano', 'campari', 'a negroni without gin'),
      row(4, 'kingston negroni', 'rum', ''),
    ]);
    const engine = new CatalogueSearchEngine('test', rows, new Map());
    expect(ids(engine, 'groni')).toEqual([2, 1, 4]);
    // Four letters forgive no typo: only the names holding them, not the Americano's description.
    expect(ids(engine, 'egro')).toEqual([1, 4]);
    // Three letters are in too many words to count.
    expect(ids(engine, 'ron')).toEqual([]);
  });

  it('lists in the ingredient facet what the results pour, and counts broader ingredients for "with"', () => {
    const rows = catalogueOrder([row(1, 'spritz', 'wine', ''), row(2, 'kir', 'wine', ''), row(3, 'gimlet', 'gin', '')]);
    // 10 Prosecco and 11 White wine are kinds of 1 Wine; 20 Gin is poured by name.
    const ingredients = new Map([
      [1, { poured: [10], broader: [1] }],
      [2, { poured: [11], broader: [1] }],
      [3, { poured: [20], broader: [] }],
    ]);
    const engine = new CatalogueSearchEngine('test', rows, ingredients);
    const facets = engine.search(textFilter(''), LARGE, true).facets;
    expect([...(facets?.poured ?? [])].sort((a, b) => a - b)).toEqual([10, 11, 20]);
    expect(facets?.ingredients.get(1)).toBe(2);
    expect(engine.search({ ...textFilter(''), withIngredients: [1] }, LARGE).total).toBe(2);
  });
});
