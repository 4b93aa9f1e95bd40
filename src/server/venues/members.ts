/** A venue's team: its members, invitations (invite, cancel, view, accept) and removing a member. */
import type { Kysely } from 'kysely';
import { INVITABLE_ROLES } from '@/shared/domain/venues';
import type { InvitationCreate, InvitationView, Venue, VenueMembers } from '@/shared/schemas/venues';
import type { VenueAuth } from './organization-plugin';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { seatUsage } from './seats';
import { iso } from '../lib/iso';
import { PLUGIN_MESSAGES, toRole, viaPlugin, requireRole, type VenueAccess } from './access';
import { loadVenue } from './venue';

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
  auth: VenueAuth;
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
  auth: VenueAuth;
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
  auth: VenueAuth;
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
  auth: VenueAuth;
  headers: Headers;
  invitationId: string;
}): Promise<{ venue: Venue }> {
  const accepted = await viaPlugin(() => auth.api.acceptInvitation({ body: { invitationId }, headers }));
  if (!accepted?.member) throw new AppError('BAD_REQUEST', 'the invitation could not be accepted');
  return { venue: await loadVenue(db, accepted.member.organizationId, toRole(accepted.member.role)) };
}
