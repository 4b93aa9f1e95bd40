import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/** Launches headless Chromium; Playwright gives each launch a fresh temporary profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Viewports the product is designed for. */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Pre-confirm the age gate (localStorage 'bb:age-verified' = 'v1'); default true. */
  ageVerified?: boolean;
}

/** Console errors and uncaught page errors seen by a page: a journey that logs one fails. */
export interface PageErrors {
  errors: string[];
}

/**
 * Opens a fresh context and page against `baseURL`. Collects console errors and page errors so a test can assert none happened.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page } & PageErrors> {
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? DESKTOP });
  if (options.ageVerified ?? true) {
    await context.addInitScript(() => {
      try {
        window.localStorage.setItem('bb:age-verified', 'v1');
      } catch {
        // storage blocked: the gate will show
      }
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe-core violation, trimmed to what a failure message needs. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2 A/AA rules) on the page as it is now.
 * @returns the serious and critical violations only.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol rather than an inline <script>: the server's Content-Security-Policy
  // (script-src 'self') blocks inline scripts, and the page must keep that policy while it is checked.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    interface RawViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[] }[];
    }
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: RawViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
