import type { Kysely } from 'kysely';
import { INCLUDED_SEATS, MAX_SEATS, seatsUsed } from '@/shared/domain/venues';
import type { Seats } from '@/shared/schemas/venues';
import type { Database } from '../db/types';
import { AppError } from '../errors';

/** The refusal when a venue's seats are all taken. */
export const SEAT_LIMIT_MESSAGE = (limit: number) =>
  `All ${limit} staff seats are taken. Remove a member or cancel an invitation, or add seats to invite more.`;

/**
 * A venue's seats: `limit` from its venue row (10 included when the row is missing), `used` = members but the owner +
 * invitations still waiting (status 'pending' and not expired).
 * @param organizationId the venue's organization id.
 */
export async function seatUsage(db: Kysely<Database>, organizationId: string, now = new Date()): Promise<Seats> {
  const [venue, members, invitations] = await Promise.all([
    db.selectFrom('venue').select('seat_limit').where('organization_id', '=', organizationId).executeTakeFirst(),
    db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organizationId', '=', organizationId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('invitation')
      .select(['expiresAt'])
      .where('organizationId', '=', organizationId)
      .where('status', '=', 'pending')
      .execute(),
  ]);
  const waiting = invitations.filter((row) => new Date(row.expiresAt).getTime() > now.getTime()).length;
  return {
    limit: venue ? Number(venue.seat_limit) : INCLUDED_SEATS,
    used: seatsUsed({ members: Number(members.count), pendingInvitations: waiting }),
  };
}

/**
 * Adds one staff seat, bought as an add-on, to the venue `userId` owns (the oldest, should they own several), up to
 * MAX_SEATS. Runs inside the caller's transaction (`db` may be one), so the webhook's once-per-event claim covers it.
 * @returns the venue and its new seat limit, or null when the user owns no venue (nothing changes).
 */
export async function addPurchasedSeat(
  db: Kysely<Database>,
  userId: string,
): Promise<{ organizationId: string; limit: number } | null> {
  const owned = await db
    .selectFrom('member')
    .innerJoin('venue', 'venue.organization_id', 'member.organizationId')
    .select(['member.organizationId', 'venue.seat_limit'])
    .where('member.userId', '=', userId)
    .where('member.role', '=', 'owner')
    .orderBy('member.createdAt')
    .executeTakeFirst();
  if (!owned) return null;
  const limit = Math.min(Number(owned.seat_limit) + 1, MAX_SEATS);
  await db
    .updateTable('venue')
    .set({ seat_limit: limit, updated_at: new Date().toISOString() })
    .where('organization_id', '=', owned.organizationId)
    .execute();
  return { organizationId: owned.organizationId, limit };
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
