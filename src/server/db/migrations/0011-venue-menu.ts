import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * A venue's public menu:
 * - venue_menu_section: titled sections in order (`position`), deleted with the venue;
 * - venue_menu_item: a cocktail in a section, in order, with an optional price (cents) and the staff's hand-set
 *   availability (`availability`: 'auto' follows the team inventory, 'off' always unavailable, 'on' always available);
 *   `organization_id` is kept on the row so every read and write is scoped to the venue directly; deleted with its
 *   section, the venue or the cocktail.
 */
export function venueMenuMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('venue_menu_section')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organization.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('venue_menu_section_venue_idx')
        .on('venue_menu_section')
        .columns(['organization_id', 'position'])
        .execute();

      await db.schema
        .createTable('venue_menu_item')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organization.id').onDelete('cascade'))
        .addColumn('section_id', 'integer', (c) => c.notNull().references('venue_menu_section.id').onDelete('cascade'))
        .addColumn('cocktail_id', 'integer', (c) => c.notNull().references('cocktail.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.check(sql`price_cents is null or price_cents >= 0`))
        .addColumn('availability', 'text', (c) =>
          c
            .notNull()
            .defaultTo('auto')
            .check(sql`availability in ('auto', 'off', 'on')`),
        )
        .execute();
      await db.schema
        .createIndex('venue_menu_item_section_idx')
        .on('venue_menu_item')
        .columns(['section_id', 'position'])
        .execute();
      await db.schema
        .createIndex('venue_menu_item_venue_idx')
        .on('venue_menu_item')
        .column('organization_id')
        .execute();
      await db.schema.createIndex('venue_menu_item_cocktail_idx').on('venue_menu_item').column('cocktail_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('venue_menu_item').ifExists().execute();
      await db.schema.dropTable('venue_menu_section').ifExists().execute();
    },
  };
}
