import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Where a public recipe came from. `cocktail.source_name`, `source_licence` and `source_url` name the dataset a recipe
 * was imported from by `npm run catalogue:import` (the display name, such as "Bar Assistant's data"; the licence as its
 * licence file names it, such as 'MIT'; the dataset's address) and stay null for Barback's own recipes (the seed) and for
 * venue and own recipes. `cocktail_source_also` notes every other source that holds the same drink, which was merged
 * into the row rather than imported twice (one row per cocktail and source name; the cocktail's deletion takes them).
 * Plain nullable columns and a small table: the same statements on SQLite and PostgreSQL.
 */
export function recipeSourceMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table cocktail add column source_name text`.execute(db);
      await sql`alter table cocktail add column source_licence text`.execute(db);
      await sql`alter table cocktail add column source_url text`.execute(db);
      await sql`
        create table cocktail_source_also (
          cocktail_id integer not null references cocktail(id) on delete cascade,
          source_name text not null,
          source_licence text,
          source_url text,
          primary key (cocktail_id, source_name)
        )`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists cocktail_source_also`.execute(db);
      await sql`alter table cocktail drop column source_url`.execute(db);
      await sql`alter table cocktail drop column source_licence`.execute(db);
      await sql`alter table cocktail drop column source_name`.execute(db);
    },
  };
}
