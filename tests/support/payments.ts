import { randomUUID } from 'node:crypto';
import type { MeResponse } from '@/shared/schemas/account';
import type { RevenueCatEvent, RevenueCatWebhook, WebhookReceipt } from '@/shared/schemas/payments';
import type { SessionData } from '@/shared/schemas/session';
import type { CookieJar } from './cookie-jar';
import type { TestApp } from './test-app';

/**
 * Helpers for the payments tests: RevenueCat webhook events shaped as RevenueCat sends them
 * (https://www.revenuecat.com/docs/integrations/webhooks/event-types-and-fields), a way to post them, and the two reads a
 * client makes of a user's plan (`GET /api/me` and `GET /api/auth/get-session`).
 */

/** The Authorization header test apps expect on RevenueCat's webhook (what RevenueCat's dashboard would be set to send). */
export const TEST_WEBHOOK_AUTH = 'Bearer test-webhook-secret-0123456789';

/** Environment for a test app whose webhook is configured: pass as `createTestApp({env: PAYMENTS_ENV})`. */
export const PAYMENTS_ENV: Record<string, string> = { REVENUECAT_WEBHOOK_AUTH: TEST_WEBHOOK_AUTH };

/** One day, ms. */
export const DAY_MS = 86_400_000;

/** The monthly Individual product (grants pro). */
export const PRO_MONTHLY = 'app.barback.pro.monthly';
/** The annual Individual product (grants pro). */
export const PRO_ANNUAL = 'app.barback.pro.annual';
/** The monthly Enterprise product (grants enterprise). */
export const ENTERPRISE_MONTHLY = 'app.barback.enterprise.monthly';
/** The annual Enterprise product (grants enterprise). */
export const ENTERPRISE_ANNUAL = 'app.barback.enterprise.annual';

/**
 * A RevenueCat webhook event for `appUserId` with RevenueCat's usual fields: a fresh id, event_timestamp_ms now, the
 * monthly pro product unlocking `['pro']`, a NORMAL period bought now and ending in 30 days, App Store, sandbox, and the
 * user as app_user_id, original_app_user_id and only alias. `overrides` replaces any field (undefined removes it).
 */
export function revenueCatEvent(
  type: RevenueCatEvent['type'],
  appUserId: string | null,
  overrides: Partial<Record<keyof RevenueCatEvent, unknown>> = {},
): RevenueCatEvent {
  const now = Date.now();
  const event: Record<string, unknown> = {
    id: randomUUID(),
    type,
    event_timestamp_ms: now,
    app_id: 'app1234567890',
    app_user_id: appUserId,
    original_app_user_id: appUserId,
    aliases: appUserId === null ? [] : [appUserId],
    product_id: PRO_MONTHLY,
    entitlement_id: null,
    entitlement_ids: ['pro'],
    period_type: 'NORMAL',
    purchased_at_ms: now,
    expiration_at_ms: now + 30 * DAY_MS,
    store: 'APP_STORE',
    environment: 'SANDBOX',
    currency: 'USD',
    price: 4.99,
    price_in_purchased_currency: 4.99,
    country_code: 'US',
    transaction_id: `1000000${Math.floor(Math.random() * 1e9)}`,
    original_transaction_id: '1000000000000001',
    is_family_share: false,
    presented_offering_id: 'default',
    subscriber_attributes: {},
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete event[key];
    else event[key] = value;
  }
  return event as RevenueCatEvent;
}

/** `{api_version: '1.0', event}`: the body RevenueCat posts. */
export function webhookBody(event: RevenueCatEvent): RevenueCatWebhook {
  return { api_version: '1.0', event };
}

/**
 * Posts `body` (an event, wrapped as RevenueCat does, or a raw string sent as it is) to `POST /api/webhooks/revenuecat`
 * with `authorization` (default {@link TEST_WEBHOOK_AUTH}; null sends no Authorization header), no Origin and no cookie,
 * as RevenueCat's servers do.
 */
export function postWebhook<T = WebhookReceipt>(
  t: TestApp,
  body: RevenueCatEvent | string,
  authorization: string | null = TEST_WEBHOOK_AUTH,
): Promise<{ status: number; headers: Headers; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== null) headers.authorization = authorization;
  return t.json<T>('/api/webhooks/revenuecat', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(webhookBody(body)),
  });
}

/** `GET /api/me` of the user signed in with `jar`. @throws unless it answers 200. */
export async function meOf(t: TestApp, jar: CookieJar): Promise<MeResponse> {
  const { status, body } = await t.json<MeResponse>('/api/me', { headers: jar.headers() });
  if (status !== 200) throw new Error(`GET /api/me answered ${status}`);
  return body;
}

/** `GET /api/auth/get-session` of the user signed in with `jar` (the browser's session read). @throws unless signed in. */
export async function sessionOf(t: TestApp, jar: CookieJar): Promise<SessionData> {
  const { status, body } = await t.json<SessionData | null>('/api/auth/get-session', { headers: jar.headers() });
  if (status !== 200 || !body) throw new Error(`GET /api/auth/get-session answered ${status} without a session`);
  return body;
}

/**
 * What a client sees of a user's plan, read both ways: `GET /api/me` (plan, active entitlement names) and the session
 * read's `user.appMetadata`. @throws when the two disagree, so every caller checks that they agree.
 */
export async function planSeenBy(
  t: TestApp,
  jar: CookieJar,
): Promise<{ plan: MeResponse['plan']; entitlements: MeResponse['entitlements']; me: MeResponse }> {
  const [me, session] = await Promise.all([meOf(t, jar), sessionOf(t, jar)]);
  const fromMe = { entitlements: me.entitlements, plan: me.plan, lapsed: me.lapsed };
  const fromSession = session.user.appMetadata;
  if (JSON.stringify(fromSession) !== JSON.stringify(fromMe)) {
    throw new Error(`/api/me says ${JSON.stringify(fromMe)} but get-session says ${JSON.stringify(fromSession)}`);
  }
  return { ...fromMe, me };
}

/** The `webhook_event` rows of `eventId` (zero or one), as stored. */
export function webhookEventRows(t: TestApp, eventId: string) {
  return t.database.db.selectFrom('webhook_event').selectAll().where('event_id', '=', eventId).execute();
}

/** Number of rows in `webhook_event` and `entitlement`, to show that a refused request stored nothing. */
export async function paymentRowCounts(t: TestApp): Promise<{ webhookEvents: number; entitlements: number }> {
  const count = async (table: 'webhook_event' | 'entitlement') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { webhookEvents: await count('webhook_event'), entitlements: await count('entitlement') };
}
