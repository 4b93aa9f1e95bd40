import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium as the journeys and the benchmark launch it. playwright.config.ts hands these to @playwright/test;
 * scripts/bench launches its own browser with {@link launchBrowser}.
 */

/** Chromium from Debian (`apt-get install chromium`), or CHROMIUM_PATH. Never a downloaded browser build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for headless Chromium on a machine with a closed network (ARCHITECTURE.md "Install notes"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium features the benchmarks turn off: the desktop omnibox's popup drawn as a WebUI page
 * (`chrome://omnibox-popup.top-chrome`, in a renderer of its own). Debian's Chromium 156.0.8078.108 starts that renderer
 * even headless, and on this two-core machine its start (about 1.5 s of CPU during a page's load, seen in the traces as
 * the process "WebUI Top Renderer") competes with the page being measured: the page's main thread waited for a core
 * most of the time of its "long" tasks (their wall time 5 to 10 times their CPU time). The phone Lighthouse emulates
 * has no such process. All three names are needed: each turns off one of the popup's variants.
 */
export const BENCH_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * `flags` with `features` added to its `--disable-features=` list: every `--disable-features=` flag in `flags` is merged
 * into one, placed last (Chromium keeps only the last of a repeated switch, so a second flag would drop the first's
 * features, e.g. a launcher's defaults).
 * @param flags Chromium command-line flags
 * @param features feature names to turn off
 */
export function withDisabledFeatures(flags: string[], features: string[]): string[] {
  const prefix = '--disable-features=';
  const listed = flags
    .filter((flag) => flag.startsWith(prefix))
    .flatMap((flag) => flag.slice(prefix.length).split(','));
  const merged = [...new Set([...listed, ...features].filter(Boolean))];
  return [...flags.filter((flag) => !flag.startsWith(prefix)), `${prefix}${merged.join(',')}`];
}

/**
 * The `--disable-features=` list Playwright 1.65.1 (package.json pins it) passes to every Chromium it launches, read from
 * the browser's command line. Playwright gives it as one flag, so an added `--disable-features=` would replace it;
 * {@link PLAYWRIGHT_LAUNCH_OPTIONS} drops Playwright's copy and passes this list merged with ours instead.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Launch options for Playwright's Chromium (the journeys and {@link launchBrowser}): Debian's Chromium with
 * {@link CHROMIUM_ARGS}, and Playwright's own disabled features plus {@link BENCH_DISABLED_FEATURES} in one flag. The
 * omnibox popup's renderer took a core for about 1.5 s after each browser start, while the journey's server and page
 * waited. If a Playwright upgrade changes its list, `ignoreDefaultArgs` no longer matches its flag and Chromium keeps
 * ours (the last), which still holds the old list; tests/e2e/harness.spec.ts then fails until the list is updated.
 */
export const PLAYWRIGHT_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: withDisabledFeatures(
    [...CHROMIUM_ARGS, `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`],
    BENCH_DISABLED_FEATURES,
  ),
  ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`],
};

/** Launches headless Chromium outside the test runner; Playwright gives each launch a fresh temporary profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ ...PLAYWRIGHT_LAUNCH_OPTIONS, headless: true });
}
