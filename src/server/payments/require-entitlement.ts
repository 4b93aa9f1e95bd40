import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { hasLapsed, PLAN_LABELS, satisfiesEntitlement, type EntitlementName } from '@/shared/domain/plans';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import type { SessionReader } from '../http/current-session';
import { activeEntitlementsOf, getSubscriptionStatus } from './entitlements';

/** The message of the 403 ENTITLEMENT_REQUIRED answer for `required`. */
export function entitlementRequiredMessage(required: EntitlementName): string {
  return required === 'pro'
    ? `This needs the ${PLAN_LABELS.pro} or ${PLAN_LABELS.enterprise} plan. Upgrade in the Barback iOS app.`
    : `This needs the ${PLAN_LABELS.enterprise} plan. Contact sales to upgrade.`;
}

/**
 * The one gate of every paid API: the request must come from a signed-in user whose active entitlements (read from the
 * database on every request, in the session's own statement where the reader read them, so an expiry or a revoke
 * counts at once) satisfy `required` ('pro' is met by pro or enterprise; 'enterprise' by enterprise only). The
 * client's word is never taken.
 * @throws AppError UNAUTHORIZED (401) when signed out; ENTITLEMENT_REQUIRED (403) without the plan.
 */
export function requireEntitlement(
  { db, sessions, now = () => new Date() }: { db: Kysely<Database>; sessions: SessionReader; now?: () => Date },
  required: EntitlementName,
): MiddlewareHandler {
  return async (c, next) => {
    const { user, entitlementRows: rows } = await sessions.require(c);
    const entitlements = await activeEntitlementsOf({ db, userId: user.id, now, rows });
    if (!satisfiesEntitlement(entitlements, required)) {
      throw new AppError('ENTITLEMENT_REQUIRED', entitlementRequiredMessage(required));
    }
    await next();
  };
}

/** Methods that only read or take away: what a lapsed plan keeps (the plan sells adding, not keeping). */
const KEEPING_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

/**
 * The gate of a paid feature whose data outlives the plan: reads and removals (GET, HEAD, DELETE) pass for a user who holds
 * `required` now or held it and let it lapse (see hasLapsed in shared/domain/plans.ts), so a lapsed user still sees and
 * can clear their own data; every other method (the writes the plan sells) needs `required` now. Rows are read from the
 * database on every request, as {@link requireEntitlement} does.
 * @throws AppError UNAUTHORIZED (401) when signed out; ENTITLEMENT_REQUIRED (403) for a user who never held the plan, or
 * for a paid write without it.
 */
export function requireEntitlementToAdd(
  { db, sessions, now = () => new Date() }: { db: Kysely<Database>; sessions: SessionReader; now?: () => Date },
  required: EntitlementName,
): MiddlewareHandler {
  return async (c, next) => {
    const { user, entitlementRows: rows } = await sessions.require(c);
    const at = now();
    const status = await getSubscriptionStatus({ db, userId: user.id, now: () => at, rows });
    const entitled = satisfiesEntitlement(status.entitlements, required);
    const keeping = KEEPING_METHODS.has(c.req.method) && hasLapsed(status.details, required, at);
    if (!entitled && !keeping) throw new AppError('ENTITLEMENT_REQUIRED', entitlementRequiredMessage(required));
    await next();
  };
}
