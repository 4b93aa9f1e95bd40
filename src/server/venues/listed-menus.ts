import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { venueMenuState } from './menu-state';

/** A venue's public menu as the sitemap lists it. */
export interface ListedMenu {
  /** The venue's slug: its menu is at `/v/<slug>`. */
  slug: string;
  /** When the venue or its menu last changed (ISO 8601): the later of the venue row's and the newest menu section's. */
  updatedAt: string;
}

/** How many venues' plans are read at once. */
const PLAN_READS_AT_ONCE = 8;

const isoOf = (value: Date | string | null | undefined): number => {
  if (value === null || value === undefined) return Number.NaN;
  return (value instanceof Date ? value : new Date(value)).getTime();
};

/**
 * The public menus listed for search engines, by slug: venues whose owner or a manager turned `menu_listed` on, less those
 * whose menu is paused at `now` (the owner's Enterprise plan lapsed more than MENU_GRACE_DAYS ago, or the venue has no
 * owner: such a menu shows no drinks, so it is not worth a crawler's visit). One plan read per listed venue.
 * @throws the database's error when it is away (the route answers 503).
 */
export async function listListedMenus({
  db,
  now = new Date(),
}: {
  db: Kysely<Database>;
  now?: Date;
}): Promise<ListedMenu[]> {
  const rows = await db
    .selectFrom('venue')
    .innerJoin('organization', 'organization.id', 'venue.organization_id')
    .select((eb) => [
      'organization.id',
      'organization.slug',
      'venue.updated_at',
      eb
        .selectFrom('venue_menu_section')
        .select((inner) => inner.fn.max('venue_menu_section.created_at').as('at'))
        .whereRef('venue_menu_section.organization_id', '=', 'venue.organization_id')
        .as('menu_at'),
    ])
    .where('venue.menu_listed', '=', 1)
    .orderBy('organization.slug')
    .execute();
  const listed: ListedMenu[] = [];
  for (let at = 0; at < rows.length; at += PLAN_READS_AT_ONCE) {
    const batch = rows.slice(at, at + PLAN_READS_AT_ONCE);
    const states = await Promise.all(batch.map((row) => venueMenuState(db, row.id, now)));
    batch.forEach((row, index) => {
      if (states[index] === 'paused') return;
      const times = [isoOf(row.updated_at), isoOf(row.menu_at as Date | string | null)].filter(Number.isFinite);
      listed.push({
        slug: row.slug,
        updatedAt: new Date(times.length ? Math.max(...times) : now.getTime()).toISOString(),
      });
    });
  }
  return listed;
}
