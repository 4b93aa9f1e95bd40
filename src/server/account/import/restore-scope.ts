import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { slugFromName } from '@/shared/domain/venues';
import type {
  AccountImportPart,
  AccountImportRefusal,
  AccountImportResult,
  ExportCocktailRef,
  ExportIngredientRef,
} from '@/shared/schemas/export';
import { toIngredientKey } from '../../catalogue';
import type { Database } from '../../db/types';

/**
 * What every part of a restore (restore.ts) writes with: the transaction, the user, the counts and refusals it adds to,
 * and how the file's cocktails and ingredients become ids here. No HTTP; database errors propagate.
 */

/** Rows restored per part. */
export type RestoreCounts = AccountImportResult['restored'];

/** The restore's state inside its transaction. */
export interface RestoreScope {
  trx: Transaction<Database>;
  userId: string;
  counts: RestoreCounts;
  refusals: AccountImportRefusal[];
  now: () => Date;
  /** A cocktail of the file as an id here (a catalogue one by slug, an own recipe by its new id), or null. */
  cocktailId: (ref: ExportCocktailRef) => number | null;
  /** An ingredient of the file as an id here (see {@link ownIngredientResolver}), or null. */
  ingredientId: (ref: ExportIngredientRef) => Promise<number | null>;
}

/** Every part at 0. */
export function zeroCounts(): RestoreCounts {
  return { recipes: 0, favorites: 0, bar: 0, shoppingList: 0, swaps: 0, made: 0, collections: 0, notes: 0, ratings: 0 };
}

/** Refuses a row of `part` that names a cocktail `scope.cocktailId` does not know, saying why (`where` leads the text). */
export function refuseMissing(scope: RestoreScope, part: AccountImportPart, ref: ExportCocktailRef, where = ''): void {
  scope.refusals.push({
    part,
    name: ref.name,
    reason:
      ref.kind === 'own'
        ? `${where}'${ref.name}' is one of your recipes that was not imported.`
        : `${where}'${ref.name}' is not in this catalogue.`,
  });
}

/** `value` as ISO 8601 when it is a date no later than now, else now. */
export function validTime(value: string, now: () => Date): string {
  const at = new Date(value);
  const current = now();
  return Number.isFinite(at.getTime()) && at.getTime() <= current.getTime() ? at.toISOString() : current.toISOString();
}

/**
 * Resolves the file's ingredients to ids in `trx`: a catalogue one by slug; one of the user's own (slug null) by name,
 * made anew (Other, 0 % ABV, as the recipe editor makes them) when the user has none of that name.
 */
export function ownIngredientResolver(
  trx: Transaction<Database>,
  userId: string,
  bySlug: ReadonlyMap<string, number>,
): (ref: ExportIngredientRef) => Promise<number | null> {
  let own: Map<string, number> | null = null;
  return async (ref) => {
    if (ref.slug !== null) return bySlug.get(ref.slug) ?? null;
    const key = toIngredientKey(ref.name);
    if (key === '') return null;
    if (own === null) {
      const rows = await trx.selectFrom('ingredient').select(['id', 'name']).where('owner_id', '=', userId).execute();
      own = new Map(rows.map((row) => [toIngredientKey(row.name), Number(row.id)]));
    }
    const found = own.get(key);
    if (found !== undefined) return found;
    const created = await trx
      .insertInto('ingredient')
      .values({
        slug: `u--${slugFromName(ref.name) || 'ingredient'}-${randomBytes(4).toString('hex')}`,
        name: ref.name.trim(),
        category: 'Other',
        parent_id: null,
        abv: 0,
        description: '',
        owner_id: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    own.set(key, Number(created.id));
    return Number(created.id);
  };
}
