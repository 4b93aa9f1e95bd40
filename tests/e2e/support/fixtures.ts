/* eslint-disable react-hooks/rules-of-hooks -- Playwright fixtures: `use` is the fixture's callback, not React's hook. */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startMailCapture, type MailCapture } from '../../support/mail-capture';
import { startOAuthMock, type OAuthMock } from '../../support/oauth-mock';
import { signInByMagicLink, uniqueEmail } from './accounts';
import { seriousAxeViolations, type AxeViolation } from './axe';
import { DESKTOP, PHONE } from './journey';
import { startTestServer, type TestServer } from './server';

/**
 * The journeys' world, as Playwright fixtures. Import `test` and `expect` from here, never from '@playwright/test'.
 *
 * - `server`: the real server (tests/e2e/support/server.ts: fresh SQLite file, random port, the built client), one per spec
 *   file and configuration. Its mail goes to `mail`; with `withOAuth` it signs in with Google and Facebook against `oauth`.
 *   The browser talks to it as `http://localhost:<port>` (`baseURL`), the app's own origin.
 * - `mail` (worker): the SMTP capture (tests/support/mail-capture.ts). `oauth` (worker): the OAuth peer
 *   (tests/support/oauth-mock.ts) playing Google and Facebook.
 * - `page`/`context`: the age gate is pre-confirmed unless `test.use({ ageVerified: false })`; `openApp(path)` opens another
 *   browser (own context: cookies and storage) the same way.
 * - `signedInUser`: `page` signed in through the real emailed-link flow as a fresh address, at /.
 * - `axe`: the axe-core check (serious and critical WCAG 2.0/2.1 A and AA violations).
 * - `pageErrors` (automatic): every journey fails when any of its pages logged a console error or threw an uncaught error,
 *   unless the test allowed that entry with `pageErrors.allow(pattern)` (and says why).
 *
 * Why the server is not a plain worker fixture: Playwright keeps one worker for consecutive spec files, so a worker-scoped
 * server would be shared by all of them, and the accounts journeys together ask for more emailed links than the server's
 * limit per client address (5 per 10 minutes). The worker holds a pool instead, which starts a server the first time a spec
 * file asks for one and stops it when the worker moves on to the next file.
 */

/** NODE_ENV of the server: 'production' for the anonymous journeys, 'test' (production behaviour, cookies not Secure on
 * plain http, OAuth peer allowed) for the accounts journeys. */
export type ServerMode = 'production' | 'test';

/** The settings of the accounts journeys: `test.use(ACCOUNTS)` at the top of their spec files. */
export const ACCOUNTS = { serverMode: 'test', viewport: PHONE } as const satisfies {
  serverMode: ServerMode;
  viewport: { width: number; height: number };
};

/** Options of {@link TestFixtures.openApp}. */
export interface OpenAppOptions {
  /** Default: the test's viewport. */
  viewport?: { width: number; height: number };
  /** Pre-confirm the age gate (localStorage 'bb:age-verified' = 'v1'); default: the test's `ageVerified`. */
  ageVerified?: boolean;
}

/** The axe-core check. */
export interface AxeCheck {
  /** The serious and critical violations on `page` as it is now. */
  violations(page: Page): Promise<AxeViolation[]>;
  /** Fails (listing them) when `page` as it is now has a serious or critical violation; `what` names the screen. */
  expectClean(page: Page, what: string): Promise<void>;
}

/** The person `signedInUser` signed in as. */
export interface SignedInUser {
  email: string;
}

/** Console errors and uncaught page errors of every browser context of one test. */
export class PageErrors {
  readonly #entries: string[] = [];
  readonly #allowed: RegExp[] = [];
  #sealed = false;

  /** Every entry so far, `console: <text>` or `pageerror: <message>`, oldest first. */
  get all(): readonly string[] {
    return this.#entries;
  }

  /** Lets entries matching `pattern` pass the end-of-journey check; the calling test says why it expects them. */
  allow(pattern: RegExp): void {
    this.#allowed.push(pattern);
  }

  /** The entries no allowance covers: the end-of-journey check wants none. */
  unexpected(): string[] {
    return this.#entries.filter((entry) => !this.#allowed.some((pattern) => pattern.test(entry)));
  }

  /** The end-of-journey check: fails, listing them, when any entry is not allowed. */
  expectNoneUnexpected(): void {
    expect(this.unexpected(), 'console or page errors').toEqual([]);
  }

  /** Records the console errors and uncaught errors of every page of `context`. */
  watch(context: BrowserContext): void {
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A failed request's message does not name the URL; its location does.
      const { url } = message.location();
      const where = message.text().startsWith('Failed to load resource') && url ? ` (${url})` : '';
      this.#record(`console: ${message.text()}${where}`);
    });
    context.on('weberror', (error) => this.#record(`pageerror: ${error.error().message}`));
  }

  /** Stops recording: what a closing browser says after the journey is not the journey's. */
  seal(): void {
    this.#sealed = true;
  }

  #record(entry: string): void {
    if (!this.#sealed) this.#entries.push(entry);
  }
}

/** Pre-confirms the age gate; runs in the page before the app's scripts. */
function confirmAge(): void {
  try {
    window.localStorage.setItem('bb:age-verified', 'v1');
  } catch {
    // storage blocked: the gate will show
  }
}

/** The running servers of the test file the worker is on, by configuration. */
class ServerPool {
  #file: string | null = null;
  readonly #servers = new Map<string, Promise<TestServer>>();

  /** The server for `file` and `env`, started on first use; moving to another file stops the previous file's servers. */
  async serverFor(file: string, env: Record<string, string>): Promise<TestServer> {
    if (file !== this.#file) {
      await this.stopAll();
      this.#file = file;
    }
    const key = JSON.stringify(Object.entries(env).sort());
    let server = this.#servers.get(key);
    if (!server) {
      // A failed start is kept, so the file's other tests fail at once with the same output instead of waiting again.
      server = startTestServer(env);
      this.#servers.set(key, server);
    }
    return server;
  }

  async stopAll(): Promise<void> {
    const servers = [...this.#servers.values()];
    this.#servers.clear();
    await Promise.all(servers.map((server) => server.then((started) => started.stop()).catch(() => undefined)));
  }
}

interface TestFixtures {
  /** NODE_ENV of the test file's server; default 'production'. */
  serverMode: ServerMode;
  /** Configure google and facebook against the OAuth peer (needs serverMode 'test'); default false. */
  withOAuth: boolean;
  /** Extra server environment (wins over the fixtures' own). */
  serverEnv: Record<string, string>;
  /** Pre-confirm the age gate in `page` and `openApp` browsers; default true. */
  ageVerified: boolean;
  server: TestServer;
  pageErrors: PageErrors;
  /** Opens another browser (fresh context) at `path` on the app, watched for errors like `page`, closed after the test. */
  openApp: (path: string, options?: OpenAppOptions) => Promise<Page>;
  signedInUser: SignedInUser;
  axe: AxeCheck;
}

interface WorkerFixtures {
  mail: MailCapture;
  oauth: OAuthMock;
  serverPool: ServerPool;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverMode: ['production', { option: true }],
  withOAuth: [false, { option: true }],
  serverEnv: [{}, { option: true }],
  ageVerified: [true, { option: true }],
  viewport: DESKTOP,

  mail: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mail = await startMailCapture();
      await use(mail);
      await mail.stop();
    },
    { scope: 'worker' },
  ],

  oauth: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const oauth = await startOAuthMock();
      await use(oauth);
      await oauth.stop();
    },
    { scope: 'worker' },
  ],

  serverPool: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pool = new ServerPool();
      await use(pool);
      await pool.stopAll();
    },
    { scope: 'worker', timeout: 30_000 },
  ],

  server: [
    async ({ serverPool, serverMode, withOAuth, serverEnv, mail, oauth }, use, testInfo) => {
      if (withOAuth && serverMode !== 'test') throw new Error('withOAuth needs serverMode "test"');
      const env: Record<string, string> = {
        NODE_ENV: serverMode,
        SMTP_URL: mail.url,
        ...(withOAuth ? { AUTH_TEST_OAUTH_ISSUER: oauth.issuer } : {}),
        ...serverEnv,
      };
      const server = await serverPool.serverFor(testInfo.file, env);
      await use(server);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server output', { body: server.output() || '(nothing)', contentType: 'text/plain' });
      }
    },
    { timeout: 90_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.origin);
  },

  pageErrors: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const errors = new PageErrors();
      await use(errors);
      errors.seal();
      if (errors.all.length > 0) {
        await testInfo.attach('console and page errors', { body: errors.all.join('\n'), contentType: 'text/plain' });
      }
      // Checked when the journey itself passed: after a failure the failure is the news.
      if (testInfo.status === 'passed') errors.expectNoneUnexpected();
    },
    { auto: true },
  ],

  context: async ({ context, ageVerified, pageErrors }, use) => {
    if (ageVerified) await context.addInitScript(confirmAge);
    pageErrors.watch(context);
    await use(context);
    pageErrors.seal();
  },

  openApp: async ({ browser, server, viewport, ageVerified, pageErrors }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (path, options = {}) => {
      const context = await browser.newContext({
        baseURL: server.origin,
        viewport: options.viewport ?? viewport ?? DESKTOP,
        // As in playwright.config.ts: a second browser's loads reach the server too.
        serviceWorkers: 'block',
      });
      contexts.push(context);
      if (options.ageVerified ?? ageVerified) await context.addInitScript(confirmAge);
      pageErrors.watch(context);
      const page = await context.newPage();
      await page.goto(path);
      return page;
    });
    pageErrors.seal();
    await Promise.all(contexts.map((context) => context.close()));
  },

  signedInUser: async ({ page, mail }, use) => {
    const email = uniqueEmail('member');
    await base.step(`sign in as ${email} by emailed link`, async () => {
      await page.goto('/');
      await signInByMagicLink(mail, page, email);
    });
    await use({ email });
  },

  // eslint-disable-next-line no-empty-pattern
  axe: async ({}, use) => {
    await use({
      violations: (page) => seriousAxeViolations(page),
      expectClean: (page, what) =>
        base.step(`axe-core: ${what}`, async () => {
          const violations = await seriousAxeViolations(page);
          expect(violations, `axe violations on ${what}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
        }),
    });
  },
});

export { expect };
