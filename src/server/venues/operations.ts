import { isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { satisfiesEntitlement } from '@/shared/domain/plans';
import {
  EDITOR_ROLES,
  INVITABLE_ROLES,
  MAX_SEATS,
  MENU_GRACE_DAYS,
  slugFromName,
  VENUE_ROLES,
  type VenueRole,
} from '@/shared/domain/venues';
import type {
  InvitationCreate,
  InvitationView,
  Venue,
  VenueCreate,
  VenueList,
  VenueMembers,
  VenueUpdate,
} from '@/shared/schemas/venues';
import type { Auth } from '../auth';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { activeEntitlementsOf } from '../payments';
import { venueOwnerPlan } from './owner-plan';
import { seatUsage } from './seats';

/**
 * Venue operations (issue 13). Team changes go through better-auth's organization plugin (auth.api, with the caller's
 * request headers so its own permission checks run); reads come straight from its tables and Barback's `venue` rows.
 */

/** A timestamp column as ISO 8601 (SQLite gives text, PostgreSQL a Date). */
function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** A role column as a venue role ('staff' for anything unexpected: the least rights). */
function toRole(value: string | null): VenueRole {
  return (VENUE_ROLES as readonly string[]).includes(value ?? '') ? (value as VenueRole) : 'staff';
}

/** Messages for better-auth's organization error codes, in Barback's words. */
const PLUGIN_MESSAGES: Record<string, string> = {
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
async function viaPlugin<T>(call: () => Promise<T>): Promise<T> {
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
async function holdsEnterprise(db: Kysely<Database>, userId: string, now?: () => Date): Promise<boolean> {
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

/** One venue as the caller sees it. @throws AppError NOT_FOUND when it vanished meanwhile. */
async function loadVenue(db: Kysely<Database>, organizationId: string, role: VenueRole): Promise<Venue> {
  const row = await db
    .selectFrom('organization')
    .leftJoin('venue', 'venue.organization_id', 'organization.id')
    .select([
      'organization.id',
      'organization.slug',
      'organization.name',
      'organization.logo',
      'organization.createdAt',
      'venue.brand_background',
      'venue.brand_accent',
      'venue.address',
      'venue.opening_hours',
    ])
    .where('organization.id', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'this venue no longer exists');
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logoUrl: row.logo,
    brand: { background: row.brand_background ?? '#140f0c', accent: row.brand_accent ?? '#e6a84f' },
    address: row.address ?? null,
    openingHours: row.opening_hours ?? null,
    role,
    seats: await seatUsage(db, organizationId),
    createdAt: iso(row.createdAt),
  };
}

/** The caller's venue `slug` (any member). */
export async function getVenue({ db, access }: { db: Kysely<Database>; access: VenueAccess }): Promise<Venue> {
  return loadVenue(db, access.organizationId, access.role);
}

/** Every venue the user belongs to, by name. */
export async function listVenues({ db, userId }: { db: Kysely<Database>; userId: string }): Promise<VenueList> {
  const rows = await db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select(['organization.id', 'member.role', 'organization.name'])
    .where('member.userId', '=', userId)
    .orderBy('organization.name')
    .execute();
  return { items: await Promise.all(rows.map((row) => loadVenue(db, row.id, toRole(row.role)))) };
}

/**
 * Creates a venue owned by the caller (the route has checked the enterprise entitlement; the plugin checks it again),
 * with the app's colours and 10 seats. The slug defaults to one made from the name.
 * @throws AppError CONFLICT when the slug is taken; ENTITLEMENT_REQUIRED/FORBIDDEN without the plan.
 */
export async function createVenue({
  db,
  auth,
  headers,
  body,
}: {
  db: Kysely<Database>;
  auth: Auth;
  headers: Headers;
  body: VenueCreate;
}): Promise<Venue> {
  const slug = body.slug ?? slugFromName(body.name);
  const taken = await db.selectFrom('organization').select('id').where('slug', '=', slug).executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', `The web address /v/${slug} is taken: choose another.`);
  const created = await viaPlugin(() =>
    auth.api.createOrganization({ body: { name: body.name, slug, keepCurrentActiveOrganization: true }, headers }),
  );
  if (!created) throw new AppError('BAD_REQUEST', 'the venue could not be created');
  try {
    await db.insertInto('venue').values({ organization_id: created.id }).execute();
  } catch (error) {
    // Leave nothing half made: the organization goes too (its member row with it).
    await db.deleteFrom('member').where('organizationId', '=', created.id).execute();
    await db.deleteFrom('organization').where('id', '=', created.id).execute();
    throw error;
  }
  return loadVenue(db, created.id, 'owner');
}

/** Changes the venue's name, brand colours, address or opening hours (owner and manager). */
export async function updateVenue({
  db,
  access,
  body,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
  body: VenueUpdate;
}): Promise<Venue> {
  requireRole(access, EDITOR_ROLES, 'change the venue');
  await db.transaction().execute(async (trx) => {
    if (body.name !== undefined) {
      await trx.updateTable('organization').set({ name: body.name }).where('id', '=', access.organizationId).execute();
    }
    const changes = {
      ...(body.brand ? { brand_background: body.brand.background, brand_accent: body.brand.accent } : {}),
      ...(body.address !== undefined ? { address: body.address } : {}),
      ...(body.openingHours !== undefined ? { opening_hours: body.openingHours } : {}),
    };
    await trx
      .updateTable('venue')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('organization_id', '=', access.organizationId)
      .execute();
  });
  return loadVenue(db, access.organizationId, access.role);
}

/** The members, waiting invitations and seats (owner). */
export async function listMembers({
  db,
  access,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
}): Promise<VenueMembers> {
  requireRole(access, ['owner'], 'see the team and its seats');
  const now = Date.now();
  const [members, invitations, seats] = await Promise.all([
    db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select(['member.id', 'member.userId', 'member.role', 'member.createdAt', 'user.name', 'user.email'])
      .where('member.organizationId', '=', access.organizationId)
      .orderBy('member.createdAt')
      .execute(),
    db
      .selectFrom('invitation')
      .leftJoin('user', 'user.id', 'invitation.inviterId')
      .select(['invitation.id', 'invitation.email', 'invitation.role', 'invitation.expiresAt', 'user.name as inviter'])
      .where('invitation.organizationId', '=', access.organizationId)
      .where('invitation.status', '=', 'pending')
      .orderBy('invitation.createdAt')
      .execute(),
    seatUsage(db, access.organizationId),
  ]);
  return {
    members: members.map((row) => ({
      id: row.id,
      userId: row.userId,
      name: row.name,
      email: row.email,
      role: toRole(row.role),
      joinedAt: iso(row.createdAt),
    })),
    invitations: invitations
      .filter((row) => new Date(row.expiresAt).getTime() > now)
      .map((row) => ({
        id: row.id,
        email: row.email,
        role: (INVITABLE_ROLES as readonly string[]).includes(row.role ?? '')
          ? (row.role as 'manager' | 'staff')
          : 'staff',
        expiresAt: iso(row.expiresAt),
        invitedBy: row.inviter ?? null,
      })),
    seats,
  };
}

/**
 * Invites `email` as manager or staff (owner); the plugin mails the link. A new invitation to the same email replaces
 * the waiting one.
 * @throws AppError SEAT_LIMIT_REACHED when every seat is taken; CONFLICT when the person is already a member.
 */
export async function inviteMember({
  db,
  auth,
  headers,
  access,
  body,
}: {
  db: Kysely<Database>;
  auth: Auth;
  headers: Headers;
  access: VenueAccess;
  body: InvitationCreate;
}): Promise<VenueMembers> {
  requireRole(access, ['owner'], 'invite people');
  const member = await db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select('member.id')
    .where('member.organizationId', '=', access.organizationId)
    .where('user.email', '=', body.email)
    .executeTakeFirst();
  if (member) throw new AppError('CONFLICT', `${body.email} is already on the team.`);
  await viaPlugin(() =>
    auth.api.createInvitation({
      body: { email: body.email, role: body.role, organizationId: access.organizationId, resend: true },
      headers,
    }),
  );
  return listMembers({ db, access });
}

/** Withdraws a waiting invitation (owner): its seat is free at once. @throws AppError NOT_FOUND for another venue's. */
export async function cancelInvitation({
  db,
  auth,
  headers,
  access,
  invitationId,
}: {
  db: Kysely<Database>;
  auth: Auth;
  headers: Headers;
  access: VenueAccess;
  invitationId: string;
}): Promise<VenueMembers> {
  requireRole(access, ['owner'], 'withdraw invitations');
  const row = await db
    .selectFrom('invitation')
    .select('status')
    .where('id', '=', invitationId)
    .where('organizationId', '=', access.organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'no such invitation for this venue');
  if (row.status === 'pending') await viaPlugin(() => auth.api.cancelInvitation({ body: { invitationId }, headers }));
  return listMembers({ db, access });
}

/**
 * Removes a member (owner): their seat is free and their access ends on their next request. The owner cannot be removed.
 * @throws AppError NOT_FOUND for a member of another venue; FORBIDDEN for the owner.
 */
export async function removeMember({
  db,
  auth,
  headers,
  access,
  memberId,
}: {
  db: Kysely<Database>;
  auth: Auth;
  headers: Headers;
  access: VenueAccess;
  memberId: string;
}): Promise<VenueMembers> {
  requireRole(access, ['owner'], 'remove members');
  const row = await db
    .selectFrom('member')
    .select('role')
    .where('id', '=', memberId)
    .where('organizationId', '=', access.organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'no such member of this venue');
  if (row.role === 'owner') throw new AppError('FORBIDDEN', "The venue's owner cannot be removed.");
  await viaPlugin(() =>
    auth.api.removeMember({ body: { memberIdOrEmail: memberId, organizationId: access.organizationId }, headers }),
  );
  return listMembers({ db, access });
}

/** Hides most of an email's local part: 'jane@example.com' -> 'j•••@example.com'. */
export function emailHint(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * What the join page shows for an invitation, to anyone holding its link (the id is a random secret): the venue, the
 * role, who invited, the state, and a hint of the address it was sent to.
 * @throws AppError NOT_FOUND for an unknown id.
 */
export async function viewInvitation({
  db,
  invitationId,
}: {
  db: Kysely<Database>;
  invitationId: string;
}): Promise<InvitationView> {
  const row = await db
    .selectFrom('invitation')
    .innerJoin('organization', 'organization.id', 'invitation.organizationId')
    .leftJoin('user', 'user.id', 'invitation.inviterId')
    .select([
      'invitation.id',
      'invitation.email',
      'invitation.role',
      'invitation.status',
      'invitation.expiresAt',
      'organization.name as venueName',
      'user.name as inviter',
    ])
    .where('invitation.id', '=', invitationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', PLUGIN_MESSAGES.INVITATION_NOT_FOUND!);
  const expired = row.status === 'pending' && new Date(row.expiresAt).getTime() <= Date.now();
  const status = expired
    ? 'expired'
    : ((['pending', 'accepted', 'rejected', 'canceled'] as const).find((s) => s === row.status) ?? 'canceled');
  return {
    id: row.id,
    venueName: row.venueName,
    role: row.role === 'manager' ? 'manager' : 'staff',
    status,
    emailHint: emailHint(row.email),
    invitedBy: row.inviter ?? null,
  };
}

/**
 * Accepts an invitation for the signed-in user (whose email must be the invited one) and returns the venue joined.
 * @throws AppError FORBIDDEN for another address; NOT_FOUND/BAD_REQUEST for a withdrawn or expired one; FORBIDDEN when
 *   the venue is full.
 */
export async function acceptInvitation({
  db,
  auth,
  headers,
  invitationId,
}: {
  db: Kysely<Database>;
  auth: Auth;
  headers: Headers;
  invitationId: string;
}): Promise<{ venue: Venue }> {
  const accepted = await viaPlugin(() => auth.api.acceptInvitation({ body: { invitationId }, headers }));
  if (!accepted?.member) throw new AppError('BAD_REQUEST', 'the invitation could not be accepted');
  return { venue: await loadVenue(db, accepted.member.organizationId, toRole(accepted.member.role)) };
}

/**
 * Sets a venue's staff seats (support: `npm run admin -- seats <venue> <n>`; add-on purchases add to it).
 * @throws AppError NOT_FOUND for an unknown slug; BAD_REQUEST for a number out of range or below the seats in use.
 */
export async function setSeatLimit({
  db,
  slug,
  seats,
}: {
  db: Kysely<Database>;
  slug: string;
  seats: number;
}): Promise<{ limit: number; used: number }> {
  if (!Number.isInteger(seats) || seats < 0 || seats > MAX_SEATS) {
    throw new AppError('BAD_REQUEST', `seats must be a whole number from 0 to ${MAX_SEATS}`);
  }
  const venue = await db.selectFrom('organization').select('id').where('slug', '=', slug).executeTakeFirst();
  if (!venue) throw new AppError('NOT_FOUND', `no venue has the slug ${slug}`);
  const usage = await seatUsage(db, venue.id);
  if (seats < usage.used) {
    throw new AppError('BAD_REQUEST', `${usage.used} seats are in use: remove members or invitations first`);
  }
  // Upsert: an organization without its venue row (which only a failed creation could leave) gets one.
  await db
    .insertInto('venue')
    .values({ organization_id: venue.id, seat_limit: seats })
    .onConflict((oc) =>
      oc.column('organization_id').doUpdateSet({ seat_limit: seats, updated_at: new Date().toISOString() }),
    )
    .execute();
  return { limit: seats, used: usage.used };
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
