import type { CocktailSummary } from '@/shared/schemas/cocktail';
import type { QueuedWrite } from '../write-queue';

/** A catalogue card for the offline tests: a plain gin cocktail named after its id unless told otherwise. */
export function testCard(overrides: Partial<CocktailSummary> & { id: number }): CocktailSummary {
  const { id } = overrides;
  return {
    slug: `cocktail-${id}`,
    name: `Cocktail ${id}`,
    base_spirit: 'Gin',
    category: 'Classic',
    description: 'A drink worth a description nobody searches offline.',
    difficulty_level: 'Easy',
    strength: 'Medium',
    glassware: 'Coupe',
    technique: 'Stir',
    garnish: 'Lemon twist',
    preparation_time: 3,
    flavor_profile: ['Bitter'],
    seasonal_tags: ['All year'],
    occasion_tags: ['Aperitif'],
    is_signature: false,
    image_url: null,
    ingredients: [{ amount: 30, unit: 'ml', ingredient: 'Gin' }],
    ...overrides,
  };
}

let seq = 0;

/** A kept write of user-1, numbered in the order made (madeAt 2023-11-14 unless told otherwise). */
export function queuedWrite(
  method: QueuedWrite['method'],
  path: string,
  extra: Partial<QueuedWrite> = {},
): QueuedWrite {
  seq += 1;
  return { seq, key: `key-${seq}`, userId: 'user-1', method, path, madeAt: 1_700_000_000_000, label: path, ...extra };
}
