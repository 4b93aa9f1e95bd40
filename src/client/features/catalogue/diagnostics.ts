import {
  COCKTAIL_DIAGNOSTICS_KEY,
  readCocktailDiagnostics,
  type CocktailDiagnostic,
} from '@/client/features/catalogue/lib/cocktail-diagnostics';
import { writeJson } from '@/client/lib/storage';

/**
 * Writer of the cocktail failure diagnostics (docs/product.md: Records, States): when the recipe modal cannot show a cocktail it keeps
 * a record in localStorage (key 'bb:cocktail-diagnostics', a JSON array, newest last, at most 50) that /dev/diag-cocktail
 * lists. The reader and the record type live in `@/client/lib/cocktail-diagnostics`.
 */

export type { CocktailDiagnostic } from '@/client/features/catalogue/lib/cocktail-diagnostics';

/** Most records kept; older ones are dropped. */
export const MAX_COCKTAIL_DIAGNOSTICS = 50;

/**
 * Appends a record, keeping the newest 50. Never throws (a full or blocked storage only loses the record).
 * @returns the stored list after the append, newest last.
 */
export function recordCocktailDiagnostic(record: CocktailDiagnostic): CocktailDiagnostic[] {
  // The reader gives newest first; storage keeps newest last.
  const stored = readCocktailDiagnostics().reverse();
  const next = [...stored, record].slice(-MAX_COCKTAIL_DIAGNOSTICS);
  writeJson(COCKTAIL_DIAGNOSTICS_KEY, next);
  return next;
}

/** Picks a displayable id and name out of data of unknown shape (for a record about data that failed its check). */
export function identifyCocktail(data: unknown): { cocktailId: string | number | null; cocktailName: string | null } {
  if (typeof data !== 'object' || data === null) return { cocktailId: null, cocktailName: null };
  const { id, name } = data as { id?: unknown; name?: unknown };
  return {
    cocktailId: typeof id === 'string' || typeof id === 'number' ? id : null,
    cocktailName: typeof name === 'string' ? name : null,
  };
}
