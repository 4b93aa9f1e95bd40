import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * `deleted_value`: when a user last deleted each favorite, rating, note and My Bar bottle, so a write queued offline on
 * another device and made before that deletion loses to it instead of bringing the value back (lib/newer-change.ts;
 * docs/api.md "Offline writes"). One row per user and value: `kind` ('favorite', 'rating', 'note' or 'bottle') and
 * `item_id` (the cocktail's id, or the ingredient's for a bottle) name the value, the primary key (user_id, kind,
 * item_id) serves the lookup, and the row goes with the user. `deleted_at` is when the deletion was made; its index
 * serves the prune of rows older than the oldest write a device may still send (30 days, MAX_WRITE_AGE_MS).
 */
export function deletedValueMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deleted_value')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('deleted_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('deleted_value_pk', ['user_id', 'kind', 'item_id'])
        .addCheckConstraint('deleted_value_kind', sql`kind in ('favorite', 'rating', 'note', 'bottle')`)
        .execute();
      await db.schema.createIndex('deleted_value_deleted_at_idx').on('deleted_value').column('deleted_at').execute();
    },
    async down(db: Kysely<unknown>) {
      // Its index goes with it.
      await db.schema.dropTable('deleted_value').ifExists().execute();
    },
  };
}
