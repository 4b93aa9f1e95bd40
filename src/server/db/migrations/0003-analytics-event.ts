import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/** analytics_event: one row per event the client reports through `POST /api/events`. */
export function analyticsEventMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('analytics_event')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('occurred_at', timestamp, (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('plan', 'text')
        .addColumn('props', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('received_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('analytics_event_type_idx')
        .on('analytics_event')
        .columns(['type', 'occurred_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('analytics_event').ifExists().execute();
    },
  };
}
