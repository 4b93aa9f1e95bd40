import type { BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { jwt, magicLink, organization, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';

/**
 * The parts of the better-auth configuration that decide its tables: the plugins with a schema (twoFactor adds the
 * `twoFactor` table and `user.twoFactorEnabled`; magicLink uses `verification`; organization, Enterprise venues, adds
 * `organization`, `member`, `invitation` and `session.activeOrganizationId`; jwt, signed tokens, adds `jwks`: the signing
 * keys) and database-backed rate limiting (the `rateLimit` table). createAuth (./auth.ts) spreads these same options, so the tables created here always match the
 * running configuration. Table and column names are better-auth's defaults (camelCase: "user", "session", "account",
 * "verification", "twoFactor", "rateLimit", "jwks").
 */
export function authSchemaOptions(): Pick<BetterAuthOptions, 'plugins' | 'rateLimit'> {
  return {
    plugins: [
      magicLink({
        sendMagicLink: async () => {
          throw new Error('schema-only configuration: sends no mail');
        },
      }),
      twoFactor(),
      organization(),
      jwt(),
    ],
    rateLimit: { storage: 'database' },
  };
}

/**
 * Creates or completes better-auth's tables with its own migration planner (`getMigrations`), on either dialect, through
 * the project's Kysely instance (or a transaction of it). Idempotent: an up-to-date schema plans nothing.
 * @returns the names of the tables created or changed (empty when the schema was current).
 * @throws the planner's or the database's error (e.g. a required column that cannot be added to a populated table).
 */
export async function migrateAuthTables<DB>({ db, dialect }: { db: Kysely<DB>; dialect: Dialect }): Promise<string[]> {
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations({
    ...authSchemaOptions(),
    database: { db, type: dialect },
    logger: { disabled: true },
    telemetry: { enabled: false },
  });
  const changed = [...toBeCreated, ...toBeAdded].map((entry) => entry.table);
  if (changed.length > 0) await runMigrations();
  return [...new Set(changed)];
}
