import { use } from 'react';
import { importInSteps } from '@/client/lib/yield-to-main';

/**
 * The catalogue's contract (src/shared/schemas/cocktail.ts: the modal's shape check and the full detail), loaded the
 * first time a view needs it rather than with the recipe modal's code: a deep link's recipe was checked
 * with the same schemas by the server before it drew the page (src/client/server-render.tsx), so its start evaluates
 * neither zod nor the schemas; they arrive with the first detail fetched from the API.
 */
export type CocktailContract = typeof import('@/shared/schemas/cocktail');

/** The contract once loaded (null before). */
let contract: CocktailContract | null = null;
/** The load under way or done (null before the first, and again after a failed one, so a later need tries again). */
let loading: Promise<CocktailContract> | null = null;

/**
 * Loads the contract: zod's own code (record-id.ts builds no schema when it loads), then the catalogue's schemas, each
 * evaluated in a task of its own (together they were one long task: Total Blocking Time). Calls share one load.
 * @throws whatever the import throws (a network failure); the next call tries again.
 */
export function loadCocktailContract(): Promise<CocktailContract> {
  loading ??= importInSteps(
    [() => import('@/shared/schemas/record-id')],
    () => import('@/shared/schemas/cocktail'),
  ).then(
    (module) => (contract = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The contract for a view that checks data with it: null when `needed` is false (data the server checked); otherwise
 * the loaded contract, suspending the view (React `use`) until it has loaded. A failed load throws to the nearest error
 * boundary (the recipe modal's load-failure view).
 */
export function useCocktailContract(needed: boolean): CocktailContract | null {
  if (!needed) return null;
  return contract ?? use(loadCocktailContract());
}
