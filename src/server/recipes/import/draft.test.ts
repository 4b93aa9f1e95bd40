import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import seedIngredients from '../../catalogue/seed/ingredients.json';
import { draftRecipes } from './draft';
import { readImport } from './formats';

type SeedIngredient = {
  slug: string;
  name: string;
  category: string;
  parent: string | null;
  abv: number;
  aliases?: string[];
};

/** The seed catalogue's ingredients in the API's shape, with ids in file order. */
const INGREDIENTS: IngredientSummary[] = (() => {
  const seed = seedIngredients as SeedIngredient[];
  const ids = new Map(seed.map((item, index) => [item.slug, index + 1]));
  return seed.map((item, index) => ({
    id: index + 1,
    slug: item.slug,
    name: item.name,
    category: item.category as IngredientSummary['category'],
    parentId: item.parent ? (ids.get(item.parent) ?? null) : null,
    variant: false,
    abv: item.abv,
    aliases: item.aliases ?? [],
    parts: [],
  }));
})();

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/import/${name}`, import.meta.url)));
const draftsOf = (name: string) => draftRecipes(readImport(fixture(name)).recipes, INGREDIENTS);

describe('draftRecipes', () => {
  it('resolves every line, and maps the glass, technique and base spirit', () => {
    const [sour] = draftsOf('bar-assistant.json');
    expect(sour!.lines.map((l) => [l.resolution.name, l.resolution.match])).toEqual([
      ['Rye whiskey', 'exact'],
      ['Lemon juice', 'exact'],
      ['Simple syrup', 'exact'],
      ['Angostura bitters', 'exact'],
    ]);
    expect(sour).toMatchObject({ glassware: 'Coupe', technique: 'Shake', baseSpirit: 'Whiskey', warnings: [] });
  });

  it('reads the glass from the instructions, and says when it had to choose one', () => {
    const [mule] = draftsOf('cocktaildb.json');
    expect(mule).toMatchObject({ glassware: 'Copper mug', technique: 'Build', baseSpirit: 'Vodka' });
    const [collins] = draftsOf('recipe-page.html');
    expect(collins).toMatchObject({ glassware: 'Rocks', technique: 'Shake', baseSpirit: 'Gin' });
    expect(collins!.warnings).toContain('No glass was named: Rocks was chosen.');
  });

  it('keeps a name the catalogue does not know as new, with a warning, never a refusal', () => {
    const read = readImport(
      new TextEncoder().encode('Yuzu Sour\n2 oz gin\n1 oz yuzu kosho syrup\nShake and strain into a coupe.'),
    );
    const [draft] = draftRecipes(read.recipes, INGREDIENTS);
    expect(draft!.lines.map((l) => [l.resolution.match, l.resolution.ingredientId === null])).toEqual([
      ['exact', false],
      ['new', true],
    ]);
    expect(draft!.warnings).toContain("'yuzu kosho syrup' is not in the catalogue yet.");
    expect(draft).toMatchObject({ glassware: 'Coupe', baseSpirit: 'Gin' });
  });
});
