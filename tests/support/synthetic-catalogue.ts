import {
  BASE_SPIRITS,
  CATEGORIES,
  DIFFICULTY_LEVELS,
  FLAVOR_PROFILES,
  GLASSWARE,
  OCCASIONS,
  SEASONS,
} from '@/shared/schemas/cocktail';
import { TECHNIQUES } from '@/shared/domain/abv';
import type { SeedCocktail, SeedIngredient } from '@/shared/schemas/seed';

/**
 * A deterministic synthetic catalogue of any size, for scale tests and measurements: made-up names from word lists,
 * 60 ingredients, 3–6 lines per cocktail. Same `seed` -> same catalogue.
 */

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  'Velvet',
  'Copper',
  'Midnight',
  'Golden',
  'Smoky',
  'Silver',
  'Crimson',
  'Quiet',
  'Electric',
  'Salted',
  'Bitter',
  'Wild',
  'Lazy',
  'Northern',
  'Paper',
  'Hidden',
];
const NOUNS = [
  'Harbor',
  'Lantern',
  'Orchard',
  'Compass',
  'Meadow',
  'Anchor',
  'Canyon',
  'Parlor',
  'Voyage',
  'Garden',
  'Ember',
  'Tide',
  'Falcon',
  'Sparrow',
  'Ledger',
  'Circus',
];
const WORDS = [
  'bright',
  'layered',
  'dry',
  'round',
  'zesty',
  'warming',
  'crisp',
  'silky',
  'balanced',
  'aromatic',
  'gentle',
  'bold',
  'tart',
  'mellow',
  'lively',
  'deep',
  'fresh',
  'spiced',
  'clean',
  'lush',
];
const INGREDIENT_WORDS = [
  'Amber',
  'Blue',
  'Cedar',
  'Dusk',
  'Elder',
  'Fig',
  'Grove',
  'Hazel',
  'Iris',
  'Juniper',
  'Kumquat',
  'Laurel',
  'Mace',
  'Nutmeg',
  'Olive',
];
const INGREDIENT_KINDS = ['syrup', 'liqueur', 'bitters', 'cordial'];

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Builds a synthetic seed of `cocktails` cocktails. */
export function generateSyntheticSeed({ cocktails, seed = 1 }: { cocktails: number; seed?: number }): {
  ingredients: SeedIngredient[];
  cocktails: SeedCocktail[];
} {
  const random = prng(seed);
  const ingredients: SeedIngredient[] = [];
  for (const word of INGREDIENT_WORDS) {
    for (const kind of INGREDIENT_KINDS) {
      const name = `${word} ${kind}`;
      ingredients.push({
        slug: `${word}-${kind}`.toLowerCase(),
        name,
        category: kind === 'liqueur' ? 'Liqueurs' : kind === 'bitters' ? 'Bitters' : 'Syrups',
        parent: null,
        abv: kind === 'liqueur' ? 25 : kind === 'bitters' ? 44 : 0,
        description: `A synthetic ${kind} used only to fill a large test catalogue.`,
      });
    }
  }
  const list: SeedCocktail[] = [];
  for (let i = 0; i < cocktails; i += 1) {
    const name = `${pick(ADJECTIVES, random)} ${pick(NOUNS, random)} ${String(i).padStart(6, '0')}`;
    const description = Array.from({ length: 18 }, () => pick(WORDS, random)).join(' ');
    const lineCount = 3 + Math.floor(random() * 4);
    const used = new Set<string>();
    const lines: SeedCocktail['ingredients'] = [];
    while (lines.length < lineCount) {
      const ingredient = pick(ingredients, random);
      if (used.has(ingredient.slug)) continue;
      used.add(ingredient.slug);
      lines.push({ ingredient: ingredient.slug, amount: 5 + Math.floor(random() * 12) * 5, unit: 'ml' });
    }
    list.push({
      slug: `synthetic-${i}`,
      name,
      base_spirit: pick(BASE_SPIRITS, random),
      category: pick(CATEGORIES, random),
      description: `A ${description}.`,
      instructions: 'Combine, chill and strain; this recipe exists only for scale tests.',
      difficulty_level: pick(DIFFICULTY_LEVELS, random),
      glassware: pick(GLASSWARE, random),
      technique: pick(TECHNIQUES, random),
      served_over_ice: false,
      garnish: 'None',
      preparation_time: 1 + Math.floor(random() * 10),
      flavor_profile: [pick(FLAVOR_PROFILES, random)],
      seasonal_tags: [pick(SEASONS, random)],
      occasion_tags: [pick(OCCASIONS, random)],
      is_signature: random() < 0.05,
      ingredients: lines,
    });
  }
  return { ingredients, cocktails: list };
}
