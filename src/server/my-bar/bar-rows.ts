import { sql, type Kysely } from 'kysely';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import { MAX_BAR_ITEMS, type BarIngredient, type BarList } from '@/shared/schemas/my-bar';
import { dialectOf } from '../db/database';
import { precompiledPerDatabase } from '../db/precompiled';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { getIngredientCatalogue, toIngredientKey, type IngredientCatalogue } from '../catalogue';
import { iso } from '../lib/iso';
import { changedAfter, isoAt, writeConflict } from '../lib/newer-change';
import { loadOwnIngredients, ownIngredientIdsAmong, type OwnIngredient } from '../recipes';

/**
 * What My Bar's operations share (operations.ts, shopping.ts): the user scope, reading and writing a user's bar rows, and
 * how an ingredient is shown. Every function touches only the given user's rows.
 */

/** What every operation takes: the database and the signed-in user's id. */
export interface UserScope {
  db: Kysely<Database>;
  userId: string;
}

/** Each catalogue's ingredients as My Bar shows them, made once per catalogue (read-only: answers share them). */
const barIngredientsByCatalogue = new WeakMap<IngredientCatalogue, Map<number, BarIngredient>>();

/** The catalogue ingredient `item` as My Bar shows it ({@link toBarIngredient}), made once per catalogue. */
function catalogueBarIngredient(catalogue: IngredientCatalogue, item: IngredientSummary): BarIngredient {
  let shown = barIngredientsByCatalogue.get(catalogue);
  if (!shown) barIngredientsByCatalogue.set(catalogue, (shown = new Map()));
  let ingredient = shown.get(item.id);
  if (!ingredient) shown.set(item.id, (ingredient = Object.freeze(toBarIngredient(item))));
  return ingredient;
}

/** An ingredient as My Bar shows it. */
export function toBarIngredient(item: IngredientSummary): BarIngredient {
  return {
    id: item.id,
    slug: item.slug,
    name: item.name,
    category: item.category,
    parentId: item.parentId,
    houseMade: item.parts.length > 0,
  };
}

/**
 * One of the user's own (free-text) ingredients as My Bar shows it: no parent, bought (never house-made), filed under its
 * stored category (Other until the user maps it).
 */
export function toOwnBarIngredient(item: OwnIngredient): BarIngredient {
  return {
    id: item.id,
    slug: item.slug,
    name: item.name,
    category: item.category as BarIngredient['category'],
    parentId: null,
    houseMade: false,
  };
}

/** The ingredient with this id. @throws AppError NOT_FOUND naming the id. */
export function requireIngredient(catalogue: IngredientCatalogue, id: number): IngredientSummary {
  const item = catalogue.byId.get(id);
  if (!item) throw new AppError('NOT_FOUND', `no ingredient has id ${id}`);
  return item;
}

/**
 * Checks that every id is a catalogue ingredient or one of the user's own (free-text) ingredients.
 * @throws AppError NOT_FOUND naming every other id (another user's own ingredient included), `suffix` appended.
 */
export async function requireBarIngredients(
  db: Kysely<Database>,
  userId: string,
  ids: readonly number[],
  suffix = '',
): Promise<void> {
  const catalogue = await getIngredientCatalogue(db);
  const notCatalogue = ids.filter((id) => !catalogue.byId.has(id));
  if (notCatalogue.length === 0) return;
  const own = await ownIngredientIdsAmong(db, userId, notCatalogue);
  const unknown = notCatalogue.filter((id) => !own.has(id));
  if (unknown.length > 0) throw new AppError('NOT_FOUND', `no ingredient has id ${unknown.join(', ')}${suffix}`);
}

/** True when `id` is a catalogue ingredient or one of the user's own (what a bar or shopping list may hold). */
export async function isBarIngredient(db: Kysely<Database>, userId: string, id: number): Promise<boolean> {
  if ((await getIngredientCatalogue(db)).byId.has(id)) return true;
  return (await ownIngredientIdsAmong(db, userId, [id])).has(id);
}

/**
 * Rows naming ingredients as list entries: the catalogue's in its name order, then the user's own (free-text ones) by
 * name; rows naming neither are left out. Each entry carries its row and the ingredient as My Bar shows it.
 */
export async function barEntriesOf<T extends { ingredient_id: number }>(
  db: Kysely<Database>,
  userId: string,
  catalogue: IngredientCatalogue,
  rows: readonly T[],
): Promise<{ row: T; ingredient: BarIngredient }[]> {
  const entries = inNameOrder(catalogue, rows).map((row) => ({
    row,
    ingredient: catalogueBarIngredient(catalogue, catalogue.byId.get(Number(row.ingredient_id)) as IngredientSummary),
  }));
  const others = rows.filter((row) => !catalogue.byId.has(Number(row.ingredient_id)));
  if (others.length === 0) return entries;
  const own = await loadOwnIngredients(
    db,
    userId,
    others.map((row) => Number(row.ingredient_id)),
  );
  const ownEntries = others.flatMap((row) => {
    const item = own.get(Number(row.ingredient_id));
    return item ? [{ key: toIngredientKey(item.name), row, ingredient: toOwnBarIngredient(item) }] : [];
  });
  ownEntries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.ingredient.id - b.ingredient.id));
  return [...entries, ...ownEntries.map(({ row, ingredient }) => ({ row, ingredient }))];
}

/** Rows naming ingredients, as entries in the catalogue's name order (rows naming no known ingredient are left out). */
export function inNameOrder<T extends { ingredient_id: number }>(
  catalogue: IngredientCatalogue,
  rows: readonly T[],
): T[] {
  const position = (row: T) => catalogue.order.get(Number(row.ingredient_id)) ?? Number.MAX_SAFE_INTEGER;
  return rows.filter((row) => catalogue.byId.has(Number(row.ingredient_id))).sort((a, b) => position(a) - position(b));
}

/**
 * The user's bottles, by name (catalogue order), each with when it was added; the user's own free-text ingredients in
 * the bar follow the catalogue's, by name.
 */
export async function listBar({ db, userId }: UserScope): Promise<BarList> {
  const [catalogue, rows] = await Promise.all([getIngredientCatalogue(db), barRowQuery(db)(userId)]);
  const entries = await barEntriesOf(db, userId, catalogue, rows);
  return { items: entries.map(({ row, ingredient }) => ({ ...ingredient, addedAt: iso(row.created_at) })) };
}

/** The bar rows query of {@link listBar}, compiled once per database client (it runs on every bar read and write). */
const barRowQuery = precompiledPerDatabase(
  (q: Kysely<Database>, userId) =>
    q
      .selectFrom('bar_item')
      .select(['ingredient_id', 'created_at'])
      .where('user_id', '=', userId as string),
  1,
);

/** How many rows of `table` the user has. */
export async function countRows(
  db: Kysely<Database>,
  table: 'bar_item' | 'shopping_item' | 'ingredient_swap',
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds ingredients to the user's bar (those already there keep their time), inside `db` (a transaction when called from
 * one). Ids must be known.
 * @throws AppError CONFLICT when the bar would hold more than {@link MAX_BAR_ITEMS}.
 */
export async function insertBarItems(
  db: Kysely<Database>,
  userId: string,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const existing = await db
    .selectFrom('bar_item')
    .select('ingredient_id')
    .where('user_id', '=', userId)
    .where('ingredient_id', 'in', ids)
    .execute();
  const fresh = ids.length - existing.length;
  if (fresh > 0 && (await countRows(db, 'bar_item', userId)) + fresh > MAX_BAR_ITEMS) {
    throw new AppError('CONFLICT', `a bar holds at most ${MAX_BAR_ITEMS} ingredients`);
  }
  await db
    .insertInto('bar_item')
    .values(ids.map((id) => ({ user_id: userId, ingredient_id: id, created_at: now.toISOString() })))
    .onConflict((conflict) => conflict.columns(['user_id', 'ingredient_id']).doNothing())
    .execute();
}

/**
 * Inserts one ingredient into the user's bar in one statement, stamped `at` (ISO text), only while the bar holds fewer
 * than {@link MAX_BAR_ITEMS}.
 * @returns false when nothing was inserted: the bar holds it, or is full.
 */
export async function tryInsertBarItem(db: Kysely<Database>, userId: string, id: number, at: string): Promise<boolean> {
  // PostgreSQL types a bare parameter in a select list as text; SQLite must not cast (its affinity would turn the time
  // into a number).
  const row =
    dialectOf(db) === 'postgres'
      ? sql`CAST(${userId} AS text), CAST(${id} AS integer), CAST(${at} AS timestamptz)`
      : sql`${userId}, ${id}, ${at}`;
  const result = await sql`INSERT INTO bar_item (user_id, ingredient_id, created_at) SELECT ${row}
    WHERE (SELECT count(*) FROM bar_item WHERE user_id = ${userId}) < ${MAX_BAR_ITEMS}
    ON CONFLICT (user_id, ingredient_id) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** When the user's bar got the ingredient (ISO text on SQLite, a Date on PostgreSQL); undefined when it lacks it. */
export async function barItemAddedAt(
  db: Kysely<Database>,
  userId: string,
  id: number,
): Promise<Date | string | undefined> {
  const held = await db
    .selectFrom('bar_item')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('ingredient_id', '=', id)
    .executeTakeFirst();
  return held?.created_at;
}

/**
 * Adds one known ingredient to the user's bar in one statement, inserted only while the bar holds fewer than
 * {@link MAX_BAR_ITEMS} (one already there keeps its time). One statement rather than a transaction: on SQLite a
 * transaction holds the only connection across its awaits, and every other request waits for it.
 * @throws AppError CONFLICT when the bar is full and does not hold the ingredient
 */
export async function insertBarItem(db: Kysely<Database>, userId: string, id: number, now: Date): Promise<void> {
  const at = now.toISOString();
  // Nothing inserted means it is there or the bar is full; a removal racing this write can make it neither, so ask again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await tryInsertBarItem(db, userId, id, at)) return;
    if ((await barItemAddedAt(db, userId, id)) !== undefined) return;
    if ((await countRows(db, 'bar_item', userId)) >= MAX_BAR_ITEMS) break;
  }
  throw new AppError('CONFLICT', `a bar holds at most ${MAX_BAR_ITEMS} ingredients`);
}

/**
 * The bottle side of a write queued offline that adds `id` to the bar (a `PUT /api/me/bar/:id`, or checking it off the
 * shopping list), inside the transaction lib/newer-change.ts writeUnlessDeletedSince runs: the bottle is stamped with
 * `madeAt`; one already there, added at or before then, is kept.
 * @param madeAt when the write was made, ms since the epoch
 * @returns true when the bottle was inserted, false when it was there already
 * @throws AppError CONFLICT when the bar holds {@link MAX_BAR_ITEMS}; WRITE_CONFLICT when the bottle was added after
 *   `madeAt` (a newer change; the caller's transaction then writes nothing)
 */
export async function addQueuedBottle(
  db: Kysely<Database>,
  userId: string,
  id: number,
  madeAt: number,
): Promise<boolean> {
  if (await tryInsertBarItem(db, userId, id, isoAt(madeAt))) return true;
  const addedAt = await barItemAddedAt(db, userId, id);
  if (addedAt !== undefined && !changedAfter(addedAt, madeAt)) return false;
  if (addedAt === undefined && (await countRows(db, 'bar_item', userId)) >= MAX_BAR_ITEMS) {
    throw new AppError('CONFLICT', `a bar holds at most ${MAX_BAR_ITEMS} ingredients`);
  }
  throw writeConflict();
}
