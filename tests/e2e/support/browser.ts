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

/** Launches headless Chromium outside the test runner; Playwright gives each launch a fresh temporary profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
