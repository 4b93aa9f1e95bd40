import { ICE_GLASSES } from '@/shared/domain/batch-service';
import type { SeedCocktail, SeedIngredient } from '@/shared/schemas/seed';
import type { SeedCatalogue } from '@/server/catalogue/operations';

/**
 * A tiny, valid seed catalogue for server tests, written for them: 12 ingredients (with a parent chain) and 8 cocktails
 * chosen so searches have known answers:
 * - "gin" is in two names (Gin Basil Smash, Gin Fizz), the base spirit of Negroni, and inside "ginger" (Penicillin);
 * - "campari" appears only as an ingredient of Negroni; "cachaca" (no accent) finds the Caipirinha;
 * - categories: 5 Classic, 3 Modern; spirits: Gin 3, Rum 2, Whiskey 2, Cachaça 1.
 */

const ingredient = (
  slug: string,
  name: string,
  category: SeedIngredient['category'],
  abv: number,
  parent: string | null = null,
): SeedIngredient => ({ slug, name, category, abv, parent, description: `${name}, as used by the test catalogue.` });

/** The test ingredients: spirits (two with parents), modifiers, juices, syrups and a mixer. */
export const TEST_INGREDIENTS: SeedIngredient[] = [
  ingredient('gin', 'Gin', 'Spirits', 40),
  ingredient('london-dry-gin', 'London dry gin', 'Spirits', 43, 'gin'),
  ingredient('white-rum', 'White rum', 'Spirits', 40),
  ingredient('whiskey', 'Whiskey', 'Spirits', 40),
  ingredient('bourbon', 'Bourbon', 'Spirits', 45, 'whiskey'),
  ingredient('cachaca', 'Cachaça', 'Spirits', 40),
  ingredient('campari', 'Campari', 'Liqueurs', 25),
  ingredient('sweet-vermouth', 'Sweet vermouth', 'Fortified wine', 16),
  ingredient('lime-juice', 'Lime juice', 'Juices', 0),
  ingredient('simple-syrup', 'Simple syrup', 'Syrups', 0),
  ingredient('ginger-syrup', 'Ginger honey syrup', 'Syrups', 0),
  ingredient('soda-water', 'Soda water', 'Mixers', 0),
];

type Line = SeedCocktail['ingredients'][number];
const line = (slug: string, amount: number | null, unit: Line['unit'], extra: Partial<Line> = {}): Line => ({
  ingredient: slug,
  amount,
  unit,
  ...extra,
});

const cocktail = (
  fields: Pick<SeedCocktail, 'slug' | 'name' | 'base_spirit' | 'category' | 'technique' | 'glassware' | 'ingredients'> &
    Partial<SeedCocktail>,
): SeedCocktail => ({
  description: `${fields.name} is a test drink whose description deliberately avoids naming its ingredients.`,
  instructions: 'Combine everything as the technique says and serve at once.',
  difficulty_level: 'Easy',
  garnish: 'None',
  preparation_time: 3,
  flavor_profile: ['Citrus'],
  seasonal_tags: ['All year'],
  occasion_tags: ['Party'],
  is_signature: false,
  served_over_ice: ICE_GLASSES.has(fields.glassware),
  ...fields,
});

/** The eight test cocktails (see the module comment for what each search should find). */
export const TEST_COCKTAILS: SeedCocktail[] = [
  cocktail({
    slug: 'negroni',
    name: 'Negroni',
    base_spirit: 'Gin',
    category: 'Classic',
    technique: 'Stir',
    glassware: 'Rocks',
    flavor_profile: ['Bitter', 'Herbal'],
    ingredients: [line('london-dry-gin', 30, 'ml'), line('campari', 30, 'ml'), line('sweet-vermouth', 30, 'ml')],
  }),
  cocktail({
    slug: 'gin-fizz',
    name: 'Gin Fizz',
    base_spirit: 'Gin',
    category: 'Classic',
    technique: 'Shake',
    glassware: 'Highball',
    served_over_ice: false,
    ingredients: [
      line('gin', 45, 'ml'),
      line('lime-juice', 20, 'ml'),
      line('simple-syrup', 15, 'ml'),
      line('soda-water', 60, 'top'),
    ],
  }),
  cocktail({
    slug: 'gin-basil-smash',
    name: 'Gin Basil Smash',
    base_spirit: 'Gin',
    category: 'Modern',
    technique: 'Shake',
    glassware: 'Rocks',
    ingredients: [line('gin', 60, 'ml'), line('lime-juice', 20, 'ml'), line('simple-syrup', 15, 'ml')],
  }),
  cocktail({
    slug: 'daiquiri',
    name: 'Daiquiri',
    base_spirit: 'Rum',
    category: 'Classic',
    technique: 'Shake',
    glassware: 'Coupe',
    ingredients: [line('white-rum', 60, 'ml'), line('lime-juice', 22.5, 'ml'), line('simple-syrup', 15, 'ml')],
  }),
  cocktail({
    slug: 'mojito',
    name: 'Mojito',
    base_spirit: 'Rum',
    category: 'Classic',
    technique: 'Build',
    glassware: 'Highball',
    ingredients: [
      line('white-rum', 50, 'ml'),
      line('lime-juice', 25, 'ml'),
      line('simple-syrup', 15, 'ml'),
      line('soda-water', 60, 'top', { optional: true, note: 'to taste' }),
    ],
  }),
  cocktail({
    slug: 'old-fashioned',
    name: 'Old Fashioned',
    base_spirit: 'Whiskey',
    category: 'Classic',
    technique: 'Stir',
    glassware: 'Rocks',
    ingredients: [line('bourbon', 60, 'ml'), line('simple-syrup', 1, 'barspoon', { amount_max: 2 })],
  }),
  cocktail({
    slug: 'penicillin',
    name: 'Penicillin',
    base_spirit: 'Whiskey',
    category: 'Modern',
    technique: 'Shake',
    glassware: 'Rocks',
    ingredients: [line('whiskey', 60, 'ml'), line('lime-juice', 20, 'ml'), line('ginger-syrup', 20, 'ml')],
  }),
  cocktail({
    slug: 'caipirinha',
    name: 'Caipirinha',
    base_spirit: 'Cachaça',
    category: 'Modern',
    technique: 'Muddle',
    glassware: 'Rocks',
    ingredients: [line('cachaca', 60, 'ml'), line('simple-syrup', 15, 'ml')],
  }),
];

/** The test seed: a fresh deep copy each call, so a test may edit it freely. */
export function buildTestSeed(): { ingredients: SeedIngredient[]; cocktails: SeedCocktail[] } {
  return structuredClone({ ingredients: TEST_INGREDIENTS, cocktails: TEST_COCKTAILS });
}

/** Names of the test cocktails in catalogue order (by name). */
export const TEST_COCKTAIL_NAMES_IN_ORDER = TEST_COCKTAILS.map((c) => c.name).sort((a, b) =>
  a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
);

export type { SeedCatalogue };
