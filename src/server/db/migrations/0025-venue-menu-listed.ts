import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `venue.menu_listed` (0 or 1, not null, default 0): whether the venue's owner or a manager chose to list the public menu
 * (`/v/<slug>`) in Barback's sitemap (src/server/seo), so search engines can find it. Every venue starts unlisted: a
 * venue opts in from its settings. An integer flag checked to 0 or 1, as the other flags are; the same statement on
 * SQLite and PostgreSQL.
 */
export function venueMenuListedMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table venue add column menu_listed integer not null default 0
        check (menu_listed in (0, 1))`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table venue drop column menu_listed`.execute(db);
    },
  };
}
