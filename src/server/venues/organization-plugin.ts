import { APIError } from 'better-auth/api';
import { organization } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { defaultStatements, ownerAc } from 'better-auth/plugins/organization/access';
import type { Kysely } from 'kysely';
import { satisfiesEntitlement } from '@/shared/domain/plans';
import { INVITATION_EXPIRES_SECONDS, VENUE_ROLE_LABELS, type VenueRole } from '@/shared/domain/venues';
import type { Database } from '../db/types';
import type { Logger } from '../logger';
import { MailError, venueInvitationEmail, type Mailer } from '../mail';
import { activeEntitlementsOf } from '../payments';
import { seatUsage, SEAT_LIMIT_MESSAGE } from './seats';

/** Path of the join page an invitation links to: `/venues/join/<invitation id>`. */
export function joinPath(invitationId: string): string {
  return `/venues/join/${encodeURIComponent(invitationId)}`;
}

/**
 * The venue roles as better-auth access-control roles. Only the owner manages the team through better-auth's endpoints
 * (invitations, members, the venue itself); a manager's and staff's rights in Barback's own routes (menu, inventory) are
 * decided by the venues feature (routes.ts), so here they get none.
 */
const accessControl = createAccessControl(defaultStatements);
const roles: Record<VenueRole, ReturnType<typeof accessControl.newRole>> = {
  owner: ownerAc,
  manager: accessControl.newRole({ organization: ['update'] }),
  staff: accessControl.newRole({}),
};

/**
 * better-auth's organization plugin configured for Enterprise venues:
 * - only a user with an active enterprise entitlement creates one; the creator is its 'owner';
 * - roles owner, manager, staff (see {@link roles});
 * - invitations last 7 days, are mailed through Barback's mailer with a link to the join page, a new one to the same
 *   email replaces the waiting one, and none is created once the venue's seats are taken (members but the owner plus
 *   waiting invitations: 409 SEAT_LIMIT_REACHED with a clear message);
 * - accepting one is refused when the venue is full (membershipLimit: the seats plus the owner).
 * @throws (from its endpoints) better-auth's APIError; the venues routes translate them to the API's error shape.
 */
export function venueOrganizationPlugin({
  db,
  mailer,
  appUrl,
  logger,
}: {
  db: Kysely<Database>;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}) {
  return organization({
    ac: accessControl,
    roles,
    creatorRole: 'owner',
    allowUserToCreateOrganization: async (user) =>
      satisfiesEntitlement(await activeEntitlementsOf({ db, userId: user.id }), 'enterprise'),
    membershipLimit: async (_user, venue) => (await seatUsage(db, venue.id)).limit + 1,
    invitationExpiresIn: INVITATION_EXPIRES_SECONDS,
    cancelPendingInvitationsOnReInvite: true,
    sendInvitationEmail: async ({ id, email, role, organization: venue, inviter }) => {
      const roleLabel = VENUE_ROLE_LABELS[(role as VenueRole) ?? 'staff'] ?? 'Staff';
      try {
        await mailer.send(
          venueInvitationEmail({
            to: email,
            url: new URL(joinPath(id), appUrl).toString(),
            venueName: venue.name,
            inviterName: inviter.user.name || inviter.user.email,
            roleLabel,
            expiresInDays: INVITATION_EXPIRES_SECONDS / 86_400,
          }),
        );
      } catch (error) {
        if (!(error instanceof MailError)) throw error;
        logger.warn({ err: error }, 'could not send a venue invitation');
        throw APIError.from('BAD_GATEWAY', { code: 'MAIL_FAILED', message: error.message });
      }
    },
    organizationHooks: {
      beforeCreateInvitation: async ({ organization: venue }) => {
        const seats = await seatUsage(db, venue.id);
        if (seats.used >= seats.limit) {
          throw APIError.from('CONFLICT', { code: 'SEAT_LIMIT_REACHED', message: SEAT_LIMIT_MESSAGE(seats.limit) });
        }
      },
    },
  });
}

/**
 * What the venues feature calls of better-auth: the organization plugin's endpoints, as `auth.api` exposes them. Typed
 * from this plugin rather than from the auth module, which registers the plugin (so the two do not import each other).
 */
export interface VenueAuth {
  api: Pick<
    ReturnType<typeof venueOrganizationPlugin>['endpoints'],
    'createOrganization' | 'createInvitation' | 'cancelInvitation' | 'removeMember' | 'acceptInvitation'
  >;
}
