import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { PLAN_LABELS, satisfiesEntitlement, type EntitlementName } from '@/shared/domain/plans';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import type { SessionReader } from '../http/session';
import { activeEntitlementsOf } from './entitlements';

/** The message of the 403 ENTITLEMENT_REQUIRED answer for `required`. */
export function entitlementRequiredMessage(required: EntitlementName): string {
  return required === 'pro'
    ? `This needs the ${PLAN_LABELS.pro} or ${PLAN_LABELS.enterprise} plan. Upgrade in the Barback iOS app.`
    : `This needs the ${PLAN_LABELS.enterprise} plan. Contact sales to upgrade.`;
}

/**
 * The one gate of every paid API: the request must come from a signed-in user whose active entitlements (read from the
 * database on every request, so an expiry or a revoke counts at once) satisfy `required` ('pro' is met by pro or
 * enterprise; 'enterprise' by enterprise only). The client's word is never taken.
 * @throws AppError UNAUTHORIZED (401) when signed out; ENTITLEMENT_REQUIRED (403) without the plan.
 */
export function requireEntitlement(
  { db, sessions, now = () => new Date() }: { db: Kysely<Database>; sessions: SessionReader; now?: () => Date },
  required: EntitlementName,
): MiddlewareHandler {
  return async (c, next) => {
    const { user } = await sessions.require(c);
    const entitlements = await activeEntitlementsOf({ db, userId: user.id, now });
    if (!satisfiesEntitlement(entitlements, required)) {
      throw new AppError('ENTITLEMENT_REQUIRED', entitlementRequiredMessage(required));
    }
    await next();
  };
}
