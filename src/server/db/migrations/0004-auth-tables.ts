import type { Kysely, Migration } from 'kysely';
import { migrateAuthTables } from '../../auth';
import type { Dialect } from '../database';

/**
 * better-auth's tables (user, session, account, verification, twoFactor, rateLimit), created by better-auth's own migration
 * planner (`getMigrations`) with the plugins the server runs (auth/schema.ts). It runs here, in migration order, so the
 * account tables that follow can reference "user"; the server also re-runs the planner at every start (main.ts), which
 * adds any column a newer plugin set needs.
 */
export function authTablesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await migrateAuthTables({ db, dialect });
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['rateLimit', 'twoFactor', 'verification', 'account', 'session', 'user']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
