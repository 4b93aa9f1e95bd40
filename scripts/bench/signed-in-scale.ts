/**
 * `npm run bench:scale` (BENCH_ONLY=scale in `npm run bench`): the signed-in routes' p95 for a user of a database holding
 * a million users against the same user's on a database holding only them, on SQLite and PostgreSQL
 * (docs/benchmarks.md "Signed-in routes at a million users").
 *
 * For each database: signs in BENCH_SCALE_SAMPLE (default 10) Pro users holding what the signed-in bench's users hold
 * (200 favorites, 30 bottles, 3 collections) and copies the database; then adds BENCH_SCALE_USERS (default 1,000,000)
 * synthetic users to the original with scripts/generate-users.ts (10M favorites, 2M bottles, 1M collection items, 100k
 * own recipes) and starts a server on each. Every route runs BENCH_SCALE_SECONDS (default 3) at 4 requests in flight,
 * each a random sampled user's, on the copy and on the million alternately, three times each (the machine's drift falls
 * on both alike); the median sample's p95 of each side is compared. Target: p95 at scale <= 1.5 x the copy's.
 * The public list is measured too: own recipes share its table. Needs a build.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { TEST_WEBHOOK_AUTH } from '../../tests/support/payments';
import { onBenchDatabases, PG_ADMIN_URL } from './databases';
import type { LoadRequest } from './load';
import { sampleLatency, type PacedFigures } from './paced';
import { signIn, startServer, stopServer, withSetCookies, type Running } from './resilience-server';
import { catalogueIds, pick, prepareUsers, restoreUsers, routes, type BenchUser, type Route } from './signed-in-users';

const SAMPLE = Number(process.env.BENCH_SCALE_SAMPLE ?? 10);
const SCALE_USERS = Number(process.env.BENCH_SCALE_USERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 3);
/** Samples per route and side, alternating; the median is reported. */
const ROUNDS = 3;
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

/** A running server per database: the copy holding the sampled users only, and the one holding a million more. */
interface Pair {
  empty: Running;
  scaled: Running;
}

/**
 * Each route's latency on both servers, alternating empty and scaled ROUNDS times (so the machine's drift over the
 * minutes falls on both alike), each sample after half a second of warm-up; the median sample of each side is kept.
 */
async function measureAll(pair: Pair, users: BenchUser[], all: Route[]) {
  const out = new Map<string, { empty: Latency; scaled: Latency }>();
  const list = (): LoadRequest => ({ method: 'GET', path: '/api/cocktails' });
  const measured: { name: string; next: (server: Running) => () => LoadRequest }[] = [
    { name: 'GET /api/cocktails (public)', next: () => list },
    ...all.map((route) => ({
      name: route.name,
      next: (server: Running) => {
        let i = 0;
        return () => userRequest(server, users, route, i++);
      },
    })),
  ];
  for (const { name, next } of measured) {
    const samples: { empty: Latency[]; scaled: Latency[] } = { empty: [], scaled: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const side of ['empty', 'scaled'] as const) {
        const server = pair[side];
        const sample = (seconds: number) =>
          sampleLatency({ url: server.url, inFlight: IN_FLIGHT, seconds, next: next(server) });
        await sample(0.5);
        samples[side].push(await sample(SECONDS));
      }
    }
    const median = (runs: Latency[]) => [...runs].sort((x, y) => x.p95 - y.p95)[Math.floor(runs.length / 2)] as Latency;
    out.set(name, { empty: median(samples.empty), scaled: median(samples.scaled) });
  }
  return out;
}

/** Renews every user's session cache cookie (one GET each) on `server`, so no cookie ages out while measuring. */
async function refreshCookies(server: Running, users: BenchUser[]): Promise<void> {
  for (const user of users) {
    const response = await fetch(`${server.url}/api/me`, { headers: { cookie: user.cookie } });
    if (!response.ok) throw new Error(`GET /api/me: ${response.status}`);
    user.cookie = withSetCookies(user.cookie, response.headers.getSetCookie());
  }
}

/**
 * A copy of `databaseUrl` as it is now (the server on it stopped): the SQLite file copied beside it, or a PostgreSQL
 * database made from it as a template. @returns its URL and how to remove it
 */
async function copyDatabase(databaseUrl: string): Promise<{ url: string; remove: () => Promise<void> }> {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    const copy = path.join(path.dirname(file), 'empty.sqlite');
    copyFileSync(file, copy);
    return { url: `sqlite:${copy}`, remove: async () => rmSync(copy, { force: true }) };
  }
  const source = new URL(databaseUrl).pathname.slice(1);
  const name = `${source}_empty`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    remove: async () => {
      const dropper = new pg.Client({ connectionString: PG_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.end());
    },
  };
}

interface Figures {
  database: string;
  routes: Map<string, { empty: Latency; scaled: Latency }>;
  generateMs: number;
}

async function measure(database: string, databaseUrl: string): Promise<Figures> {
  const env = { env: { REVENUECAT_WEBHOOK_AUTH: TEST_WEBHOOK_AUTH } };
  const server = await startServer(databaseUrl, env);
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
  const copy = await copyDatabase(databaseUrl);
  try {
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
    const pair: Pair = { empty: await startServer(copy.url, env), scaled: await startServer(databaseUrl, env) };
    try {
      await refreshCookies(pair.empty, users);
      // The write routes change rows: both start from what the users were given, and stay equal as both get the same.
      await restoreUsers(pair.scaled, users, ids);
      return { database, routes: await measureAll(pair, users, all), generateMs };
    } finally {
      await Promise.all([stopServer(pair.empty), stopServer(pair.scaled)]);
    }
  } finally {
    await copy.remove();
  }
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
    for (const [name, { empty, scaled }] of run.routes) {
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
