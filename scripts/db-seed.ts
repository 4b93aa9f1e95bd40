/**
 * `npm run db:seed [-- --force]`: migrates, then upserts the seed catalogue (src/server/catalogue/seed) into the configured
 * database. Skips the work when the seed is unchanged since the last run, unless --force.
 */
import { seedCatalogue } from '@/server/catalogue/operations';
import { loadSeedCatalogue } from '@/server/catalogue/seed/load-seed';
import { loadConfig } from '@/server/config';
import { createDatabase } from '@/server/db/database';
import { migrateToLatest } from '@/server/db/migrate';

const force = process.argv.includes('--force');
const database = createDatabase(loadConfig());
try {
  await migrateToLatest(database);
  const result = await seedCatalogue({ db: database.db, seed: loadSeedCatalogue(), force });
  if (result.skipped) console.log('db:seed: the seed is unchanged since the last run (use --force to write it anyway)');
  else {
    const { ingredients, cocktails, lines } = result;
    console.log(
      `db:seed: ingredients ${ingredients.inserted} new, ${ingredients.updated} updated; cocktails ${cocktails.inserted} new, ` +
        `${cocktails.updated} updated, ${cocktails.unchanged} unchanged; ${lines} recipe lines written (${database.dialect})`,
    );
  }
} catch (error) {
  console.error(`db:seed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
