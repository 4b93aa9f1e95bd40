import type { Kysely } from 'kysely';
import { menuStateOf, type MenuState } from '@/shared/domain/venues';
import type { Database } from '../db/types';
import { getSubscriptionStatus } from '../payments';

/**
 * The state of a venue's public menu at `now` from its owner's Enterprise plan (menuStateOf in shared/domain/venues.ts):
 * 'open' while the plan is active, 'not-updated' for MENU_GRACE_DAYS (14) days after its last enterprise entitlement
 * ended, then 'paused' (also for a venue without an owner, or one whose owner never had the plan).
 */
export async function venueMenuState(db: Kysely<Database>, organizationId: string, now: Date): Promise<MenuState> {
  const owner = await db
    .selectFrom('member')
    .select('userId')
    .where('organizationId', '=', organizationId)
    .where('role', '=', 'owner')
    .executeTakeFirst();
  if (!owner) return 'paused';
  const status = await getSubscriptionStatus({ db, userId: owner.userId, now: () => now });
  const active = status.entitlements.includes('enterprise');
  const ended = status.details.find((detail) => detail.name === 'enterprise')?.expiresAt ?? null;
  return menuStateOf({ active, endedAt: ended }, now);
}
