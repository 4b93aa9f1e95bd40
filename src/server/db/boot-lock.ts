import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

/**
 * The PostgreSQL advisory lock key held while a process prepares the database at boot (migrations, better-auth's tables,
 * the seed). Any fixed number works; this one spells "barb".
 */
export const BOOT_LOCK_KEY = 0x62_61_72_62;

/**
 * Runs `prepare` while holding a cluster-wide lock on PostgreSQL, so server processes that start together on one
 * database prepare it one after the other: the first migrates and seeds, the next find it done (an unchanged seed is
 * skipped) instead of racing on the same rows. The lock is a session advisory lock on one pooled connection, released
 * when `prepare` ends (or fails) and by PostgreSQL itself if the process dies. `prepare` uses the pool's other
 * connections. On SQLite, `prepare` simply runs (one machine; its writers already queue on the file's lock).
 * @returns what `prepare` returns.
 * @throws what `prepare` throws, or the database's error when the lock cannot be taken.
 */
export async function withBootLock<T>(database: DatabaseHandle, prepare: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return prepare();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${BOOT_LOCK_KEY}::bigint)`.execute(connection);
    try {
      return await prepare();
    } finally {
      await sql`select pg_advisory_unlock(${BOOT_LOCK_KEY}::bigint)`.execute(connection);
    }
  });
}
