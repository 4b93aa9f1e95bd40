import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The benchmarks' databases: a fresh SQLite file and a fresh PostgreSQL database (dropped afterwards), each seeded and
 * optionally filled with generated cocktails, shared by `npm run bench`'s catalogue and My Bar parts.
 */

/** PostgreSQL server the benchmarks create their databases on (BENCH_DATABASE_URL, default the local postgres). */
export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const root = path.resolve(import.meta.dirname, '../..');

/** BENCH_DATABASES=sqlite or postgres: run only that database (both by default). */
const ONLY_DATABASE = process.env.BENCH_DATABASES?.toLowerCase();

/**
 * Prepares the database at `databaseUrl` with scripts/generate-catalogue.ts: migrated and seeded, plus `count` generated
 * cocktails (0: the seed catalogue alone).
 * @throws Error with the generator's output when it fails
 */
export function generateCatalogue(databaseUrl: string, count: number): void {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/generate-catalogue.ts', '--count', String(count)],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`generate-catalogue failed:\n${result.stdout}\n${result.stderr}`);
  console.log(`  ${result.stdout.trim()} (wall ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * Runs `run` on a fresh SQLite file, then on a fresh PostgreSQL database (skipped with a line when PostgreSQL is not
 * reachable), each migrated, seeded and holding `count` generated cocktails besides the seed; removes both afterwards.
 * BENCH_DATABASES=sqlite|postgres runs one of them.
 * @param prefix names the temporary folder and database ('barback-bench', 'bb_bench_my_bar')
 * @returns what `run` returned, SQLite first
 */
export async function onBenchDatabases<T>(
  prefix: string,
  count: number,
  run: (database: 'SQLite' | 'PostgreSQL', databaseUrl: string) => Promise<T>,
): Promise<T[]> {
  const label = count === 0 ? 'seed catalogue' : `${count.toLocaleString('en-US')} generated`;
  const results: T[] = [];
  if (ONLY_DATABASE !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    try {
      console.log(`SQLite, ${label}...`);
      const url = `sqlite:${path.join(dir, 'bench.sqlite')}`;
      generateCatalogue(url, count);
      results.push(await run('SQLite', url));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (ONLY_DATABASE === 'sqlite') return results;
  console.log(`PostgreSQL, ${label}...`);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL not reachable at ${PG_ADMIN_URL}: skipped`);
    return results;
  }
  const name = `${prefix.replace(/\W/g, '_')}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    generateCatalogue(url.toString(), count);
    results.push(await run('PostgreSQL', url.toString()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return results;
}
