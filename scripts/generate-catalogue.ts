/**
 * `npm run generate-catalogue -- --count 100000`: adds N synthetic cocktails made of the seed's real ingredients to the
 * configured database (DATABASE_URL, default the SQLite file var/barback.sqlite), for scale work and the benchmark.
 *
 * Synthetic cocktails get slugs `synthetic-<n>` and are upserted with the real seed in one write, so running it twice leaves
 * the same N rows. Their recipes follow simple trade templates (sour, old fashioned, highball, martini-style) so search,
 * paging and the ABV maths see realistic data.
 */
import { pathToFileURL } from 'node:url';
import type { Technique } from '@/shared/domain/abv';
import { ICE_GLASSES } from '@/shared/domain/batch-service';
import { BASE_SPIRIT_INGREDIENT } from '@/shared/domain/catalogue-rules';
import type { BaseSpirit } from '@/shared/domain/catalogue-rules';
import type { SeedCocktail, SeedIngredient, SeedLine } from '@/shared/schemas/seed';
import { GLASSWARE, FLAVOR_PROFILES, OCCASIONS, SEASONS } from '@/shared/schemas/cocktail';
import { wholeNumberFlag } from './number-flag';

/** Default number of synthetic cocktails (scale work is measured at 100,000). */
export const DEFAULT_SYNTHETIC_COUNT = 100_000;

/** Deterministic PRNG (mulberry32): same seed, same catalogue. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
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
  'Midnight',
  'Golden',
  'Velvet',
  'Smoky',
  'Bitter',
  'Copper',
  'Crimson',
  'Silver',
  'Wild',
  'Lazy',
  'Electric',
  'Quiet',
  'Burnt',
  'Salted',
  'Gilded',
  'Rustic',
  'Hidden',
  'Northern',
  'Southern',
  'Late',
];
const NOUNS = [
  'Harbour',
  'Orchard',
  'Lantern',
  'Compass',
  'Meridian',
  'Garden',
  'Parlour',
  'Anchor',
  'Fox',
  'Sparrow',
  'Ember',
  'Tide',
  'Avenue',
  'Atlas',
  'Chapel',
  'Bramble',
  'Canyon',
  'Harvest',
  'Signal',
  'Velour',
];

interface Template {
  style: string;
  technique: Technique;
  glassware: (typeof GLASSWARE)[number];
  /** Builds the recipe lines around the base spirit's slug. */
  lines: (base: string, pick: (slugs: readonly string[]) => string) => SeedLine[];
}

/** Recipe templates: proportions are the trade's standard families (sour 2:1:¾, old fashioned, highball, stirred 2:1). */
const TEMPLATES: Template[] = [
  {
    style: 'Sour',
    technique: 'Shake',
    glassware: 'Coupe',
    lines: (base, pick) => [
      { ingredient: base, amount: 50, unit: 'ml' },
      { ingredient: pick(['lemon-juice', 'lime-juice']), amount: 25, unit: 'ml' },
      { ingredient: pick(['simple-syrup', 'honey-syrup', 'demerara-syrup', 'orgeat']), amount: 20, unit: 'ml' },
    ],
  },
  {
    style: 'Old Fashioned',
    technique: 'Stir',
    glassware: 'Rocks',
    lines: (base, pick) => [
      { ingredient: base, amount: 60, unit: 'ml' },
      { ingredient: pick(['demerara-syrup', 'simple-syrup', 'honey-syrup']), amount: 7.5, unit: 'ml' },
      { ingredient: pick(['angostura-bitters', 'orange-bitters', 'peychauds-bitters']), amount: 2, unit: 'dash' },
    ],
  },
  {
    style: 'Highball',
    technique: 'Build',
    glassware: 'Highball',
    lines: (base, pick) => [
      { ingredient: base, amount: 50, unit: 'ml' },
      { ingredient: pick(['soda-water', 'ginger-beer', 'tonic-water', 'ginger-ale']), amount: 120, unit: 'top' },
      { ingredient: pick(['lime-juice', 'lemon-juice']), amount: 10, unit: 'ml', optional: true },
    ],
  },
  {
    style: 'Martini',
    technique: 'Stir',
    glassware: 'Nick & Nora',
    lines: (base, pick) => [
      { ingredient: base, amount: 60, unit: 'ml' },
      { ingredient: pick(['dry-vermouth', 'sweet-vermouth', 'lillet-blanc']), amount: 20, unit: 'ml' },
      { ingredient: pick(['orange-bitters', 'angostura-bitters']), amount: 1, unit: 'dash' },
    ],
  },
];

/**
 * Makes `count` synthetic cocktails from the seed's real ingredients.
 * @param ingredients the seed ingredients (slugs must include the template staples, e.g. lime-juice, simple-syrup)
 * @param count how many cocktails (>= 0)
 * @param seed PRNG seed, default 42
 * @returns valid `SeedCocktail`s with slugs synthetic-1..synthetic-N; the seeder derives their strength from the ABV maths
 * @throws Error when a template staple is missing from `ingredients`
 */
export function generateSyntheticCocktails(
  ingredients: readonly SeedIngredient[],
  count: number,
  seed = 42,
): SeedCocktail[] {
  const rng = mulberry32(seed);
  const bySlug = new Map(ingredients.map((ingredient) => [ingredient.slug, ingredient]));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
  const childrenOf = (root: string): string[] => {
    const out = [root];
    for (let i = 0; i < out.length; i += 1) {
      for (const ingredient of ingredients) if (ingredient.parent === out[i]) out.push(ingredient.slug);
    }
    return out;
  };
  const spirits = (['Gin', 'Vodka', 'Whiskey', 'Rum', 'Tequila', 'Mezcal', 'Brandy'] as BaseSpirit[]).map((spirit) => ({
    spirit,
    slugs: childrenOf(BASE_SPIRIT_INGREDIENT[spirit]).filter((slug) => (bySlug.get(slug)?.abv ?? 0) >= 30),
  }));
  const staple = (slugs: readonly string[]): string => {
    const found = slugs.filter((slug) => bySlug.has(slug));
    if (found.length === 0) throw new Error(`none of ${slugs.join(', ')} is in the ingredient list`);
    return pick(found);
  };

  const out: SeedCocktail[] = [];
  for (let n = 1; n <= count; n += 1) {
    const { spirit, slugs } = pick(spirits);
    const base = pick(slugs);
    const template = pick(TEMPLATES);
    const lines = template.lines(base, staple);
    const baseName = bySlug.get(base)?.name ?? spirit;
    const name = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${template.style} No. ${n}`;
    out.push({
      slug: `synthetic-${n}`,
      name,
      base_spirit: spirit,
      category: rng() < 0.5 ? 'Classic' : 'Modern',
      description: `A generated ${template.style.toLowerCase()} built on ${baseName.toLowerCase()}, made for load testing the catalogue.`,
      instructions: `${template.technique} the ingredients with ice and serve in a ${template.glassware.toLowerCase()} glass.`,
      difficulty_level: pick(['Easy', 'Medium', 'Hard'] as const),
      glassware: template.glassware,
      served_over_ice: ICE_GLASSES.has(template.glassware),
      technique: template.technique,
      garnish: pick(['Lemon twist', 'Orange peel', 'Lime wheel', 'Cherry', 'None']),
      preparation_time: 2 + Math.floor(rng() * 6),
      flavor_profile: [pick(FLAVOR_PROFILES)],
      seasonal_tags: [pick(SEASONS)],
      occasion_tags: [pick(OCCASIONS)],
      is_signature: false,
      ingredients: lines,
    });
  }
  return out;
}

async function run(): Promise<void> {
  const count = wholeNumberFlag(process.argv.slice(2), 'count', {
    fallback: DEFAULT_SYNTHETIC_COUNT,
    min: 0,
    max: 2_000_000,
  });
  const { loadConfig } = await import('@/server/config');
  const { createDatabase } = await import('@/server/db/database');
  const { migrateToLatest } = await import('@/server/db/migrate');
  const { loadSeedCatalogue } = await import('@/server/catalogue/seed/load-seed');
  const { seedCatalogue } = await import('@/server/catalogue/operations');

  const config = loadConfig();
  const handle = createDatabase(config);
  try {
    await migrateToLatest({ db: handle.db, dialect: handle.dialect });
    const seed = loadSeedCatalogue();
    const started = Date.now();
    const synthetic = generateSyntheticCocktails(seed.ingredients, count);
    const catalogue = { ingredients: seed.ingredients, cocktails: [...seed.cocktails, ...synthetic] };
    // seedCatalogue (not the bare writer) also refreshes planner statistics and the search indexes afterwards.
    const result = await seedCatalogue({ db: handle.db, seed: catalogue, force: true });
    console.log(
      `generate-catalogue: ${count} synthetic + ${seed.cocktails.length} seed cocktails on ${handle.dialect} ` +
        `(${result.cocktails.inserted} inserted, ${result.cocktails.updated} updated) in ${Date.now() - started} ms`,
    );
  } finally {
    await handle.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
