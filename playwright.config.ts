import { defineConfig } from '@playwright/test';
import { PLAYWRIGHT_LAUNCH_OPTIONS } from './tests/e2e/support/browser';

/**
 * Browser journeys (`tests/e2e/*.spec.ts`): @playwright/test driving Debian's Chromium (never a downloaded browser build)
 * against a real server per spec file (tests/e2e/support/fixtures.ts). `npm run test:e2e` builds the client first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'tests/e2e/artifacts/results',
  // One worker: the machine has 2 cores, and each spec file starts its own server next to the browser.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Generous for a 2-core machine shared with other work: a journey that waits for nothing spends none of it.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'tests/e2e/artifacts/report' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    // A missing element fails its step in 15 s rather than waiting for the test's timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Traces of failed journeys keep DOM snapshots, network and console for every step; the screencast is left out (it
    // made the suite about 40% slower here), and the failure screenshot below shows the last state.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium) with the flags for a closed network and without the
    // omnibox popup's renderer; Playwright gives each launch a fresh temporary profile (--user-data-dir).
    launchOptions: PLAYWRIGHT_LAUNCH_OPTIONS,
    // Journeys stub routes and expect every load to reach their server; the offline journeys let the worker in.
    serviceWorkers: 'block',
  },
});
