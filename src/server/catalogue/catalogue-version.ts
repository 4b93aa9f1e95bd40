import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/**
 * The catalogue version: an opaque token stored in `catalogue_meta` under `version`, replaced by every write to the catalogue.
 * Response caches and ETags are keyed by it, so a change anywhere (this process or another one sharing the database) makes
 * them miss. A random token, not a counter, so a recreated database can never repeat an old ETag.
 */

/**
 * How long a process trusts the version it last read before asking the database again, ms: a catalogue write made through
 * another process (or straight in the database) reaches this process's caches (answers, ETags, search index, counts) at
 * most this long after it commits. The cost is one primary-key read per process per interval, and only while requests
 * come in (tests/scale/two-processes.test.ts measures it across two processes).
 */
export const VERSION_RECHECK_MS = 250;

/** Version reported before the catalogue has ever been written. */
export const EMPTY_CATALOGUE_VERSION = 'empty';

const known = new WeakMap<object, { version: string; readAt: number; refreshing: Promise<string> | null }>();
const firstReads = new WeakMap<object, Promise<string>>();

/** A fresh version token (12 hex characters). */
export function newCatalogueVersion(): string {
  return randomBytes(6).toString('hex');
}

async function readVersion(db: Kysely<Database>, now: number): Promise<string> {
  const row = await db.selectFrom('catalogue_meta').select('value').where('key', '=', 'version').executeTakeFirst();
  const version = row?.value ?? EMPTY_CATALOGUE_VERSION;
  known.set(db, { version, readAt: now, refreshing: null });
  return version;
}

/**
 * The current catalogue version. Reads `catalogue_meta` at most once per {@link VERSION_RECHECK_MS} per database client,
 * and only once at a time: while a re-read is under way, requests keep the version read last instead of each asking the
 * database (under 200 concurrent requests that would queue 200 reads for the connection pool every interval). Writers in
 * this process call {@link forgetCatalogueVersion} so their own change is seen at once.
 * @throws the database error when the version cannot be read and none was read before.
 */
export async function getCatalogueVersion(db: Kysely<Database>, now = Date.now()): Promise<string> {
  const cached = known.get(db);
  if (cached) {
    if (now - cached.readAt >= VERSION_RECHECK_MS && !cached.refreshing) {
      cached.refreshing = readVersion(db, now).catch((error: unknown) => {
        cached.refreshing = null;
        throw error;
      });
      // The caller that starts the re-read waits for it (so an outage still surfaces as an error on some requests).
      return cached.refreshing;
    }
    return cached.version;
  }
  let first = firstReads.get(db);
  if (!first) {
    first = readVersion(db, now).finally(() => firstReads.delete(db));
    firstReads.set(db, first);
  }
  return first;
}

/**
 * Stores a new version inside the writer's transaction (`trx`); call {@link forgetCatalogueVersion} with the root client
 * after the commit.
 * @returns the new version.
 */
export async function bumpCatalogueVersion(trx: Kysely<Database>): Promise<string> {
  const version = newCatalogueVersion();
  await trx
    .insertInto('catalogue_meta')
    .values({ key: 'version', value: version })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
    .execute();
  return version;
}

/** Drops this process's remembered version for `db`, so the next read goes to the database. */
export function forgetCatalogueVersion(db: Kysely<Database>): void {
  known.delete(db);
}
