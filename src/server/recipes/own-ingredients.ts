import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { slugFromName } from '@/shared/domain/venues';
import type { OwnRecipeWrite } from '@/shared/schemas/recipes';
import type { SignatureWrite } from '@/shared/schemas/venues';
import { toIngredientKey, type ExtraIngredient, type IngredientCatalogue } from '../catalogue';
import type { Database } from '../db/types';

/**
 * A user's own ingredients (migration 0018): the free-text names their recipes give that the catalogue does not know.
 * A name is matched case- and accent-insensitively: first to a catalogue ingredient's name or alias (so 'gin' typed
 * by hand is the catalogue's Gin), then to one of the user's own; otherwise a new one is made, filed under Other at 0 %
 * ABV until the user maps it. Never another user's.
 */

/** The user's own ingredients by id, with their names and ABV. */
export async function ownIngredientsOf(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
): Promise<Map<number, ExtraIngredient>> {
  const rows = await db.selectFrom('ingredient').select(['id', 'name', 'abv']).where('owner_id', '=', userId).execute();
  return new Map(rows.map((row) => [Number(row.id), { name: row.name, abv: Number(row.abv) }]));
}

/**
 * `body` with every free-text ingredient named by id (the catalogue's, the user's own, or a new own one written in
 * `trx`), and the user's own ingredients the lines may name. `catalogue` is read before the transaction opens; `known`,
 * when given, is the user's own ingredients already read in `trx` (an import's), and gains the ones made here.
 */
export async function nameOwnIngredients(
  trx: Transaction<Database>,
  catalogue: IngredientCatalogue,
  userId: string,
  body: OwnRecipeWrite,
  known?: Map<number, ExtraIngredient>,
): Promise<{ body: SignatureWrite; own: Map<number, ExtraIngredient> }> {
  const own = known ?? (await ownIngredientsOf(trx, userId));
  const byKey = new Map<string, number>();
  for (const entry of catalogue.keyed) {
    for (const key of [entry.nameKey, ...entry.aliasKeys]) if (!byKey.has(key)) byKey.set(key, entry.item.id);
  }
  const ownByKey = new Map([...own].map(([id, ingredient]) => [toIngredientKey(ingredient.name), id]));
  const lines: SignatureWrite['ingredients'] = [];
  for (const { ingredient_name: name, ingredient_id: id, ...line } of body.ingredients) {
    if (id !== undefined) {
      lines.push({ ...line, ingredient_id: id });
      continue;
    }
    const key = toIngredientKey(name ?? '');
    let found = byKey.get(key) ?? ownByKey.get(key);
    if (found === undefined) {
      const created = await trx
        .insertInto('ingredient')
        .values({
          slug: `u--${slugFromName(name ?? '') || 'ingredient'}-${randomBytes(4).toString('hex')}`,
          name: (name ?? '').trim(),
          category: 'Other',
          parent_id: null,
          abv: 0,
          description: '',
          owner_id: userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      found = Number(created.id);
      own.set(found, { name: (name ?? '').trim(), abv: 0 });
      ownByKey.set(key, found);
    }
    lines.push({ ...line, ingredient_id: found });
  }
  return { body: { ...body, ingredients: lines }, own };
}
