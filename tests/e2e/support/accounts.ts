import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, openPage, PHONE, type PageOptions } from './browser';
import { eventually, SEE_TIMEOUT_MS, see } from './journey';
import { magicLinkIn, startMailCapture, type CapturedMail, type MailCapture } from '../../support/mail-capture';
import { startOAuthMock, type OAuthMock } from '../../support/oauth-mock';
import { startTestServer, type TestServer } from './server';

/**
 * The accounts journeys' world: the real server in test configuration (NODE_ENV=test: production behaviour, cookies not
 * Secure on plain http), a real SMTP capture as its mail server, optionally the OAuth mock as Google and Facebook, and
 * headless Chromium. The browser talks to the server as `http://localhost:<port>`, the app's own origin (APP_URL's
 * default), so the links the server mails and the provider redirects land on the origin that holds the cookies.
 */

/** One spec file's server, peers and browser. */
export interface AccountsEnv {
  server: TestServer;
  browser: Browser;
  mail: MailCapture;
  /** The OAuth mock, when the env was started with `oauth: true`. */
  oauth: OAuthMock | null;
  /** The app's origin as the browser uses it, e.g. http://localhost:41234 (no trailing slash). */
  origin: string;
}

/** Options of {@link startAccountsEnv}. */
export interface AccountsEnvOptions {
  /** Start the OAuth mock and configure google/facebook against it (AUTH_TEST_OAUTH_ISSUER). Default false. */
  oauth?: boolean;
  /** Extra server environment (wins over the defaults here). */
  env?: Record<string, string>;
}

/**
 * Starts the SMTP capture (and the OAuth mock when asked), then the server (NODE_ENV=test, SMTP_URL pointing at the
 * capture) and Chromium. Call in `beforeAll`; hand the result to {@link stopAccountsEnv} in `afterAll`.
 * @throws Error with the server output when the server does not start
 */
export async function startAccountsEnv(options: AccountsEnvOptions = {}): Promise<AccountsEnv> {
  const [mail, oauth] = await Promise.all([
    startMailCapture(),
    options.oauth ? startOAuthMock() : Promise.resolve(null),
  ]);
  const serverEnv: Record<string, string> = { NODE_ENV: 'test', SMTP_URL: mail.url };
  if (oauth) serverEnv.AUTH_TEST_OAUTH_ISSUER = oauth.issuer;
  const started = await Promise.allSettled([startTestServer({ ...serverEnv, ...options.env }), launchBrowser()]);
  const [server, browser] = started;
  if (server.status === 'rejected' || browser.status === 'rejected') {
    // Leave nothing running behind a failed start.
    await stopAccountsEnv({
      mail,
      oauth,
      server: server.status === 'fulfilled' ? server.value : undefined,
      browser: browser.status === 'fulfilled' ? browser.value : undefined,
    });
    throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
  }
  return {
    server: server.value,
    browser: browser.value,
    mail,
    oauth,
    origin: server.value.url.replace('//127.0.0.1:', '//localhost:'),
  };
}

/** Stops everything {@link startAccountsEnv} started; safe with a partly started env. */
export async function stopAccountsEnv(env: Partial<AccountsEnv> | undefined): Promise<void> {
  await env?.browser?.close().catch(() => undefined);
  await env?.server?.stop();
  await env?.oauth?.stop().catch(() => undefined);
  await env?.mail?.stop().catch(() => undefined);
}

/** A page of the app with the console/page errors it collects. */
export interface AppPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * Opens a fresh context (own cookies and storage; age gate pre-confirmed unless told otherwise) at 390x844 unless another
 * viewport is given, and navigates to `path` on the app's origin.
 */
export async function openApp(env: AccountsEnv, path: string, options: PageOptions = {}): Promise<AppPage> {
  const opened = await openPage(env.browser, env.origin, { viewport: PHONE, ...options });
  opened.page.setDefaultTimeout(SEE_TIMEOUT_MS);
  await opened.page.goto(path);
  return opened;
}

/** A fresh address no earlier test used: `<label>-<random>@example.com`. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Status and parsed JSON body (null when not JSON) of a call made by the page itself. */
export interface PageResponse<T> {
  status: number;
  body: T | null;
}

/**
 * Calls the API as `page`'s browser context: same cookies, the app's Origin header (as the app's own requests carry), but
 * outside the page, so a refusal the journey asks for on purpose (401 while signed out) is not logged to the page's
 * console as a failed resource.
 * @param init method and JSON body; GET without a body by default
 * @throws Error when the page is not on the app's origin
 */
export async function callApi<T = unknown>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<PageResponse<T>> {
  const origin = new URL(page.url()).origin;
  if (!origin.startsWith('http')) throw new Error(`callApi: the page is not on the app (${page.url()})`);
  const response = await page.context().request.fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    data: init.body === undefined ? undefined : JSON.stringify(init.body),
    failOnStatusCode: false,
    maxRedirects: 0,
  });
  const text = await response.text();
  return { status: response.status(), body: parseJson<T>(text) };
}

/** `text` parsed as JSON, or null when it is empty or not JSON. */
function parseJson<T>(text: string): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The parts of `GET /api/me` the journeys read. */
export interface MeBody {
  user: { id: string; email: string; twoFactorEnabled: boolean; createdAt: string };
  role: string;
  plan: string;
  counts: { favorites: number };
  accounts: { providerId: string; accountId: string }[];
}

/** `GET /api/me` as the page's user; null when signed out (401). @throws Error on any other status */
export async function meOf(page: Page): Promise<MeBody | null> {
  const response = await callApi<MeBody>(page, '/api/me');
  if (response.status === 401) return null;
  if (response.status !== 200) throw new Error(`GET /api/me answered ${response.status}`);
  return response.body;
}

/**
 * Asks for a sign-in link for `email` through the API from `page` (the request the dialog makes) and waits for the mail.
 * @returns the captured mail and its link
 * @throws Error when the request is refused or no mail arrives in 10 s
 */
export async function requestMagicLink(
  env: AccountsEnv,
  page: Page,
  email: string,
): Promise<{ mail: CapturedMail; link: string }> {
  const before = env.mail.messages.length;
  const response = await callApi(page, '/api/auth/sign-in/magic-link', {
    method: 'POST',
    body: {
      email,
      callbackURL: '/auth/callback',
      newUserCallbackURL: '/auth/callback?new=1',
      errorCallbackURL: '/auth/callback',
    },
  });
  expect(response.status, `magic-link request for ${email}: ${JSON.stringify(response.body)}`).toBe(200);
  const mail = await env.mail.waitFor({ to: email, after: before });
  return { mail, link: magicLinkIn(mail) };
}

/** The avatar trigger of the signed-in shell (accessible name 'Account menu'). */
export const accountMenuButton = (page: Page) => page.getByRole('button', { name: 'Account menu' });

/**
 * Signs `page`'s context in as `email` by emailed link: the page must be on the app. Requests the link, opens it (the
 * server verifies it and redirects to /auth/callback), waits for 'Sign-in successful!' and for the move to /, then for the
 * avatar menu.
 * @returns the link used (single use: visiting it again must fail)
 */
export async function signInByMagicLink(env: AccountsEnv, page: Page, email: string): Promise<string> {
  const { link } = await requestMagicLink(env, page, email);
  await page.goto(link);
  await see(page.getByText('Sign-in successful!'));
  await eventually(() => new URL(page.url()).pathname, '/', SEE_TIMEOUT_MS);
  await see(accountMenuButton(page));
  return link;
}

/** Opens the avatar menu and picks 'Sign out'; waits for the signed-out shell ('Sign In') at /. */
export async function signOutViaMenu(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await eventually(() => new URL(page.url()).pathname, '/');
  await see(page.getByRole('button', { name: 'Sign In' }));
}

/** The cookie names the context holds for the app (to prove a session cookie came or went). */
export async function cookieNames(context: BrowserContext, origin: string): Promise<string[]> {
  return (await context.cookies(origin)).map((cookie) => cookie.name).sort();
}
