import { z } from 'zod';
import { ENTITLEMENT_NAMES, PLAN_NAMES } from '../domain/plans';

/**
 * Payments contracts: RevenueCat's webhook (what `POST /api/webhooks/revenuecat` reads), the entitlements the API reports,
 * the purchase sync, the native wrapper's window messages, and the wrapper simulator's calls.
 */

// ---------------------------------------------------------------------------------------------------------------------
// RevenueCat webhook (https://www.revenuecat.com/docs/integrations/webhooks/event-types-and-fields).

/** The event types RevenueCat sends that the server understands. */
export const REVENUECAT_EVENT_TYPES = [
  'INITIAL_PURCHASE',
  'RENEWAL',
  'PRODUCT_CHANGE',
  'CANCELLATION',
  'UNCANCELLATION',
  'NON_RENEWING_PURCHASE',
  'EXPIRATION',
  'BILLING_ISSUE',
  'SUBSCRIPTION_PAUSED',
  'SUBSCRIPTION_EXTENDED',
  'TRANSFER',
  'TEMPORARY_ENTITLEMENT_GRANT',
  'TEST',
] as const;
export type RevenueCatEventType = (typeof REVENUECAT_EVENT_TYPES)[number];

/** A millisecond timestamp (RevenueCat's `*_ms` fields): a whole number within ±8.64e15 (JavaScript's date range). */
const epochMs = z.number().int().min(-8.64e15).max(8.64e15);
/** An app user id or alias: RevenueCat's ids are text of at most 512 characters here. */
const appUserId = z.string().max(512);

/**
 * One RevenueCat webhook event. Only `id` and `type` are always required; the other fields are read when present, and any
 * field RevenueCat adds is allowed (loose object). Fields: the ids of the customer (`app_user_id` is our user id,
 * `original_app_user_id`, `aliases`), the product and the entitlements it unlocks, the period type (NORMAL, TRIAL, INTRO,
 * PROMOTIONAL, PREPAID), the purchase and expiration times (ms since the epoch; expiration null for a purchase that never
 * expires), the store and environment, and for TRANSFER the customers the purchases moved from and to.
 */
export const revenueCatEventSchema = z.looseObject({
  id: z.string().min(1, 'event.id is required').max(200),
  type: z.enum(REVENUECAT_EVENT_TYPES, { error: 'event.type is not a RevenueCat event type this server knows' }),
  event_timestamp_ms: epochMs.optional(),
  app_user_id: appUserId.nullish(),
  original_app_user_id: appUserId.nullish(),
  aliases: z.array(appUserId).max(100).nullish(),
  product_id: z.string().max(200).nullish(),
  new_product_id: z.string().max(200).nullish(),
  entitlement_id: z.string().max(200).nullish(),
  entitlement_ids: z.array(z.string().max(200)).max(50).nullish(),
  period_type: z.string().max(40).nullish(),
  purchased_at_ms: epochMs.nullish(),
  expiration_at_ms: epochMs.nullish(),
  grace_period_expiration_at_ms: epochMs.nullish(),
  store: z.string().max(40).nullish(),
  environment: z.string().max(40).nullish(),
  cancel_reason: z.string().max(60).nullish(),
  expiration_reason: z.string().max(60).nullish(),
  transferred_from: z.array(appUserId).max(100).nullish(),
  transferred_to: z.array(appUserId).max(100).nullish(),
});
export type RevenueCatEvent = z.infer<typeof revenueCatEventSchema>;

/** Body of `POST /api/webhooks/revenuecat`: `{api_version, event}` (extra fields allowed). */
export const revenueCatWebhookSchema = z.looseObject({
  api_version: z.string().max(20).optional(),
  event: revenueCatEventSchema,
});
export type RevenueCatWebhook = z.infer<typeof revenueCatWebhookSchema>;

/**
 * What the server did with a webhook event (stored on `webhook_event.outcome` and answered to RevenueCat):
 * - applied: entitlements were granted, extended, changed or revoked;
 * - replayed: this event id was seen before; nothing changed;
 * - stale: an older event than one already applied for the same user and entitlement; nothing changed;
 * - unknown_user: no user has the event's app user id (or aliases); nothing granted;
 * - no_entitlement: the event names no entitlement this server grants; nothing granted;
 * - ignored: an event that changes no access (TEST, or a store event that would cut an active support grant short).
 */
export const WEBHOOK_OUTCOMES = ['applied', 'replayed', 'stale', 'unknown_user', 'no_entitlement', 'ignored'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** `POST /api/webhooks/revenuecat` answer (200): the event id and what was done with it. */
export const webhookReceiptSchema = z.object({ eventId: z.string(), outcome: z.enum(WEBHOOK_OUTCOMES) });
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Entitlements as the API reports them.

/** Where an entitlement came from: a store purchase through RevenueCat, or a grant by support staff (`npm run admin`). */
export const ENTITLEMENT_SOURCES = ['revenuecat', 'admin'] as const;
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number];

/**
 * One entitlement of the signed-in user: name, the product that grants it, the store (APP_STORE...; null for a support
 * grant), source, period type (NORMAL, TRIAL...), expiresAt (ISO 8601; null when it never ends), whether it renews
 * (willRenew: false after a cancellation), a billing problem (billingIssue), and updatedAt (ISO 8601).
 */
export const entitlementSchema = z.object({
  name: z.enum(ENTITLEMENT_NAMES),
  productId: z.string().nullable(),
  store: z.string().nullable(),
  source: z.enum(ENTITLEMENT_SOURCES),
  periodType: z.string().nullable(),
  expiresAt: z.string().nullable(),
  willRenew: z.boolean(),
  billingIssue: z.boolean(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type Entitlement = z.infer<typeof entitlementSchema>;

/** A plan, derived from the active entitlements (docs/product.md, Records). */
export const planNameSchema = z.enum(PLAN_NAMES);

/**
 * The entitlements part of `GET /api/me` and of the purchase sync: the plan, the active entitlement names
 * (app_metadata.entitlements in docs/product.md, Records), each entitlement's details (active and lapsed ones) and
 * whether the paid plan lapsed.
 */
export const subscriptionStatusSchema = z.object({
  plan: planNameSchema,
  entitlements: z.array(z.enum(ENTITLEMENT_NAMES)),
  details: z.array(entitlementSchema),
  /** True when a paid plan ended and none is active (hasLapsed in domain/plans.ts): data stays readable, adding is paid. */
  lapsed: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * `POST /api/me/purchases/sync` answer: the status after reconciling with RevenueCat (`source: 'revenuecat'`), or the
 * rows the server already has when no RevenueCat API key is configured (`source: 'local'`).
 */
export const purchaseSyncResponseSchema = subscriptionStatusSchema.extend({
  source: z.enum(['revenuecat', 'local']),
});
export type PurchaseSyncResponse = z.infer<typeof purchaseSyncResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// The native wrapper's window messages (docs/product.md, Calls, "Native wrapper messages").

/** `type` of the messages the page sends to the wrapper. */
export const RC_REQUEST_TYPE = 'RC_REQUEST';
/** `type` of the messages the wrapper sends to the page. */
export const RC_EVENT_TYPE = 'RC_EVENT';

/** What the page asks the wrapper: the offerings, a purchase of a product, or a restore. */
export const rcRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ type: z.literal(RC_REQUEST_TYPE), action: z.literal('GET_OFFERINGS') }),
  z.strictObject({ type: z.literal(RC_REQUEST_TYPE), action: z.literal('PURCHASE'), productId: z.string().min(1) }),
  z.strictObject({ type: z.literal(RC_REQUEST_TYPE), action: z.literal('RESTORE') }),
]);
export type RcRequest = z.infer<typeof rcRequestSchema>;

/** One priced package of the wrapper's offerings: the store's localized price text and the product id. */
export const offeringPackageSchema = z.strictObject({
  price: z.string().min(1).max(40),
  productId: z.string().min(1).max(200),
});
export type OfferingPackage = z.infer<typeof offeringPackageSchema>;

/**
 * The wrapper's events, exactly (strict objects: anything else is ignored):
 * - OFFERINGS `{monthly, annual}` (each `{price, productId}`), replacing the default Individual prices;
 * - ERROR `{message}` (an empty message reads 'Purchase error');
 * - PURCHASE_UPDATED (data optional: the store's own report, never trusted for access);
 * - RESTORE_COMPLETED `{activeEntitlements}` (what the store found; the server decides what counts).
 */
export const rcEventSchema = z.discriminatedUnion('name', [
  z.strictObject({
    type: z.literal(RC_EVENT_TYPE),
    name: z.literal('OFFERINGS'),
    data: z.strictObject({ monthly: offeringPackageSchema, annual: offeringPackageSchema }),
  }),
  z.strictObject({
    type: z.literal(RC_EVENT_TYPE),
    name: z.literal('ERROR'),
    data: z.strictObject({ message: z.string().max(500).optional() }).optional(),
  }),
  z.strictObject({
    type: z.literal(RC_EVENT_TYPE),
    name: z.literal('PURCHASE_UPDATED'),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
  z.strictObject({
    type: z.literal(RC_EVENT_TYPE),
    name: z.literal('RESTORE_COMPLETED'),
    data: z.strictObject({ activeEntitlements: z.array(z.string().max(200)).max(50) }),
  }),
]);
export type RcEvent = z.infer<typeof rcEventSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// The wrapper simulator (development and tests: WRAPPER_SIMULATOR=1).

/** `GET /api/wrapper-sim` answer: the simulator is on, with the offerings it plays. */
export const wrapperSimulatorInfoSchema = z.object({
  enabled: z.literal(true),
  offerings: z.object({ monthly: offeringPackageSchema, annual: offeringPackageSchema }),
});
export type WrapperSimulatorInfo = z.infer<typeof wrapperSimulatorInfoSchema>;

/** Body of `POST /api/wrapper-sim/purchase`: the product bought (one of the offerings' product ids) and the cycle. */
export const simulatedPurchaseSchema = z.strictObject({
  productId: z.string({ error: 'productId is required' }).min(1, 'productId is required').max(200),
});

/**
 * A purchase the simulated store remembers for its device (the simulator's stand-in for an Apple ID's receipts): the
 * product, the app user who bought it, and the store's signature over both.
 */
export const simulatedReceiptSchema = z.strictObject({
  productId: z.string().min(1).max(200),
  appUserId: z.string().min(1).max(200),
  /**
   * The simulated store's signature of the receipt (HMAC-SHA256 by the server, base64url), as a real store signs its
   * receipts: a client cannot make up a receipt naming someone else's purchase.
   */
  signature: z.string().min(1).max(200),
});
export type SimulatedReceipt = z.infer<typeof simulatedReceiptSchema>;

/** Body of `POST /api/wrapper-sim/restore`: the device's receipts (at most 20). */
export const simulatedRestoreSchema = z.strictObject({
  receipts: z.array(simulatedReceiptSchema).max(20, 'receipts must hold at most 20 receipts'),
});

/** Answer of the simulator's purchase and restore: the webhook events it sent and the active entitlements after them. */
export const simulatedStoreResultSchema = z.object({
  events: z.array(z.object({ id: z.string(), type: z.string(), outcome: z.enum(WEBHOOK_OUTCOMES) })),
  activeEntitlements: z.array(z.enum(ENTITLEMENT_NAMES)),
  receipt: simulatedReceiptSchema.nullable(),
});
export type SimulatedStoreResult = z.infer<typeof simulatedStoreResultSchema>;
