import type { Kysely, Selectable } from 'kysely';
import {
  activeEntitlementNames,
  hasLapsed,
  isEntitlementActive,
  isEntitlementName,
  planFromEntitlements,
  type EntitlementName,
} from '@/shared/domain/plans';
import type { Entitlement, EntitlementSource, SubscriptionStatus } from '@/shared/schemas/payments';
import type { Database, EntitlementTable } from '../db/types';
import { AppError } from '../errors';
import { iso } from '../lib/iso';

/** A stored entitlement row as read. */
export type EntitlementRow = Selectable<EntitlementTable>;

/** A timestamp column as ISO 8601 (SQLite gives text, PostgreSQL a Date, see lib/iso.ts); null, or no valid time, is null. */
export function isoOrNull(value: Date | string | null): string | null {
  if (value === null) return null;
  try {
    return iso(value);
  } catch {
    return null;
  }
}

/** One row as the API reports it, with `active` judged at `now`. */
export function toEntitlement(row: EntitlementRow, now: Date): Entitlement {
  const expiresAt = isoOrNull(row.expires_at);
  return {
    name: isEntitlementName(row.name) ? row.name : 'pro',
    productId: row.product_id,
    store: row.store,
    source: (row.source === 'admin' ? 'admin' : 'revenuecat') satisfies EntitlementSource,
    periodType: row.period_type,
    expiresAt,
    willRenew: Number(row.will_renew) === 1,
    billingIssue: Number(row.billing_issue) === 1,
    active: isEntitlementActive({ expiresAt }, now),
    updatedAt: isoOrNull(row.updated_at) ?? new Date(0).toISOString(),
  };
}

/** Every entitlement row of a user (active and lapsed), 'enterprise' before 'pro'. Only `userId`'s rows are read. */
export async function listEntitlementRows({
  db,
  userId,
}: {
  db: Kysely<Database>;
  userId: string;
}): Promise<EntitlementRow[]> {
  return db
    .selectFrom('entitlement')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * The user's plan, active entitlement names, every entitlement's details and whether the paid plan lapsed (hasLapsed),
 * judged at `now` (default: the system clock):
 * an entitlement whose expires_at has passed stops counting at that instant (docs/product.md, Records, for the plan).
 * @param rows the user's rows when this request already read them (CurrentSession.entitlementRows); read otherwise
 */
export async function getSubscriptionStatus({
  db,
  userId,
  now = () => new Date(),
  rows,
}: {
  db: Kysely<Database>;
  userId: string;
  now?: () => Date;
  rows?: readonly EntitlementRow[] | undefined;
}): Promise<SubscriptionStatus> {
  const at = now();
  const details = (rows ?? (await listEntitlementRows({ db, userId }))).map((row) => toEntitlement(row, at));
  const entitlements = activeEntitlementNames(details, at);
  return { plan: planFromEntitlements(entitlements), entitlements, details, lapsed: hasLapsed(details, 'pro', at) };
}

/** The active entitlement names of a user at `now` (what the session read and the entitlement gate use). */
export async function activeEntitlementsOf(options: {
  db: Kysely<Database>;
  userId: string;
  now?: () => Date;
  rows?: readonly EntitlementRow[] | undefined;
}): Promise<EntitlementName[]> {
  return (await getSubscriptionStatus(options)).entitlements;
}

/** What {@link upsertEntitlement} writes for one user and entitlement. */
export interface EntitlementWrite {
  userId: string;
  name: EntitlementName;
  productId: string | null;
  store: string | null;
  source: EntitlementSource;
  periodType: string | null;
  /** ISO 8601; null: never ends. */
  expiresAt: string | null;
  willRenew: boolean;
  billingIssue: boolean;
  /** event_timestamp_ms of the webhook event behind this write, ms; null for admin grants and reconciliations. */
  lastEventMs: number | null;
}

/**
 * Creates or replaces the row of (userId, name) with `write`; `now` stamps updated_at. Works inside a transaction.
 */
export async function upsertEntitlement(db: Kysely<Database>, write: EntitlementWrite, now: Date): Promise<void> {
  const values = {
    product_id: write.productId,
    store: write.store,
    source: write.source,
    period_type: write.periodType,
    expires_at: write.expiresAt,
    will_renew: write.willRenew ? 1 : 0,
    billing_issue: write.billingIssue ? 1 : 0,
    last_event_ms: write.lastEventMs,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('entitlement')
    .values({ user_id: write.userId, name: write.name, created_at: now.toISOString(), ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'name']).doUpdateSet(values))
    .execute();
}

/**
 * True when a store write (webhook or sync) must leave `row` as it is: `row` is a support grant (source 'admin') still
 * active at `now`, and the store would give less access than it (`expiresAt`, ISO 8601, ends no later than the grant, or
 * the grant never ends). A store purchase that lasts longer replaces the grant; a store expiry, cancellation, refund or
 * shorter period never cuts a support grant short.
 */
export function keepsSupportGrant(row: EntitlementRow | undefined, expiresAt: string | null, now: Date): boolean {
  if (!row || row.source !== 'admin') return false;
  const grantEnd = isoOrNull(row.expires_at);
  if (!isEntitlementActive({ expiresAt: grantEnd }, now)) return false;
  if (grantEnd === null) return true;
  return expiresAt !== null && new Date(expiresAt).getTime() <= new Date(grantEnd).getTime();
}

/** The id of the user with `email` (compared case-insensitively), or null. */
export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Grants `name` to a user by hand (support staff, `npm run admin -- grant`): source 'admin', no store, ending after `days`
 * days from `now` or never (days null). Replaces any row of the same entitlement.
 * @throws AppError NOT_FOUND when no user has `userId`; VALIDATION_FAILED for days that are not a positive whole number.
 */
export async function grantEntitlement({
  db,
  userId,
  name,
  days = null,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  userId: string;
  name: EntitlementName;
  days?: number | null;
  now?: () => Date;
}): Promise<Entitlement> {
  if (days !== null && (!Number.isInteger(days) || days <= 0 || days > 36_600)) {
    throw new AppError('VALIDATION_FAILED', 'days must be a whole number from 1 to 36600');
  }
  const user = await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', `no user has id ${userId}`);
  const at = now();
  const expiresAt = days === null ? null : new Date(at.getTime() + days * 86_400_000).toISOString();
  await upsertEntitlement(
    db,
    {
      userId,
      name,
      productId: null,
      store: null,
      source: 'admin',
      periodType: null,
      expiresAt,
      willRenew: false,
      billingIssue: false,
      lastEventMs: null,
    },
    at,
  );
  const row = (await listEntitlementRows({ db, userId })).find((candidate) => candidate.name === name);
  if (!row) throw new Error(`entitlement ${name} of ${userId} was not written`);
  return toEntitlement(row, at);
}

/**
 * Ends a user's entitlement now (support staff, `npm run admin -- revoke`): the row is kept as history with expires_at set
 * to `now` and no renewal.
 * @returns true when an active entitlement was ended; false when the user had none active.
 */
export async function revokeEntitlement({
  db,
  userId,
  name,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  userId: string;
  name: EntitlementName;
  now?: () => Date;
}): Promise<boolean> {
  const at = now();
  const rows = await listEntitlementRows({ db, userId });
  const row = rows.find((candidate) => candidate.name === name);
  if (!row || !isEntitlementActive({ expiresAt: isoOrNull(row.expires_at) }, at)) return false;
  await db
    .updateTable('entitlement')
    .set({ expires_at: at.toISOString(), will_renew: 0, updated_at: at.toISOString() })
    .where('id', '=', row.id)
    .execute();
  return true;
}
