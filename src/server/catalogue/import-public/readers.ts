import type { Resolution } from '@/shared/domain/ingredient-resolve';
import type { ParsedLine } from '@/shared/domain/line-parse';
import type { IngredientSummary } from '@/shared/schemas/ingredient';

/**
 * What the public import needs from the recipe readers: the user-facing import's format detection (readImport) and its
 * drafting against the catalogue (draftRecipes), both in the own-recipes feature. They are handed in by the caller (the
 * CLI, a test) rather than imported, so the catalogue never reaches into another feature's internals; these shapes are
 * the part of their answers that the public import reads.
 * Importing them through src/server/recipes/index.ts would pass import-x/no-cycle (no module that index reaches leads back
 * here) but make catalogue and recipes depend on each other, so they stay injected and recipes -> catalogue stays one-way.
 */

/** A recipe as read from a file, before its lines are resolved. */
export interface SourceRecipe {
  name: string;
  description: string;
  lines: ParsedLine[];
  instructions: string;
  glass: string;
  method: string;
  garnish: string;
  tags: string[];
  /** Where the recipe itself came from (a URL or a book), or null. */
  source: string | null;
}

/** A file's recipes and the ones its reader refused (0-based position in the file, name, reason). */
export interface SourceRead {
  format: string;
  recipes: SourceRecipe[];
  refusals: { index: number; name: string | null; reason: string }[];
}

/** A recipe resolved against the catalogue: each line's match, the glass, technique and base spirit chosen. */
export interface SourceDraft {
  recipe: SourceRecipe;
  lines: { line: ParsedLine; resolution: Resolution }[];
  /** One of GLASSWARE (src/shared/domain/vocabulary.ts). */
  glassware: string;
  /** One of TECHNIQUES (src/shared/domain/abv.ts). */
  technique: string;
  /** One of BASE_SPIRITS. */
  baseSpirit: string;
  warnings: string[];
}

/** The readers the public import runs on. */
export interface RecipeReaders {
  /** Reads one file's bytes, detecting the format. @throws an error for which `isUnreadable` is true. */
  read(bytes: Uint8Array): SourceRead;
  /** Drafts recipes against the catalogue's ingredients. */
  draft(recipes: readonly SourceRecipe[], ingredients: readonly IngredientSummary[]): SourceDraft[];
  /** True when `error` (thrown by `read`) says the bytes hold no recipe in a format Barback reads. */
  isUnreadable(error: unknown): boolean;
}
