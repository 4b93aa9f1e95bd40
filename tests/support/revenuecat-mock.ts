import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * RevenueCat's REST API v1 as the purchase sync sees it (https://www.revenuecat.com/docs/api-v1): a real HTTP server on a
 * random loopback port that answers `GET /v1/subscribers/{app_user_id}` with RevenueCat's customer info shape
 * (`{request_date, request_date_ms, subscriber: {entitlements, subscriptions, non_subscriptions, ...}}`), and only with
 * `Authorization: Bearer <apiKey>` (401 with RevenueCat's error body otherwise). A customer it was told nothing about is
 * answered as RevenueCat does for a new app user id: 200 with no entitlements and no subscriptions. Per customer, the mock
 * can instead answer another status (404, 500...) or never answer at all (time-out paths).
 */

/** One store purchase of a customer: the entitlement it unlocks and the subscription behind it. */
export interface MockPurchase {
  /** The entitlement identifier in RevenueCat (`pro`, `enterprise`, or anything else RevenueCat might list). */
  entitlement: string;
  productId: string;
  /** When access ends; null for a lifetime (non-renewing, never-ending) purchase. */
  expiresAt: Date | null;
  /** The end of a billing grace period, when the store gave one. */
  gracePeriodExpiresAt?: Date | null;
  /** Default: 30 days before `expiresAt`, or now. */
  purchasedAt?: Date;
  /** RevenueCat's lower-case period type: normal (default), trial, intro. */
  periodType?: 'normal' | 'trial' | 'intro';
  /** RevenueCat's lower-case store: app_store (default), play_store, stripe, promotional. */
  store?: string;
  /** Set when the customer turned auto-renewal off. */
  unsubscribeDetectedAt?: Date | null;
  /** Set while the store has a billing problem. */
  billingIssuesDetectedAt?: Date | null;
}

/** How the mock answers a customer: their purchases, another status (with an optional JSON body), or never. */
export type MockAnswer = { purchases: MockPurchase[] } | { status: number; body?: unknown } | { hang: true };

/** One request the mock received. */
export interface MockRequest {
  method: string;
  path: string;
  /** The decoded app user id of a `/v1/subscribers/{id}` request, else null. */
  appUserId: string | null;
  authorization: string | null;
}

/** The running mock. */
export interface RevenueCatMock {
  /** Base URL (no trailing slash): the value of REVENUECAT_API_URL. */
  url: string;
  /** The secret API key it accepts: the value of REVENUECAT_API_KEY. */
  apiKey: string;
  /** Sets how `GET /v1/subscribers/{appUserId}` answers from now on (kept until changed). */
  answer(appUserId: string, answer: MockAnswer): void;
  /** Every request so far, oldest first. */
  requests: MockRequest[];
  stop(): Promise<void>;
}

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/** The customer info (REST v1 `subscriber` object) of `appUserId` holding `purchases`. */
export function subscriberOf(appUserId: string, purchases: readonly MockPurchase[], now = new Date()) {
  const entitlements: Record<string, unknown> = {};
  const subscriptions: Record<string, unknown> = {};
  const nonSubscriptions: Record<string, unknown[]> = {};
  for (const purchase of purchases) {
    const purchasedAt =
      purchase.purchasedAt ??
      (purchase.expiresAt ? new Date(purchase.expiresAt.getTime() - 30 * 86_400_000) : new Date(now.getTime()));
    entitlements[purchase.entitlement] = {
      expires_date: iso(purchase.expiresAt),
      grace_period_expires_date: iso(purchase.gracePeriodExpiresAt),
      product_identifier: purchase.productId,
      purchase_date: purchasedAt.toISOString(),
    };
    if (purchase.expiresAt === null) {
      // A lifetime purchase is a non-subscription in RevenueCat's model.
      nonSubscriptions[purchase.productId] = [
        {
          id: `ns_${purchase.productId}`,
          is_sandbox: true,
          original_purchase_date: purchasedAt.toISOString(),
          purchase_date: purchasedAt.toISOString(),
          store: purchase.store ?? 'app_store',
          store_transaction_id: '2000000000000001',
        },
      ];
      continue;
    }
    subscriptions[purchase.productId] = {
      auto_resume_date: null,
      billing_issues_detected_at: iso(purchase.billingIssuesDetectedAt),
      display_name: null,
      expires_date: iso(purchase.expiresAt),
      grace_period_expires_date: iso(purchase.gracePeriodExpiresAt),
      is_sandbox: true,
      original_purchase_date: purchasedAt.toISOString(),
      ownership_type: 'PURCHASED',
      period_type: purchase.periodType ?? 'normal',
      purchase_date: purchasedAt.toISOString(),
      refunded_at: null,
      store: purchase.store ?? 'app_store',
      store_transaction_id: '1000000000000001',
      unsubscribe_detected_at: iso(purchase.unsubscribeDetectedAt),
    };
  }
  return {
    entitlements,
    first_seen: new Date(now.getTime() - 90 * 86_400_000).toISOString(),
    last_seen: now.toISOString(),
    management_url: Object.keys(subscriptions).length > 0 ? 'https://apps.apple.com/account/subscriptions' : null,
    non_subscriptions: nonSubscriptions,
    original_app_user_id: appUserId,
    original_application_version: '1.0',
    original_purchase_date: null,
    other_purchases: {},
    subscriptions,
    subscriber_attributes: {},
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Starts the mock on 127.0.0.1 and a free port.
 * @param apiKey the secret key it accepts (default a fixed test key).
 */
export async function startRevenueCatMock(apiKey = 'sk_test_barback_0123456789'): Promise<RevenueCatMock> {
  const answers = new Map<string, MockAnswer>();
  const requests: MockRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    const match = /^\/v1\/subscribers\/([^/]+)$/.exec(url.pathname);
    const appUserId = match?.[1] ? decodeURIComponent(match[1]) : null;
    const authorization = req.headers.authorization ?? null;
    requests.push({ method: req.method ?? '', path: url.pathname, appUserId, authorization });
    if (authorization !== `Bearer ${apiKey}`) {
      send(res, 401, { code: 7225, message: 'Invalid API Key.' });
      return;
    }
    if (req.method !== 'GET' || appUserId === null) {
      send(res, 404, { code: 7259, message: 'Not found.' });
      return;
    }
    const answer = answers.get(appUserId) ?? { purchases: [] };
    if ('hang' in answer) return; // never answers; stop() closes the socket
    if ('status' in answer) {
      send(res, answer.status, answer.body ?? { code: 7110, message: `Answered ${answer.status} on purpose.` });
      return;
    }
    const now = new Date();
    send(res, 200, {
      request_date: now.toISOString(),
      request_date_ms: now.getTime(),
      subscriber: subscriberOf(appUserId, answer.purchases, now),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    answer: (appUserId, answer) => void answers.set(appUserId, answer),
    requests,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
