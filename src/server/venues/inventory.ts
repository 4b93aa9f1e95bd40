import type { Kysely } from 'kysely';
import type { BarStock } from '@/shared/domain/my-bar';
import { MAX_BAR_ITEMS } from '@/shared/schemas/my-bar';
import type { VenueBar, VenueBarAction, VenueBarActivity } from '@/shared/schemas/venues';
import { getIngredientCatalogue, getMatchModel } from '../catalogue';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { toBarIngredient } from '../my-bar';
import type { VenueAccess } from './access';
import { iso } from '../lib/iso';

/**
 * A venue's team inventory: one My Bar for the whole team, matched with the same matcher as a personal bar
 * (DOMAIN.md "My Bar matching"), with an '86' mark per bottle for 'we ran out tonight' and an activity list of who
 * changed what. Every member (owner, manager, staff) keeps it. Errors: AppError NOT_FOUND for an unknown ingredient or a
 * bottle the venue does not have, CONFLICT past MAX_BAR_ITEMS; database errors propagate (503).
 */

/** Newest activity entries returned. */
export const ACTIVITY_LIMIT = 50;

/** What an inventory operation needs: the venue (from the membership check) and who acts. */
interface InventoryScope {
  db: Kysely<Database>;
  access: VenueAccess;
  userId: string;
}

/**
 * The venue's stock for matching: the bottles it has, without those 86'd tonight (an 86'd bottle covers no recipe).
 * @param organizationId the venue's organization id.
 */
export async function venueStock(db: Kysely<Database>, organizationId: string): Promise<BarStock> {
  const rows = await db
    .selectFrom('venue_bar_item')
    .select('ingredient_id')
    .where('organization_id', '=', organizationId)
    .where('eighty_sixed', '=', 0)
    .execute();
  return { owned: rows.map((row) => Number(row.ingredient_id)) };
}

/** The inventory by name (catalogue order), with who changed each bottle last and what the bar can make now. */
export async function listVenueBar({ db, access }: Omit<InventoryScope, 'userId'>): Promise<VenueBar> {
  const [catalogue, model, rows, stock] = await Promise.all([
    getIngredientCatalogue(db),
    getMatchModel(db),
    db
      .selectFrom('venue_bar_item')
      .leftJoin('user', 'user.id', 'venue_bar_item.updated_by')
      .select([
        'venue_bar_item.ingredient_id',
        'venue_bar_item.eighty_sixed',
        'venue_bar_item.created_at',
        'user.name as updater',
      ])
      .where('venue_bar_item.organization_id', '=', access.organizationId)
      .execute(),
    venueStock(db, access.organizationId),
  ]);
  const position = (id: number) => catalogue.order.get(id) ?? Number.MAX_SAFE_INTEGER;
  const items = rows
    .filter((row) => catalogue.byId.has(Number(row.ingredient_id)))
    .sort((a, b) => position(Number(a.ingredient_id)) - position(Number(b.ingredient_id)))
    .map((row) => ({
      ...toBarIngredient(catalogue.byId.get(Number(row.ingredient_id))!),
      addedAt: iso(row.created_at),
      eightySixed: Number(row.eighty_sixed) === 1,
      updatedBy: row.updater ?? null,
    }));
  return { items, canMake: model.matcher.classify(stock).canMake.length };
}

/** The acting member's name as the activity list keeps it. */
async function actorName(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db.selectFrom('user').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
  return row?.name || row?.email || 'A former member';
}

/** Records one change in the activity list. */
async function record(
  db: Kysely<Database>,
  { access, userId }: { access: VenueAccess; userId: string },
  ingredientId: number,
  action: VenueBarAction,
): Promise<void> {
  await db
    .insertInto('venue_bar_activity')
    .values({
      organization_id: access.organizationId,
      user_id: userId,
      user_name: await actorName(db, userId),
      ingredient_id: ingredientId,
      action,
    })
    .execute();
}

/** @throws AppError NOT_FOUND when the catalogue has no such ingredient. */
async function requireIngredient(db: Kysely<Database>, ingredientId: number): Promise<void> {
  const catalogue = await getIngredientCatalogue(db);
  if (!catalogue.byId.has(ingredientId)) throw new AppError('NOT_FOUND', `no ingredient has id ${ingredientId}`);
}

/**
 * Adds a bottle (idempotent: a bottle already there is kept as it is, and nothing is recorded).
 * @throws AppError NOT_FOUND for an unknown ingredient; CONFLICT when the inventory holds MAX_BAR_ITEMS already.
 */
export async function addVenueBarItem(scope: InventoryScope & { ingredientId: number }): Promise<VenueBar> {
  const { db, access, userId, ingredientId } = scope;
  await requireIngredient(db, ingredientId);
  const present = await db
    .selectFrom('venue_bar_item')
    .select('ingredient_id')
    .where('organization_id', '=', access.organizationId)
    .where('ingredient_id', '=', ingredientId)
    .executeTakeFirst();
  if (!present) {
    const { count } = await db
      .selectFrom('venue_bar_item')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organization_id', '=', access.organizationId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_BAR_ITEMS) {
      throw new AppError('CONFLICT', `the inventory holds ${MAX_BAR_ITEMS} bottles already: remove some first`);
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('venue_bar_item')
        .values({ organization_id: access.organizationId, ingredient_id: ingredientId, updated_by: userId })
        .onConflict((oc) => oc.columns(['organization_id', 'ingredient_id']).doNothing())
        .execute();
      await record(trx, scope, ingredientId, 'added');
    });
  }
  return listVenueBar({ db, access });
}

/** Removes a bottle (idempotent: removing one the venue does not have changes nothing). */
export async function removeVenueBarItem(scope: InventoryScope & { ingredientId: number }): Promise<VenueBar> {
  const { db, access, ingredientId } = scope;
  // An id the catalogue lacks is in no inventory (and may be past the database's integer range): nothing to remove.
  if (!(await getIngredientCatalogue(db)).byId.has(ingredientId)) return listVenueBar({ db, access });
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('venue_bar_item')
      .where('organization_id', '=', access.organizationId)
      .where('ingredient_id', '=', ingredientId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) await record(trx, scope, ingredientId, 'removed');
  });
  return listVenueBar({ db, access });
}

/**
 * Marks a bottle 86'd (ran out tonight) or back in stock; recorded only when it changes.
 * @throws AppError NOT_FOUND when the venue does not have this bottle.
 */
export async function setEightySixed(
  scope: InventoryScope & { ingredientId: number; eightySixed: boolean },
): Promise<VenueBar> {
  const { db, access, userId, ingredientId, eightySixed } = scope;
  await requireIngredient(db, ingredientId);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('venue_bar_item')
      .select('eighty_sixed')
      .where('organization_id', '=', access.organizationId)
      .where('ingredient_id', '=', ingredientId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'this bottle is not in the venue’s inventory');
    const wanted = eightySixed ? 1 : 0;
    if (Number(row.eighty_sixed) === wanted) return;
    await trx
      .updateTable('venue_bar_item')
      .set({ eighty_sixed: wanted, updated_by: userId, updated_at: new Date().toISOString() })
      .where('organization_id', '=', access.organizationId)
      .where('ingredient_id', '=', ingredientId)
      .execute();
    await record(trx, scope, ingredientId, eightySixed ? '86' : 'back');
  });
  return listVenueBar({ db, access });
}

/** The newest {@link ACTIVITY_LIMIT} changes to the inventory, newest first. */
export async function listVenueBarActivity({ db, access }: Omit<InventoryScope, 'userId'>): Promise<VenueBarActivity> {
  const [catalogue, rows] = await Promise.all([
    getIngredientCatalogue(db),
    db
      .selectFrom('venue_bar_activity')
      .select(['id', 'action', 'ingredient_id', 'user_name', 'created_at'])
      .where('organization_id', '=', access.organizationId)
      .orderBy('id', 'desc')
      .limit(ACTIVITY_LIMIT)
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      action: row.action,
      ingredient: {
        id: Number(row.ingredient_id),
        name: catalogue.byId.get(Number(row.ingredient_id))?.name ?? `#${row.ingredient_id}`,
      },
      by: row.user_name,
      at: iso(row.created_at),
    })),
  };
}
