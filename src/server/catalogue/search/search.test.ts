import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CocktailListQuery } from '@/shared/schemas/cocktail-query';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/test-database';
import { generateSyntheticSeed } from '../../../../tests/support/synthetic-catalogue';
import { buildTestSeed, TEST_COCKTAIL_NAMES_IN_ORDER } from '../../../../tests/support/test-seed';
import { AppError } from '../../errors';
import { listCocktails, SIGN_IN_TO_PAGE_MESSAGE, type ListQuery } from '../list-operations';
import { seedCatalogue } from '../operations';

const query = (fields: Partial<CocktailListQuery> = {}): ListQuery => ({
  q: '',
  page: 0,
  pageSize: 50,
  spirit: [],
  category: [],
  ...fields,
});

const strategies = ['database', 'memory'] as const;
/** A signed-in caller: pages past the first are for members. */
const member = async () => true;

describe.each(testDialects())('catalogue search on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedCatalogue({ db: database.db, seed: buildTestSeed() });
  });
  afterAll(() => database.drop());

  describe.each(strategies)('matching in the %s', (strategy) => {
    const names = async (fields: Partial<CocktailListQuery>) =>
      (await listCocktails({ db: database.db, query: query(fields), strategy, isSignedIn: member })).items.map(
        (item) => item.name,
      );

    it('lists the whole catalogue by name when there is no query', async () => {
      const page = await listCocktails({ db: database.db, query: query(), strategy, isSignedIn: member });
      expect(page.total).toBe(8);
      expect(page.items.map((item) => item.name)).toEqual(TEST_COCKTAIL_NAMES_IN_ORDER);
    });

    it('ranks name matches first, then other matches, shorter names first among equals', async () => {
      expect(await names({ q: 'gin' })).toEqual(['Gin Fizz', 'Gin Basil Smash', 'Negroni', 'Penicillin']);
    });

    it('ignores case and accents in the query and the text', async () => {
      expect(await names({ q: 'GIN' })).toEqual(await names({ q: 'gin' }));
      expect(await names({ q: 'cachaca' })).toEqual(['Caipirinha']);
      expect(await names({ q: 'CACHAÇA' })).toEqual(['Caipirinha']);
    });

    it('finds a cocktail by an ingredient that appears nowhere else', async () => {
      expect(await names({ q: 'campari' })).toEqual(['Negroni']);
      expect(await names({ q: 'ginger honey' })).toEqual(['Penicillin']);
    });

    it('matches description, technique, glassware and category text', async () => {
      expect(await names({ q: 'deliberately avoids' })).toHaveLength(8);
      expect(await names({ q: 'muddle' })).toEqual(['Caipirinha']);
      expect(await names({ q: 'coupe' })).toEqual(['Daiquiri']);
      expect((await names({ q: 'modern' })).sort()).toEqual(['Caipirinha', 'Gin Basil Smash', 'Penicillin']);
    });

    it('matches the last word as the start of a word, the others whole', async () => {
      expect(await names({ q: 'dai' })).toEqual(['Daiquiri']);
      expect(await names({ q: 'fi' })).toEqual(['Gin Fizz']);
      expect(await names({ q: 'gin fi' })).toEqual(['Gin Fizz']);
      expect(await names({ q: 'gi fizz' })).toEqual([]);
    });

    it('forgives a typo in the start of the last word and finds words inside names', async () => {
      expect(await names({ q: 'negor' })).toEqual(['Negroni']);
      expect(await names({ q: 'caipr' })).toEqual(['Caipirinha']);
      expect(await names({ q: 'groni' })).toEqual(['Negroni']);
      expect(await names({ q: 'pirinha' })).toEqual(['Caipirinha']);
    });

    it('forgives typos by word length and folds punctuation', async () => {
      expect(await names({ q: 'negorni' })).toEqual(['Negroni']);
      expect(await names({ q: 'daiqiri' })).toEqual(['Daiquiri']);
      // 'fiz' is three letters: no typo allowed, but it starts 'fizz'.
      expect(await names({ q: 'fiz' })).toEqual(['Gin Fizz']);
      expect(await names({ q: 'mjto' })).toEqual([]);
      expect(await names({ q: 'mojto' })).toEqual(['Mojito']);
      expect(await names({ q: 'gin-fizz!' })).toEqual(['Gin Fizz']);
    });

    it('treats wildcard and quote characters as punctuation', async () => {
      expect(await names({ q: 'g_n' })).toEqual([]);
      expect(await names({ q: '"gin fizz"' })).toEqual(['Gin Fizz']);
      expect(await names({ q: 'gin% fizz' })).toEqual(['Gin Fizz']);
      // Punctuation alone holds no word: no search, the whole catalogue.
      expect(await names({ q: '%' })).toEqual(TEST_COCKTAIL_NAMES_IN_ORDER);
    });

    it('refuses pages past the first to a caller who is not signed in, and asks only for such pages', async () => {
      let asked = 0;
      const anonymous = async () => {
        asked += 1;
        return false;
      };
      const first = await listCocktails({ db: database.db, query: query(), strategy, isSignedIn: anonymous });
      expect(first.page).toBe(0);
      expect(asked).toBe(0);
      const refused = listCocktails({ db: database.db, query: query({ page: 1 }), strategy, isSignedIn: anonymous });
      await expect(refused).rejects.toEqual(new AppError('UNAUTHORIZED', SIGN_IN_TO_PAGE_MESSAGE));
      await expect(refused).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      expect(asked).toBe(1);
    });

    it('answers an empty page, with the real total, for a page far past the end', async () => {
      for (const q of ['', 'gin', 'ai']) {
        const page = await listCocktails({
          db: database.db,
          query: query({ q, page: 90_071_992_547_409, pageSize: 100 }),
          strategy,
          isSignedIn: member,
        });
        expect(page.items, q).toEqual([]);
        expect(page.total, q).toBe(
          (await listCocktails({ db: database.db, query: query({ q }), strategy, isSignedIn: member })).total,
        );
      }
    });

    it('returns an empty page with total 0 when nothing matches', async () => {
      const page = await listCocktails({
        db: database.db,
        query: query({ q: 'xylophone' }),
        strategy,
        isSignedIn: member,
      });
      expect(page).toEqual({ items: [], total: 0, page: 0, pageSize: 50, didYouMean: null });
    });

    it('filters by spirit and category: OR within a filter, AND between filters and with q', async () => {
      expect(await names({ spirit: ['Rum'] })).toEqual(['Daiquiri', 'Mojito']);
      expect(await names({ spirit: ['Rum', 'Gin'] })).toEqual([
        'Daiquiri',
        'Gin Basil Smash',
        'Gin Fizz',
        'Mojito',
        'Negroni',
      ]);
      expect(await names({ category: ['Modern'] })).toEqual(['Caipirinha', 'Gin Basil Smash', 'Penicillin']);
      expect(await names({ spirit: ['Gin'], category: ['Modern'] })).toEqual(['Gin Basil Smash']);
      expect(await names({ q: 'lime', spirit: ['Rum'] })).toEqual(['Mojito', 'Daiquiri']);
      expect(await names({ q: 'gin', category: ['Classic'] })).toEqual(['Gin Fizz', 'Negroni']);
      expect(await names({ spirit: ['Tequila'] })).toEqual([]);
    });

    it('pages through a search with a stable total, name matches spanning page boundaries', async () => {
      const pages = [];
      for (let page = 0; page < 3; page += 1) {
        pages.push(
          await listCocktails({
            db: database.db,
            query: query({ q: 'gin', page, pageSize: 3 }),
            strategy,
            isSignedIn: member,
          }),
        );
      }
      expect(pages.map((p) => p.total)).toEqual([4, 4, 4]);
      expect(pages.flatMap((p) => p.items.map((item) => item.name))).toEqual([
        'Gin Fizz',
        'Gin Basil Smash',
        'Negroni',
        'Penicillin',
      ]);
      expect(pages[2]?.items).toEqual([]);
    });
  });

  // 3,000 cocktails: large enough that the SQLite planner picks each of its plans for some of the cases below.
  describe('a catalogue larger than one page', () => {
    let big: TestDatabase;
    beforeAll(async () => {
      big = await createTestDatabase(dialect);
      const seed = buildTestSeed();
      const synthetic = generateSyntheticSeed({ cocktails: 3000, seed: 7 });
      await seedCatalogue({
        db: big.db,
        seed: {
          ingredients: [...seed.ingredients, ...synthetic.ingredients],
          cocktails: [...synthetic.cocktails, ...seed.cocktails],
        },
      });
    });
    afterAll(() => big.drop());

    it.each(strategies)('finds an ingredient match that sorts far beyond the first page (%s)', async (strategy) => {
      const firstPage = await listCocktails({ db: big.db, query: query(), strategy, isSignedIn: member });
      expect(firstPage.total).toBe(3008);
      expect(firstPage.items.map((item) => item.name)).not.toContain('Negroni');
      const found = await listCocktails({ db: big.db, query: query({ q: 'campari' }), strategy, isSignedIn: member });
      expect(found.total).toBe(1);
      expect(found.items.map((item) => item.name)).toEqual(['Negroni']);
    });

    it('gives the same answers in memory and in the database', async () => {
      const cases: Partial<CocktailListQuery>[] = [
        {},
        { page: 3, pageSize: 20 },
        { q: 'a' },
        { q: 'er', page: 1, pageSize: 30 },
        { q: 'velvet' },
        { q: 'copper', spirit: ['Gin', 'Rum', 'Vodka'] },
        { q: 'syrup', category: ['Modern'], page: 1, pageSize: 25 },
        { q: 'bitters', spirit: ['Whiskey'], category: ['Classic'] },
        { q: 'lime' },
        { q: 'gin', pageSize: 7, page: 2 },
        { q: 'nothing like this' },
        { q: '001234' },
        { q: '0012', page: 1, pageSize: 3 },
        { q: 'syrup', page: 12, pageSize: 40 },
        { spirit: ['Brandy', 'Pisco'], page: 1, pageSize: 5 },
        // Typo'd starts, words inside names, digits glued to letters, lookalikes of words the catalogue holds.
        { q: 'lantr' },
        { q: 'velvet medow' },
        { q: 'ntern' },
        { q: 'adow', pageSize: 10, page: 1 },
        { q: 'ember12' },
        { q: 'silkey' },
        { q: 'silky' },
        { q: 'crsip', spirit: ['Gin', 'Rum'] },
      ];
      for (const fields of cases) {
        const inMemory = await listCocktails({
          db: big.db,
          query: query(fields),
          strategy: 'memory',
          isSignedIn: member,
        });
        const inDatabase = await listCocktails({
          db: big.db,
          query: query(fields),
          strategy: 'database',
          isSignedIn: member,
        });
        expect({ fields, total: inDatabase.total, ids: inDatabase.items.map((item) => item.id) }).toEqual({
          fields,
          total: inMemory.total,
          ids: inMemory.items.map((item) => item.id),
        });
      }
    });
  });
});
