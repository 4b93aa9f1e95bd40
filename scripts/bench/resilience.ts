/**
 * `npm run bench` (part 3), the hardening figures:
 * 1. load: 200 connections for BENCH_LOAD_SECONDS (default 60) each on the list, a rotating (cacheable) search and
 *    uncached searches (a new query every request), on SQLite and PostgreSQL: requests/s, p99 and errors;
 * 2. a PostgreSQL restart under load: a private cluster (its own data folder and port, so nothing else on the machine is
 *    touched) is restarted while 50 connections read the catalogue and a signed-in user's favorites: the status codes
 *    seen (target: only 200 and 503) and the time from the restart until /api/health answers 200 again;
 * 3. kill -9 under write load on SQLite: 20 writers add favorites; the server is killed with SIGKILL mid-load and started
 *    again on the same file; every write it had acknowledged (200) must be there (target: 0 lost).
 * Needs a build (`npm run bench` builds first). Environment: BENCH_LOAD_SECONDS, BENCH_LOAD_CONNECTIONS (200),
 * BENCH_DATABASE_URL (PostgreSQL admin URL for part 1, default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPaths } from './load';
import { sleep, signIn, startServer, stopServer } from './resilience-server';
import pg from 'pg';
import { freePort } from '../../tests/e2e/support/server';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One autocannon run's figures. */
interface LoadFigures {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
}

/** Runs the load generator against `url` for `seconds` with `connections`, each request's path from `nextPath`. */
async function load(
  name: string,
  url: string,
  nextPath: () => string,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadFigures> {
  const result = await loadPaths({ url, nextPath, ...options });
  return {
    name,
    rps: Math.round(result.rps),
    p99: result.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses: result.statuses,
  };
}

const TERMS = ['gin', 'lime', 'sour', 'rum', 'mint', 'bitters', 'vermouth', 'tequila', 'stir', 'shake', 'orange'];

/** Part 1: 200 connections on list, rotating search and uncached search. */
async function loadFigures(database: string, databaseUrl: string): Promise<LoadFigures[]> {
  const server = await startServer(databaseUrl);
  try {
    let n = 0;
    const rows = [
      await load(`${database} list`, server.url, () => '/api/cocktails', {
        seconds: LOAD_SECONDS,
        connections: CONNECTIONS,
      }),
      await load(`${database} search`, server.url, () => `/api/cocktails?q=${TERMS[(n += 1) % TERMS.length]}`, {
        seconds: LOAD_SECONDS,
        connections: CONNECTIONS,
      }),
      await load(
        `${database} uncached search`,
        server.url,
        // A query no earlier request asked: a term plus a counter the response cache has never seen.
        () => `/api/cocktails?q=${TERMS[(n += 1) % TERMS.length]}%20${(n * 7919).toString(36)}`,
        { seconds: LOAD_SECONDS, connections: CONNECTIONS },
      ),
    ];
    return rows;
  } finally {
    await stopServer(server);
  }
}

/** The binaries of the machine's PostgreSQL (initdb, pg_ctl), or null when absent. */
function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base).sort().at(-1);
  const bin = version ? path.join(base, version, 'bin') : null;
  return bin && existsSync(path.join(bin, 'pg_ctl')) ? bin : null;
}

/** Runs a PostgreSQL tool as the postgres user (the server refuses to run as root). */
function asPostgres(bin: string, tool: string, args: string[]): void {
  const command = [path.join(bin, tool), ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
  if (process.getuid?.() === 0) execFileSync('su', ['postgres', '-c', command], { stdio: 'ignore' });
  else execFileSync(path.join(bin, tool), args, { stdio: 'ignore' });
}

/** Part 2: a private PostgreSQL cluster restarted under load. */
async function postgresRestart(): Promise<{ statuses: Record<string, number>; recoveryMs: number; requests: number }> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(path.join(tmpdir(), 'barback-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  asPostgres(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const start = () =>
    asPostgres(bin, 'pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir}`, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database barback');
  await admin.end();
  const server = await startServer(`postgres://postgres@127.0.0.1:${port}/barback`);
  try {
    const cookie = await signIn(server.url, `restart-${Date.now()}@example.com`);
    await fetch(`${server.url}/api/me/favorites/1`, { method: 'PUT', headers: { cookie, origin: server.url } });
    let n = 0;
    const running = load(
      'restart',
      server.url,
      () => ((n += 1) % 2 === 0 ? '/api/me/favorites' : `/api/cocktails?q=${TERMS[n % TERMS.length]}`),
      { seconds: 20, connections: 50, headers: { cookie } },
    );
    await sleep(5000);
    const restartedAt = Date.now();
    asPostgres(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    await sleep(2000);
    start();
    let recoveryMs = -1;
    while (Date.now() - restartedAt < 30_000) {
      const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) }).catch(
        (error: unknown) => {
          if (process.env.BENCH_DEBUG) console.log('health failed', String(error));
          return null;
        },
      );
      if (process.env.BENCH_DEBUG) console.log('health', health?.status);
      if (health?.ok) {
        recoveryMs = Date.now() - restartedAt;
        break;
      }
      await sleep(100);
    }
    const figures = await running;
    if (recoveryMs < 0) console.log(`server never recovered; its output ends:\n${server.output().slice(-3000)}`);
    return {
      statuses: figures.statuses,
      recoveryMs,
      requests: Object.values(figures.statuses).reduce((a, b) => a + b, 0),
    };
  } finally {
    await stopServer(server);
    try {
      asPostgres(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Part 3: SIGKILL under write load on SQLite; acknowledged writes must survive. */
async function killUnderWrites(): Promise<{ acknowledged: number; lost: number; writers: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'barback-kill-'));
  const databaseUrl = `sqlite:${path.join(dir, 'kill.sqlite')}`;
  const port = await freePort();
  let server = await startServer(databaseUrl, { port });
  try {
    const writers = 20;
    const cookies: string[] = [];
    for (let i = 0; i < writers; i += 1)
      cookies.push(await signIn(server.url, `writer-${i}-${Date.now()}@example.com`));
    const total = ((await (await fetch(`${server.url}/api/cocktails?pageSize=1`)).json()) as { total: number }).total;
    const acknowledged = new Map<number, Set<number>>();
    let stop = false;
    const writer = async (index: number) => {
      const mine = new Set<number>();
      acknowledged.set(index, mine);
      for (let id = 1; !stop && id <= total; id += 1) {
        try {
          const response = await fetch(`${server.url}/api/me/favorites/${id}`, {
            method: 'PUT',
            headers: { cookie: cookies[index] ?? '', origin: server.url },
          });
          if (response.status === 200) mine.add(id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const running = Array.from({ length: writers }, (_, index) => writer(index));
    await sleep(3000);
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(running);
    server = await startServer(databaseUrl, { port });
    let lost = 0;
    let count = 0;
    for (const [index, ids] of acknowledged) {
      count += ids.size;
      const list = (await (
        await fetch(`${server.url}/api/me/favorites`, { headers: { cookie: cookies[index] ?? '' } })
      ).json()) as { ids: number[] };
      const stored = new Set(list.ids);
      for (const id of ids) if (!stored.has(id)) lost += 1;
    }
    return { acknowledged: count, lost, writers };
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * BENCH_ONLY=load|restart|kill runs one part (for working on it); unset runs all three; any other value (a part of
 * `npm run bench` outside this file, see scripts/bench/run.ts) runs none.
 */
const ONLY = process.env.BENCH_ONLY ?? '';

async function main(): Promise<void> {
  if (ONLY && !['load', 'restart', 'kill'].includes(ONLY)) return;
  console.log(`\nResilience: ${CONNECTIONS} connections, ${LOAD_SECONDS} s per run`);
  const rows: LoadFigures[] = [];
  if (!ONLY || ONLY === 'load') await loadPart(rows);
  if (!ONLY || ONLY === 'restart') await restartPart();
  if (!ONLY || ONLY === 'kill') await killPart();
}

async function loadPart(rows: LoadFigures[]): Promise<void> {
  const databases = process.env.BENCH_LOAD_DATABASES ?? 'sqlite,postgres';
  if (databases.includes('sqlite')) await loadSqlite(rows);
  if (databases.includes('postgres')) await loadPostgres(rows);
  printLoad(rows);
}

async function loadSqlite(rows: LoadFigures[]): Promise<void> {
  const sqliteDir = mkdtempSync(path.join(tmpdir(), 'barback-load-'));
  try {
    rows.push(...(await loadFigures('SQLite', `sqlite:${path.join(sqliteDir, 'load.sqlite')}`)));
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
}

async function loadPostgres(rows: LoadFigures[]): Promise<void> {
  if (await postgresReachable()) {
    const name = `bb_load_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      rows.push(...(await loadFigures('PostgreSQL', url.toString())));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

function printLoad(rows: LoadFigures[]): void {
  console.log('| run | requests/s | p99 ms | errors + time-outs | non-2xx | status codes |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.rps} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${JSON.stringify(row.statuses)} |`,
    );
  }
  const overP99 = rows.filter((row) => row.name.endsWith('uncached search') && row.p99 > 100);
  console.log(
    `- uncached search p99 at ${CONNECTIONS} connections: ${rows
      .filter((row) => row.name.endsWith('uncached search'))
      .map((row) => `${row.name.split(' ')[0]} ${row.p99} ms`)
      .join(', ')} (target <= 100 ms${overP99.length > 0 ? ': NOT met' : ': met'})`,
  );
}

async function restartPart(): Promise<void> {
  try {
    const restart = await postgresRestart();
    const unexpected = Object.keys(restart.statuses).filter((code) => code !== '200' && code !== '503');
    if (restart.recoveryMs < 0) unexpected.push('no answer at all after the restart (the server died or hung)');
    console.log(
      `- PostgreSQL restarted under load (50 connections, ${restart.requests} requests): status codes ${JSON.stringify(
        restart.statuses,
      )}, healthy again ${restart.recoveryMs} ms after the stop began (target: only 200 and 503${
        unexpected.length > 0 ? `; NOT met: ${unexpected.join(', ')}` : ': met'
      })`,
    );
  } catch (error) {
    console.log(`- PostgreSQL restart under load: skipped (${(error as Error).message.split('\n')[0]})`);
  }
}

async function killPart(): Promise<void> {
  const kill = await killUnderWrites();
  console.log(
    `- kill -9 under write load on SQLite (${kill.writers} writers): ${kill.acknowledged} writes acknowledged, ${kill.lost} lost (target 0${kill.lost === 0 ? ': met' : ': NOT met'})`,
  );
}

await main();
