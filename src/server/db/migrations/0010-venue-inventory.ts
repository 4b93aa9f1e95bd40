import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * A venue's team inventory:
 * - venue_bar_item: the bottles the venue has, primary key (organization_id, ingredient_id); `eighty_sixed` 1 while the
 *   bar has run out of it tonight (it stays listed but covers no recipe); who changed it last and when; deleted with the
 *   venue or the ingredient;
 * - venue_bar_activity: who added, removed, 86'd or brought back what, and when (newest first by id); the member's name
 *   is kept with the row (`user_name`), so the list still reads after they leave; deleted with the venue.
 */
export function venueInventoryMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('venue_bar_item')
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organization.id').onDelete('cascade'))
        .addColumn('ingredient_id', 'integer', (c) => c.notNull().references('ingredient.id').onDelete('cascade'))
        .addColumn('eighty_sixed', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`eighty_sixed in (0, 1)`),
        )
        .addColumn('updated_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('venue_bar_item_pk', ['organization_id', 'ingredient_id'])
        .execute();
      await db.schema
        .createIndex('venue_bar_item_ingredient_id_idx')
        .on('venue_bar_item')
        .column('ingredient_id')
        .execute();

      await db.schema
        .createTable('venue_bar_activity')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organization.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('ingredient_id', 'integer', (c) => c.notNull().references('ingredient.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('added', 'removed', '86', 'back')`))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('venue_bar_activity_venue_idx')
        .on('venue_bar_activity')
        .columns(['organization_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('venue_bar_activity').ifExists().execute();
      await db.schema.dropTable('venue_bar_item').ifExists().execute();
    },
  };
}
