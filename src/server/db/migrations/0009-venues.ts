import { sql, type Kysely, type Migration } from 'kysely';
import { migrateAuthTables } from '../../auth';
import type { Dialect } from '../database';
import { DEFAULT_BRAND, INCLUDED_SEATS } from '@/shared/domain/venues';

/**
 * Enterprise venues: better-auth's organization plugin tables (organization, member, invitation, and
 * session.activeOrganizationId), created by better-auth's own planner with the plugin set of auth/schema.ts, then
 * Barback's `venue` row per organization: brand colours (the app's palette by default), address, opening hours and the
 * seat limit (10 included), deleted with the organization.
 */
export function venuesMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await migrateAuthTables({ db, dialect });
      await db.schema
        .createTable('venue')
        .addColumn('organization_id', 'text', (c) =>
          c.primaryKey().notNull().references('organization.id').onDelete('cascade'),
        )
        .addColumn('brand_background', 'text', (c) => c.notNull().defaultTo(DEFAULT_BRAND.background))
        .addColumn('brand_accent', 'text', (c) => c.notNull().defaultTo(DEFAULT_BRAND.accent))
        .addColumn('address', 'text')
        .addColumn('opening_hours', 'text')
        .addColumn('seat_limit', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(INCLUDED_SEATS)
            .check(sql`seat_limit >= 0`),
        )
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('venue').ifExists().execute();
      for (const table of ['invitation', 'member', 'organization']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
