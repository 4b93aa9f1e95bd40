import { readJson, removeItem } from '@/client/lib/storage';

/**
 * Reader for the cocktail failure diagnostics (docs/product.md: Records, States). The catalogue feature writes them when the recipe
 * modal's data fails its shape check or the modal throws while rendering; /dev/diag-cocktail lists them.
 */

/** localStorage key: a JSON array of {@link CocktailDiagnostic}, newest last, at most 50. */
export const COCKTAIL_DIAGNOSTICS_KEY = 'bb:cocktail-diagnostics';

/** One stored failure record. time: ISO 8601. */
export interface CocktailDiagnostic {
  type: 'VALIDATION_FAIL' | 'RENDER_ERROR';
  time: string;
  cocktailId: string | number | null;
  cocktailName: string | null;
  issues?: unknown[];
  error?: string;
}

function isDiagnostic(value: unknown): value is CocktailDiagnostic {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (record.type === 'VALIDATION_FAIL' || record.type === 'RENDER_ERROR') && typeof record.time === 'string';
}

/** The stored records, newest first; malformed entries are skipped. Never throws. */
export function readCocktailDiagnostics(): CocktailDiagnostic[] {
  const stored = readJson(COCKTAIL_DIAGNOSTICS_KEY);
  return Array.isArray(stored) ? stored.filter(isDiagnostic).reverse() : [];
}

/** Deletes every stored record. */
export function clearCocktailDiagnostics(): void {
  removeItem(COCKTAIL_DIAGNOSTICS_KEY);
}
