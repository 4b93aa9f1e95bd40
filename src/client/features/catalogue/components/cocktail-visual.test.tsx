import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GLASSWARE } from '@/shared/domain/vocabulary';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { visualThemeOf } from '../lib/visual-theme';
import { CocktailVisual } from './cocktail-visual';

/**
 * The generated pictures of the whole seed catalogue (src/server/catalogue/seed, read as JSON: the client may not import
 * the server), turned into the list API's summary shape: ingredient slugs become names, amounts and units stay.
 */
type SeedLine = { ingredient: string; amount: number | null; unit: string };
type SeedCocktail = Omit<CocktailSummary, 'id' | 'ingredients' | 'category' | 'image_url'> & {
  ingredients: SeedLine[];
};

const SEED_DIR = new URL('../../../../server/catalogue/seed/', import.meta.url);
const readSeed = <T,>(file: string): T => JSON.parse(readFileSync(new URL(file, SEED_DIR), 'utf8')) as T;

function seedSummaries(): CocktailSummary[] {
  const names = new Map(readSeed<{ slug: string; name: string }[]>('ingredients.json').map((i) => [i.slug, i.name]));
  const cocktails = [
    ...readSeed<SeedCocktail[]>('cocktails-iba.json'),
    ...readSeed<SeedCocktail[]>('cocktails-modern.json'),
  ];
  return cocktails.map((cocktail, index) => ({
    ...cocktail,
    id: index + 1,
    category: null,
    image_url: null,
    ingredients: cocktail.ingredients.map((line) => ({
      amount: line.amount,
      unit: line.unit,
      ingredient: names.get(line.ingredient) ?? line.ingredient,
    })),
  }));
}

const catalogue = seedSummaries();
const byName = (name: string) => catalogue.find((cocktail) => cocktail.name === name)!;

/** The props the card and the recipe modal pass (the summary's look-defining fields), technique optional. */
function propsOf(cocktail: CocktailSummary, withTechnique: boolean) {
  return {
    glassware: cocktail.glassware,
    base_spirit: cocktail.base_spirit,
    garnish: cocktail.garnish,
    flavor_profile: cocktail.flavor_profile,
    ingredients: cocktail.ingredients,
    ...(withTechnique ? { technique: cocktail.technique } : {}),
  };
}

/**
 * The picture's markup with its id-derived parts normalised away: the cocktail id is rendered as a unique token and
 * removed, and every SVG element id (from useId) is renamed in order of appearance. What remains is the drawing.
 */
function drawingOf(cocktail: CocktailSummary, withTechnique = true): string {
  const token = `id-token-${cocktail.id}`;
  let markup = renderToStaticMarkup(<CocktailVisual id={token} {...propsOf(cocktail, withTechnique)} />);
  markup = markup.split(token).join('');
  const ids = [...new Set([...markup.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]!))];
  ids.forEach((id, i) => (markup = markup.split(id).join(`svg-id-${i}`)));
  return markup;
}

function duplicatesOf(withTechnique: boolean): string[] {
  const seen = new Map<string, string>();
  const pairs: string[] = [];
  for (const cocktail of catalogue) {
    const drawing = drawingOf(cocktail, withTechnique);
    const twin = seen.get(drawing);
    if (twin) pairs.push(`${twin} = ${cocktail.name}`);
    else seen.set(drawing, cocktail.name);
  }
  return pairs;
}

describe('CocktailVisual over the seed catalogue', () => {
  it('loads the 200 cocktails', () => {
    expect(catalogue).toHaveLength(200);
  });

  it('draws no two cocktails alike', () => {
    const pairs = duplicatesOf(true);
    expect(pairs, `identical pictures: ${pairs.join('; ')}`).toEqual([]);
  });

  it('draws no two cocktails alike without the technique prop either (callers that do not pass it)', () => {
    const pairs = duplicatesOf(false);
    expect(pairs, `identical pictures: ${pairs.join('; ')}`).toEqual([]);
  });

  it('depends on the data only: the same cocktail under another id draws the same picture', () => {
    for (const cocktail of catalogue.slice(0, 20)) {
      expect(drawingOf({ ...cocktail, id: cocktail.id + 5000 })).toBe(drawingOf(cocktail));
    }
  });

  it('stays decorative and small', () => {
    const sizes = catalogue.map((cocktail) => drawingOf(cocktail).length);
    const markup = renderToStaticMarkup(<CocktailVisual id={1} {...propsOf(byName('Negroni'), true)} />);
    expect(markup).toMatch(/^<div aria-hidden="true"/);
    expect(Math.max(...sizes)).toBeLessThan(6000);
    expect(sizes.reduce((sum, size) => sum + size, 0) / sizes.length).toBeLessThan(4200);
  });

  it('draws every glass of the glassware vocabulary in its own shape', () => {
    const negroni = propsOf(byName('Negroni'), true);
    const glasses = new Set(
      GLASSWARE.map((glassware) => {
        const markup = renderToStaticMarkup(<CocktailVisual id={1} {...negroni} glassware={glassware} />);
        return markup.match(/<clipPath[^>]*><path d="([^"]+)"/)?.[1] ?? markup.match(/<path d="(M3[0-9][^"]+Z)"/)?.[1];
      }),
    );
    expect(glasses.size).toBe(GLASSWARE.length);
  });
});

describe('CocktailVisual features', () => {
  it('a Negroni in a rocks glass has ice and an orange garnish', () => {
    const negroni = byName('Negroni');
    expect(negroni.glassware).toBe('Rocks');
    const theme = visualThemeOf(negroni);
    expect(theme.ice).not.toBe('none');
    expect(drawingOf(negroni)).toMatch(/data-part="ice-(bigCube|cubes)"/);
    expect(theme.garnish.some((item) => item.color === '#f39a2b' && /wheel|twist|wedge/i.test(item.kind))).toBe(true);
    expect(theme.liquid).toMatch(/^#[a-f0-9]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(theme.liquid.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(g! + 60); // Campari and sweet vermouth: a red drink
    expect(r).toBeGreaterThan(b! + 60);
  });

  it('a Whiskey Sour with egg white has foam', () => {
    const sour = byName('Whiskey Sour');
    expect(sour.ingredients.some((line) => line.ingredient === 'Egg white')).toBe(true);
    expect(visualThemeOf(sour).foam?.kind).toBe('egg');
    expect(drawingOf(sour)).toContain('data-part="foam-egg"');
  });

  it('a Mojito in a highball has crushed ice or cubes and mint', () => {
    const mojito = byName('Mojito');
    expect(mojito.glassware).toBe('Highball');
    for (const withTechnique of [true, false]) {
      const theme = visualThemeOf(propsOf(mojito, withTechnique));
      expect(['crushed', 'cubes']).toContain(theme.ice);
      expect(theme.garnish.some((item) => item.kind === 'mint')).toBe(true);
    }
    expect(drawingOf(mojito)).toMatch(/data-part="ice-(crushed|cubes)"/);
  });

  it('draws up drinks without ice, a float of red wine, a big cube, and the blend of the ingredients', () => {
    expect(visualThemeOf(byName('Manhattan')).ice).toBe('none');
    expect(visualThemeOf(byName('Old Fashioned')).ice).toBe('bigCube');
    expect(visualThemeOf(byName('Mint Julep')).ice).toBe('crushed');
    expect(visualThemeOf(byName('Piña Colada')).ice).toBe('frozen');
    expect(visualThemeOf(byName('New York Sour')).stops.length).toBeGreaterThan(2);
    expect(visualThemeOf(byName('Irish Coffee')).foam?.kind).toBe('cream');
    expect(visualThemeOf(byName('Irish Coffee')).hot).toBe(true);
    // Weighted blend, not first match: more Campari makes a redder drink.
    const americano = byName('Americano');
    const moreCampari = {
      ...americano,
      ingredients: americano.ingredients.map((line) =>
        line.ingredient === 'Campari' ? { ...line, amount: 60 } : line,
      ),
    };
    expect(visualThemeOf(moreCampari).liquid).not.toBe(visualThemeOf(americano).liquid);
  });

  it('stacks a layered drink with the first-poured ingredient at the bottom', () => {
    const stops = visualThemeOf({
      base_spirit: 'Liqueur',
      glassware: 'Flute',
      technique: 'Layer',
      ingredients: [
        { ingredient: 'Grenadine', amount: 20, unit: 'ml' },
        { ingredient: 'Blue curaçao', amount: 20, unit: 'ml' },
        { ingredient: 'Irish cream', amount: 20, unit: 'ml' },
      ],
    }).stops;
    expect(stops.length).toBe(6);
    expect(stops[0]!.color).toBe(stops[1]!.color); // Irish cream on top
    expect(stops.at(-1)!.color).not.toBe(stops[0]!.color); // grenadine at the bottom
    expect(stops.at(-1)!.offset).toBeCloseTo(1);
  });

  it('reads garnish text: alternatives, suggestions, rims, dustings and counts', () => {
    expect(visualThemeOf(byName('Daiquiri')).garnish).toEqual([]);
    expect(visualThemeOf(byName('Margarita')).rim).toEqual({ kind: 'salt', half: true });
    expect(visualThemeOf(byName('Espresso Martini')).dusting).toBe('beans');
    expect(visualThemeOf(byName('Alexander')).dusting).toBe('nutmeg');
    expect(visualThemeOf(byName('Gibson')).garnish[0]).toMatchObject({ kind: 'onion', count: 3 });
    expect(visualThemeOf(byName('Dry Martini')).garnish.map((item) => item.kind)).toEqual(['twist']);
    expect(visualThemeOf(byName('Cantarito')).garnish.map((item) => item.kind)).toEqual(['wedge', 'wedge', 'wedge']);
    expect(visualThemeOf(byName('Caipirinha')).garnish.map((item) => item.kind)).toEqual(['inGlass']);
  });
});
