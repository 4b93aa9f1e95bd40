import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import type { Dialect } from './database';
import { migrationsFor } from './migrations';

/**
 * Runs every migration not yet applied (Kysely's Migrator with a static provider; applied names are kept in
 * `kysely_migration`). Safe to run at every boot and from several processes (Kysely takes a lock).
 * @returns the migrations applied by this call, by name, in order (empty when the schema was current).
 * @throws the first migration error, with the name of the migration that failed.
 */
export async function migrateToLatest<DB>({ db, dialect }: { db: Kysely<DB>; dialect: Dialect }): Promise<string[]> {
  const migrations = migrationsFor(dialect);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result: MigrationResult) => result.status === 'Error');
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`migration ${failed?.migrationName ?? '(setup)'} failed: ${cause.message}`, { cause });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
