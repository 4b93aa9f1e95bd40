import type { Kysely } from 'kysely';
import type { CocktailDetail } from '@/shared/schemas/cocktail';
import { loadCocktailDetails } from '../catalogue';
import type { Database } from '../db/types';

/**
 * One of the user's own recipes in the catalogue's detail shape, so every view of a cocktail (the recipe dialog, the
 * batch calculator) opens it as it opens a catalogue one; null when the user has no recipe of this id (another user's,
 * a venue's, none). The stored slug ('u--name-hex', kept apart from catalogue slugs) is answered with single hyphens, as
 * the detail's slug rule wants.
 */
export async function ownCocktailDetail({
  db,
  userId,
  id,
}: {
  db: Kysely<Database>;
  userId: string;
  id: number;
}): Promise<CocktailDetail | null> {
  const recipe = (await loadCocktailDetails(db, [id], { ownerId: userId })).get(id);
  if (!recipe || recipe.ownerId !== userId) return null;
  return { ...recipe.detail, slug: recipe.detail.slug.replace(/-{2,}/g, '-') };
}
