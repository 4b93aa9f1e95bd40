/** Who may act on a venue: the caller's membership and role, the owner's plan, and the plugin's refusals as AppErrors. */
import { isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { satisfiesEntitlement } from '@/shared/domain/plans';
import { MENU_GRACE_DAYS, VENUE_ROLES, type VenueRole } from '@/shared/domain/venues';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { activeEntitlementsOf } from '../payments';
import { venueOwnerPlan } from './owner-plan';

/**
 * Venue operations. Team changes go through better-auth's organization plugin (auth.api, with the caller's
 * request headers so its own permission checks run); reads come straight from its tables and Barback's `venue` rows.
 */
/** A role column as a venue role ('staff' for anything unexpected: the least rights). */
export function toRole(value: string | null): VenueRole {
  return (VENUE_ROLES as readonly string[]).includes(value ?? '') ? (value as VenueRole) : 'staff';
}

/** Messages for better-auth's organization error codes, in Barback's words. */
export const PLUGIN_MESSAGES: Record<string, string> = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'This person is already on the team.',
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION:
    'This invitation was sent to another email address: sign in with that address to accept it.',
  INVITATION_NOT_FOUND: 'This invitation does not exist, or was withdrawn.',
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: 'The venue has no free seat left: ask its owner to add seats.',
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: 'Creating a venue needs the Enterprise plan.',
  ORGANIZATION_ALREADY_EXISTS: 'This web address is taken: choose another.',
};

/**
 * Runs a better-auth organization endpoint and translates its refusals into the API's errors (status kept, code mapped,
 * message in Barback's words where known). Anything that is not better-auth's APIError is rethrown as it is (a database
 * outage stays a 503).
 */
export async function viaPlugin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const body = (error.body ?? {}) as { code?: string; message?: string };
    const code = body.code ?? '';
    const message = PLUGIN_MESSAGES[code] ?? body.message ?? error.message;
    if (code === 'SEAT_LIMIT_REACHED') throw new AppError('SEAT_LIMIT_REACHED', message);
    if (code === 'MAIL_FAILED') throw new AppError('MAIL_FAILED', message);
    switch (error.statusCode) {
      case 400:
        throw new AppError(code === 'ORGANIZATION_ALREADY_EXISTS' ? 'CONFLICT' : 'BAD_REQUEST', message);
      case 401:
        throw new AppError('UNAUTHORIZED', message);
      case 403:
        throw new AppError('FORBIDDEN', message);
      case 404:
        throw new AppError('NOT_FOUND', message);
      case 409:
        throw new AppError('CONFLICT', message);
      default:
        throw error;
    }
  }
}

/** What a route knows about the caller and their venue: see {@link requireVenueMember}. */
export interface VenueAccess {
  organizationId: string;
  slug: string;
  role: VenueRole;
  memberId: string;
}

/** Whether `userId` holds the enterprise entitlement now (the plan every venue runs on). */
export async function holdsEnterprise(db: Kysely<Database>, userId: string, now?: () => Date): Promise<boolean> {
  return satisfiesEntitlement(await activeEntitlementsOf({ db, userId, ...(now ? { now } : {}) }), 'enterprise');
}

/**
 * Whether the venue is open: its owner holds the enterprise entitlement now (the owner pays for the whole team; a
 * member needs no plan of their own; venueOwnerPlan). The one rule behind the team's access and priority support; the
 * public menu reads the same plan for its state.
 * @param now the clock (tests); default the current time.
 */
export async function venuePlanActive(
  db: Kysely<Database>,
  organizationId: string,
  now?: () => Date,
): Promise<boolean> {
  return (await venueOwnerPlan(db, organizationId, now))?.active ?? false;
}

/**
 * The caller's membership of the venue `slug`, checked on every request (a removed member loses access at once).
 * @throws AppError NOT_FOUND when no venue has this slug or the caller is not its member (the same answer, so a
 *   stranger learns nothing); ENTITLEMENT_REQUIRED when the venue's owner no longer has the enterprise plan.
 */
export async function requireVenueMember({
  db,
  userId,
  slug,
}: {
  db: Kysely<Database>;
  userId: string;
  slug: string;
}): Promise<VenueAccess> {
  const row = await db
    .selectFrom('organization')
    .innerJoin('member', 'member.organizationId', 'organization.id')
    .select(['organization.id as organizationId', 'organization.slug', 'member.role', 'member.id as memberId'])
    .where('organization.slug', '=', slug)
    .where('member.userId', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `you are not a member of a venue called ${slug}`);
  if (!(await venuePlanActive(db, row.organizationId))) {
    throw new AppError(
      'ENTITLEMENT_REQUIRED',
      `This venue's Enterprise plan has lapsed. Its owner can renew it to open the venue again; until then the guests' ` +
        `menu stays up for ${MENU_GRACE_DAYS} days marked 'menu not updated', then it is paused.`,
    );
  }
  return { organizationId: row.organizationId, slug: row.slug, role: toRole(row.role), memberId: row.memberId };
}

/**
 * Refuses a caller whose role is not among `allowed`.
 * @throws AppError FORBIDDEN naming what the action needs.
 */
export function requireRole(access: VenueAccess, allowed: readonly VenueRole[], action: string): void {
  if (!allowed.includes(access.role)) {
    const who = allowed.map((role) => `${role}s`).join(' and ');
    throw new AppError('FORBIDDEN', `Only the venue's ${who} can ${action}.`);
  }
}

/**
 * Whether the user is an Enterprise customer for support: they hold the enterprise entitlement, or belong to a venue
 * whose owner does (the venue's plan covers its team).
 */
export async function isEnterpriseCustomer(db: Kysely<Database>, userId: string): Promise<boolean> {
  if (await holdsEnterprise(db, userId)) return true;
  const venues = await db.selectFrom('member').select('organizationId').where('userId', '=', userId).execute();
  for (const venue of venues) {
    if (await venuePlanActive(db, venue.organizationId)) return true;
  }
  return false;
}
