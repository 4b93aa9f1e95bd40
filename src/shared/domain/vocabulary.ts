/**
 * The catalogue's vocabulary and limits as plain constants (no zod), so the client can use them without loading the schema
 * library. The zod schemas in src/shared/schemas/cocktail.ts are built from these.
 */

/** Base spirits a cocktail is filed under. The quick filter chips use Gin, Vodka, Whiskey, Rum and Tequila. */
export const BASE_SPIRITS = [
  'Gin',
  'Vodka',
  'Whiskey',
  'Rum',
  'Tequila',
  'Mezcal',
  'Brandy',
  'Pisco',
  'Cachaça',
  'Wine',
  'Liqueur',
  'Amaro',
  'Absinthe',
] as const;
/** Catalogue categories: a classic (pre-1990 canon) or a modern classic. The Classic and Modern chips filter on these. */
export const CATEGORIES = ['Classic', 'Modern'] as const;
export const DIFFICULTY_LEVELS = ['Easy', 'Medium', 'Hard'] as const;
/** Strength bands by final ABV after dilution: Light < 12 %, Medium 12–22 %, Strong > 22 %. */
export const STRENGTHS = ['Light', 'Medium', 'Strong'] as const;
export const GLASSWARE = [
  'Coupe',
  'Nick & Nora',
  'Martini',
  'Rocks',
  'Double rocks',
  'Highball',
  'Collins',
  'Flute',
  'Wine',
  'Copper mug',
  'Hurricane',
  'Tiki mug',
  'Julep cup',
  'Irish coffee mug',
  'Poco grande',
  'Fizz',
  'Snifter',
] as const;
export const FLAVOR_PROFILES = [
  'Bitter',
  'Sweet',
  'Sour',
  'Citrus',
  'Herbal',
  'Fruity',
  'Spicy',
  'Smoky',
  'Creamy',
  'Dry',
  'Boozy',
  'Refreshing',
  'Floral',
  'Rich',
  'Tropical',
  'Coffee',
  'Savory',
] as const;
export const SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter', 'All year'] as const;
export const OCCASIONS = [
  'Aperitif',
  'Digestif',
  'Brunch',
  'Party',
  'Date night',
  'Nightcap',
  'Celebration',
  'Poolside',
  'Holiday',
  'Dinner',
] as const;
/** Ingredient categories of the catalogue. */
export const INGREDIENT_CATEGORIES = [
  'Spirits',
  'Liqueurs',
  'Fortified wine',
  'Wine',
  'Beer & cider',
  'Bitters',
  'Syrups',
  'Juices',
  'Mixers',
  'Dairy & egg',
  'Fruit & produce',
  'Herbs & spices',
  'Other',
] as const;

/** Maximum page size of the list endpoint. */
export const MAX_PAGE_SIZE = 100;
/** Catalogue page size (docs/product.md, Constants and limits). */
export const DEFAULT_PAGE_SIZE = 50;
/** Longest accepted search text, characters. */
export const MAX_QUERY_LENGTH = 200;

/** Cocktails a page of a My Bar view holds (server and the offline worker page the same way). */
export const MAKEABLE_PAGE_SIZE = 50;
/** How many 'buy next' suggestions My Bar lists. */
export const SUGGESTION_LIMIT = 20;
/** How many example cocktails (by name) each 'buy next' suggestion names at most. */
export const SUGGESTION_EXAMPLES = 3;
/** How many drinks a shopping-list item (or the whole list) names by example at most. */
export const SHOPPING_EXAMPLES = 3;
