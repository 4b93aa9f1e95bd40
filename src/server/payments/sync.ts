import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isEntitlementName } from '@/shared/domain/plans';
import type { PurchaseSyncResponse } from '@/shared/schemas/payments';
import type { RevenueCatConfig } from '../config';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import {
  getSubscriptionStatus,
  isoOrNull,
  keepsSupportGrant,
  listEntitlementRows,
  upsertEntitlement,
} from './entitlements';

/**
 * The parts of RevenueCat's `GET /v1/subscribers/{app_user_id}` answer the reconciliation reads
 * (https://www.revenuecat.com/docs/api-v1): `subscriber.entitlements` by entitlement id (expires_date ISO 8601 or null for
 * a lifetime purchase, grace_period_expires_date, product_identifier) and `subscriber.subscriptions` by product id
 * (period_type, store, unsubscribe_detected_at, billing_issues_detected_at). Extra fields are allowed.
 */
const subscriberResponseSchema = z.looseObject({
  request_date_ms: z.number().int().optional(),
  subscriber: z.looseObject({
    entitlements: z.record(
      z.string(),
      z.looseObject({
        expires_date: z.string().nullable().optional(),
        grace_period_expires_date: z.string().nullable().optional(),
        product_identifier: z.string().nullable().optional(),
      }),
    ),
    subscriptions: z
      .record(
        z.string(),
        z.looseObject({
          period_type: z.string().nullable().optional(),
          store: z.string().nullable().optional(),
          unsubscribe_detected_at: z.string().nullable().optional(),
          billing_issues_detected_at: z.string().nullable().optional(),
        }),
      )
      .optional(),
  }),
});
export type RevenueCatSubscriber = z.infer<typeof subscriberResponseSchema>;

/** What {@link fetchSubscriber} found: the subscriber, or `null` when RevenueCat knows no such customer (404). */
export type SubscriberLookup = RevenueCatSubscriber | null;

/**
 * Asks RevenueCat's REST API for a customer: `GET {apiUrl}/v1/subscribers/{appUserId}` with the secret API key, giving up
 * after `apiTimeoutMs`.
 * @returns the parsed answer, or null for 404 (no such customer).
 * @throws AppError STORE_UNAVAILABLE (502) for a time-out, a network error, any other error status, or an answer that is
 *   not RevenueCat's shape.
 */
export async function fetchSubscriber({
  revenueCat,
  appUserId,
  fetchImpl = fetch,
}: {
  revenueCat: RevenueCatConfig & { apiKey: string };
  appUserId: string;
  fetchImpl?: typeof fetch;
}): Promise<SubscriberLookup> {
  const url = `${revenueCat.apiUrl}/v1/subscribers/${encodeURIComponent(appUserId)}`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { authorization: `Bearer ${revenueCat.apiKey}`, accept: 'application/json' },
      signal: AbortSignal.timeout(revenueCat.apiTimeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
    throw new AppError(
      'STORE_UNAVAILABLE',
      timedOut
        ? 'The App Store service did not answer in time; your purchases were not changed. Please try again.'
        : 'The App Store service could not be reached; your purchases were not changed. Please try again.',
      { cause: error },
    );
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new AppError(
      'STORE_UNAVAILABLE',
      `The App Store service answered ${response.status}; your purchases were not changed. Please try again.`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new AppError('STORE_UNAVAILABLE', 'The App Store service sent an unreadable answer.', { cause: error });
  }
  const parsed = subscriberResponseSchema.safeParse(body);
  if (!parsed.success) throw new AppError('STORE_UNAVAILABLE', 'The App Store service sent an unexpected answer.');
  return parsed.data;
}

const upper = (value: string | null | undefined): string | null => (value ? value.toUpperCase() : null);

/**
 * When access to an entitlement RevenueCat lists ends, ISO 8601: null when its expires_date is null (a lifetime purchase),
 * else the later of expires_date and grace_period_expires_date (a grace period that ended before a renewal must not cut
 * the renewed period short; one still running extends access past the expiry).
 */
export function accessEnd(entitlement: {
  expires_date?: string | null;
  grace_period_expires_date?: string | null;
}): string | null {
  const expires = isoOrNull(entitlement.expires_date ?? null);
  if (expires === null) return null;
  const grace = isoOrNull(entitlement.grace_period_expires_date ?? null);
  return grace !== null && new Date(grace).getTime() > new Date(expires).getTime() ? grace : expires;
}

/**
 * Reconciles a user's store entitlements with RevenueCat (what Restore calls after the wrapper reports RESTORE_COMPLETED):
 * - without an API key, answers the rows the server has (`source: 'local'`), changing nothing;
 * - with one, reads the customer from RevenueCat; each paid entitlement RevenueCat lists is written as it says (expiry:
 *   {@link accessEnd}; renewal off once an unsubscribe was detected or the period ended; billing issue flag), and every
 *   RevenueCat-sourced entitlement it no longer lists ends now. Active support grants (source 'admin') are left alone
 *   unless RevenueCat's entitlement of the same name lasts longer (see keepsSupportGrant). A 404 means RevenueCat has no
 *   purchases for the user. Writes happen in one transaction, after RevenueCat answered.
 * @throws AppError STORE_UNAVAILABLE (502) when RevenueCat fails or times out; nothing is changed then.
 */
export async function syncPurchases({
  db,
  userId,
  revenueCat,
  logger,
  fetchImpl,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  userId: string;
  revenueCat: RevenueCatConfig;
  logger: Logger;
  fetchImpl?: typeof fetch;
  now?: () => Date;
}): Promise<PurchaseSyncResponse> {
  if (!revenueCat.apiKey) return { ...(await getSubscriptionStatus({ db, userId, now })), source: 'local' };
  const subscriber = await fetchSubscriber({
    revenueCat: { ...revenueCat, apiKey: revenueCat.apiKey },
    appUserId: userId,
    fetchImpl,
  });
  const at = now();
  const asOfMs = subscriber?.request_date_ms ?? at.getTime();
  const listed = subscriber?.subscriber.entitlements ?? {};
  const subscriptions = subscriber?.subscriber.subscriptions ?? {};
  await db.transaction().execute(async (trx) => {
    const rows = await listEntitlementRows({ db: trx, userId });
    for (const [name, entitlement] of Object.entries(listed)) {
      if (!isEntitlementName(name)) continue;
      const productId = entitlement.product_identifier ?? null;
      const subscription = productId ? subscriptions[productId] : undefined;
      const expiresAt = accessEnd(entitlement);
      const row = rows.find((candidate) => candidate.name === name);
      if (keepsSupportGrant(row, expiresAt, at)) continue;
      const lastEventMs = Math.max(asOfMs, row?.last_event_ms === null || !row ? 0 : Number(row.last_event_ms));
      await upsertEntitlement(
        trx,
        {
          userId,
          name,
          productId,
          store: upper(subscription?.store) ?? row?.store ?? null,
          source: 'revenuecat',
          periodType: upper(subscription?.period_type) ?? row?.period_type ?? null,
          expiresAt,
          // Nothing renews once it has ended, or when it never ends (a lifetime purchase).
          willRenew:
            expiresAt !== null &&
            new Date(expiresAt).getTime() > at.getTime() &&
            (subscription ? !subscription.unsubscribe_detected_at : true),
          billingIssue: Boolean(subscription?.billing_issues_detected_at),
          lastEventMs,
        },
        at,
      );
    }
    for (const row of rows) {
      if (row.source !== 'revenuecat' || row.name in listed) continue;
      const expiresAt = isoOrNull(row.expires_at);
      if (expiresAt !== null && new Date(expiresAt).getTime() <= at.getTime()) continue;
      await trx
        .updateTable('entitlement')
        .set({ expires_at: at.toISOString(), will_renew: 0, updated_at: at.toISOString() })
        .where('id', '=', row.id)
        .execute();
      logger.info({ userId, entitlement: row.name, change: 'revoke', reason: 'sync' }, 'entitlement revoke');
    }
  });
  logger.info({ userId, entitlements: Object.keys(listed) }, 'purchases synced with RevenueCat');
  return { ...(await getSubscriptionStatus({ db, userId, now })), source: 'revenuecat' };
}
