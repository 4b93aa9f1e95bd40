import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readImport, UnreadableImportError } from './formats';

/** One of the import fixtures (tests/fixtures/import, written for these tests), as bytes. */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/import/${name}`, import.meta.url)));
/** The name, and each line's amount, unit and ingredient, of every recipe read. */
const summary = (bytes: Uint8Array) => {
  const read = readImport(bytes);
  return {
    format: read.format,
    recipes: read.recipes.map((recipe) => ({
      name: recipe.name,
      lines: recipe.lines.map((line) => [line.amount, line.unit, line.ingredient]),
    })),
    refusals: read.refusals,
  };
};

describe('readImport detects the format from the content and reads it', () => {
  it("reads Bar Assistant's recipe schema, names from its ingredient list, substitutes as alternatives", () => {
    const read = readImport(fixture('bar-assistant.json'));
    expect(read.format).toBe('bar-assistant');
    const [recipe] = read.recipes;
    expect(recipe).toMatchObject({
      name: 'Harbour Sour',
      glass: 'Coupe',
      method: 'Shake',
      garnish: 'Lemon peel',
      tags: ['Sour', 'Winter'],
      source: 'Barback fixture',
    });
    expect(recipe!.lines.map((l) => [l.amount, l.amountMax, l.unit, l.ingredient, l.optional, l.note])).toEqual([
      [50, null, 'ml', 'Rye whiskey', false, null],
      [25, null, 'ml', 'Lemon juice', false, 'fresh'],
      [15, null, 'ml', 'Simple syrup', false, null],
      [2, 3, 'dash', 'Angostura bitters', true, null],
    ]);
    expect(recipe!.lines[0]!.alternatives).toEqual(['Bourbon']);
  });

  it("reads Bar Assistant's datapack zip, skipping files that are not recipes", () => {
    const recipe = JSON.parse(new TextDecoder().decode(fixture('bar-assistant.json'))) as { recipe: object };
    const zip = zipSync({
      'cocktails/harbour-sour/data.json': strToU8(
        JSON.stringify({
          ...recipe.recipe,
          ingredients: (recipe.recipe as { ingredients: object[] }).ingredients.map((line) => ({
            ...line,
            name: 'Gin',
          })),
        }),
      ),
      'ingredients/gin/data.json': strToU8(JSON.stringify({ _id: 'gin', name: 'Gin', strength: 40 })),
      'cocktails/harbour-sour/photo.jpg': new Uint8Array([0xff, 0xd8, 0xff]),
    });
    const read = summary(zip);
    expect(read.format).toBe('bar-assistant-zip');
    expect(read.recipes.map((r) => r.name)).toEqual(['Harbour Sour']);
  });

  it('reads schema.org Recipe JSON-LD from a pasted page (@graph, a list of types, HowToSections)', () => {
    const read = readImport(fixture('recipe-page.html'));
    expect(read.format).toBe('json-ld');
    expect(read.recipes).toHaveLength(1);
    const recipe = read.recipes[0]!;
    expect(recipe.name).toBe('Garden Collins');
    expect(recipe.instructions).toBe(
      'Muddle the cucumber with the syrup.\nShake with gin and lemon, strain over ice.\nTop with soda.',
    );
    expect(recipe.tags).toEqual(['Highball', 'gin', 'summer']);
    expect(recipe.source).toBe('https://recipes.example/garden-collins');
    expect(recipe.lines.map((l) => [l.amount, l.unit, l.ingredient])).toEqual([
      [1.5, 'oz', 'gin'],
      [0.75, 'oz', 'fresh lemon juice'],
      [0.5, 'oz', 'simple syrup'],
      [3, 'slice', 'cucumber slices'],
      [null, 'top', 'soda water'],
    ]);
    // The block alone reads the same.
    const block = /<script[^>]*>([\s\S]*?)<\/script>/.exec(new TextDecoder().decode(fixture('recipe-page.html')))![1]!;
    expect(summary(new TextEncoder().encode(block)).recipes).toEqual(summary(fixture('recipe-page.html')).recipes);
  });

  it("reads TheCocktailDB's lookup answer", () => {
    expect(summary(fixture('cocktaildb.json'))).toEqual({
      format: 'cocktaildb',
      recipes: [
        {
          name: 'Copper Mule',
          lines: [
            [2, 'oz', 'Vodka'],
            [0.5, 'oz', 'Lime juice'],
            [null, 'top', 'Ginger beer'],
          ],
        },
      ],
      refusals: [],
    });
  });

  it('reads flat records, and refuses one without ingredients with its reason', () => {
    const read = readImport(fixture('records.json'));
    expect(read.format).toBe('json-records');
    expect(read.recipes[0]).toMatchObject({
      name: 'Porch Punch',
      instructions: 'Shake with ice.\nStrain over crushed ice.',
      glass: 'Tiki mug',
      garnish: 'Mint sprig',
    });
    expect(read.recipes[0]!.lines.map((l) => [l.amount, l.unit, l.ingredient])).toEqual([
      [2, 'oz', 'dark rum'],
      [1, 'oz', 'pineapple juice'],
      [0.5, 'oz', 'lime juice'],
      [2, 'dash', 'Angostura'],
    ]);
    expect(read.refusals).toEqual([{ index: 1, name: 'Nameless lines', reason: 'The recipe names no ingredient.' }]);
  });

  it('reads IBA-style CSV, one recipe a row', () => {
    const read = readImport(fixture('iba.csv'));
    expect(read.format).toBe('csv');
    expect(read.recipes.map((r) => [r.name, r.garnish, r.lines.length])).toEqual([
      ['Test Negroni', 'Orange peel', 3],
      ['Test Spritz', 'Orange slice', 3],
    ]);
    expect(read.recipes[1]!.lines[2]).toMatchObject({ unit: 'top', ingredient: 'Soda water' });
  });

  it('reads IBA-style CSV cells of lines: several amounts on one line, lists, notes in parentheses', () => {
    const read = readImport(fixture('iba-raw.csv'));
    expect(read.format).toBe('csv');
    const lines = read.recipes.map((r) => [r.name, r.lines.map((l) => [l.amount, l.unit, l.ingredient, l.note])]);
    expect(lines).toEqual([
      [
        'Test Harbour Sour',
        [
          [40, 'ml', 'Rye Whiskey', null],
          [25, 'ml', 'Lemon Juice', null],
          [15, 'ml', 'Simple Syrup', null],
          [1, 'tbsp', 'Aquafaba', 'Whipped, for foam'],
        ],
      ],
      [
        'Test Red Snapper',
        [
          [50, 'ml', 'Gin', null],
          [100, 'ml', 'Tomato Juice', null],
          [null, 'piece', 'Worcestershire Sauce', null],
          [null, 'piece', 'Celery Salt', null],
          [null, 'piece', 'Black Pepper', 'to taste'],
          [2, 'oz', 'Soda Water', null],
        ],
      ],
    ]);
    expect(read.recipes[1]!.lines[5]!.amountMax).toBe(3);
  });

  it('reads CSV of one ingredient line a row, grouped by name', () => {
    const csv = [
      'category,name,ingredient_direction,quantity,unit,ingredient,note',
      'Classics,Test Gimlet,60 ml Gin,60,ml,Gin,NA',
      'Classics,Test Gimlet,15 ml Lime cordial,15,ml,Lime cordial,NA',
      'Classics,Test Stinger,50 ml Cognac,50,ml,Cognac,NA',
    ].join('\n');
    expect(summary(new TextEncoder().encode(csv)).recipes).toEqual([
      {
        name: 'Test Gimlet',
        lines: [
          [60, 'ml', 'Gin'],
          [15, 'ml', 'Lime cordial'],
        ],
      },
      { name: 'Test Stinger', lines: [[50, 'ml', 'Cognac']] },
    ]);
  });

  it('reads plain text: name, lines, method; recipes apart by blank lines', () => {
    const read = readImport(fixture('pasted.txt'));
    expect(read.format).toBe('text');
    expect(read.recipes.map((r) => [r.name, r.lines.map((l) => l.ingredient), r.instructions])).toEqual([
      ['Negroni', ['gin', 'Campari', 'sweet vermouth'], 'Stir, strain over ice'],
      ['Daiquiri', ['white rum', 'lime juice', 'simple syrup'], 'Shake hard with ice and strain into a chilled coupe.'],
    ]);
  });

  it('reads a name ending in a number as a name, not an ingredient', () => {
    const text = 'French 75\n1 oz gin\n1/2 oz lemon juice\nTop with Champagne\n\nHighball 2\n2 oz gin\n4 oz soda water';
    expect(summary(new TextEncoder().encode(text)).recipes.map((r) => [r.name, r.lines.length])).toEqual([
      ['French 75', 3],
      ['Highball 2', 2],
    ]);
  });

  it('reads records under other key names: a wrapped recipe, a list under a key, amounts as qty or measure', () => {
    const read = readImport(fixture('records-odd-keys.json'));
    expect(read.format).toBe('json-records');
    expect(read.recipes.map((r) => [r.name, r.instructions, r.glass, r.garnish])).toEqual([
      ['Lantern Sour', 'Shake with ice.\nStrain into a chilled coupe.', 'Coupe', ''],
      ['Quiet Harbour', 'Stir and strain.', '', 'Lemon twist'],
    ]);
    expect(read.recipes.map((r) => r.lines.map((l) => [l.amount, l.unit, l.ingredient]))).toEqual([
      [
        [1.5, 'oz', 'rye whiskey'],
        [0.75, 'oz', 'lemon juice'],
        [0.5, 'oz', 'maple syrup'],
      ],
      [
        [2, 'oz', 'Gin'],
        [0.5, 'oz', 'Dry vermouth'],
      ],
    ]);
  });

  it('reads an object of recipes keyed by name', () => {
    expect(summary(fixture('keyed.json')).recipes).toEqual([
      {
        name: 'Garden Gate',
        lines: [
          [45, 'ml', 'gin'],
          [20, 'ml', 'lime juice'],
          [15, 'ml', 'simple syrup'],
          [3, 'slice', 'cucumber slices'],
        ],
      },
      {
        name: 'Low Tide',
        lines: [
          [2, 'oz', 'blanco tequila'],
          [4, 'oz', 'grapefruit soda'],
        ],
      },
    ]);
  });

  it('reads a Markdown book: a recipe a heading, list items its lines, labelled glass and garnish', () => {
    const read = readImport(fixture('book.md'));
    expect(read.format).toBe('text');
    expect(read.refusals).toEqual([]);
    expect(
      read.recipes.map((r) => [r.name, r.lines.map((l) => l.ingredient), r.instructions, r.glass, r.garnish]),
    ).toEqual([
      [
        'Cedar Old Fashioned',
        ['bourbon', 'demerara syrup', 'Angostura bitters'],
        'Stir with ice and strain over a large cube.',
        'Rocks',
        'orange peel',
      ],
      ['Paper Kite', ['amaro', 'Aperol'], 'Shake with ice.\nStrain into a coupe.', '', ''],
    ]);
  });

  it('reads CSV under other column names: drink and measure a row, bars and lists in a cell', () => {
    expect(summary(fixture('per-line-drink.csv')).recipes).toEqual([
      {
        name: 'Test Gimlet',
        lines: [
          [2, 'oz', 'Gin'],
          [0.75, 'oz', 'Lime cordial'],
        ],
      },
      {
        name: 'Test Stinger',
        lines: [
          [2, 'oz', 'Cognac'],
          [0.75, 'oz', 'Crème de menthe'],
        ],
      },
    ]);
    const read = readImport(fixture('bars.csv'));
    expect(read.format).toBe('csv');
    expect(read.recipes.map((r) => [r.name, r.glass, r.instructions])).toEqual([
      ['Test Paloma', 'Highball', 'Build over ice.'],
      ['Test Bramble', 'Rocks', 'Shake; drizzle the liqueur over.'],
    ]);
    expect(read.recipes[0]!.lines.map((l) => [l.unit, l.ingredient])).toEqual([
      ['oz', 'tequila'],
      ['oz', 'lime juice'],
      ['top', 'grapefruit soda'],
    ]);
    expect(read.recipes[1]!.lines.map((l) => l.ingredient)).toEqual([
      'gin',
      'lemon juice',
      'simple syrup',
      'crème de mûre',
    ]);
  });

  it('says why an upload cannot be read at all', () => {
    expect(() => readImport(new TextEncoder().encode('{"hello": "world"}'))).toThrow(UnreadableImportError);
    expect(() => readImport(new TextEncoder().encode('<html><body>No recipe</body></html>'))).toThrow(
      'The page holds no schema.org Recipe.',
    );
    expect(() => readImport(new Uint8Array([0x50, 0x4b, 1, 2, 3]))).toThrow('The zip file could not be opened.');
    expect(() => readImport(new TextEncoder().encode('   '))).toThrow('Nothing in the upload reads as a recipe.');
  });
});
