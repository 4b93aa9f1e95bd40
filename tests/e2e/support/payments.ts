import type { Page, Request } from '@playwright/test';
import type { MailCapture } from '../../support/mail-capture';
import { revenueCatEvent, TEST_WEBHOOK_AUTH, webhookBody } from '../../support/payments';
import { meOf, signInByMagicLink, uniqueEmail } from './accounts';
import type { TestServer } from './server';

/** Helpers of the payments journeys (payments-*.spec.ts). */

/** Every analytics event type the page sent to `POST /api/events` (fetch or beacon), in order. */
export function recordEventTypes(page: Page): string[] {
  const types: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/api/events') || request.method() !== 'POST') return;
    try {
      const body = JSON.parse(request.postData() ?? '{}') as { events?: { type: string }[] };
      for (const event of body.events ?? []) types.push(event.type);
    } catch {
      // not JSON: the server answers 400 and the test sees the event missing
    }
  });
  return types;
}

/** Posts a message into the page from a page script, as anything running in the page could. */
export async function postFromPage(page: Page, data: unknown): Promise<void> {
  await page.evaluate((message) => window.postMessage(message, window.location.origin), data);
}

/**
 * Opens `url` (which carries `?app=ios|web|toast`) and waits until the app has taken that environment from the URL and
 * stored it (localStorage 'bb:app-env'), as it does once its code runs. The page paints before its code has loaded, so
 * the load event alone does not say the app has read the URL; moving on sooner would drop the environment. With
 * `?wrapper=sim` it also waits until the tab remembers the wrapper simulator (sessionStorage 'bb:wrapper-sim').
 */
export async function openInEnvironment(page: Page, url: string): Promise<void> {
  const platform = new URL(url, 'http://app.invalid').searchParams.get('app');
  if (!platform) throw new Error(`openInEnvironment: ${url} has no ?app=`);
  await page.goto(url);
  await page.waitForFunction((wanted) => {
    try {
      return (
        (JSON.parse(window.localStorage.getItem('bb:app-env') ?? 'null') as { platform?: string } | null)?.platform ===
        wanted
      );
    } catch {
      return false;
    }
  }, platform);
  // The app remembers `?wrapper=sim` for the tab once its providers have started (after React's first commit, later
  // than the environment above): leaving the page before that, as a sign-in does at once, would lose it, and a later
  // purchase would wait for a simulator that never started.
  if (new URL(url, 'http://app.invalid').searchParams.get('wrapper') === 'sim') {
    await page.waitForFunction(() => window.sessionStorage.getItem('bb:wrapper-sim') === '1');
  }
}

/** Signs a fresh user in by emailed link on `page` (which ends at /). */
export async function signInFresh(page: Page, mail: MailCapture, label: string) {
  const email = uniqueEmail(label);
  await signInByMagicLink(mail, page, email);
  return email;
}

/**
 * Grants `pro` to the user signed in on `page` the way production does: an authorised RevenueCat INITIAL_PURCHASE webhook
 * posted from Node to the test server (whose env must hold PAYMENTS_ENV), then a reload so the session carries the plan.
 * @throws Error when the webhook is not answered 200
 */
export async function grantProByWebhook(page: Page, server: TestServer): Promise<void> {
  const me = await meOf(page);
  if (!me) throw new Error('grantProByWebhook: nobody is signed in');
  const response = await fetch(`${server.url}/api/webhooks/revenuecat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: TEST_WEBHOOK_AUTH },
    body: JSON.stringify(webhookBody(revenueCatEvent('INITIAL_PURCHASE', me.user.id))),
  });
  if (response.status !== 200) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
  await page.reload();
}

/**
 * A new Pro user signed in on `page`: opens the app, signs in a fresh address by magic link, grants pro by webhook.
 * @returns the user's email address
 */
export async function signInAsPro(page: Page, mail: MailCapture, server: TestServer, label: string): Promise<string> {
  await page.goto('/');
  const email = await signInFresh(page, mail, label);
  await grantProByWebhook(page, server);
  return email;
}
