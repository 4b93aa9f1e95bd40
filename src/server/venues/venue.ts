/** The venues themselves: list the caller's, read one, create one, update its settings. */
import type { Kysely } from 'kysely';
import { EDITOR_ROLES, slugFromName, type VenueRole } from '@/shared/domain/venues';
import type { Venue, VenueCreate, VenueList, VenueUpdate } from '@/shared/schemas/venues';
import type { VenueAuth } from './organization-plugin';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { seatUsage } from './seats';
import { iso } from '../lib/iso';
import { toRole, viaPlugin, requireRole, type VenueAccess } from './access';

/** One venue as the caller sees it. @throws AppError NOT_FOUND when it vanished meanwhile. */
export async function loadVenue(db: Kysely<Database>, organizationId: string, role: VenueRole): Promise<Venue> {
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
      'venue.menu_listed',
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
    menuListed: Number(row.menu_listed ?? 0) === 1,
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
  auth: VenueAuth;
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

/**
 * Changes the venue's name, brand colours, address, opening hours or whether its public menu is listed in the sitemap
 * (owner and manager).
 * @throws AppError FORBIDDEN for staff.
 */
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
      ...(body.menuListed !== undefined ? { menu_listed: body.menuListed ? 1 : 0 } : {}),
    };
    await trx
      .updateTable('venue')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('organization_id', '=', access.organizationId)
      .execute();
  });
  return loadVenue(db, access.organizationId, access.role);
}
