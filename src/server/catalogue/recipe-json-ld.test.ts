import jsonld from 'jsonld';
import type { RemoteDocument } from 'jsonld/jsonld-spec';
import type { Recipe, WithContext } from 'schema-dts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { cocktailDetailSchema, type CocktailDetail } from '@/shared/schemas/cocktail';
import { recipeJsonLd } from './recipe-json-ld';

const ORIGIN = 'https://barback.example';
const VOCAB = 'http://schema.org/';

/**
 * schema.org's context as https://schema.org serves it, reduced to what these objects use: its vocabulary, and the
 * address-valued properties typed as `@id` (so an expanded address is a node, as a crawler reads it).
 */
const SCHEMA_ORG_CONTEXT = {
  '@context': {
    '@vocab': VOCAB,
    url: { '@type': '@id' },
    image: { '@type': '@id' },
    mainEntityOfPage: { '@type': '@id' },
    isBasedOn: { '@type': '@id' },
  },
};

/** Resolves schema.org's context from memory (tests never reach the network), and refuses any other address. */
async function documentLoader(url: string): Promise<RemoteDocument> {
  if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`unexpected JSON-LD context ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: SCHEMA_ORG_CONTEXT };
}

/** DOMAIN.md's check recipe: 30/30/30 ml at 40/25/16 %, stirred (20 %) -> 108 ml at 22.5 %, 1.37 US standard drinks. */
const negroni: CocktailDetail = cocktailDetailSchema.parse({
  id: 12,
  slug: 'negroni',
  name: 'Negroni',
  base_spirit: 'Gin',
  category: 'Classic',
  description: 'Equal parts gin, bitter red aperitivo and sweet vermouth.',
  instructions: 'Add everything to a mixing glass with ice.\nStir until well chilled.\nStrain over a large ice cube.',
  difficulty_level: 'Easy',
  strength: 'Strong',
  glassware: 'Rocks',
  served_over_ice: true,
  technique: 'Stir',
  garnish: 'Orange peel',
  preparation_time: 3,
  flavor_profile: ['Bitter', 'Herbal'],
  seasonal_tags: ['All year'],
  occasion_tags: ['Aperitif'],
  is_signature: false,
  image_url: null,
  ingredients: [
    ['Gin', 40, 'Spirits'],
    ['Campari', 25, 'Liqueurs'],
    ['Sweet vermouth', 16, 'Fortified wines'],
  ].map(([ingredient, abv, category], position) => ({
    position,
    ingredient_id: position + 1,
    ingredient,
    amount: 30,
    amount_max: null,
    unit: 'ml',
    is_optional: false,
    note: null,
    abv,
    category,
  })),
});

/** An imported recipe: a photo, a dash, an optional line, and its dataset's licence. */
const imported: CocktailDetail = {
  ...negroni,
  slug: 'bitter-spritz',
  name: 'Bitter Spritz',
  description: '',
  image_url: '/api/photos/spritz.jpg',
  ingredients: [
    { ...negroni.ingredients[1]!, amount: 2, unit: 'dash' },
    {
      ...negroni.ingredients[0]!,
      position: 1,
      ingredient: 'Soda water',
      is_optional: true,
      amount: null,
      unit: 'top',
      abv: 0,
    },
  ],
  source: { name: 'Open Cocktail Data', licence: 'CC BY-SA 4.0', url: 'https://example.org/spritz' },
};

/** `recipeJsonLd(cocktail)` as a page carries it: written as JSON and read back. */
function asServed(cocktail: CocktailDetail): Record<string, unknown> {
  return JSON.parse(JSON.stringify(recipeJsonLd(cocktail, ORIGIN))) as Record<string, unknown>;
}

/** The expanded document's one node, after JSON-LD expansion in safe mode (which throws on any dropped term). */
async function expanded(cocktail: CocktailDetail) {
  const nodes = await jsonld.expand(asServed(cocktail), { documentLoader, safe: true } as jsonld.Options.Expand);
  expect(nodes).toHaveLength(1);
  return nodes[0] as Record<string, Array<Record<string, unknown>>> & { '@type': string[] };
}

/** The `@value`s of property `name` of an expanded node. */
function values(node: Record<string, unknown>, name: string): unknown[] {
  return ((node[`${VOCAB}${name}`] as Array<Record<string, unknown>> | undefined) ?? []).map(
    (item) => item['@value'] ?? item['@id'],
  );
}

describe('recipeJsonLd', () => {
  it("is schema-dts's Recipe with its context", () => {
    expectTypeOf(recipeJsonLd).returns.toEqualTypeOf<WithContext<Recipe>>();
    const recipe: WithContext<Recipe> = recipeJsonLd(negroni, ORIGIN);
    expect(recipe['@type']).toBe('Recipe');
  });

  it('expands as JSON-LD to a schema.org Recipe with every property kept', async () => {
    const node = await expanded(negroni);
    expect(node['@type']).toEqual([`${VOCAB}Recipe`]);
    expect(values(node, 'name')).toEqual(['Negroni']);
    expect(values(node, 'url')).toEqual([`${ORIGIN}/cocktails/negroni`]);
    expect(values(node, 'image')).toEqual([`${ORIGIN}/og/cocktails/negroni.png`]);
    expect(values(node, 'recipeIngredient')).toEqual(['30 ml Gin', '30 ml Campari', '30 ml Sweet vermouth']);
    expect(values(node, 'recipeCategory')).toEqual(['Classic cocktail']);
    expect(values(node, 'keywords')).toEqual(['Gin, Stir, Bitter, Herbal, All year, Aperitif']);
    expect(values(node, 'prepTime')).toEqual(['PT3M']);
    expect(values(node, 'recipeYield')).toEqual(['1 drink']);
    const steps = node[`${VOCAB}recipeInstructions`]!;
    expect(steps.map((step) => step['@type'])).toEqual([
      [`${VOCAB}HowToStep`],
      [`${VOCAB}HowToStep`],
      [`${VOCAB}HowToStep`],
    ]);
    expect(steps.map((step) => values(step, 'text')[0])).toEqual([
      'Add everything to a mixing glass with ice.',
      'Stir until well chilled.',
      'Strain over a large ice cube.',
    ]);
    expect(steps.map((step) => values(step, 'position')[0])).toEqual([1, 2, 3]);
    const tool = node[`${VOCAB}tool`]!;
    expect(values(tool[0]!, 'name')).toEqual(['Rocks glass']);
    const author = node[`${VOCAB}author`]!;
    expect(values(author[0]!, 'name')).toEqual(['Barback']);
  });

  it("states one serving's alcohol from the shared maths, as the nutrition's description", async () => {
    const nutrition = (await expanded(negroni))[`${VOCAB}nutrition`]!;
    expect(nutrition[0]!['@type']).toEqual([`${VOCAB}NutritionInformation`]);
    expect(values(nutrition[0]!, 'description')).toEqual(['About 22.5% ABV, 108 ml, 1.4 US standard drinks']);
  });

  it('names an imported recipe’s dataset as author and source, with its licence, and its photo first', async () => {
    const node = await expanded(imported);
    expect(values(node[`${VOCAB}author`]![0]!, 'name')).toEqual(['Open Cocktail Data']);
    expect(values(node, 'isBasedOn')).toEqual(['https://example.org/spritz']);
    expect(values(node[`${VOCAB}license`]![0]!, 'name')).toEqual(['CC BY-SA 4.0']);
    expect(values(node[`${VOCAB}publisher`]![0]!, 'name')).toEqual(['Barback']);
    expect(values(node, 'image')).toEqual([
      `${ORIGIN}/api/photos/spritz.jpg`,
      `${ORIGIN}/og/cocktails/bitter-spritz.png`,
    ]);
    expect(values(node, 'description')).toEqual(['How to make a Bitter Spritz.']);
    expect(values(node, 'recipeIngredient')).toEqual(['2 dashes Campari', 'Top up Soda water (optional)']);
  });

  it('leaves the nutrition out when no line has a volume', () => {
    const unmeasured = { ...imported, ingredients: [imported.ingredients[1]!] };
    expect(asServed(unmeasured)).not.toHaveProperty('nutrition');
  });
});
