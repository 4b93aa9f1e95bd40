/**
 * `npm run bench` (Lighthouse part, for "First paint before JavaScript: Lighthouse mobile 0.98+"): Lighthouse's
 * mobile figures for the pages a visitor lands on, each next to its target.
 *
 * It starts the built server (dist/server/main.js, NODE_ENV=production) on a fresh SQLite file and a free port, then runs
 * Lighthouse 12 programmatically with its default mobile settings (Moto G Power screen, simulated throttling: 150 ms RTT,
 * 1.6 Mbps down, 4x CPU slowdown; categories performance, accessibility and SEO) until RUNS runs per page have finished
 * (default 3; a run Lighthouse could not measure, e.g. NO_FCP, is retried, up to 2 x RUNS attempts, and reported), each
 * run in a fresh headless Chromium, and prints the median of each figure:
 * - `/` first visit (age gate showing) and `/` returning visitor (age gate already confirmed),
 * - `/discover` and `/batch-calculator`, as a returning visitor (for a first visitor every page shows the same blocking
 *   age gate and loads no route, so those pages would measure the gate again),
 * - the first seed cocktail's page, `/cocktails/<slug>` (server-rendered), for a first visitor (as a search result or a
 *   shared link opens it) and a returning one, with an SEO target of 1.00,
 * - a venue's public menu `/v/<slug>` (server-rendered; a menu of 24 drinks set up by menu-venue.ts), for a
 *   first visitor (the age gate over it) and a returning one,
 * - the JavaScript the home page loads before it is idle on a first visit: the scripts of Lighthouse's network-requests
 *   audit (transferred bytes, as Chromium received them: brotli from this server), and the same files gzipped at level 9
 *   (as `scripts/bench/run.ts` counts them), against the gzip target.
 *
 * A missed target prints MISS next to the figure and does not fail the run; the process exits non-zero only when
 * Lighthouse cannot run: no build, the server or Chromium does not start, Lighthouse throws, or no run on any page
 * finished.
 * Needs a build (`npm run bench` builds first). Run alone: `npm run bench:lighthouse` or `BENCH_ONLY=lighthouse npm run
 * bench`. Environment: BENCH_LIGHTHOUSE_RUNS (default 3), CHROMIUM_PATH (default /usr/bin/chromium),
 * BENCH_LIGHTHOUSE_PAGES (only the pages whose label contains one of these comma-separated texts, e.g. `returning`),
 * BENCH_LIGHTHOUSE_REPORTS (a folder: each run's full Lighthouse report is written there as JSON, for its diagnostics:
 * main-thread work, long tasks, bootup time), and beside it the run's Chromium trace (`*.trace.json`, for DevTools'
 * Performance panel); BENCH_LIGHTHOUSE_PROFILE=1 adds V8's CPU samples to that trace and BENCH_LIGHTHOUSE_TRACE_CATEGORIES
 * more categories (analysis only: both slow the page). BENCH_LIGHTHOUSE_CPU_SLOWDOWN replaces the 4x CPU slowdown (analysis
 * only: the targets are for the default): Lighthouse's 4x is calibrated for a host of CPU benchmark index 1,500-2,000
 * (its docs/throttling.md, "Calibrating the CPU slowdown"), so on a faster host TBT reads low, and e.g. 7.5 on a host
 * of index 3,750 plays a host of index 2,000.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { NetworkRecorder } from 'lighthouse/core/lib/network-recorder.js';
// puppeteer-core is not a direct dependency: it is the copy lighthouse depends on (and hoists), so the Page handed to
// lighthouse() is of the very version lighthouse expects.
import puppeteer from 'puppeteer-core';
import { startTestServer } from '../../tests/e2e/support/server';
import { BENCH_DISABLED_FEATURES, CHROMIUM_PATH, withDisabledFeatures } from '../../tests/e2e/support/browser';
import {
  fmt,
  median,
  medianFigures,
  row,
  scriptsOf,
  type NetworkItem,
  type PageResult,
  type PageSpec,
  type RunFailure,
  type RunResult,
  type ScriptRequest,
} from './lighthouse-figures';
import { seedMenuVenue } from './menu-venue';
import { lighthousePages } from './lighthouse-pages';
import { confirmAgeGateIn, firstCocktail } from './returning-visit';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGE_FILTER = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '')
  .split(',')
  .map((text) => text.trim())
  .filter(Boolean);
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS ?? '';
/** Lighthouse's default CPU slowdown of its mobile settings (constants.js, mobileSlow4G). */
const DEFAULT_CPU_SLOWDOWN = 4;
/** The CPU slowdown of the runs: BENCH_LIGHTHOUSE_CPU_SLOWDOWN when set (analysis), else Lighthouse's default. */
const CPU_SLOWDOWN = Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN ?? DEFAULT_CPU_SLOWDOWN);
if (!(CPU_SLOWDOWN >= 1)) throw new Error('BENCH_LIGHTHOUSE_CPU_SLOWDOWN must be a number >= 1');
/**
 * The top of the host band Lighthouse's default slowdown is calibrated for (CPU benchmark index; docs/throttling.md,
 * "Benchmarking CPU Power": a high-end desktop, 1,500-2,000); a faster host gets a note under the table.
 */
const CALIBRATED_INDEX_MAX = 2000;
/**
 * With BENCH_LIGHTHOUSE_PROFILE=1 the trace also records V8's CPU samples (trace category
 * disabled-by-default-v8.cpu_profiler), so a long task can be broken down by function; the sampling slows the page, so
 * figures measured this way are for analysis, not for the table.
 */
const PROFILE = process.env.BENCH_LIGHTHOUSE_PROFILE === '1';
/**
 * BENCH_LIGHTHOUSE_TRACE_CATEGORIES: more trace categories, comma-separated (e.g.
 * `disabled-by-default-devtools.timeline.invalidationTracking` to see which DOM change caused a style recalculation);
 * analysis only, like {@link PROFILE}.
 */
const EXTRA_TRACE_CATEGORIES = [
  ...(PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
  ...(process.env.BENCH_LIGHTHOUSE_TRACE_CATEGORIES ?? '').split(',').map((text) => text.trim()),
].filter(Boolean);
let reportCount = 0;
const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/**
 * Flags for headless Debian Chromium on a machine without internet (ARCHITECTURE.md "Install notes"); chrome-launcher's
 * own defaults (no extensions, no background networking or component updates, no first-run UI, ...) come first, and
 * {@link BENCH_DISABLED_FEATURES} are added to their --disable-features.
 */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * One Lighthouse run of `url` in a fresh headless Chromium (chrome-launcher, its own temporary profile), default mobile
 * config, performance, accessibility and SEO only.
 *
 * Returning visitor: Lighthouse resets the origin's storage (localStorage included) and the HTTP cache before it
 * navigates, and has no setting that writes localStorage (`extraHeaders` only adds request headers). So the run goes
 * through a puppeteer-core Page (the copy lighthouse itself uses): `evaluateOnNewDocument` registers a script that
 * Chromium runs in every new document before any of the page's own scripts, i.e. after Lighthouse's storage reset and
 * before the app reads the marker. The page thus starts exactly as for a visitor who confirmed the gate earlier, while
 * the HTTP cache stays cold (Lighthouse's default, and what a returning visitor sees after a deploy renames the hashed
 * assets): the strict case. The alternative, a profile prepared by a first visit plus `disableStorageReset: true`, would
 * also keep the HTTP cache warm and so measure a different, easier load.
 *
 * The run uses the tab Chromium opened at start (as Lighthouse's CLI does), so no other tab is in front of it.
 * @returns the run's figures, the scripts of the network-requests audit and Lighthouse's run warnings; or, when
 *   Lighthouse finished but could not measure the page (`lhr.runtimeError`, e.g. NO_FCP: no contentful paint seen within
 *   30 s), that error's code and message
 * @throws Error when Chromium cannot start or connect, Lighthouse throws, or it returns no result
 */
async function lighthouseRun(url: string, returning: boolean): Promise<RunResult | RunFailure> {
  // chrome-launcher's default flags, with the benchmark's features turned off merged into their --disable-features.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: withDisabledFeatures(
      [...chromeLauncher.Launcher.defaultFlags(), ...CHROME_FLAGS],
      BENCH_DISABLED_FEATURES,
    ),
    ignoreDefaultFlags: true,
    logLevel: 'error',
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      if (returning) {
        await confirmAgeGateIn(page);
      }
      const settings = {
        ...(EXTRA_TRACE_CATEGORIES.length > 0 ? { additionalTraceCategories: EXTRA_TRACE_CATEGORIES.join(',') } : {}),
        ...(CPU_SLOWDOWN !== DEFAULT_CPU_SLOWDOWN
          ? { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } }
          : {}),
      };
      const result = await lighthouse(
        url,
        { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'seo'] },
        Object.keys(settings).length > 0 ? { extends: 'lighthouse:default', settings } : undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      const { lhr } = result;
      if (REPORTS_DIR) {
        mkdirSync(REPORTS_DIR, { recursive: true });
        reportCount += 1;
        const name = `${String(reportCount).padStart(2, '0')}-${returning ? 'returning' : 'first'}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`;
        writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(lhr));
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        if (trace) writeFileSync(path.join(REPORTS_DIR, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
      }
      const browserVersion = await browser.version();
      if (lhr.runtimeError) {
        const log = result.artifacts.DevtoolsLogError;
        return {
          code: lhr.runtimeError.code,
          message: lhr.runtimeError.message,
          scripts: log ? scriptsOf(NetworkRecorder.recordsFromLogs(log)) : null,
          browserVersion,
        };
      }
      // Lighthouse leaves the page where the load ended: check the visit was of the intended kind (the age gate's
      // dialog, data-testid="age-gate" as the E2E journeys find it, shows exactly on a first visit).
      // The pre-rendered gate is in every page's HTML; it counts as showing when it is laid out (not display: none).
      const gateShowing = await page.evaluate(() => {
        const gate = document.querySelector('[data-testid="age-gate"]');
        return gate !== null && gate.getClientRects().length > 0;
      });
      const visitWarnings =
        gateShowing === returning
          ? [
              returning
                ? 'the age gate was showing at the end of a returning-visitor run (the confirmation did not take)'
                : 'the age gate was not showing at the end of a first-visit run',
            ]
          : [];
      const numeric = (id: string) => {
        const value = lhr.audits[id]?.numericValue;
        if (typeof value !== 'number') throw new Error(`Lighthouse on ${url}: no figure for ${id}`);
        return value;
      };
      const score = (id: string) => {
        const value = lhr.categories[id]?.score;
        if (typeof value !== 'number') throw new Error(`Lighthouse on ${url}: no ${id} score`);
        return value;
      };
      const details = lhr.audits['network-requests']?.details;
      const items = (details && 'items' in details ? details.items : []) as NetworkItem[];
      return {
        figures: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          seo: score('seo'),
          fcpMs: numeric('first-contentful-paint'),
          lcpMs: numeric('largest-contentful-paint'),
          tbtMs: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        },
        browserVersion,
        scripts: scriptsOf(items),
        warnings: [...lhr.runWarnings.map(String), ...visitWarnings],
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

/**
 * Runs Lighthouse on one page until RUNS runs have finished, or 2 x RUNS attempts were made (a run that ends in a
 * runtime error such as NO_FCP is counted in `failures` and another is tried, so a page that only sometimes paints
 * still gets figures, and the report says how often it did not).
 * @returns per-figure medians of the finished runs (null when none finished), the finished runs and the failures
 */
async function measurePage(base: string, spec: PageSpec): Promise<PageResult> {
  const runs: RunResult[] = [];
  const failures: RunFailure[] = [];
  for (let attempt = 0; attempt < 2 * RUNS && runs.length < RUNS; attempt += 1) {
    const outcome = await lighthouseRun(base + spec.path, spec.returning);
    if ('figures' in outcome) runs.push(outcome);
    else failures.push(outcome);
    process.stdout.write('figures' in outcome ? '.' : 'x');
  }
  return { medians: runs.length > 0 ? medianFigures(runs.map((run) => run.figures)) : null, runs, failures };
}

/** Sum of the gzip (level 9) sizes of the given scripts, fetched again from Node (bytes). */
async function gzipBytes(urls: readonly string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    total += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return total;
}

/** Initial-JS target of the first paint: the scripts the home page loads before it is idle, gzip, bytes. */
const HOME_JS_TARGET_BYTES = 100 * 1024;

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only && only !== 'lighthouse') return;
  if (!existsSync(path.join(root, 'dist', 'server', 'main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` first (npm run bench does)');
  }
  // The compiled server in production mode (NODE_ENV=production, APP_URL left to its default so 127.0.0.1 is trusted)
  // on a fresh SQLite file, migrated and seeded on start.
  const server = await startTestServer({ BETTER_AUTH_SECRET: SECRET }, { built: true });
  try {
    const recipe = await firstCocktail(server.url);
    const menuSlug = await seedMenuVenue(server.databaseFile);
    const allPages = lighthousePages({ recipeSlug: recipe.slug, menuSlug });
    const pages = allPages.filter(
      (spec) => PAGE_FILTER.length === 0 || PAGE_FILTER.some((text) => spec.label.includes(text)),
    );
    if (pages.length === 0) throw new Error(`BENCH_LIGHTHOUSE_PAGES=${PAGE_FILTER.join(',')} matches no page`);
    console.log(
      `\nLighthouse ${lighthouseVersion()}: ` +
        (CPU_SLOWDOWN === DEFAULT_CPU_SLOWDOWN
          ? 'default mobile settings (simulated throttling, 4x CPU slowdown), '
          : `mobile settings with a ${CPU_SLOWDOWN}x CPU slowdown instead of the default 4x (analysis: the targets are for 4x), `) +
        `median of ${RUNS} finished runs per page, built server in production mode on SQLite`,
    );
    const results: PageResult[] = [];
    for (const spec of pages) results.push(await measurePage(server.url, spec));
    if (results.every((result) => result.medians === null)) {
      throw new Error(
        `Lighthouse finished no run on any page: ${results.flatMap((r) => r.failures.map((f) => f.code)).join(', ')}`,
      );
    }
    const finished = results.flatMap((result) => result.runs);
    const benchmarkIndex = median(finished.map((run) => run.figures.benchmarkIndex));
    console.log(
      `\n${finished[0]!.browserVersion} (${CHROMIUM_PATH}), Lighthouse CPU benchmark index ` +
        `${fmt(benchmarkIndex)} (median; higher is a faster machine)\n`,
    );
    console.log('| page | performance | FCP | LCP | TBT | CLS | accessibility | SEO |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    pages.forEach((spec, i) => console.log(`| ${row(spec, results[i]!)} |`));
    console.log();
    results.forEach((result, i) => {
      if (result.failures.length === 0) return;
      const codes = [...new Set(result.failures.map((f) => f.code))].join(', ');
      console.log(
        `- ${pages[i]!.label}: ${result.failures.length} of ${result.failures.length + result.runs.length} runs ended ` +
          `without figures (${codes}: ${result.failures[0]!.message})` +
          (result.runs.length > 0 ? `; the figures are the median of the ${result.runs.length} that finished` : ''),
      );
    });
    if (pages[0] === allPages[0]) console.log(`- ${await homeJsLine(results[0]!)}`);
    const warnings = new Set<string>();
    results.forEach((result, i) =>
      result.runs.forEach((run) => run.warnings.forEach((w) => warnings.add(`${pages[i]!.path}: ${w}`))),
    );
    for (const warning of warnings) console.log(`- Lighthouse warning, ${warning}`);
    if (benchmarkIndex > CALIBRATED_INDEX_MAX && CPU_SLOWDOWN === DEFAULT_CPU_SLOWDOWN) {
      const reference = fmt(DEFAULT_CPU_SLOWDOWN * (benchmarkIndex / CALIBRATED_INDEX_MAX), 1);
      console.log(
        `- This host (index ${fmt(benchmarkIndex)}) is faster than the 1,500-2,000 Lighthouse's 4x slowdown is calibrated ` +
          `for, so the times above read low; BENCH_LIGHTHOUSE_CPU_SLOWDOWN=${reference} plays a host of index ` +
          `${fmt(CALIBRATED_INDEX_MAX)}.`,
      );
    }
  } finally {
    await server.stop();
  }
}

/**
 * The initial-JS line: the scripts of the first-visit home page's network-requests audit (the finished run with the
 * median transferred total; the runs of one page load the same files), their transferred bytes and their gzip size.
 * When no run finished, the scripts come from the network log Lighthouse kept of a failed run (same records, but the
 * log runs on until Lighthouse gave up, e.g. 30 s waiting for a first paint), and the line says so.
 */
async function homeJsLine(result: PageResult): Promise<string> {
  const label = 'JavaScript the home page loads before it is idle (first visit)';
  const target = `target <= ${HOME_JS_TARGET_BYTES / 1024} kB gzip`;
  const total = (scripts: readonly ScriptRequest[]) => scripts.reduce((sum, s) => sum + s.transferSize, 0);
  const finished = result.runs.map((run) => run.scripts);
  const failed = result.failures.flatMap((failure) => (failure.scripts ? [failure.scripts] : []));
  const candidates = finished.length > 0 ? finished : failed;
  if (candidates.length === 0) return `${label}: no run left a network log (${target}) MISS`;
  const scripts = [...candidates].sort((a, b) => total(a) - total(b))[Math.floor(candidates.length / 2)]!;
  const gzip = await gzipBytes(scripts.map((s) => s.url));
  const source =
    finished.length > 0
      ? ''
      : ` (from the network log of runs Lighthouse could not score: ${result.failures[0]!.code})`;
  return (
    `${label}: ${scripts.length} scripts, ${fmt(total(scripts) / 1024, 1)} kB transferred (brotli, as Chromium ` +
    `received them), ${fmt(gzip / 1024, 1)} kB gzip${source} (${target})${gzip <= HOME_JS_TARGET_BYTES ? '' : ' MISS'}`
  );
}

/** The installed Lighthouse version (node_modules/lighthouse/package.json). */
function lighthouseVersion(): string {
  const file = path.join(root, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
