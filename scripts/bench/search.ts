/**
 * `npm run bench` (search part: the search that forgives and ranks): the catalogue search at BENCH_LARGE_COUNT
 * (default 100,000) generated cocktails plus the seed, on SQLite and on PostgreSQL, each figure next to its target:
 *
 * 1. index build after a catalogue change: the search engine built from the database (buildSearchIndex: the reads and the
 *    engine), median of 3, ms (target <= 2 s); and the memory it holds: heap and array buffers grown with the engine
 *    alive, MB;
 * 2. a typo'd query (every word of 5+ letters mistyped within its allowance), one at a time over HTTP against the built
 *    server: p50 / p95 / p99, ms (target p95 <= 10 ms);
 * 3. uncached distinct queries at 200 connections for BENCH_SEARCH_SECONDS (default 20): every request a text never asked
 *    before (typo'd words and prefixes), so neither the response cache nor anything else can answer it from a previous
 *    request: requests/s (target >= 3,000), p99 (target <= 100 ms) and errors (non-2xx, failed or timed out; timeouts
 *    also shown apart). A warm-up of WARM_UP_SECONDS at the same load comes first and is not counted (compiled code,
 *    caches of ingredients and popularity). The timeouts come from how Node accepts connections: a process under full
 *    load accepts one new connection per turn of its event loop (measured here with a bare node:http server too), so of
 *    200 sockets opened at once the last wait several seconds, some past autocannon's 10 s;
 * 4. the same uncached load against WEB_CONCURRENCY=2 (two server processes under node:cluster), after its own warm-up;
 * 5. the ceiling of this machine for the same answers: the same load over CEILING_QUERIES of those texts, asked twice
 *    before so the response cache holds them (no search, no database read, the same bytes on the wire). The load
 *    generator shares the two cores with the server, so no answer can be faster than this.
 *
 * The load generator (autocannon) runs on the same two-core machine as the server, as in the other parts. Run alone:
 * `BENCH_ONLY=search npm run bench`, or `npx tsx scripts/bench/search.ts` after `npm run build` (for the memory figure,
 * `node --expose-gc --import tsx scripts/bench/search.ts`).
 */
import { loadConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { getCatalogueVersion } from '../../src/server/catalogue/catalogue-version';
import { buildSearchIndex } from '../../src/server/catalogue/search/search-index';
import { loadSeedCatalogue } from '../../src/server/catalogue/seed/load-seed';
import { searchTerms, typoAllowance } from '../../src/server/catalogue/search/search-terms';
import { mulberry32 } from '../generate-catalogue';
import { startTestServer } from '../../tests/e2e/support/server';
import { onBenchDatabases } from './databases';
import { loadPaths } from './load';

const LARGE = Number(process.env.BENCH_LARGE_COUNT ?? 100_000);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 20);
const CONNECTIONS = 200;
const SEQUENTIAL_QUERIES = 600;
/** Seconds of load before the measured run, not counted. */
const WARM_UP_SECONDS = 5;
/** Distinct texts the ceiling run rotates over (the response cache keeps 500 answers). */
const CEILING_QUERIES = 400;

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Words people search for: the seed's cocktail and ingredient names, split, 3 letters or more. */
function vocabulary(): string[] {
  const seed = loadSeedCatalogue();
  const words = new Set<string>();
  for (const text of [...seed.cocktails.map((c) => c.name), ...seed.ingredients.map((i) => i.name)]) {
    for (const word of searchTerms(text)) if (word.length >= 3 && !/^\d+$/.test(word)) words.add(word);
  }
  return [...words].sort();
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** `word` with as many typos as it forgives (a swap, a dropped, doubled or replaced letter), chosen by `rng`. */
function mistype(word: string, rng: () => number): string {
  let out = word;
  for (let typo = 0; typo < typoAllowance(word); typo += 1) {
    const at = 1 + Math.floor(rng() * (out.length - 2));
    const kind = Math.floor(rng() * 4);
    const letter = LETTERS[Math.floor(rng() * LETTERS.length)] as string;
    if (kind === 0) out = out.slice(0, at) + (out[at + 1] ?? '') + (out[at] ?? '') + out.slice(at + 2);
    else if (kind === 1) out = out.slice(0, at) + out.slice(at + 1);
    else if (kind === 2) out = out.slice(0, at) + letter + out.slice(at);
    else out = out.slice(0, at) + letter + out.slice(at + 1);
  }
  return out;
}

/**
 * `count` distinct query texts: a mistyped word, then (two in three) a second word cut to a prefix of 2+ letters, as
 * typed; a counter-free mix, so every text is a real search.
 */
function distinctQueries(count: number, seed: number): string[] {
  const words = vocabulary();
  const rng = mulberry32(seed);
  const pick = () => words[Math.floor(rng() * words.length)] as string;
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 20; tries += 1) {
    const first = mistype(pick(), rng);
    const text = rng() < 0.34 ? first : `${first} ${pick().slice(0, 2 + Math.floor(rng() * 4))}`;
    out.add(text);
  }
  return [...out];
}

/** Typo'd queries only (every word of 5+ letters mistyped), for the latency figure. */
function typoQueries(count: number, seed: number): string[] {
  const words = vocabulary().filter((word) => word.length >= 5);
  const rng = mulberry32(seed);
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 20; tries += 1) {
    out.add(mistype(words[Math.floor(rng() * words.length)] as string, rng));
  }
  return [...out];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface Figures {
  database: string;
  cocktails: number;
  buildMs: number;
  heapMb: number | null;
  terms: number;
  seq: { p50: number; p95: number; p99: number };
  load: LoadRow;
  cluster: LoadRow;
  ceiling: LoadRow;
}

interface LoadRow {
  rps: number;
  p99: number;
  /** Failed, timed-out or non-2xx requests. */
  errors: number;
  timeouts: number;
  requests: number;
}

async function measureBuild(databaseUrl: string): Promise<Pick<Figures, 'buildMs' | 'heapMb' | 'terms' | 'cocktails'>> {
  const handle = createDatabase(loadConfig({ ...process.env, DATABASE_URL: databaseUrl }));
  try {
    const version = await getCatalogueVersion(handle.db);
    const gc = (globalThis as { gc?: () => void }).gc;
    const times: number[] = [];
    let heapMb: number | null = null;
    let terms = 0;
    let cocktails = 0;
    // The engine's posting lists are typed arrays, whose memory V8 keeps outside its heap: count both.
    const held = () => {
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    for (let run = 0; run < 3; run += 1) {
      gc?.();
      const before = held();
      const started = performance.now();
      const engine = await buildSearchIndex(handle.db, version);
      times.push(performance.now() - started);
      // Memory on the first build only: later builds free the previous engine meanwhile.
      if (gc && run === 0) {
        gc();
        heapMb = (held() - before) / 1e6;
      }
      terms = engine.termCount;
      cocktails = engine.size;
    }
    times.sort((a, b) => a - b);
    return { buildMs: times[1] as number, heapMb, terms, cocktails };
  } finally {
    await handle.destroy();
  }
}

async function sequential(url: string, queries: readonly string[]): Promise<Figures['seq']> {
  const times: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    const response = await fetch(`${url}/api/cocktails?q=${encodeURIComponent(q)}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`search ${q} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

/** 200 connections for `seconds`, each request the next of `queries` (rotating). */
async function loadRun(url: string, queries: readonly string[], seconds = SECONDS): Promise<LoadRow> {
  let i = 0;
  const result = await loadPaths({
    url,
    connections: CONNECTIONS,
    seconds,
    nextPath: () => `/api/cocktails?q=${encodeURIComponent(queries[i++ % queries.length] as string)}`,
  });
  return {
    rps: result.rps,
    p99: result.p99,
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    requests: result.requests,
  };
}

/**
 * The uncached load against two server processes (WEB_CONCURRENCY=2) after a warm-up. The second process starts once the
 * first listens and builds the same index, so the run waits as long again (plus 3 s) before loading them.
 */
async function clusterRun(
  databaseUrl: string,
  warmUp: readonly string[],
  queries: readonly string[],
): Promise<LoadRow> {
  const started = performance.now();
  const server = await startTestServer(
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', WEB_CONCURRENCY: '2' },
    { built: true },
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, performance.now() - started + 3000));
    await loadRun(server.url, warmUp, WARM_UP_SECONDS);
    return await loadRun(server.url, queries);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'search') return;
  console.log(`\nSearch: ${fmt(LARGE)} generated cocktails, ${CONNECTIONS} connections for ${SECONDS} s`);
  const typos = typoQueries(SEQUENTIAL_QUERIES, 11);
  // Enough distinct texts for the whole run at well above the target rate, none asked twice.
  const distinct = distinctQueries(Math.max(200_000, (SECONDS + WARM_UP_SECONDS) * 8000), 23);
  // The warm-up's texts come from the end of the list, the measured run's from the start: none is asked twice.
  const warmUp = distinct.slice(distinct.length - WARM_UP_SECONDS * 4000);
  const measured = distinct.slice(0, distinct.length - warmUp.length);
  const cached = measured.slice(0, CEILING_QUERIES);
  const rows = await onBenchDatabases('barback-bench-search', LARGE, async (database, databaseUrl) => {
    const build = await measureBuild(databaseUrl);
    const server = await startTestServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, { built: true });
    try {
      await sequential(server.url, typos.slice(0, 50));
      const seq = await sequential(server.url, typos);
      await loadRun(server.url, warmUp, WARM_UP_SECONDS);
      const load = await loadRun(server.url, measured);
      if (load.requests > measured.length) {
        console.log(`  (warning: ${fmt(load.requests)} requests for ${fmt(measured.length)} texts)`);
      }
      // Asked twice: the response cache keeps an answer from its second request on.
      await sequential(server.url, cached);
      await sequential(server.url, cached);
      const ceiling = await loadRun(server.url, cached);
      await server.stop();
      // A new server, so nothing the first one answered is cached: the same texts are uncached again.
      const cluster = await clusterRun(databaseUrl, warmUp, measured);
      return { database, ...build, seq, load, cluster, ceiling } satisfies Figures;
    } finally {
      await server.stop();
    }
  });
  console.log(
    '\n| database | cocktails | terms | index build ms | engine memory MB | typo query p50 / p95 / p99 ms | uncached req/s | p99 ms | errors (timeouts) | 2 processes req/s | p99 ms | errors (timeouts) | ceiling req/s | ceiling p99 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${fmt(r.cocktails)} | ${fmt(r.terms)} | ${fmt(r.buildMs)} | ${r.heapMb === null ? 'n/a (no --expose-gc)' : fmt(r.heapMb)} | ` +
        `${fmt(r.seq.p50, 1)} / ${fmt(r.seq.p95, 1)} / ${fmt(r.seq.p99, 1)} | ${fmt(r.load.rps)} | ${fmt(r.load.p99)} | ` +
        `${r.load.errors} (${r.load.timeouts}) | ${fmt(r.cluster.rps)} | ${fmt(r.cluster.p99)} | ` +
        `${r.cluster.errors} (${r.cluster.timeouts}) | ${fmt(r.ceiling.rps)} | ${fmt(r.ceiling.p99)} |`,
    );
  }
  const verdict = (ok: boolean) => (ok ? '' : ' MISS');
  for (const r of rows) {
    console.log(
      `- ${r.database}: index build ${fmt(r.buildMs)} ms (<= 2,000)${verdict(r.buildMs <= 2000)}; typo query p95 ` +
        `${fmt(r.seq.p95, 1)} ms (<= 10)${verdict(r.seq.p95 <= 10)}; uncached ${fmt(r.load.rps)} req/s (>= 3,000)` +
        `${verdict(r.load.rps >= 3000)}, p99 ${fmt(r.load.p99)} ms (<= 100)${verdict(r.load.p99 <= 100)}, ` +
        `${r.load.errors} errors (0)${verdict(r.load.errors === 0)}; two processes ${fmt(r.cluster.rps)} req/s, p99 ` +
        `${fmt(r.cluster.p99)} ms, ${r.cluster.errors} errors; the same answers from the response cache (this ` +
        `machine's ceiling with the load generator on it): ${fmt(r.ceiling.rps)} req/s, p99 ${fmt(r.ceiling.p99)} ms`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
