/** `npm run db:migrate`: applies every pending migration to the configured database (DATABASE_URL) and lists them. */
import { loadConfig } from '@/server/config';
import { createDatabase } from '@/server/db/database';
import { migrateToLatest } from '@/server/db/migrate';

const database = createDatabase(loadConfig());
try {
  const applied = await migrateToLatest(database);
  console.log(
    applied.length === 0
      ? `db:migrate: ${database.dialect} schema is up to date`
      : `db:migrate: applied ${applied.join(', ')} on ${database.dialect}`,
  );
} catch (error) {
  console.error(`db:migrate: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
