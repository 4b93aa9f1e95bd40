import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';
import { listCocktails } from './list-operations';
import { seedCatalogue } from './operations';
import { loadSeedCatalogue } from './seed/load-seed';

/**
 * The search query table: what a user types, and what must come first, over the project's real seed catalogue (about 200
 * cocktails), on both databases, answered in memory (the engine) and, on PostgreSQL, by the database (trigram path). The
 * two must agree: the same rows in the same order for every query.
 */
interface Row {
  q: string;
  /** Names expected first, in order. */
  top: string[];
  /** The 'did you mean' expected (null: none). */
  didYouMean?: string | null;
  /** Ingredient slugs that must all be in the recipe / none may be. */
  with?: string[];
  without?: string[];
  /** Exact number of results, when it matters. */
  total?: number;
}

const TABLE: Row[] = [
  // Typos: one in words of 5+ letters, two from 9; a swap of neighbouring letters counts one.
  { q: 'negorni', top: ['Negroni'], didYouMean: 'negroni' },
  {
    q: 'old fashoined',
    top: ['Old Fashioned', 'Rum Old Fashioned', 'Oaxaca Old Fashioned'],
    didYouMean: 'old fashioned',
  },
  { q: 'margerita', top: ['Margarita', 'Mezcal Margarita', 'Tommy’s Margarita'], didYouMean: 'margarita' },
  { q: 'expresso martini', top: ['Espresso Martini'], didYouMean: 'espresso martini', total: 1 },
  { q: 'mojto', top: ['Mojito'], didYouMean: 'mojito' },
  { q: 'daiquri', top: ['Daiquiri', 'Nuclear Daiquiri'], didYouMean: 'daiquiri' },
  { q: 'cosmopoliton', top: ['Cosmopolitan'], didYouMean: 'cosmopolitan' },
  { q: 'sazarac', top: ['Sazerac'], didYouMean: 'sazerac', total: 1 },
  { q: 'corpse revivor', top: ['Corpse Reviver #2', 'Corpse Reviver No. 1'], didYouMean: 'corpse reviver' },
  { q: 'boulvardier', top: ['Boulevardier'], didYouMean: 'boulevardier' },
  { q: 'penicilin', top: ['Penicillin'], didYouMean: 'penicillin' },
  { q: 'aviaton', top: ['Aviation'], didYouMean: 'aviation', total: 1 },
  { q: 'chartruese', top: ['Chartreuse Swizzle'], didYouMean: 'chartreuse' },
  { q: 'ameretto', top: ['Amaretto Sour'], didYouMean: 'amaretto' },
  { q: 'caipirina', top: ['Caipirinha'], didYouMean: 'caipirinha', total: 1 },
  { q: 'sbagliatto', top: ['Negroni Sbagliato'], didYouMean: 'sbagliato', total: 1 },
  { q: 'apperol', top: ['Aperol Sour', 'Spritz'], didYouMean: 'aperol' },
  // Short words forgive nothing.
  { q: 'mjto', top: [], total: 0 },
  { q: 'gni', top: [], total: 0 },
  // Prefixes, as the user types.
  { q: 'marg', top: ['Margarita', 'Mezcal Margarita', 'Tommy’s Margarita'], didYouMean: null },
  { q: 'neg', top: ['Negroni', 'White Negroni', 'Mezcal Negroni'] },
  { q: 'old f', top: ['Old Fashioned', 'Rum Old Fashioned', 'Oaxaca Old Fashioned'] },
  { q: 'espresso mar', top: ['Espresso Martini'], total: 1 },
  { q: 'ramos gin fiz', top: ['Ramos Fizz'], total: 1 },
  // The start of the last word forgives typos too, while it is typed.
  { q: 'marge', top: ['Margarita', 'Mezcal Margarita', 'Tommy’s Margarita'], didYouMean: 'margarita' },
  { q: 'daqui', top: ['Daiquiri', 'Nuclear Daiquiri'], didYouMean: 'daiquiri' },
  { q: 'negor', top: ['Negroni', 'White Negroni', 'Mezcal Negroni'], didYouMean: 'negroni' },
  {
    q: 'old fasho',
    top: ['Old Fashioned', 'Rum Old Fashioned', 'Oaxaca Old Fashioned'],
    didYouMean: 'old fashioned',
  },
  // Inside the words of names, after every whole-word and prefix match.
  {
    q: 'groni',
    top: ['Negroni', 'White Negroni', 'Mezcal Negroni', 'Kingston Negroni', 'Negroni Sbagliato'],
    didYouMean: null,
    total: 5,
  },
  { q: 'egron', top: ['Negroni', 'White Negroni', 'Mezcal Negroni', 'Kingston Negroni', 'Negroni Sbagliato'] },
  { q: 'shioned', top: ['Old Fashioned', 'Rum Old Fashioned', 'Oaxaca Old Fashioned'], didYouMean: null },
  // Letters and digits are separate words.
  { q: 'french75', top: ['French 75'], total: 1 },
  { q: '20th', top: ['20th Century'] },
  // A word typed right finds its own matches, never a description's lookalike: no Kamikaze (a 'disco-era favorite').
  { q: 'pisco', top: ['Pisco Sour', 'Pisco Punch', 'Chilcano'], total: 3 },
  // Accents, apostrophes and punctuation folded.
  { q: 'creme de cassis', top: ['Kir', 'El Diablo', 'Kir Royale'] },
  { q: 'crème de cassis', top: ['Kir', 'El Diablo', 'Kir Royale'] },
  { q: 'pina colada', top: ['Piña Colada'], total: 1 },
  { q: 'vieux carre', top: ['Vieux Carré'], total: 1 },
  { q: 'cachaca', top: ['Caipirinha', 'Rabo de Galo'], total: 2 },
  { q: 'bees knees', top: ['Bee’s Knees'], total: 1 },
  { q: "bee's knees", top: ['Bee’s Knees'], total: 1 },
  { q: 'dark and stormy', top: ['Dark ’n’ Stormy'], total: 1 },
  { q: 'gin & tonic', top: ['Gin and Tonic'], total: 1 },
  // Relevance: whole words and names first ('gin' before ginger drinks), shorter names among equals.
  { q: 'gin', top: ['Gin Fizz', 'Gin Rickey', 'Gin Gin Mule', 'Gin and Tonic', 'Gin Basil Smash'] },
  { q: 'margarita', top: ['Margarita', 'Mezcal Margarita', 'Tommy’s Margarita'], didYouMean: null },
  { q: 'tequila', top: ['Tequila Sunrise'] },
  { q: 'absinthe', top: ['Absinthe Frappé'] },
  { q: 'moscow', top: ['Moscow Mule'] },
  // Several words.
  { q: 'whisky sour', top: ['Whiskey Sour'], didYouMean: null },
  // Mezcal Negroni's description has 'smoke', a typo away from 'smoky': the drinks that say smoky come first.
  { q: 'smoky mezcal', top: ['Mezcal Margarita', 'Illegal'] },
  { q: 'last word', top: ['Last Word'] },
  { q: 'paper plane', top: ['Paper Plane'] },
  { q: 'brandy alexander', top: ['Alexander'], total: 1 },
  { q: 'negroni sbagliato', top: ['Negroni Sbagliato'], total: 1 },
  // Ingredients: with and without (broader ingredients count: any gin is a gin).
  { q: 'sour', without: ['egg-white'], top: ['Industry Sour', 'Trinidad Sour'], total: 27 },
  { q: 'sour', with: ['egg-white'], top: ['Pisco Sour', 'Aperol Sour', 'Whiskey Sour'], total: 10 },
  { q: '', with: ['gin', 'campari'], top: ['Cardinale', 'Jasmine', 'Negroni'], total: 3 },
  { q: 'mint', without: ['rum'], top: ['Mint Julep', 'Eastside', 'Southside'], total: 12 },
  { q: '', with: ['lime-juice'], without: ['egg-white'], top: ['Air Mail', 'Barracuda', 'Batanga'], total: 50 },
];

describe.each(testDialects())('the search query table on %s', (dialect) => {
  let database: TestDatabase;
  let idOf: (slug: string) => number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedCatalogue({ db: database.db, seed: loadSeedCatalogue() });
    const rows = await database.db.selectFrom('ingredient').select(['id', 'slug']).execute();
    const ids = new Map(rows.map((row) => [row.slug, Number(row.id)]));
    idOf = (slug) => {
      const id = ids.get(slug);
      if (id === undefined) throw new Error(`no ingredient ${slug}`);
      return id;
    };
  }, 60_000);
  afterAll(() => database.drop());

  const search = (row: Row, strategy: 'memory' | 'database') =>
    listCocktails({
      db: database.db,
      query: {
        q: row.q,
        page: 0,
        pageSize: 50,
        with: (row.with ?? []).map(idOf),
        without: (row.without ?? []).map(idOf),
      },
      strategy,
    });

  it('lists in the ingredient facet what recipes pour, never a grouping such as Wine or Liqueur', async () => {
    const seed = loadSeedCatalogue();
    const poured = new Set(seed.cocktails.flatMap((cocktail) => cocktail.ingredients.map((line) => line.ingredient)));
    const nameOf = new Map(seed.ingredients.map((ingredient) => [ingredient.name, ingredient.slug]));
    for (const q of ['', 'spritz', 'sour']) {
      const page = await listCocktails({ db: database.db, query: { q, page: 0, pageSize: 50, facets: true } });
      const listed = page.facets?.ingredients.map((entry) => entry.name) ?? [];
      expect(listed.length, q).toBeGreaterThan(0);
      expect(listed, q).not.toContain('Wine');
      expect(listed, q).not.toContain('Liqueur');
      for (const name of listed) expect(poured.has(nameOf.get(name) as string), `${q}: ${name}`).toBe(true);
    }
    // A broader ingredient that recipes pour by name counts its kinds too, as 'with' finds them.
    const all = await listCocktails({ db: database.db, query: { q: '', page: 0, pageSize: 50, facets: true } });
    const gin = all.facets?.ingredients.find((entry) => entry.name === 'Gin');
    const withGin = await listCocktails({
      db: database.db,
      query: { q: '', page: 0, pageSize: 50, with: [idOf('gin')] },
    });
    expect(gin?.count).toBe(withGin.total);
  });

  it(`holds at least 40 queries`, () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(
    TABLE.map((row) => [row.with || row.without ? `${row.q} +${row.with ?? ''} -${row.without ?? ''}` : row.q, row]),
  )('%s', async (_label, row) => {
    const page = await search(row as Row, 'memory');
    const names = page.items.map((item) => item.name);
    const { top, didYouMean, total } = row as Row;
    expect(names.slice(0, top.length)).toEqual(top);
    if (didYouMean !== undefined) expect(page.didYouMean).toBe(didYouMean);
    if (total !== undefined) expect(page.total).toBe(total);
    // The database's answer (PostgreSQL's trigram path; SQLite answers from memory either way) is the same, row for row.
    const inDatabase = await search(row as Row, 'database');
    expect({
      total: inDatabase.total,
      ids: inDatabase.items.map((item) => item.id),
      didYouMean: inDatabase.didYouMean,
    }).toEqual({
      total: page.total,
      ids: page.items.map((item) => item.id),
      didYouMean: page.didYouMean,
    });
  });
});
