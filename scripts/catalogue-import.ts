/**
 * `npm run catalogue:import -- [--source-name NAME] [--licence LICENCE] [--source-url URL] <path>...`: migrates, writes
 * the seed catalogue when it changed since the last run (as `npm start` and `npm run db:seed` do, so the seed's recipes
 * always come first and an import never takes their place), then imports the recipes of each file or folder (any format the recipe import reads: Bar Assistant JSON or zip, JSON-LD,
 * TheCocktailDB, flat records, CSV, text) into the public catalogue of the configured database (DATABASE_URL: sqlite:...
 * or postgres://...). Prints `read N / imported N / merged N / refused N` per dataset and in all, the resolution rate,
 * each recipe kept under a new name ('kept under a new name: X → Y') and each refusal with its reason
 * (src/server/catalogue/import-public/report.ts). Exits 1 when a path or a named file
 * cannot be read at all (the readable ones are imported), 0 otherwise. See docs/recipes.md "Growing the public catalogue".
 */
import { importPublicCatalogue } from '@/server/catalogue/import-public/import-public';
import { seedCatalogue } from '@/server/catalogue/operations';
import { loadSeedCatalogue } from '@/server/catalogue/seed/load-seed';
import { reportLines } from '@/server/catalogue/import-public/report';
import type { DatasetSource } from '@/server/catalogue/import-public/source-files';
import { loadConfig } from '@/server/config';
import { createDatabase } from '@/server/db/database';
import { migrateToLatest } from '@/server/db/migrate';
import { draftRecipes } from '@/server/recipes/import/draft';
import { readImport, UnreadableImportError } from '@/server/recipes/import/formats';

const FLAGS: Record<string, keyof DatasetSource> = {
  '--source-name': 'name',
  '--licence': 'licence',
  '--source-url': 'url',
};

const paths: string[] = [];
const override: Partial<DatasetSource> = {};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i]!;
  const flag = FLAGS[arg.split('=')[0]!];
  if (flag) {
    const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[(i += 1)];
    if (value) override[flag] = value;
  } else if (arg !== '--') paths.push(arg);
}

if (paths.length === 0) {
  console.error('catalogue:import: name at least one file or folder to import');
  process.exit(1);
}

const database = createDatabase(loadConfig());
try {
  await migrateToLatest(database);
  await seedCatalogue({ db: database.db, seed: loadSeedCatalogue() });
  const result = await importPublicCatalogue({
    db: database.db,
    readers: {
      read: readImport,
      draft: draftRecipes,
      isUnreadable: (error) => error instanceof UnreadableImportError,
    },
    paths,
    override,
  });
  for (const line of reportLines(result)) console.log(line);
  if (result.unreadable.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(`catalogue:import: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
