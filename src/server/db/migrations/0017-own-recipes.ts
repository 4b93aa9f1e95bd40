import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A user's own recipes live in `cocktail` as a venue's do, with `owner_id` set to the user (their lines, ratings, notes,
 * made drinks and collection items work as for any cocktail; the user's deletion takes them along). `share_slug` is the
 * public link's slug while sharing is on (the collections' rule: random, and turning it off ends it for good). The
 * public catalogue is every row with neither `venue_id` nor `owner_id`. Plain nullable columns and an index: the same
 * statements on SQLite (which accepts a REFERENCES clause on an added column whose default is null) and PostgreSQL.
 */
export function ownRecipesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table cocktail add column owner_id text references "user"(id) on delete cascade`.execute(db);
      await sql`alter table cocktail add column share_slug text`.execute(db);
      await sql`create index cocktail_owner_id_idx on cocktail (owner_id, name_key) where owner_id is not null`.execute(
        db,
      );
      await sql`create unique index cocktail_share_slug_idx on cocktail (share_slug) where share_slug is not null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await sql`delete from cocktail where owner_id is not null`.execute(db);
      await sql`drop index if exists cocktail_share_slug_idx`.execute(db);
      await sql`drop index if exists cocktail_owner_id_idx`.execute(db);
      await sql`alter table cocktail drop column share_slug`.execute(db);
      await sql`alter table cocktail drop column owner_id`.execute(db);
    },
  };
}
