import { randomBytes } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { magicLinkIn, type CapturedMail, type MailCapture } from '../../support/mail-capture';
import { pathIs } from './journey';

/**
 * Helpers of the accounts journeys: the page's own API calls (same cookies as the page), the magic-link sign-in the way a
 * person does it, sign-out, and the session cookie. The servers, the SMTP capture and the OAuth peer are fixtures
 * (fixtures.ts).
 */

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
  entitlements: string[];
  entitlementDetails: { name: string; productId: string | null; expiresAt: string | null }[];
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
  mail: MailCapture,
  page: Page,
  email: string,
): Promise<{ mail: CapturedMail; link: string }> {
  const before = mail.messages.length;
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
  const sent = await mail.waitFor({ to: email, after: before });
  return { mail: sent, link: magicLinkIn(sent) };
}

/** The avatar trigger of the signed-in shell (accessible name 'Account menu'). */
export const accountMenuButton = (page: Page) => page.getByRole('button', { name: 'Account menu' });

/**
 * Signs `page`'s context in as `email` by emailed link: the page must be on the app. Requests the link, opens it (the
 * server verifies it and redirects to /auth/callback), waits for 'Sign-in successful!' and for the move to /, then for the
 * avatar menu.
 * @returns the link used (single use: visiting it again must fail)
 */
export async function signInByMagicLink(mail: MailCapture, page: Page, email: string): Promise<string> {
  const { link } = await requestMagicLink(mail, page, email);
  await page.goto(link);
  await expect(page.getByText('Sign-in successful!').first()).toBeVisible();
  await expect(page).toHaveURL(pathIs('/'));
  await expect(accountMenuButton(page)).toBeVisible();
  return link;
}

/** Opens the avatar menu and picks 'Sign out'; waits for the signed-out shell ('Sign In') at /. */
export async function signOutViaMenu(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(pathIs('/'));
  await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
}

/** The cookie names the context holds for the app (to prove a session cookie came or went). */
export async function cookieNames(context: BrowserContext, origin: string): Promise<string[]> {
  return (await context.cookies(origin)).map((cookie) => cookie.name).sort();
}
