import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { getSubscriptionStatus } from '../payments';

/** The venue owner's Enterprise plan at a moment: whether it is active, and when its last entitlement ended. */
export interface OwnerPlan {
  /** True while the owner holds the enterprise entitlement. */
  active: boolean;
  /** When the owner's enterprise entitlement ends or ended (ISO 8601), or null when it never ends or they never had one. */
  endedAt: string | null;
}

/**
 * The Enterprise plan of the venue's owner at `now` (the owner pays for the whole team): the one read behind the team's
 * access (venuePlanActive) and the public menu's state (venueMenuState).
 * @param now the clock (tests); default the current time.
 * @returns null when the venue has no owner.
 */
export async function venueOwnerPlan(
  db: Kysely<Database>,
  organizationId: string,
  now: () => Date = () => new Date(),
): Promise<OwnerPlan | null> {
  const owner = await db
    .selectFrom('member')
    .select('userId')
    .where('organizationId', '=', organizationId)
    .where('role', '=', 'owner')
    .executeTakeFirst();
  if (!owner) return null;
  const status = await getSubscriptionStatus({ db, userId: owner.userId, now });
  return {
    active: status.entitlements.includes('enterprise'),
    endedAt: status.details.find((detail) => detail.name === 'enterprise')?.expiresAt ?? null,
  };
}
