/**
 * `npm run bench:signed-in` (BENCH_ONLY=signed-in in `npm run bench`): the paying users' routes against the public list,
 * measured in the same run on SQLite and PostgreSQL, as ratios (docs/benchmarks.md "Signed-in routes").
 *
 * For each database it starts the built server, signs in BENCH_USERS (default 40) Pro users by magic link and webhook,
 * gives each 200 favorites, 30 bottles and 3 collections of 10, then measures with autocannon:
 * 1. at 20 connections for BENCH_SECONDS (default 8) each: the public list `GET /api/cocktails`, the reads (`GET /api/me`,
 *    `GET /api/auth/get-session`, `/api/me/favorites`, `/api/me/bar`, `/api/me/collections`) and the writes (a favorite
 *    put then deleted, a bottle put then deleted), each request a random user's;
 * 2. the writes again at 200 connections (their p99);
 * 3. every signed-in route mixed at 200 connections for BENCH_SOAK_SECONDS (default 30): errors, timeouts, non-2xx.
 * Targets: reads of the account >= 50 % of the list's req/s, reads of lists >= 40 %, writes >= 25 % and p99 <= 100 ms at
 * 200 connections, the soak 0 errors and 0 timeouts.
 * BENCH_ROUTES=<text> measures only the routes whose name contains it. BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof; summarise with
 * `tsx scripts/bench/profile-summary.ts <dir>`). Needs a build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { revenueCatEvent, TEST_WEBHOOK_AUTH, webhookBody } from '../../tests/support/payments';
import { onBenchDatabases } from './databases';
import { loadRequests, type LoadFigures, type LoadRequest } from './load';
import { signIn, startServer, stopServer, withSetCookies, type Running } from './resilience-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 30);
const USERS = Number(process.env.BENCH_USERS ?? 40);
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** BENCH_SERVER_LOG=<path>: the server logs every request (LOG_LEVEL=info) to <path>.<database>.log. */
const SERVER_LOG = process.env.BENCH_SERVER_LOG;
/** BENCH_ROUTES: only the routes whose name contains it (e.g. 'GET /api/me' while profiling one route); the soak is skipped. */
const ONLY_ROUTES = process.env.BENCH_ROUTES;
const FAVORITES = 200;
const BOTTLES = 30;

/** A signed-in Pro user of the run: their Cookie header and what they hold. */
interface BenchUser {
  cookie: string;
  collectionIds: number[];
}

/** A route measured, its target and the request it sends for a random user. */
interface Route {
  name: string;
  kind: 'account' | 'list' | 'write';
  next: (user: BenchUser, i: number) => LoadRequest;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Sends `request` with `cookie` and the app's origin; @throws unless it answers 2xx. */
async function send(server: Running, cookie: string, request: LoadRequest): Promise<unknown> {
  const response = await fetch(server.url + request.path, {
    method: request.method,
    headers: { cookie, origin: server.url, 'content-type': 'application/json', ...request.headers },
    body: request.body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${request.method} ${request.path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The catalogue's first FAVORITES cocktail ids and every ingredient id (pages past the first need a signed-in caller). */
async function catalogueIds(url: string, cookie: string): Promise<{ cocktails: number[]; ingredients: number[] }> {
  const cocktails: number[] = [];
  for (let page = 0; cocktails.length < FAVORITES; page += 1) {
    const response = await fetch(`${url}/api/cocktails?pageSize=50&page=${page}`, { headers: { cookie } });
    const body = (await response.json()) as { items: { id: number }[] };
    if (body.items.length === 0) break;
    cocktails.push(...body.items.map((item) => item.id));
  }
  const ingredients = ((await (await fetch(`${url}/api/ingredients`)).json()) as { items: { id: number }[] }).items.map(
    (item) => item.id,
  );
  return { cocktails: cocktails.slice(0, FAVORITES), ingredients };
}

/** Signs in `USERS` users, makes each Pro by RevenueCat's webhook, and fills their favorites, bar and collections. */
async function prepareUsers(
  server: Running,
  ids: { cocktails: number[]; ingredients: number[] },
): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let n = 0; n < USERS; n += 1) {
    const cookie = await signIn(server.url, `bench-${n}-${Date.now()}@example.com`);
    const me = (await send(server, cookie, { method: 'GET', path: '/api/me' })) as { user: { id: string } };
    const webhook = await fetch(`${server.url}/api/webhooks/revenuecat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: TEST_WEBHOOK_AUTH },
      body: JSON.stringify(webhookBody(revenueCatEvent('INITIAL_PURCHASE', me.user.id))),
    });
    if (!webhook.ok) throw new Error(`webhook: ${webhook.status} ${await webhook.text()}`);
    const writes: LoadRequest[] = [
      ...ids.cocktails.map((id): LoadRequest => ({ method: 'PUT', path: `/api/me/favorites/${id}` })),
      ...ids.ingredients.slice(0, BOTTLES).map((id): LoadRequest => ({ method: 'PUT', path: `/api/me/bar/${id}` })),
    ];
    for (let i = 0; i < writes.length; i += 20) {
      await Promise.all(writes.slice(i, i + 20).map((request) => send(server, cookie, request)));
    }
    const collectionIds: number[] = [];
    for (let c = 0; c < 3; c += 1) {
      const created = (await send(server, cookie, {
        method: 'POST',
        path: '/api/me/collections',
        body: JSON.stringify({ name: `Bench ${c}` }),
      })) as { id: number };
      collectionIds.push(created.id);
      for (const id of ids.cocktails.slice(c * 10, c * 10 + 10)) {
        await send(server, cookie, { method: 'PUT', path: `/api/me/collections/${created.id}/items/${id}` });
      }
    }
    users.push({ cookie, collectionIds });
  }
  return users;
}

/** The signed-in routes measured; writes alternate a put and its delete so every request changes something. */
function routes(ids: { cocktails: number[]; ingredients: number[] }): Route[] {
  const spare = ids.ingredients.slice(BOTTLES);
  return [
    { name: 'GET /api/me', kind: 'account', next: () => ({ method: 'GET', path: '/api/me' }) },
    {
      name: 'GET /api/auth/get-session',
      kind: 'account',
      next: () => ({ method: 'GET', path: '/api/auth/get-session' }),
    },
    { name: 'GET /api/me/favorites', kind: 'list', next: () => ({ method: 'GET', path: '/api/me/favorites' }) },
    { name: 'GET /api/me/bar', kind: 'list', next: () => ({ method: 'GET', path: '/api/me/bar' }) },
    { name: 'GET /api/me/collections', kind: 'list', next: () => ({ method: 'GET', path: '/api/me/collections' }) },
    {
      name: 'PUT/DELETE /api/me/favorites/:id',
      kind: 'write',
      next: (_user, i) => {
        // Cocktails past the 200 the user holds would be new; the seed has ~200, so a held one is deleted then put back.
        const id = pick(ids.cocktails);
        return i % 2 === 0
          ? { method: 'DELETE', path: `/api/me/favorites/${id}` }
          : { method: 'PUT', path: `/api/me/favorites/${id}` };
      },
    },
    {
      name: 'PUT/DELETE /api/me/bar/:id',
      kind: 'write',
      next: (_user, i) => {
        const id = pick(spare);
        return i % 2 === 0
          ? { method: 'PUT', path: `/api/me/bar/${id}` }
          : { method: 'DELETE', path: `/api/me/bar/${id}` };
      },
    },
  ];
}

/** Loads `route` for `seconds` at `connections`, each request a random user's with the cookie and origin it needs. */
function loadRoute(server: Running, users: BenchUser[], route: Route, connections: number, seconds: number) {
  let i = 0;
  return loadRequests({
    url: server.url,
    connections,
    seconds,
    next: () => {
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
    },
  });
}

interface Figures {
  database: string;
  list: LoadFigures;
  at20: { route: Route; figures: LoadFigures }[];
  at200: { route: Route; figures: LoadFigures }[];
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
    const users = await prepareUsers(server, ids);
    const all = routes(ids).filter((route) => !ONLY_ROUTES || route.name.includes(ONLY_ROUTES));
    // While profiling, the list runs only a second, so the profile is the signed-in routes'.
    const list = await loadRequests({
      url: server.url,
      connections: 20,
      seconds: profileDir ? 1 : SECONDS,
      next: () => ({ method: 'GET', path: '/api/cocktails' }),
    });
    const at20 = [];
    for (const route of all) at20.push({ route, figures: await loadRoute(server, users, route, 20, SECONDS) });
    const at200 = [];
    for (const route of all.filter((r) => r.kind === 'write')) {
      at200.push({ route, figures: await loadRoute(server, users, route, 200, SECONDS) });
    }
    const mixed: Route = { name: 'mixed', kind: 'write', next: (user, i) => pick(all).next(user, i) };
    const soak = await loadRoute(server, users, mixed, 200, ONLY_ROUTES ? 1 : SOAK_SECONDS);
    return { database, list, at20, at200, soak };
  } finally {
    await stopServer(server);
    if (SERVER_LOG) writeFileSync(`${SERVER_LOG}.${database.toLowerCase()}.log`, server.output());
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const TARGET_SHARE: Record<Route['kind'], number> = { account: 50, list: 40, write: 25 };

function report(all: Figures[]): void {
  console.log('\n| database | route | req/s (20 conns) | p50 / p99 ms | of the list | target | p99 ms at 200 conns |');
  console.log('|---|---|---:|---:|---:|---|---:|');
  const verdicts: string[] = [];
  for (const run of all) {
    console.log(
      `| ${run.database} | GET /api/cocktails (public) | ${fmt(run.list.rps)} | ${fmt(run.list.p50)} / ${fmt(run.list.p99)} | 100 % | | |`,
    );
    for (const { route, figures } of run.at20) {
      const share = (100 * figures.rps) / run.list.rps;
      const target = TARGET_SHARE[route.kind];
      const at200 = run.at200.find((r) => r.route === route)?.figures;
      const failed = figures.errors + figures.non2xx + (at200 ? at200.errors + at200.non2xx : 0);
      console.log(
        `| ${run.database} | ${route.name} | ${fmt(figures.rps)} | ${fmt(figures.p50)} / ${fmt(figures.p99)} | ` +
          `${fmt(share)} % | >= ${target} %${route.kind === 'write' ? ', p99 <= 100 ms' : ''} | ` +
          `${at200 ? fmt(at200.p99) : ''} |${failed ? ` ${failed} failed` : ''}`,
      );
      verdicts.push(
        `${run.database} ${route.name}: ${fmt(share)} % of the list (>= ${target} %) ${share >= target ? 'met' : 'MISSED'}`,
      );
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
