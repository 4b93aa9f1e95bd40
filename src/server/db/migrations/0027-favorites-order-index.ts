import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `user_favorites (user_id, created_at, cocktail_id)` in place of `(user_id, created_at)`: a user's favorite ids newest
 * first (ties by cocktail id), read on every favorites request, come from the index alone, already in order (read
 * backwards), with no row lookups and no sort; the old index is its prefix, so every query it served this one serves.
 * `if not exists`, so an index made beforehand by hand on a large database (PostgreSQL's `create index concurrently`,
 * docs/operations.md) is kept.
 */
export function favoritesOrderIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index if not exists user_favorites_user_order_idx
        on user_favorites (user_id, created_at, cocktail_id)`.execute(db);
      await sql`drop index if exists user_favorites_user_created_idx`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`create index if not exists user_favorites_user_created_idx on user_favorites (user_id, created_at)`.execute(
        db,
      );
      await sql`drop index if exists user_favorites_user_order_idx`.execute(db);
    },
  };
}
