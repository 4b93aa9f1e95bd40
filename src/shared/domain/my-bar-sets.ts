import type { INGREDIENT_CATEGORIES } from './vocabulary';

/**
 * My Bar's shelves and one-tap starter sets, by the catalogue's ingredient categories and slugs. A set's slugs that the
 * catalogue does not hold are skipped when it is added (the set still adds the rest).
 */

type IngredientCategory = (typeof INGREDIENT_CATEGORIES)[number];

/**
 * The shelves a user browses, each gathering ingredient categories and/or named ingredients (the garnish
 * shelf picks the garnishes out of several categories). A bottle may sit on two shelves (a lime is produce and garnish).
 */
export const BAR_SHELVES: readonly {
  key: string;
  label: string;
  categories: readonly IngredientCategory[];
  slugs?: readonly string[];
}[] = [
  { key: 'spirits', label: 'Spirits', categories: ['Spirits'] },
  { key: 'liqueurs', label: 'Liqueurs', categories: ['Liqueurs'] },
  { key: 'wines', label: 'Wines and vermouths', categories: ['Wine', 'Fortified wine'] },
  { key: 'bitters', label: 'Bitters', categories: ['Bitters'] },
  { key: 'syrups', label: 'Syrups', categories: ['Syrups'] },
  { key: 'juices', label: 'Juices', categories: ['Juices'] },
  { key: 'mixers', label: 'Mixers', categories: ['Mixers', 'Beer & cider'] },
  { key: 'produce', label: 'Fresh produce', categories: ['Fruit & produce', 'Dairy & egg', 'Herbs & spices'] },
  {
    key: 'garnish',
    label: 'Garnish',
    categories: [],
    slugs: [
      'cocktail-cherry',
      'green-olive',
      'cocktail-onion',
      'lime',
      'lemon',
      'orange',
      'grapefruit',
      'mint',
      'rosemary',
      'cucumber',
      'nutmeg',
      'cinnamon',
      'celery-salt',
      'salt',
      'whipped-cream',
    ],
  },
  { key: 'pantry', label: 'Pantry', categories: ['Other'] },
];

/** One-tap starter sets: a name, a line saying what it is for, and the ingredients' slugs. */
export const STARTER_SETS: readonly { key: string; label: string; description: string; slugs: readonly string[] }[] = [
  {
    key: 'basics',
    label: 'The basics',
    description: 'A bottle of each base spirit, vermouths, bitters, citrus and mixers.',
    slugs: [
      'london-dry-gin',
      'vodka',
      'bourbon',
      'white-rum',
      'blanco-tequila',
      'triple-sec',
      'sweet-vermouth',
      'dry-vermouth',
      'angostura-bitters',
      'simple-syrup',
      'lime-juice',
      'lemon-juice',
      'soda-water',
      'tonic-water',
    ],
  },
  {
    key: 'classics',
    label: 'Classic cocktails',
    description: 'Stirred and sour classics: Manhattans, Martinis, Sazeracs, Last Words.',
    slugs: [
      'gin',
      'rye-whiskey',
      'bourbon',
      'cognac',
      'campari',
      'sweet-vermouth',
      'dry-vermouth',
      'maraschino-liqueur',
      'green-chartreuse',
      'absinthe',
      'angostura-bitters',
      'orange-bitters',
      'peychauds-bitters',
      'sugar-cube',
      'simple-syrup',
      'lemon-juice',
      'lime-juice',
      'egg-white',
    ],
  },
  {
    key: 'tiki',
    label: 'Tiki',
    description: 'Rums, orgeat, falernum and the tropical juices of the Mai Tai and the Zombie.',
    slugs: [
      'white-rum',
      'aged-rum',
      'dark-rum',
      'jamaican-rum',
      'overproof-rum',
      'dry-curacao',
      'orgeat',
      'falernum',
      'allspice-dram',
      'demerara-syrup',
      'passion-fruit-syrup',
      'cinnamon-syrup',
      'grenadine',
      'angostura-bitters',
      'lime-juice',
      'pineapple-juice',
    ],
  },
  {
    key: 'amaro',
    label: 'Amaro lover',
    description: 'Bitter Italian aperitivi and digestivi, with what they mix with.',
    slugs: [
      'campari',
      'aperol',
      'amaro-nonino',
      'cynar',
      'fernet-branca',
      'amaro-montenegro',
      'averna',
      'sweet-vermouth',
      'gin',
      'bourbon',
      'prosecco',
      'soda-water',
    ],
  },
];
