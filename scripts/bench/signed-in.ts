/**
 * `npm run bench:signed-in` (BENCH_ONLY=signed-in in `npm run bench`): the paying users' routes against the public list,
 * measured in the same run on SQLite and PostgreSQL, as ratios (docs/benchmarks.md "Signed-in routes").
 *
 * For each database it starts the built server, signs in BENCH_USERS (default 40) Pro users by magic link and webhook,
 * gives each 200 favorites, 30 bottles and 3 collections of 10, then measures with autocannon:
 * 1. at 20 connections for BENCH_SECONDS (default 8) each: the public list `GET /api/cocktails`, the reads (`GET /api/me`,
 *    `GET /api/auth/get-session`, `/api/me/favorites`, `/api/me/bar`, `/api/me/collections`) and the writes (a favorite
 *    put then deleted, a bottle put then deleted), each request a random user's, each route right after a run of the
 *    list in four alternating rounds, whose share it is given (the machine's speed drifts within a run);
 * 2. the writes again at 200 connections (their p99), closed loop and then open loop, offered 25 % of the list's req/s evenly spaced;
 * 3. every signed-in route mixed at 200 connections for BENCH_SOAK_SECONDS (default 30): errors, timeouts, non-2xx.
 * Targets: reads of the account >= 50 % of the list's req/s, reads of lists >= 40 %, writes >= 25 % and p99 <= 100 ms at
 * 200 connections, the soak 0 errors and 0 timeouts.
 * BENCH_ROUTES=<text> measures only the routes whose name contains it. BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof; summarise with
 * `tsx scripts/bench/profile-summary.ts <dir>`). Needs a build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_WEBHOOK_AUTH } from '../../tests/support/payments';
import { onBenchDatabases } from './databases';
import { loadRequests, type LoadFigures, type LoadRequest } from './load';
import { pacedRequests, type PacedFigures } from './paced';
import { signIn, startServer, stopServer, withSetCookies, type Running } from './resilience-server';
import { catalogueIds, pick, prepareUsers, routes, type BenchUser, type Route } from './signed-in-users';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 30);
const USERS = Number(process.env.BENCH_USERS ?? 40);
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** BENCH_SERVER_LOG=<path>: the server logs every request (LOG_LEVEL=info) to <path>.<database>.log. */
const SERVER_LOG = process.env.BENCH_SERVER_LOG;
/** BENCH_ROUTES: only the routes whose name contains it (e.g. 'GET /api/me' while profiling one route); the soak is skipped. */
const ONLY_ROUTES = process.env.BENCH_ROUTES;
/** Loads `route` for `seconds` at `connections`, each request a random user's with the cookie and origin it needs. */
function loadRoute(server: Running, users: BenchUser[], route: Route, connections: number, seconds: number) {
  return loadRequests({ url: server.url, connections, seconds, next: userRequests(server, users, route) });
}

/** The requests of `route`, each a random user's with the cookie and origin it needs. */
function userRequests(server: Running, users: BenchUser[], route: Route): () => LoadRequest {
  let i = 0;
  return () => {
    const user = pick(users);
    const request = route.next(user, i++);
    return {
      ...request,
      headers: { cookie: user.cookie, origin: server.url, ...request.headers },
      // Keep the user's jar as a browser would: the session cache cookie is renewed as it ages.
      onResponse: (_status, headers) => {
        const set = headers['set-cookie'];
        if (set) user.cookie = withSetCookies(user.cookie, Array.isArray(set) ? set : [set]);
      },
    };
  };
}

interface Figures {
  database: string;
  list: LoadFigures;
  /** Each route at 20 connections, with the public list measured just before it (the share's base). */
  at20: { route: Route; figures: LoadFigures; list: LoadFigures }[];
  at200: { route: Route; figures: LoadFigures }[];
  /** The writes at 200 connections offered `rate` requests/s (25 % of the list's). */
  atRate: { route: Route; figures: PacedFigures }[];
  rate: number;
  soak: LoadFigures;
}

async function measure(database: string, databaseUrl: string): Promise<Figures> {
  const profileDir = CPU_PROF ? path.resolve(CPU_PROF, database.toLowerCase()) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const server = await startServer(databaseUrl, {
    env: { REVENUECAT_WEBHOOK_AUTH: TEST_WEBHOOK_AUTH, ...(SERVER_LOG ? { LOG_LEVEL: 'info' } : {}) },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  try {
    const ids = await catalogueIds(server.url, await signIn(server.url, `bench-reader-${Date.now()}@example.com`));
    console.log(`  ${USERS} Pro users, ${ids.cocktails.length} favorites each...`);
    const users = await prepareUsers(server, ids, USERS);
    const all = routes(ids).filter((route) => !ONLY_ROUTES || route.name.includes(ONLY_ROUTES));
    // While profiling, the list runs only a second, so the profile is the signed-in routes'.
    const loadList = (seconds: number) =>
      loadRequests({
        url: server.url,
        connections: 20,
        seconds: profileDir ? 1 : seconds,
        next: () => ({ method: 'GET', path: '/api/cocktails' }),
      });
    // Each route alternates with the list in short rounds: this machine's speed drifts within a run, and a share should
    // compare two figures taken under the same conditions.
    const at20 = [];
    for (const route of all) {
      const lists: LoadFigures[] = [];
      const runs: LoadFigures[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        lists.push(await loadList(SECONDS / ROUNDS));
        runs.push(await loadRoute(server, users, route, 20, SECONDS / ROUNDS));
      }
      at20.push({ route, list: pooled(lists), figures: pooled(runs) });
    }
    const list = medianBy(at20.map((entry) => entry.list));
    const at200 = [];
    const atRate = [];
    // The writes' target throughput, offered steadily over 200 open connections: the tail without a closed loop's queue.
    const rate = (list.rps * TARGET_SHARE.write) / 100;
    for (const route of all.filter((r) => r.kind === 'write')) {
      at200.push({ route, figures: await loadRoute(server, users, route, 200, SECONDS) });
      const next = userRequests(server, users, route);
      atRate.push({
        route,
        figures: await pacedRequests({ url: server.url, rate, connections: 200, seconds: SECONDS, next }),
      });
    }
    const mixed: Route = { name: 'mixed', kind: 'write', next: (user, i) => pick(all).next(user, i) };
    const soak = await loadRoute(server, users, mixed, 200, ONLY_ROUTES ? 1 : SOAK_SECONDS);
    return { database, list, at20, at200, atRate, rate, soak };
  } finally {
    await stopServer(server);
    if (SERVER_LOG) writeFileSync(`${SERVER_LOG}.${database.toLowerCase()}.log`, server.output());
  }
}

/** Rounds of list-then-route per route at 20 connections, each BENCH_SECONDS / ROUNDS long. */
const ROUNDS = 4;

/**
 * Several equal-length runs as one: req/s averaged, requests, errors and statuses summed, latencies the worst round's.
 */
function pooled(runs: LoadFigures[]): LoadFigures {
  const sum = (pick: (run: LoadFigures) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const worst = (pick: (run: LoadFigures) => number) => Math.max(...runs.map(pick));
  if (runs.length === 0) throw new Error('no runs to pool');
  const statuses: Record<string, number> = {};
  for (const run of runs) {
    for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  }
  return {
    statuses,
    rps: sum((run) => run.rps) / runs.length,
    requests: sum((run) => run.requests),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    non2xx: sum((run) => run.non2xx),
    p50: worst((run) => run.p50),
    p99: worst((run) => run.p99),
  };
}

/** The run with the median req/s of `runs` (the list's row and the writes' offered rate). */
function medianBy(runs: LoadFigures[]): LoadFigures {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('no list measurement');
  return middle;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const TARGET_SHARE: Record<Route['kind'], number> = { account: 50, list: 40, write: 25 };

function report(all: Figures[]): void {
  console.log(
    '\n| database | route | req/s (20 conns; the list in the same rounds) | p50 / p99 ms | of the list | target | p99 ms at 200 conns | p99 ms at 200 conns, 25 % of the list offered |',
  );
  console.log('|---|---|---:|---:|---:|---|---:|---:|');
  const verdicts: string[] = [];
  for (const run of all) {
    console.log(
      `| ${run.database} | GET /api/cocktails (public) | ${fmt(run.list.rps)} | ${fmt(run.list.p50)} / ${fmt(run.list.p99)} | 100 % | | |`,
    );
    for (const { route, figures, list } of run.at20) {
      const share = (100 * figures.rps) / list.rps;
      const target = TARGET_SHARE[route.kind];
      const at200 = run.at200.find((r) => r.route === route)?.figures;
      const atRate = run.atRate.find((r) => r.route === route)?.figures;
      const failed = figures.errors + figures.non2xx + (at200 ? at200.errors + at200.non2xx : 0);
      console.log(
        `| ${run.database} | ${route.name} | ${fmt(figures.rps)} (list ${fmt(list.rps)}) | ${fmt(figures.p50)} / ${fmt(figures.p99)} | ` +
          `${fmt(share)} % | >= ${target} %${route.kind === 'write' ? ', p99 <= 100 ms' : ''} | ` +
          `${at200 ? fmt(at200.p99) : ''} | ${atRate ? `${fmt(atRate.p99)} (${fmt(atRate.rps)}/s)` : ''} |` +
          `${failed ? ` ${failed} failed` : ''}`,
      );
      verdicts.push(
        `${run.database} ${route.name}: ${fmt(share)} % of the list (>= ${target} %) ${share >= target ? 'met' : 'MISSED'}`,
      );
      if (atRate) {
        verdicts.push(
          `${run.database} ${route.name}: p99 ${fmt(atRate.p99)} ms at 200 connections offered ${fmt(run.rate)}/s ` +
            `(25 % of the list; <= 100 ms) ${atRate.p99 <= 100 ? 'met' : 'MISSED'}`,
        );
      }
      if (at200) {
        verdicts.push(
          `${run.database} ${route.name}: p99 ${fmt(at200.p99)} ms at 200 connections (<= 100 ms) ${at200.p99 <= 100 ? 'met' : 'MISSED'}`,
        );
      }
    }
    const s = run.soak;
    const clean = s.errors === 0 && s.timeouts === 0 && s.non2xx === 0;
    verdicts.push(
      `${run.database} every signed-in route at 200 connections for ${ONLY_ROUTES ? 1 : SOAK_SECONDS} s: ${fmt(s.requests)} requests, ` +
        `${s.errors} errors, ${s.timeouts} timeouts, ${s.non2xx} non-2xx (${JSON.stringify(s.statuses)}) ${clean ? 'met' : 'MISSED'}`,
    );
  }
  console.log(verdicts.map((v) => `- ${v}`).join('\n'));
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'signed-in') return;
  console.log(`Signed-in routes: ${USERS} users, ${SECONDS} s per run, soak ${SOAK_SECONDS} s\n`);
  const all = await onBenchDatabases('bb_bench_signed_in', 0, measure);
  report(all);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
