import type { Kysely } from 'kysely';
import { menuStateOf, type MenuState } from '@/shared/domain/venues';
import type { Database } from '../db/types';
import { venueOwnerPlan } from './owner-plan';

/**
 * The state of a venue's public menu at `now` from its owner's Enterprise plan (menuStateOf in shared/domain/venues.ts):
 * 'open' while the plan is active, 'not-updated' for MENU_GRACE_DAYS (14) days after its last enterprise entitlement
 * ended, then 'paused' (also for a venue without an owner, or one whose owner never had the plan).
 */
export async function venueMenuState(db: Kysely<Database>, organizationId: string, now: Date): Promise<MenuState> {
  const plan = await venueOwnerPlan(db, organizationId, () => now);
  return plan ? menuStateOf(plan, now) : 'paused';
}
