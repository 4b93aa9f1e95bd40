import type { Kysely, Migration } from 'kysely';
import { migrateAuthTables } from '../../auth';
import type { Dialect } from '../database';

/**
 * Signed tokens: better-auth's `jwks` table of signing keys (jwt plugin, auth/jwt.ts), created by better-auth's
 * own planner with the plugin set of auth/schema.ts (on a fresh database 0004 has already made it, and this plans nothing).
 */
export function jwtKeysMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await migrateAuthTables({ db, dialect });
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('jwks').ifExists().execute();
    },
  };
}
