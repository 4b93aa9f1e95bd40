import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { MAX_WRITE_AGE_MS, WRITE_CONFLICT_MESSAGE } from '../http/write-age';

/**
 * The database side of the conflict rule of queued writes (http/write-age.ts; docs/api.md "Offline writes"). A write
 * sent with `Barback-Write-Age` was made at `madeAt` (ms since the epoch, server clock); it applies only where the value
 * it changes last changed at or before then, and the compare and the write are one step:
 * - the write is a conditional statement (`... where <stored>.updated_at <= madeAt`) inside one transaction: SQLite's
 *   one connection runs the transaction alone, and on PostgreSQL the row lock orders it against any other write of the
 *   row, whose condition is checked again on the row it waited for;
 * - a value deleted since is a newer change too: a DELETE of a favorite, a rating, a note or a bottle keeps when it was
 *   made in `deleted_value` (one row per user and value, migration 0026; a live DELETE when the value was there), and a
 *   queued write that stored a value rolls back when a deletion made after it is on record (one a PostgreSQL statement
 *   waited for and went past included);
 * - on PostgreSQL two queued writes of one value also take one lock, so they run one after the other;
 * - an applied queued write is stamped with when it was made, so of two writes of one value the one made later wins,
 *   whichever arrives first.
 * Live writes (no header) run as before, save that a DELETE also records the deletion: in its one statement on
 * PostgreSQL, one statement more on SQLite; and at most once an hour a process prunes old records.
 */

/** A value a queued write may find changed on another device. */
export type ValueKind = 'favorite' | 'rating' | 'note' | 'bottle';

/** The row of each kind of value: its table, the column naming the value beside user_id, and its last change. */
const VALUE_ROWS: Record<ValueKind, { table: string; item: string; changed: string }> = {
  favorite: { table: 'user_favorites', item: 'cocktail_id', changed: 'created_at' },
  rating: { table: 'cocktail_rating', item: 'cocktail_id', changed: 'updated_at' },
  note: { table: 'cocktail_note', item: 'cocktail_id', changed: 'updated_at' },
  bottle: { table: 'bar_item', item: 'ingredient_id', changed: 'created_at' },
};

/** One user's value: the kind and the cocktail's id (a bottle: the ingredient's). */
export interface ValueKey {
  userId: string;
  kind: ValueKind;
  itemId: number;
}

/** The least time between two prunes of `deleted_value` by one process, ms (an hour). */
export const DELETED_VALUE_PRUNE_INTERVAL_MS = 3_600_000;

/** When each database (a Kysely instance) was last pruned by this process, ms since the epoch. */
const lastPruneByDb = new WeakMap<object, number>();

/** The 409 WRITE_CONFLICT answered to a queued write older than the stored value. */
export function writeConflict(): AppError {
  return new AppError('WRITE_CONFLICT', WRITE_CONFLICT_MESSAGE);
}

/** A time in ms since the epoch as the ISO 8601 text the timestamp columns are written with. */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** True when a stored change (a timestamp column: ISO text on SQLite, a Date on PostgreSQL) is after `madeAt` (ms). */
export function changedAfter(changed: Date | string, madeAt: number): boolean {
  return new Date(changed).getTime() > madeAt;
}

/**
 * Deletes the records of deletions older than {@link MAX_WRITE_AGE_MS} (no write that old is accepted, so none can lose
 * to them), at most once every {@link DELETED_VALUE_PRUNE_INTERVAL_MS} per database and process: one delete by the
 * `deleted_at` index.
 * @param at now, ms since the epoch (tests pass their own).
 * @throws the database's error.
 */
export async function pruneDeletedValues(db: Kysely<Database>, at = Date.now()): Promise<void> {
  if (at - (lastPruneByDb.get(db) ?? Number.NEGATIVE_INFINITY) < DELETED_VALUE_PRUNE_INTERVAL_MS) return;
  lastPruneByDb.set(db, at);
  await db
    .deleteFrom('deleted_value')
    .where('deleted_at', '<', isoAt(at - MAX_WRITE_AGE_MS))
    .execute();
}

/** Keeps the newer of two records of one deletion: a record never moves back in time. */
const NEWER_RECORD = sql`on conflict (user_id, kind, item_id) do update set deleted_at = excluded.deleted_at
  where deleted_value.deleted_at < excluded.deleted_at`;

/** Records that `key` was deleted at `at` (ISO text), unless a later deletion is on record. */
async function recordDeletion(db: Kysely<Database>, { userId, kind, itemId }: ValueKey, at: string): Promise<void> {
  await sql`insert into deleted_value (user_id, kind, item_id, deleted_at)
    values (${userId}, ${kind}, ${itemId}, ${at}) ${NEWER_RECORD}`.execute(db);
}

/**
 * Runs `run` in one transaction that, on PostgreSQL, first takes a lock of its own for the value (an advisory lock
 * named by user, kind and id, released at commit), so two queued writes of one value run one after the other, as
 * SQLite's one connection runs every transaction. Live writes never take it.
 */
async function inValueTransaction<T>(
  db: Kysely<Database>,
  { userId, kind, itemId }: ValueKey,
  run: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf<Database>(trx) === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`${userId}:${kind}:${itemId}`}, 0))`.execute(trx);
    }
    return run(trx);
  });
}

/**
 * Deletes one user's value and records when, for the conflict rule.
 * - `madeAt` null (no header): deleted whatever its time and, when it was there, recorded at now. PostgreSQL: one
 *   statement (the delete and the record in one CTE); SQLite: the record, then the delete (in that order, so a queued
 *   write running between the two already finds the record).
 * - `madeAt` set (a queued DELETE): in one transaction ({@link inValueTransaction}), deleted only when it last changed
 *   at or before `madeAt`, and recorded at `madeAt` (also when it was not there: of two queued writes the later made
 *   wins, whichever arrives first); a value there and changed later is kept.
 * Prunes old records first ({@link pruneDeletedValues}).
 * @throws AppError WRITE_CONFLICT (409) when a queued DELETE finds the value changed after it was made (nothing
 *   deleted); the database's error.
 */
export async function deleteValue(db: Kysely<Database>, key: ValueKey, madeAt: number | null): Promise<void> {
  const { table, item, changed } = VALUE_ROWS[key.kind];
  const { userId, kind, itemId } = key;
  const now = Date.now();
  await pruneDeletedValues(db, now);
  const row = sql`${sql.table(table)} where user_id = ${userId} and ${sql.ref(item)} = ${itemId}`;
  if (madeAt === null) {
    const at = isoAt(now);
    if (dialectOf(db) === 'postgres') {
      const deleteAndRecord = sql`with gone as (delete from ${row} returning user_id, ${sql.ref(item)} as item_id)
        insert into deleted_value (user_id, kind, item_id, deleted_at)
        select user_id, cast(${kind} as text), item_id, cast(${at} as timestamptz) from gone ${NEWER_RECORD}`;
      await deleteAndRecord.execute(db);
    } else {
      await sql`insert into deleted_value (user_id, kind, item_id, deleted_at)
        select user_id, ${kind}, ${sql.ref(item)}, ${at} from ${row} ${NEWER_RECORD}`.execute(db);
      await sql`delete from ${row}`.execute(db);
    }
    return;
  }
  const madeAtIso = isoAt(madeAt);
  await inValueTransaction(db, key, async (trx) => {
    const gone = await sql`delete from ${row} and ${sql.ref(changed)} <= ${madeAtIso}`.execute(trx);
    if (Number(gone.numAffectedRows ?? 0) === 0 && (await sql`select 1 from ${row}`.execute(trx)).rows.length > 0) {
      throw writeConflict();
    }
    await recordDeletion(trx, key, madeAtIso);
  });
}

/**
 * True when a deletion of `key` made after `madeAt` (ms) is on record.
 * @throws the database's error.
 */
export async function deletedAfter(db: Kysely<Database>, key: ValueKey, madeAt: number): Promise<boolean> {
  const row = await db
    .selectFrom('deleted_value')
    .select('deleted_at')
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('item_id', '=', key.itemId)
    .executeTakeFirst();
  return row !== undefined && changedAfter(row.deleted_at, madeAt);
}

/**
 * Runs a queued write of `key` made at `madeAt` (ms) in one transaction ({@link inValueTransaction}). `write` stores
 * the value only where the stored row is not newer (a conditional statement, stamped `madeAt`), throws for a refusal,
 * and answers whether it stored anything; when it did and a deletion of the value made after `madeAt` is on record
 * (made before the write arrived, or committed while the write waited for the row it deleted), the transaction rolls
 * back: nothing is written.
 * @returns what `write` answered.
 * @throws AppError WRITE_CONFLICT (409) for a newer deletion; whatever `write` throws (nothing is written then).
 */
export async function writeUnlessDeletedSince(
  db: Kysely<Database>,
  key: ValueKey,
  madeAt: number,
  write: (trx: Transaction<Database>) => Promise<boolean>,
): Promise<boolean> {
  return inValueTransaction(db, key, async (trx) => {
    const wrote = await write(trx);
    if (wrote && (await deletedAfter(trx, key, madeAt))) throw writeConflict();
    return wrote;
  });
}
