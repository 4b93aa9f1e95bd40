import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * `idempotent_write`: the answers of writes sent with an `Idempotency-Key` header (http/idempotency.ts), so a write the
 * browser queued offline and sends again is answered from here instead of running twice. One row per user and key
 * (primary key (user_id, key); deleted with the user): the method and path the key was first used on, and once the
 * write was answered its status, body (text; base64 for a body that is not text) and content type (all null while the
 * first request is still running). `created_at` is when the key was claimed; its index serves the prune of rows older
 * than a day.
 */
export function idempotentWriteMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotent_write')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('body', 'text')
        .addColumn('content_type', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('idempotent_write_pk', ['user_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotent_write_created_at_idx')
        .on('idempotent_write')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      // Its index goes with it.
      await db.schema.dropTable('idempotent_write').ifExists().execute();
    },
  };
}
