import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import {
  cycleForProduct,
  DEFAULT_PRICES_USD,
  entitlementForProduct,
  formatUsd,
  FREE_TRIAL_DAYS,
  PRODUCT_IDS,
} from '@/shared/domain/plans';
import { thisMachineOnly } from '../http/this-machine';
import {
  simulatedPurchaseSchema,
  simulatedRestoreSchema,
  webhookReceiptSchema,
  type RevenueCatWebhook,
  type SimulatedStoreResult,
  type WrapperSimulatorInfo,
} from '@/shared/schemas/payments';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { sameOriginGuard } from '../http/origin-guard';
import type { SessionReader } from '../http/current-session';
import { jsonBody } from '../http/validate';
import type { Logger } from '../logger';
import { activeEntitlementsOf } from './entitlements';

/** Length of a simulated subscription period, ms: a 30-day month or a 365-day year. */
const PERIOD_MS = { monthly: 30 * 86_400_000, annual: 365 * 86_400_000 } as const;
/** Length of Individual's free trial, ms ({@link FREE_TRIAL_DAYS} days): a first purchase starts with it. */
const TRIAL_MS = FREE_TRIAL_DAYS * 86_400_000;

/** The offerings the simulated App Store sells: Individual monthly and annual at the default US prices. */
export const SIMULATED_OFFERINGS: WrapperSimulatorInfo['offerings'] = {
  monthly: { price: formatUsd(DEFAULT_PRICES_USD.individual.monthly), productId: PRODUCT_IDS.individual.monthly },
  annual: { price: formatUsd(DEFAULT_PRICES_USD.individual.annual), productId: PRODUCT_IDS.individual.annual },
};

/**
 * The product ids the simulated App Store sells: exactly its offerings' (the app sells Individual in the wrapper; Enterprise
 * goes through sales, and RevenueCat's webhook grants it).
 */
export const SIMULATED_PRODUCT_IDS: ReadonlySet<string> = new Set(
  Object.values(SIMULATED_OFFERINGS).map((offering) => offering.productId),
);

/**
 * The simulated store's signature of a receipt: HMAC-SHA256 over the product and buyer with a key derived from the auth
 * secret, base64url. Only the server can make one, so a restore can only move purchases a device really holds.
 */
export function signSimulatedReceipt(secret: string, receipt: { productId: string; appUserId: string }): string {
  return createHmac('sha256', `wrapper-simulator-receipt:${secret}`)
    .update(`${receipt.productId}\n${receipt.appUserId}`)
    .digest('base64url');
}

/** True when `receipt` carries the simulated store's own signature (compared in constant time). */
export function isGenuineSimulatedReceipt(
  secret: string,
  receipt: { productId: string; appUserId: string; signature: string },
): boolean {
  const expected = Buffer.from(signSimulatedReceipt(secret, receipt));
  const given = Buffer.from(receipt.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Sends a request through the app itself (its full middleware chain), as an HTTP client would. */
export type Dispatch = (request: Request) => Promise<Response>;

/**
 * The server side of the wrapper simulator (development and tests; mounted at /api/wrapper-sim only when
 * `config.wrapperSimulator` is on, which config.ts refuses in production). It plays RevenueCat for the simulated iOS app:
 * a purchase or restore makes the server send itself a correctly authorised RevenueCat webhook for the signed-in user,
 * through the real `POST /api/webhooks/revenuecat`, so the whole loop is real except Apple. Since that grants a plan to
 * whoever asks, every route answers only requests from this machine (http/this-machine.ts; 404 for any other).
 * - `GET /` -> 200 `{enabled: true, offerings}`;
 * - `POST /purchase` `{productId}` -> 200 SimulatedStoreResult after an INITIAL_PURCHASE webhook, or a RENEWAL when the
 *   user held the entitlement before; the receipt names the buyer. As the App Store does, a first Individual purchase
 *   is the free trial: period_type TRIAL, expiring FREE_TRIAL_DAYS (7) days out; later ones are NORMAL periods;
 * - `POST /restore` `{receipts}` -> 200 SimulatedStoreResult after a TRANSFER webhook for each receipt bought by another
 *   app user (a restore on the same account sends none, as RevenueCat would not); every receipt must carry the simulated
 *   store's signature (400 otherwise), so a client cannot claim another user's purchase by naming their id.
 * Errors: 404 from another machine; 401 signed out; 400 for a product the store does not sell (any id but
 * {@link SIMULATED_PRODUCT_IDS}); 403 cross-site; 413 past 16 kB; 502 when the webhook was refused.
 */
export function wrapperSimulatorRoutes(deps: {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  sessions: SessionReader;
  dispatch: Dispatch;
}): Hono {
  const { db, config, logger, sessions, dispatch } = deps;
  const routes = new Hono();
  routes.use('*', thisMachineOnly(config));
  // Receipts are signed with the webhook secret: the simulator cannot work without it anyway.
  const receiptSecret = config.revenueCat.webhookAuth ?? '';

  const sendWebhook = async (event: RevenueCatWebhook['event']) => {
    const auth = config.revenueCat.webhookAuth;
    if (!auth) throw new AppError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.');
    const response = await dispatch(
      new Request(`${config.appUrl}/api/webhooks/revenuecat`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ api_version: '1.0', event } satisfies RevenueCatWebhook),
      }),
    );
    const text = await response.text();
    if (response.status !== 200) {
      logger.warn({ status: response.status, body: text }, 'wrapper simulator: webhook refused');
      throw new AppError('STORE_UNAVAILABLE', `The simulated store's webhook was refused (${response.status}).`);
    }
    const receipt = webhookReceiptSchema.parse(JSON.parse(text));
    return { id: receipt.eventId, type: event.type, outcome: receipt.outcome };
  };

  routes.get('/', (c) =>
    c.json({ enabled: true, offerings: SIMULATED_OFFERINGS } satisfies WrapperSimulatorInfo, 200, {
      'Cache-Control': 'no-store',
    }),
  );

  routes.post('/purchase', sameOriginGuard(config.trustedOrigins), jsonBody(simulatedPurchaseSchema), async (c) => {
    const { user } = await sessions.require(c);
    const { productId } = c.req.valid('json');
    const entitlement = entitlementForProduct(productId);
    const cycle = cycleForProduct(productId);
    if (!SIMULATED_PRODUCT_IDS.has(productId) || !entitlement || !cycle) {
      throw new AppError('VALIDATION_FAILED', `productId ${productId} is not on sale`);
    }
    const held = await db
      .selectFrom('entitlement')
      .select('id')
      .where('user_id', '=', user.id)
      .where('name', '=', entitlement)
      .executeTakeFirst();
    const now = Date.now();
    // Only a subscriber new to the plan gets the trial (the store's one-trial-per-account rule).
    const trial = !held && entitlement === 'pro';
    const event = await sendWebhook({
      id: randomUUID(),
      type: held ? 'RENEWAL' : 'INITIAL_PURCHASE',
      event_timestamp_ms: now,
      app_user_id: user.id,
      original_app_user_id: user.id,
      aliases: [user.id],
      product_id: productId,
      entitlement_ids: [entitlement],
      period_type: trial ? 'TRIAL' : 'NORMAL',
      purchased_at_ms: now,
      expiration_at_ms: now + (trial ? TRIAL_MS : PERIOD_MS[cycle]),
      store: 'APP_STORE',
      environment: 'SANDBOX',
    });
    const result: SimulatedStoreResult = {
      events: [event],
      activeEntitlements: await activeEntitlementsOf({ db, userId: user.id }),
      receipt: {
        productId,
        appUserId: user.id,
        signature: signSimulatedReceipt(receiptSecret, { productId, appUserId: user.id }),
      },
    };
    return c.json(result);
  });

  routes.post('/restore', sameOriginGuard(config.trustedOrigins), jsonBody(simulatedRestoreSchema), async (c) => {
    const { user } = await sessions.require(c);
    const { receipts } = c.req.valid('json');
    const events: SimulatedStoreResult['events'] = [];
    for (const receipt of receipts) {
      if (receipt.appUserId === user.id) continue;
      if (!isGenuineSimulatedReceipt(receiptSecret, receipt)) {
        throw new AppError('VALIDATION_FAILED', 'receipts: a receipt is not signed by the simulated store');
      }
      const entitlement = entitlementForProduct(receipt.productId);
      events.push(
        await sendWebhook({
          id: randomUUID(),
          type: 'TRANSFER',
          event_timestamp_ms: Date.now(),
          transferred_from: [receipt.appUserId],
          transferred_to: [user.id],
          entitlement_ids: entitlement ? [entitlement] : [],
          store: 'APP_STORE',
          environment: 'SANDBOX',
        }),
      );
    }
    const result: SimulatedStoreResult = {
      events,
      activeEntitlements: await activeEntitlementsOf({ db, userId: user.id }),
      receipt: null,
    };
    return c.json(result);
  });
  return routes;
}
