/**
 * Import benchmark: 1,000 recipes brought into one user's own recipes through the real operation (src/server/recipes/
 * import/import-recipes.ts: read, draft against the seed catalogue, write each recipe whole in its own transaction), as
 * two uploads of 500 (the import's limit), on SQLite and PostgreSQL. The recipes are plain text written here, every
 * line a common bar measure, a tenth naming an ingredient the catalogue does not know. Target: 1,000 recipes in at most
 * 5 s. Run alone: `npx tsx scripts/bench/import.ts`; BENCH_DATABASE_URL as for the other benchmarks.
 */
import { onBenchDatabases } from './databases';
import { createDatabase } from '@/server/db/database';
import { importRecipes } from '@/server/recipes/import/import-recipes';

const RECIPES = 1000;
const PER_UPLOAD = 500;
const TARGET_MS = 5000;

/** `count` pasted recipes, numbered from `from`. */
function upload(from: number, count: number): Uint8Array {
  const recipes = Array.from({ length: count }, (_, k) => {
    const n = from + k;
    const odd = n % 10 === 0 ? `\n1/4 oz house ${n} tincture` : '';
    return `Bench Sour ${n}\n2 oz bourbon\n3/4 oz lemon juice\n1/2 oz simple syrup\n2 dashes Angostura bitters${odd}\nShake hard with ice and strain into a chilled coupe.`;
  });
  return new TextEncoder().encode(recipes.join('\n\n'));
}

async function measure(
  database: string,
  databaseUrl: string,
): Promise<{ database: string; ms: number; imported: number }> {
  const handle = createDatabase({
    database: databaseUrl.startsWith('postgres')
      ? { dialect: 'postgres', url: databaseUrl }
      : { dialect: 'sqlite', file: databaseUrl.slice('sqlite:'.length) },
  });
  try {
    const db = handle.db;
    const now = new Date().toISOString();
    const postgres = handle.dialect === 'postgres';
    await db
      .insertInto('user')
      .values({
        id: 'bench-importer',
        name: 'Bench importer',
        email: 'bench-importer@example.test',
        emailVerified: postgres ? true : 1,
        image: null,
        createdAt: now,
        updatedAt: now,
        twoFactorEnabled: postgres ? false : 0,
      })
      .execute();
    const uploads = [0, PER_UPLOAD].map((from) => upload(from, Math.min(PER_UPLOAD, RECIPES - from)));
    const started = performance.now();
    let imported = 0;
    for (const bytes of uploads) {
      const result = await importRecipes({ db, userId: 'bench-importer', plan: 'pro', bytes });
      imported += result.imported.length;
      if (result.refusals.length > 0) throw new Error(`refused: ${JSON.stringify(result.refusals.slice(0, 3))}`);
    }
    return { database, ms: performance.now() - started, imported };
  } finally {
    await handle.destroy();
  }
}

const rows = await onBenchDatabases('bb_bench_import', 0, (database, url) => measure(database, url));
console.log('\n| database | recipes imported | ms | recipes / s |');
console.log('|---|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.database} | ${row.imported} | ${Math.round(row.ms)} | ${Math.round((row.imported / row.ms) * 1000)} |`,
  );
}
for (const row of rows) {
  console.log(
    `- ${row.database}: ${RECIPES} recipes in ${(row.ms / 1000).toFixed(2)} s (target <= ${TARGET_MS / 1000} s) ${row.ms <= TARGET_MS ? 'met' : 'MISSED'}`,
  );
}
