import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Indexes for the lookups a user's requests make that no index served, found by the query-plan test
 * (tests/scale/query-plans.test.ts); without them each one reads a whole table, which grows with the user base:
 * - `account ("providerId", "accountId")`: a Google or Facebook sign-in finds the account by the provider's id for the
 *   person (better-auth's link-account); better-auth's own schema indexes only "userId";
 * - `support_message (lower(email))`: account deletion removes the messages sent from the user's address as well as
 *   those signed in (`user_id = ? or lower(email) = ?`); with both sides indexed the OR becomes two index lookups;
 * - `invitation ("inviterId")`, `venue_bar_activity (user_id)`, `venue_bar_item (updated_by)`: foreign keys to "user"
 *   (cascade or set null), which deleting a user looks up;
 * - `ingredient_swap (from_id)`, `ingredient_swap (to_id)`, `venue_bar_activity (ingredient_id)`: foreign keys to
 *   ingredient, which deleting an ingredient (a user's own, deleted with the user) looks up.
 * The same statements on SQLite and PostgreSQL; `if not exists`, so an index made beforehand by hand on a large database
 * (PostgreSQL's `create index concurrently`, docs/operations.md) is kept.
 */
export function userLookupIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index if not exists account_provider_account_idx on account ("providerId", "accountId")`.execute(
        db,
      );
      await sql`create index if not exists support_message_email_idx on support_message (lower(email))`.execute(db);
      await sql`create index if not exists invitation_inviter_id_idx on invitation ("inviterId")`.execute(db);
      await sql`create index if not exists venue_bar_activity_user_id_idx on venue_bar_activity (user_id)`.execute(db);
      await sql`create index if not exists venue_bar_activity_ingredient_id_idx on venue_bar_activity (ingredient_id)`.execute(
        db,
      );
      await sql`create index if not exists venue_bar_item_updated_by_idx on venue_bar_item (updated_by)`.execute(db);
      await sql`create index if not exists ingredient_swap_from_id_idx on ingredient_swap (from_id)`.execute(db);
      await sql`create index if not exists ingredient_swap_to_id_idx on ingredient_swap (to_id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const index of [
        'ingredient_swap_to_id_idx',
        'ingredient_swap_from_id_idx',
        'venue_bar_item_updated_by_idx',
        'venue_bar_activity_ingredient_id_idx',
        'venue_bar_activity_user_id_idx',
        'invitation_inviter_id_idx',
        'support_message_email_idx',
        'account_provider_account_idx',
      ]) {
        await sql`drop index if exists ${sql.id(index)}`.execute(db);
      }
    },
  };
}
