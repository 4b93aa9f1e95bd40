/**
 * `npm run bench:scale` (BENCH_ONLY=scale in `npm run bench`): the signed-in routes' p95 for a user of a database holding
 * a million users against the same user's on a database holding only them, on SQLite and PostgreSQL
 * (docs/benchmarks.md "Signed-in routes at a million users").
 *
 * For each database: signs in BENCH_SCALE_SAMPLE (default 10) Pro users holding what the signed-in bench's users hold
 * (200 favorites, 30 bottles, 3 collections), restarts the server and measures every route's latency; then adds
 * BENCH_SCALE_USERS (default 1,000,000) synthetic users with scripts/generate-users.ts (10M favorites, 2M bottles, 1M
 * collection items, 100k own recipes), restarts and measures again. Each route runs BENCH_SCALE_SECONDS (default 5) at 4
 * requests in flight, each a random sampled user's; p95 is over every request. Target: p95 at scale <= 1.5 x empty.
 * The public list is measured too: own recipes share its table. Needs a build.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { TEST_WEBHOOK_AUTH } from '../../tests/support/payments';
import { onBenchDatabases } from './databases';
import type { LoadRequest } from './load';
import { sampleLatency, type PacedFigures } from './paced';
import { signIn, startServer, stopServer, withSetCookies, type Running } from './resilience-server';
import { catalogueIds, pick, prepareUsers, restoreUsers, routes, type BenchUser, type Route } from './signed-in-users';

const SAMPLE = Number(process.env.BENCH_SCALE_SAMPLE ?? 10);
const SCALE_USERS = Number(process.env.BENCH_SCALE_USERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 5);
const IN_FLIGHT = 4;
const TARGET_RATIO = 1.5;
const root = path.resolve(import.meta.dirname, '../..');

type Latency = PacedFigures;

/** The request a route sends for a random sampled user, with the cookie jar kept as a browser keeps it. */
function userRequest(server: Running, users: BenchUser[], route: Route, i: number): LoadRequest {
  const user = pick(users);
  const request = route.next(user, i);
  return { ...request, headers: { cookie: user.cookie, origin: server.url, 'content-type': 'application/json' } };
}

/** Every route's latency on a freshly started server (a second of each first, to warm it). */
async function measureAll(
  databaseUrl: string,
  users: BenchUser[],
  ids: { cocktails: number[]; ingredients: number[] },
  all: Route[],
): Promise<Map<string, Latency>> {
  const server = await startServer(databaseUrl, { env: { REVENUECAT_WEBHOOK_AUTH: TEST_WEBHOOK_AUTH } });
  try {
    // The write routes of a run before leave other rows: each phase starts from the same ones.
    await restoreUsers(server, users, ids);
    const out = new Map<string, Latency>();
    const list = (): LoadRequest => ({ method: 'GET', path: '/api/cocktails' });
    const sample = (seconds: number, next: () => LoadRequest) =>
      sampleLatency({ url: server.url, inFlight: IN_FLIGHT, seconds, next });
    await sample(1, list);
    out.set('GET /api/cocktails (public)', await sample(SECONDS, list));
    for (const route of all) {
      let i = 0;
      const next = () => userRequest(server, users, route, i++);
      await sample(1, next);
      out.set(route.name, await sample(SECONDS, next));
    }
    return out;
  } finally {
    await stopServer(server);
  }
}

/** Renews every user's session cache cookie (one GET each), so both phases start from a fresh cookie. */
async function refreshCookies(databaseUrl: string, users: BenchUser[]): Promise<void> {
  const server = await startServer(databaseUrl, { env: { REVENUECAT_WEBHOOK_AUTH: TEST_WEBHOOK_AUTH } });
  try {
    for (const user of users) {
      const response = await fetch(`${server.url}/api/me`, { headers: { cookie: user.cookie } });
      if (!response.ok) throw new Error(`GET /api/me: ${response.status}`);
      user.cookie = withSetCookies(user.cookie, response.headers.getSetCookie());
    }
  } finally {
    await stopServer(server);
  }
}

interface Figures {
  database: string;
  empty: Map<string, Latency>;
  scaled: Map<string, Latency>;
  generateMs: number;
}

async function measure(database: string, databaseUrl: string): Promise<Figures> {
  const server = await startServer(databaseUrl, { env: { REVENUECAT_WEBHOOK_AUTH: TEST_WEBHOOK_AUTH } });
  let users: BenchUser[];
  let all: Route[];
  let ids: { cocktails: number[]; ingredients: number[] };
  try {
    ids = await catalogueIds(server.url, await signIn(server.url, `scale-reader-${Date.now()}@example.com`));
    console.log(`  ${SAMPLE} sampled Pro users...`);
    users = await prepareUsers(server, ids, SAMPLE);
    all = routes(ids);
  } finally {
    await stopServer(server);
  }
  const empty = await measureAll(databaseUrl, users, ids, all);
  console.log(`  ${SCALE_USERS.toLocaleString('en-US')} synthetic users...`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/generate-users.ts', '--users', String(SCALE_USERS)],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`generate-users failed:\n${result.stdout}\n${result.stderr}`);
  const generateMs = Date.now() - started;
  console.log(`  ${result.stdout.trim()}`);
  await refreshCookies(databaseUrl, users);
  const scaled = await measureAll(databaseUrl, users, ids, all);
  return { database, empty, scaled, generateMs };
}

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function report(all: Figures[]): void {
  const scale = SCALE_USERS.toLocaleString('en-US');
  console.log(
    `\n| database | route | p50 / p95 ms, sampled users only | p50 / p95 ms, with ${scale} users | p95 ratio |`,
  );
  console.log('|---|---|---:|---:|---:|');
  const verdicts: string[] = [];
  for (const run of all) {
    for (const [name, empty] of run.empty) {
      const scaled = run.scaled.get(name) as Latency;
      const ratio = scaled.p95 / empty.p95;
      const failed = empty.failed + scaled.failed;
      console.log(
        `| ${run.database} | ${name} | ${fmt(empty.p50)} / ${fmt(empty.p95)} | ${fmt(scaled.p50)} / ${fmt(scaled.p95)} | ` +
          `${fmt(ratio, 2)} x |${failed ? ` ${failed} failed` : ''}`,
      );
      verdicts.push(
        `${run.database} ${name}: p95 ${fmt(ratio, 2)} x at ${scale} users (<= ${TARGET_RATIO} x) ` +
          `${ratio <= TARGET_RATIO && failed === 0 ? 'met' : 'MISSED'}`,
      );
    }
    verdicts.push(`${run.database}: ${scale} users generated in ${fmt(run.generateMs / 1000)} s`);
  }
  console.log(verdicts.map((v) => `- ${v}`).join('\n'));
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'scale') return;
  console.log(`Signed-in routes at ${SCALE_USERS.toLocaleString('en-US')} users: ${SECONDS} s per route\n`);
  report(await onBenchDatabases('bb_bench_scale', 0, measure));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
