/**
 * `npm run bench`: throughput and latency of the catalogue API against the ceiling of Node's own HTTP server on this machine,
 * on SQLite and PostgreSQL, at the seed size and at 100,000 generated cocktails; plus the gzip size of the JavaScript the home
 * page loads first.
 *
 * For each database and catalogue size it:
 * 1. prepares a fresh database (for the large size: `scripts/generate-catalogue.ts --count N`),
 * 2. starts the real server (production mode) as a child process,
 * 3. measures with autocannon (10 connections, `BENCH_SECONDS` each, default 8 s): the list endpoint
 *    `GET /api/cocktails` and searches rotating over many distinct queries (so the response cache cannot answer them all),
 * 4. measures sequential search latency over distinct queries (p50 / p95 / p99, ms) — the p95 target,
 * 5. serves the same list bytes from memory with a bare `node:http` server and measures it the same way: the ceiling.
 *
 * Environment: BENCH_SECONDS, BENCH_LARGE_COUNT (default 100000), BENCH_DATABASE_URL (PostgreSQL admin URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; skipped when unreachable), CHROMIUM_PATH. BENCH_ONLY names one part of
 * `npm run bench` to run (catalogue: this file; my-bar: scripts/bench/my-bar.ts; startup; load, restart or kill:
 * scripts/bench/resilience.ts; lighthouse: scripts/bench/lighthouse.ts; blocking: scripts/bench/blocking-time.ts; search:
 * scripts/bench/search.ts; signed-in: scripts/bench/signed-in.ts; scale: scripts/bench/signed-in-scale.ts); the other parts
 * skip themselves.
 * Targets: list >= 60 % of the bare ceiling; search p95 <= 20 ms at 100,000; home initial JS <= 120 kB gzip.
 */
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { startTestServer, freePort, type TestServer } from '../../tests/e2e/support/server';
import { onBenchDatabases } from './databases';
import { loadPaths } from './load';
import { launchBrowser } from '../../tests/e2e/support/browser';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LARGE = Number(process.env.BENCH_LARGE_COUNT ?? 100_000);
const CONNECTIONS = 10;

/** Search terms: names, spirits, ingredients, techniques and fragments, as people type them. */
const TERMS = [
  'gin',
  'lime',
  'negroni',
  'sour',
  'whiskey',
  'rum',
  'mint',
  'bitters',
  'vermouth',
  'tequila',
  'coupe',
  'stir',
  'shake',
  'orange',
  'lemon',
  'honey',
  'ginger',
  'campari',
  'mezcal',
  'brandy',
  'soda',
  'syrup',
  'egg',
  'coffee',
  'highball',
  'martini',
  'old fashioned',
  'daiquiri',
  'smoky',
  'velvet',
  'harbour',
  'golden',
  'bourbon',
  'rye',
  'cognac',
  'absinthe',
  'maraschino',
  'chartreuse',
  'grapefruit',
  'pineapple',
  'cream',
  'tonic',
  'demerara',
  'agave',
  'cola',
  'prosecco',
  'port',
  'sherry',
  'amaro',
  'aperol',
  'basil',
  'cucumber',
  'espresso',
  'nutmeg',
  'salt',
  'cherry',
  'peach',
  'coconut',
  'falernum',
];

/**
 * Distinct search queries: each term with its own page size (first page only: later pages need a signed-in caller), so a
 * run meets few cached answers.
 * @param pageSizeBase first page size used; the load runs use 20–69 and the sequential run 70–100, so the sequential
 *   latency never measures an answer the load run left in the response cache.
 */
function searchPaths(count: number, pageSizeBase = 20, pageSizes = 50): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i += 1) {
    const term = TERMS[i % TERMS.length] as string;
    const round = Math.floor(i / TERMS.length);
    out.push(`/api/cocktails?q=${encodeURIComponent(term)}&pageSize=${pageSizeBase + (round % pageSizes)}`);
  }
  return out;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, paths: readonly string[]): Promise<LoadResult> {
  let i = 0;
  const result = await loadPaths({
    url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    nextPath: () => paths[i++ % paths.length] as string,
  });
  return { rps: result.rps, p50: result.p50, p99: result.p99, errors: result.errors + result.non2xx };
}

/** Sequential latency of distinct searches (no concurrency): the time one user waits. Percentiles in ms. */
async function sequentialLatency(
  base: string,
  paths: readonly string[],
): Promise<{ p50: number; p95: number; p99: number }> {
  const times: number[] = [];
  for (const p of paths) {
    const started = performance.now();
    const res = await fetch(base + p);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${p} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** A bare node:http server answering `body` from memory with the same content type: the ceiling for Node here. */
async function bareServer(body: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface Row {
  database: string;
  cocktails: number;
  listRps: number;
  listP99: number;
  ceilingRps: number;
  ceilingP99: number;
  searchRps: number;
  searchP99: number;
  searchSeqP95: number;
  searchSeqP50: number;
  errors: number;
}

async function measure(database: string, server: TestServer): Promise<Row> {
  const total = ((await (await fetch(`${server.url}/api/cocktails?pageSize=1`)).json()) as { total: number }).total;
  const listBody = Buffer.from(await (await fetch(`${server.url}/api/cocktails`)).arrayBuffer());
  // Warm up: the first requests compile code paths and fill the page cache.
  await sequentialLatency(server.url, searchPaths(60));
  const list = await load(server.url, ['/api/cocktails']);
  const search = await load(server.url, searchPaths(3000));
  const sequential = await sequentialLatency(server.url, searchPaths(600, 70, 31));
  const bare = await bareServer(listBody);
  const ceiling = await load(bare.url, ['/api/cocktails']);
  await bare.close();
  return {
    database,
    cocktails: total,
    listRps: list.rps,
    listP99: list.p99,
    ceilingRps: ceiling.rps,
    ceilingP99: ceiling.p99,
    searchRps: search.rps,
    searchP99: search.p99,
    searchSeqP95: sequential.p95,
    searchSeqP50: sequential.p50,
    errors: list.errors + search.errors,
  };
}

/** Loads / in Chromium and sums the gzip size of every script it fetched before the network went idle. */
async function homeInitialJs(): Promise<{ files: number; rawBytes: number; gzipBytes: number }> {
  const server = await startTestServer({ LOG_LEVEL: 'silent' });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => window.localStorage.setItem('bb:age-verified', 'v1'));
    const page = await context.newPage();
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body());
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const bodies = await Promise.all(scripts);
    return {
      files: bodies.length,
      rawBytes: bodies.reduce((sum, b) => sum + b.length, 0),
      gzipBytes: bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'catalogue') return;
  console.log(
    `Barback benchmark: ${CONNECTIONS} connections, ${SECONDS} s per run, large catalogue ${fmt(LARGE)} cocktails\n`,
  );
  const rows: Row[] = [];
  for (const count of [0, LARGE]) {
    rows.push(
      ...(await onBenchDatabases('barback-bench', count, async (database, url) => {
        const server = await startTestServer({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
        try {
          return await measure(database, server);
        } finally {
          await server.stop();
        }
      })),
    );
  }
  const js = await homeInitialJs();

  console.log(
    '\n| database | cocktails | list req/s | list p99 ms | bare node:http req/s | list / bare | search req/s | search p99 ms | search p50 / p95 ms (sequential) | errors |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${fmt(r.cocktails)} | ${fmt(r.listRps)} | ${fmt(r.listP99)} | ${fmt(r.ceilingRps)} | ` +
        `${fmt((100 * r.listRps) / r.ceilingRps)} % | ${fmt(r.searchRps)} | ${fmt(r.searchP99)} | ` +
        `${fmt(r.searchSeqP50, 1)} / ${fmt(r.searchSeqP95, 1)} | ${r.errors} |`,
    );
  }
  console.log(
    `\nHome page initial JS: ${js.files} files, ${fmt(js.rawBytes / 1024, 1)} kB raw, ${fmt(js.gzipBytes / 1024, 1)} kB gzip (target <= 120 kB)`,
  );
  const large = rows.filter((r) => r.cocktails >= LARGE);
  const verdicts = [
    ...rows.map(
      (r) =>
        `list ${r.database} ${fmt(r.cocktails)}: ${fmt((100 * r.listRps) / r.ceilingRps)} % of bare (target >= 60 %)`,
    ),
    ...large.map((r) => `search p95 ${r.database} ${fmt(r.cocktails)}: ${fmt(r.searchSeqP95, 1)} ms (target <= 20 ms)`),
  ];
  console.log(verdicts.map((v) => `- ${v}`).join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
