import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { isEntitlementName, SEAT_ADDON_PRODUCT_ID, type EntitlementName } from '@/shared/domain/plans';
import type { RevenueCatEvent, RevenueCatWebhook, WebhookOutcome, WebhookReceipt } from '@/shared/schemas/payments';
import type { Database } from '../db/types';
import type { Logger } from '../logger';
import { isoOrNull, keepsSupportGrant, upsertEntitlement, type EntitlementRow } from './entitlements';

/** `webhook_event.provider` of RevenueCat's events. */
export const REVENUECAT_PROVIDER = 'revenuecat';

/**
 * True when `received` (the request's Authorization header) equals `expected`, compared in constant time: both are hashed
 * with SHA-256 first, so neither the content nor the length of the secret leaks through timing.
 */
export function authorizationMatches(received: string | undefined, expected: string): boolean {
  if (received === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(received), digest(expected));
}

/** Event types that start, continue or extend access to the entitlements they name. */
const GRANTING_TYPES = new Set<RevenueCatEvent['type']>([
  'INITIAL_PURCHASE',
  'RENEWAL',
  'PRODUCT_CHANGE',
  'UNCANCELLATION',
  'NON_RENEWING_PURCHASE',
  'SUBSCRIPTION_EXTENDED',
  'TEMPORARY_ENTITLEMENT_GRANT',
]);

/** Granting types that do not renew by themselves. */
const NON_RENEWING_TYPES = new Set<RevenueCatEvent['type']>(['NON_RENEWING_PURCHASE', 'TEMPORARY_ENTITLEMENT_GRANT']);

/** The paid entitlements an event names (`entitlement_ids`, or the older single `entitlement_id`); others are dropped. */
export function eventEntitlements(event: RevenueCatEvent): EntitlementName[] {
  const ids = event.entitlement_ids ?? (event.entitlement_id ? [event.entitlement_id] : []);
  return [...new Set(ids.filter(isEntitlementName))];
}

/** The app user ids an event names for its customer, strongest first: app_user_id, original_app_user_id, aliases. */
function customerIds(event: RevenueCatEvent): string[] {
  const ids = [event.app_user_id, event.original_app_user_id, ...(event.aliases ?? [])];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/** The first of `candidates` (in order) that is one of our user ids, or null. */
async function firstKnownUser(db: Kysely<Database>, candidates: readonly string[]): Promise<string | null> {
  if (candidates.length === 0) return null;
  const rows = await db
    .selectFrom('user')
    .select('id')
    .where('id', 'in', [...candidates])
    .execute();
  const known = new Set(rows.map((row) => row.id));
  return candidates.find((id) => known.has(id)) ?? null;
}

/** Every one of `candidates` that is one of our user ids. */
async function knownUsers(db: Kysely<Database>, candidates: readonly string[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const rows = await db
    .selectFrom('user')
    .select('id')
    .where('id', 'in', [...candidates])
    .execute();
  return rows.map((row) => row.id);
}

const msToIso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

/** What one event does to the row of one entitlement: the new row values, or null to leave it as it is. */
function nextRow(
  event: RevenueCatEvent,
  userId: string,
  name: EntitlementName,
  row: EntitlementRow | undefined,
  eventMs: number,
  now: Date,
): Parameters<typeof upsertEntitlement>[1] | null {
  const base = {
    userId,
    name,
    productId: event.product_id ?? row?.product_id ?? null,
    store: event.store ?? row?.store ?? null,
    source: 'revenuecat' as const,
    periodType: event.period_type ?? row?.period_type ?? null,
    expiresAt: row ? isoOrNull(row.expires_at) : null,
    willRenew: row ? Number(row.will_renew) === 1 : true,
    billingIssue: row ? Number(row.billing_issue) === 1 : false,
    lastEventMs: eventMs,
  };
  switch (event.type) {
    case 'PRODUCT_CHANGE':
      // Informational (RevenueCat): the new product takes effect with its own RENEWAL or INITIAL_PURCHASE. A held
      // entitlement stays exactly as it is; one not held yet is granted as the event describes it.
      if (row) {
        return {
          ...base,
          productId: row.product_id,
          store: row.store,
          periodType: row.period_type,
        };
      }
      return { ...base, expiresAt: msToIso(event.expiration_at_ms), willRenew: true, billingIssue: false };
    case 'INITIAL_PURCHASE':
    case 'RENEWAL':
    case 'UNCANCELLATION':
    case 'NON_RENEWING_PURCHASE':
    case 'SUBSCRIPTION_EXTENDED':
    case 'TEMPORARY_ENTITLEMENT_GRANT':
      return {
        ...base,
        // A null expiration is a purchase that never ends (a lifetime non-renewing purchase). A NON_RENEWING_PURCHASE that
        // leaves the field out is one too; other types that leave it out keep the row's expiration.
        expiresAt:
          event.expiration_at_ms === undefined && event.type !== 'NON_RENEWING_PURCHASE'
            ? base.expiresAt
            : msToIso(event.expiration_at_ms),
        willRenew: !NON_RENEWING_TYPES.has(event.type),
        billingIssue: false,
      };
    case 'CANCELLATION':
      // Access lasts until the expiration (a refund comes with an expiration at the refund time).
      return { ...base, expiresAt: msToIso(event.expiration_at_ms) ?? base.expiresAt, willRenew: false };
    case 'EXPIRATION': {
      const ended = Math.min(event.expiration_at_ms ?? eventMs, now.getTime());
      return { ...base, expiresAt: new Date(ended).toISOString(), willRenew: false };
    }
    case 'BILLING_ISSUE':
      // Access continues through the store's grace period, if it gives one.
      return {
        ...base,
        expiresAt: msToIso(event.grace_period_expiration_at_ms ?? event.expiration_at_ms) ?? base.expiresAt,
        billingIssue: true,
      };
    case 'SUBSCRIPTION_PAUSED':
      // Paused at the end of the period: access lasts until then, and it does not renew meanwhile.
      return { ...base, willRenew: false };
    default:
      return null;
  }
}

/** True when `eventMs` is older than the last event applied to `row`: such an event must not undo a newer one. */
function isStale(row: EntitlementRow | undefined, eventMs: number): boolean {
  if (!row || row.last_event_ms === null) return false;
  return eventMs < Number(row.last_event_ms);
}

async function rowsOf(trx: Transaction<Database>, userId: string): Promise<EntitlementRow[]> {
  return trx.selectFrom('entitlement').selectAll().where('user_id', '=', userId).execute();
}

/** Applies a TRANSFER: RevenueCat-sourced entitlements move from the `transferred_from` users to the first known `to` user. */
async function applyTransfer(
  trx: Transaction<Database>,
  event: RevenueCatEvent,
  eventMs: number,
  now: Date,
  log: (change: string, userId: string, name: string, extra?: Record<string, unknown>) => void,
): Promise<{ outcome: WebhookOutcome; userId: string | null }> {
  const target = await firstKnownUser(trx, event.transferred_to ?? []);
  if (!target) return { outcome: 'unknown_user', userId: null };
  const sources = (await knownUsers(trx, event.transferred_from ?? [])).filter((id) => id !== target);
  const named = eventEntitlements(event);
  const listed = event.entitlement_ids ?? (event.entitlement_id ? [event.entitlement_id] : []);
  // An event that names entitlements, none of them ours, moves nothing (rather than everything).
  if (listed.length > 0 && named.length === 0) return { outcome: 'no_entitlement', userId: target };
  const targetRows = await rowsOf(trx, target);
  let moved = 0;
  let stale = 0;
  for (const source of sources) {
    for (const row of await rowsOf(trx, source)) {
      if (row.source !== 'revenuecat' || !isEntitlementName(row.name)) continue;
      if (named.length > 0 && !named.includes(row.name)) continue;
      const existing = targetRows.find((candidate) => candidate.name === row.name);
      if (isStale(row, eventMs) || isStale(existing, eventMs)) {
        stale += 1;
        continue;
      }
      // The receiving user's longer support grant stays; the store entitlement still leaves the sender.
      if (!keepsSupportGrant(existing, isoOrNull(row.expires_at), now)) {
        await upsertEntitlement(
          trx,
          {
            userId: target,
            name: row.name,
            productId: row.product_id,
            store: row.store,
            source: 'revenuecat',
            periodType: row.period_type,
            expiresAt: isoOrNull(row.expires_at),
            willRenew: Number(row.will_renew) === 1,
            billingIssue: Number(row.billing_issue) === 1,
            lastEventMs: eventMs,
          },
          now,
        );
      }
      await trx.deleteFrom('entitlement').where('id', '=', row.id).execute();
      log('revoke', source, row.name, { reason: 'transferred', to: target });
      log('grant', target, row.name, { reason: 'transferred', from: source, expiresAt: isoOrNull(row.expires_at) });
      moved += 1;
    }
  }
  if (moved > 0) return { outcome: 'applied', userId: target };
  return { outcome: stale > 0 ? 'stale' : 'no_entitlement', userId: target };
}

/**
 * Adds one bought staff seat to the purchaser's venue inside the webhook's transaction (the venues feature's
 * addPurchasedSeat, handed in by the app): the venue and its new limit, or null when the purchaser owns none.
 */
export type AddPurchasedSeat = (
  db: Kysely<Database>,
  userId: string,
) => Promise<{ organizationId: string; limit: number } | null>;

/** Purchases of the seat add-on (SEAT_ADDON_PRODUCT_ID) add a seat; its other events (refunds) change nothing. */
const SEAT_PURCHASE_TYPES = new Set<RevenueCatEvent['type']>(['NON_RENEWING_PURCHASE', 'INITIAL_PURCHASE']);

/**
 * Applies one RevenueCat webhook to the entitlements, exactly once per event id, in one transaction:
 * - the event id is claimed in `webhook_event` first; an id seen before answers 'replayed' and changes nothing (also when
 *   two deliveries race: the second waits on the unique key and finds the first);
 * - the customer is the first known user among app_user_id, original_app_user_id and aliases (app_user_id is our user id);
 *   unknown users ('unknown_user') and events naming no paid entitlement ('no_entitlement') are recorded, nothing granted;
 * - PRODUCT_CHANGE is informational: a held entitlement stays as it is until the new product's own renewal (one not
 *   held yet is granted as the event describes it);
 * - INITIAL_PURCHASE, RENEWAL, UNCANCELLATION, SUBSCRIPTION_EXTENDED grant or extend until
 *   expiration_at_ms (renewing); NON_RENEWING_PURCHASE and TEMPORARY_ENTITLEMENT_GRANT likewise without renewal (no
 *   expiration: never ends); CANCELLATION keeps access until expiration_at_ms and stops renewal; EXPIRATION ends access at
 *   the expiration (never later than now); BILLING_ISSUE flags the row and keeps access through the grace period;
 *   SUBSCRIPTION_PAUSED stops renewal; TRANSFER moves RevenueCat-sourced entitlements from `transferred_from` users to the
 *   first known `transferred_to` user; TEST changes nothing ('ignored');
 * - a purchase of the Enterprise seat add-on (SEAT_ADDON_PRODUCT_ID) adds one staff seat to the venue the purchaser owns
 *   (`addSeat`; 'applied'), or changes nothing when they own none or no `addSeat` is given ('ignored');
 * - an active support grant (source 'admin') is never cut short: a store event that would give less access leaves it as it
 *   is ('ignored' when that was all the event would do; see {@link keepsSupportGrant});
 * - an event older (event_timestamp_ms) than the last one applied to the same user and entitlement is 'stale' and changes
 *   nothing, so a late delivery never undoes a newer state.
 * Every grant and revoke is logged with the event id.
 * @param now the clock (default: the system clock); an event without event_timestamp_ms is timed by it.
 * @returns the event id and the outcome.
 * @throws the database's error (the transaction then rolls back, and RevenueCat retries the delivery).
 */
export async function applyRevenueCatWebhook({
  db,
  webhook,
  logger,
  addSeat,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  webhook: RevenueCatWebhook;
  logger: Logger;
  addSeat?: AddPurchasedSeat;
  now?: () => Date;
}): Promise<WebhookReceipt> {
  const { event } = webhook;
  const at = now();
  const eventMs = event.event_timestamp_ms ?? at.getTime();
  const changes: { change: string; userId: string; name: string; extra?: Record<string, unknown> }[] = [];
  const log = (change: string, userId: string, name: string, extra?: Record<string, unknown>) =>
    changes.push({ change, userId, name, extra });

  const receipt = await db.transaction().execute(async (trx): Promise<WebhookReceipt> => {
    const claimed = await trx
      .insertInto('webhook_event')
      .values({
        provider: REVENUECAT_PROVIDER,
        event_id: event.id,
        type: event.type,
        app_user_id: event.app_user_id ?? null,
        user_id: null,
        event_timestamp_ms: event.event_timestamp_ms ?? null,
        outcome: 'ignored',
        payload: JSON.stringify(webhook),
        received_at: at.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return { eventId: event.id, outcome: 'replayed' };

    let outcome: WebhookOutcome;
    let userId: string | null = null;
    if (event.type === 'TEST') {
      outcome = 'ignored';
    } else if (event.type === 'TRANSFER') {
      ({ outcome, userId } = await applyTransfer(trx, event, eventMs, at, log));
    } else if (event.product_id === SEAT_ADDON_PRODUCT_ID) {
      userId = await firstKnownUser(trx, customerIds(event));
      if (!userId) outcome = 'unknown_user';
      else if (!SEAT_PURCHASE_TYPES.has(event.type) || !addSeat) outcome = 'ignored';
      else {
        const seat = await addSeat(trx, userId);
        if (seat) log('seat', userId, 'enterprise', { venue: seat.organizationId, seats: seat.limit });
        outcome = seat ? 'applied' : 'ignored';
      }
    } else {
      userId = await firstKnownUser(trx, customerIds(event));
      const names = eventEntitlements(event);
      if (!userId) outcome = 'unknown_user';
      else if (names.length === 0) outcome = 'no_entitlement';
      else {
        const rows = await rowsOf(trx, userId);
        let applied = 0;
        let keptGrants = 0;
        for (const name of names) {
          const row = rows.find((candidate) => candidate.name === name);
          if (isStale(row, eventMs)) continue;
          const write = nextRow(event, userId, name, row, eventMs, at);
          if (!write) continue;
          if (keepsSupportGrant(row, write.expiresAt, at)) {
            keptGrants += 1;
            continue;
          }
          await upsertEntitlement(trx, write, at);
          applied += 1;
          const granting = GRANTING_TYPES.has(event.type);
          const ended = event.type === 'EXPIRATION';
          log(granting ? 'grant' : ended ? 'revoke' : event.type.toLowerCase(), userId, name, {
            expiresAt: write.expiresAt,
            willRenew: write.willRenew,
          });
        }
        outcome = applied > 0 ? 'applied' : keptGrants > 0 ? 'ignored' : 'stale';
      }
    }
    await trx
      .updateTable('webhook_event')
      .set({ outcome, user_id: userId })
      .where('provider', '=', REVENUECAT_PROVIDER)
      .where('event_id', '=', event.id)
      .execute();
    return { eventId: event.id, outcome };
  });

  for (const { change, userId, name, extra } of changes) {
    logger.info(
      { eventId: event.id, eventType: event.type, userId, entitlement: name, change, ...extra },
      `entitlement ${change}`,
    );
  }
  if (receipt.outcome !== 'applied') {
    logger.info(
      { eventId: event.id, eventType: event.type, appUserId: event.app_user_id ?? null, outcome: receipt.outcome },
      'webhook event not applied',
    );
  }
  return receipt;
}
