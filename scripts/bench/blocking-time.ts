/**
 * `npm run bench` (blocking-time part): how much a returning visitor's start blocks the main thread, measured
 * on the pages' real traces, as a steadier companion to Lighthouse's Total Blocking Time.
 *
 * Lighthouse's TBT on this two-core machine moves two- to threefold between runs of the same build (its simulation
 * places each task against a simulated network, and which tasks fall between FCP and Time to Interactive changes from
 * run to run), too much to compare two builds with three runs. This part loads each page cold, as Lighthouse does
 * (a fresh browser context: empty HTTP cache, localStorage holding only the age gate's confirmation, Lighthouse's
 * mobile screen 412 x 823 at 1.75x), records a Chromium trace until 2.5 s after the network is idle, and sums, over
 * the page's main-thread tasks that start after its first contentful paint, `max(0, 4 x duration - 50 ms)`: the rule
 * of Lighthouse's TBT (tasks counted at its 4x CPU slowdown, blocking beyond 50 ms) applied to the observed tasks, with
 * no network simulation and no Time-to-Interactive cut-off (so it counts every task of the start, and is larger than
 * Lighthouse's figure). It prints, per page, the median of the runs, every run's figure, and the tasks over 12.5 ms
 * (50 ms at 4x; 50 ms / BENCH_BLOCKING_CPU_SLOWDOWN when set) of the median run, in ms as observed.
 *
 * Needs a build (`npm run bench` builds first). Run alone: `npm run bench:blocking` or `BENCH_ONLY=blocking npm run
 * bench`. Environment: BENCH_BLOCKING_RUNS (default 9), BENCH_BLOCKING_PAGES (only the paths containing one of these
 * comma-separated texts), BENCH_BLOCKING_TRACES (a folder: each run's trace, with V8's CPU samples, is written there as
 * JSON, to open in DevTools),
 * CHROMIUM_PATH (default /usr/bin/chromium).
 * @throws (exits non-zero) when there is no build, the server or Chromium does not start, or no run of a page yields a
 *   trace with a navigation and a first contentful paint
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// puppeteer-core is not a direct dependency: it is the copy lighthouse depends on (and hoists), as in lighthouse.ts.
import puppeteer from 'puppeteer-core';
import { BENCH_DISABLED_FEATURES, CHROMIUM_PATH, withDisabledFeatures } from '../../tests/e2e/support/browser';
import { startTestServer } from '../../tests/e2e/support/server';
import { confirmAgeGateIn, firstCocktail } from './returning-visit';

const RUNS = Number(process.env.BENCH_BLOCKING_RUNS ?? 9);
const TRACES_DIR = process.env.BENCH_BLOCKING_TRACES ?? '';
const PAGE_FILTER = (process.env.BENCH_BLOCKING_PAGES ?? '')
  .split(',')
  .map((text) => text.trim())
  .filter(Boolean);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * Lighthouse's TBT rule: its CPU slowdown (4x; BENCH_BLOCKING_CPU_SLOWDOWN replaces it, as BENCH_LIGHTHOUSE_CPU_SLOWDOWN
 * does in lighthouse.ts, e.g. 7.5 on a host of CPU benchmark index 3,750 to play one of 2,000, the top of the band
 * Lighthouse's 4x is calibrated for) and the part of a task that does not count as blocking (ms).
 */
const CPU_SLOWDOWN = Number(process.env.BENCH_BLOCKING_CPU_SLOWDOWN ?? 4);
if (!(CPU_SLOWDOWN >= 1)) throw new Error('BENCH_BLOCKING_CPU_SLOWDOWN must be a number >= 1');
const BLOCKING_THRESHOLD_MS = 50;
/** How long the trace goes on after the network is idle (ms): the deferred renders and effects of the start. */
const SETTLE_MS = 2500;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'toplevel',
  'blink.user_timing',
];

/** One trace event as Chromium writes it (only the fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

/** One cold load: the blocking time (ms, at {@link CPU_SLOWDOWN}) and the durations of its tasks over the threshold (ms, observed). */
interface LoadResult {
  blockingMs: number;
  longTasksMs: number[];
}

/**
 * Reads one load's trace: the main thread is the one whose navigation loaded an http(s) document (the page's
 * renderer, not a new-tab page's), and its tasks after the first contentful paint are summed by {@link CPU_SLOWDOWN} and
 * {@link BLOCKING_THRESHOLD_MS}.
 * @returns null when the trace holds no such navigation or no first contentful paint
 */
function blockingTimeOf(events: TraceEvent[]): LoadResult | null {
  const navigation = events
    .filter((event) => event.name === 'navigationStart' && /^https?:/.test(event.args?.data?.documentLoaderURL ?? ''))
    .pop();
  if (!navigation) return null;
  const { pid, tid } = navigation;
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid);
  if (!fcp) return null;
  let blockingMs = 0;
  const longTasksMs: number[] = [];
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== pid || event.tid !== tid) continue;
    if (event.ts <= fcp.ts) continue;
    const ms = (event.dur ?? 0) / 1000;
    const blocking = ms * CPU_SLOWDOWN - BLOCKING_THRESHOLD_MS;
    if (blocking > 0) {
      blockingMs += blocking;
      longTasksMs.push(ms);
    }
  }
  return { blockingMs, longTasksMs };
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only && only !== 'blocking') return;
  if (!existsSync(path.join(root, 'dist', 'server', 'main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` first (npm run bench does)');
  }
  const server = await startTestServer({}, { built: true });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // puppeteer merges this --disable-features list with its own.
    args: withDisabledFeatures(
      ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      BENCH_DISABLED_FEATURES,
    ),
  });
  try {
    const recipe = await firstCocktail(server.url);
    const paths = ['/', '/discover', `/cocktails/${recipe.slug}`, '/batch-calculator'].filter(
      (pagePath) => PAGE_FILTER.length === 0 || PAGE_FILTER.some((text) => pagePath.includes(text)),
    );
    if (paths.length === 0) throw new Error(`BENCH_BLOCKING_PAGES=${PAGE_FILTER.join(',')} matches no page`);
    console.log(
      `\nBlocking time of a returning visitor's cold start: sum over main-thread tasks after the first ` +
        `contentful paint of max(0, ${CPU_SLOWDOWN} x task - ${BLOCKING_THRESHOLD_MS} ms), observed trace, ` +
        `${RUNS} runs per page, built server in production mode on SQLite\n`,
    );
    console.log(
      `| page | median | runs | tasks over ${Math.round((10 * BLOCKING_THRESHOLD_MS) / CPU_SLOWDOWN) / 10} ms in the median run (ms, observed) |`,
    );
    console.log('|---|---:|---|---|');
    for (const pagePath of paths) {
      const results: LoadResult[] = [];
      let unreadable = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.createBrowserContext();
        try {
          const page = await context.newPage();
          await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
          await confirmAgeGateIn(page);
          // Kept traces carry V8's CPU samples too (what ran inside each task), which costs a little time.
          const categories = TRACES_DIR
            ? [...TRACE_CATEGORIES, 'disabled-by-default-v8.cpu_profiler']
            : TRACE_CATEGORIES;
          await page.tracing.start({ categories });
          await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle0' });
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const trace = await page.tracing.stop();
          if (TRACES_DIR && trace) {
            mkdirSync(TRACES_DIR, { recursive: true });
            const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_')}-${run + 1}.trace.json`;
            writeFileSync(path.join(TRACES_DIR, name), trace);
          }
          const parsed = JSON.parse(Buffer.from(trace ?? new Uint8Array()).toString('utf8')) as {
            traceEvents: TraceEvent[];
          };
          const result = blockingTimeOf(parsed.traceEvents);
          if (result) results.push(result);
          else unreadable += 1;
        } finally {
          await context.close();
        }
      }
      if (results.length === 0) throw new Error(`${pagePath}: no run gave a trace with a navigation and a first paint`);
      const sorted = [...results].sort((a, b) => a.blockingMs - b.blockingMs);
      const median = sorted[Math.floor(sorted.length / 2)];
      if (!median) throw new Error(`${pagePath}: no run to take the median of`);
      console.log(
        `| \`${pagePath}\` | ${Math.round(median.blockingMs)} ms | ${results.map((r) => Math.round(r.blockingMs)).join(', ')}` +
          `${unreadable ? ` (${unreadable} unreadable)` : ''} | ${median.longTasksMs.map((ms) => Math.round(ms)).join(', ')} |`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
