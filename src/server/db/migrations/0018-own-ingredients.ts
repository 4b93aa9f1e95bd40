import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Ingredients of a user's own: what a recipe they wrote or imported names that the catalogue does not know ('yuzu
 * kosho syrup'), kept as a free-text ingredient of theirs until they map it. `ingredient.owner_id` is the user (their
 * deletion takes these along); the catalogue's ingredients are the rows without one, and every catalogue read keeps to
 * those. Their slugs start 'u--', which no seed slug can. The same statements on SQLite and PostgreSQL.
 */
export function ownIngredientsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table ingredient add column owner_id text references "user"(id) on delete cascade`.execute(db);
      await sql`create index ingredient_owner_id_idx on ingredient (owner_id) where owner_id is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index if exists ingredient_owner_id_idx`.execute(db);
      await sql`alter table ingredient drop column owner_id`.execute(db);
    },
  };
}
