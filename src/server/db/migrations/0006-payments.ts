import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * The payments tables:
 * - entitlement: what a user is entitled to ('pro' | 'enterprise'), one row per user and entitlement, with the product
 *   that grants it, the store, the source ('revenuecat' for store purchases, 'admin' for support grants), the period type,
 *   expires_at (null: never ends; a passed expires_at stops counting at that instant, no job runs), whether it renews, a
 *   billing issue flag, and the timestamp of the last webhook event applied to it (last_event_ms, so an older event arriving
 *   late cannot undo a newer one). Deleted with the user.
 * - webhook_event: every RevenueCat event received, once per (provider, event_id): replays are no-ops. Keeps the resolved
 *   user (no foreign key: events for unknown users are kept too), the outcome and the payload.
 */
export function paymentsMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const flag = (column: string) => sql`${sql.ref(column)} in (0, 1)`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('entitlement')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull().check(sql`name in ('pro', 'enterprise')`))
        .addColumn('product_id', 'text')
        .addColumn('store', 'text')
        .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('revenuecat', 'admin')`))
        .addColumn('period_type', 'text')
        .addColumn('expires_at', timestamp)
        .addColumn('will_renew', 'integer', (c) => c.notNull().defaultTo(1).check(flag('will_renew')))
        .addColumn('billing_issue', 'integer', (c) => c.notNull().defaultTo(0).check(flag('billing_issue')))
        .addColumn('last_event_ms', 'bigint')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('entitlement_user_name_unique', ['user_id', 'name'])
        .execute();

      await db.schema
        .createTable('webhook_event')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('app_user_id', 'text')
        .addColumn('user_id', 'text')
        .addColumn('event_timestamp_ms', 'bigint')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('received_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('webhook_event_provider_event_unique', ['provider', 'event_id'])
        .execute();
      await db.schema.createIndex('webhook_event_user_id_idx').on('webhook_event').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_event').ifExists().execute();
      await db.schema.dropTable('entitlement').ifExists().execute();
    },
  };
}
