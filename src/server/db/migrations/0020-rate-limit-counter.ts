import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * `rate_limit_counter`: the server's own rate-limit counters without Redis, kept by rate-limiter-flexible's
 * RateLimiterSQLite / RateLimiterPostgres (http/rate-limit.ts), which replace the hand-written `rate_limit_bucket`
 * (dropped here: its counters are short-lived, so none are carried over; at worst a bucket restarts its window).
 *
 * The columns are exactly those the library's own CREATE TABLE makes, in its order (its upsert inserts `VALUES (key,
 * points, expire)` by position): `key` (`<rule>:<bucket>`), `points` (requests counted in the window) and `expire` (when
 * the window ends, ms since the epoch; bigint on PostgreSQL). The library is told `tableCreated: true`, so this migration
 * is the only place the table is made. The index serves the prune of expired rows.
 */
export function rateLimitCounterMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      if (pg) {
        await sql`
          create table rate_limit_counter (
            key varchar(255) primary key,
            points integer not null default 0,
            expire bigint
          )`.execute(db);
      } else {
        await sql`
          create table rate_limit_counter (
            key text primary key,
            points integer not null default 0,
            expire integer
          )`.execute(db);
      }
      await db.schema.createIndex('rate_limit_counter_expire_idx').on('rate_limit_counter').column('expire').execute();
      // Its index goes with it.
      await db.schema.dropTable('rate_limit_bucket').ifExists().execute();
    },
    async down(db: Kysely<unknown>) {
      // The table as 0005-accounts made it, empty.
      await db.schema
        .createTable('rate_limit_bucket')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_start', pg ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limit_bucket_window_start_idx')
        .on('rate_limit_bucket')
        .column('window_start')
        .execute();
      await db.schema.dropTable('rate_limit_counter').ifExists().execute();
    },
  };
}
