import type { RecipeReaders } from '@/server/catalogue/import-public/readers';
import { draftRecipes } from '@/server/recipes/import/draft';
import { readImport, UnreadableImportError } from '@/server/recipes/import/formats';

/** The recipe readers the public-catalogue import runs on, wired as scripts/catalogue-import.ts wires them. */
export const RECIPE_READERS: RecipeReaders = {
  read: readImport,
  draft: draftRecipes,
  isUnreadable: (error) => error instanceof UnreadableImportError,
};
