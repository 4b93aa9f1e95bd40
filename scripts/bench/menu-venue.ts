import { randomUUID } from 'node:crypto';
import { createDatabase } from '@/server/db/database';
import { grantEntitlement } from '@/server/payments';

/** The slug of the venue {@link seedMenuVenue} creates. */
export const BENCH_VENUE_SLUG = 'lighthouse-bar';

/**
 * Sets up, straight in the running benchmark server's SQLite file (WAL: safe beside the server), what `/v/:slug` needs
 * to show a realistic menu: an owner with the enterprise entitlement, a venue in its own colours, a team inventory of
 * the first 40 catalogue ingredients, and a menu of two sections holding the first 24 catalogue cocktails with prices
 * (some available, some not). For the Lighthouse figure of the public menu.
 * @returns the venue's slug.
 * @throws the database's error when a write fails (the catalogue must already be seeded).
 */
export async function seedMenuVenue(databaseFile: string): Promise<string> {
  const handle = createDatabase({ database: { dialect: 'sqlite', file: databaseFile } });
  const db = handle.db;
  try {
    const now = new Date().toISOString();
    const userId = randomUUID();
    const organizationId = randomUUID();
    await db
      .insertInto('user')
      .values({
        id: userId,
        name: 'Bench Owner',
        email: 'owner@lighthouse.example',
        emailVerified: 1,
        image: null,
        createdAt: now,
        updatedAt: now,
        twoFactorEnabled: 0,
      })
      .execute();
    await grantEntitlement({ db, userId, name: 'enterprise' });
    await db
      .insertInto('organization')
      .values({
        id: organizationId,
        name: 'The Lighthouse Bar',
        slug: BENCH_VENUE_SLUG,
        logo: null,
        createdAt: now,
        metadata: null,
      })
      .execute();
    await db
      .insertInto('member')
      .values({ id: randomUUID(), organizationId, userId, role: 'owner', createdAt: now })
      .execute();
    await db
      .insertInto('venue')
      .values({
        organization_id: organizationId,
        brand_background: '#10201c',
        brand_accent: '#f0c674',
        address: '1 Harbour Street',
        opening_hours: 'Tue–Sun 5 pm – 1 am',
      })
      .execute();
    const ingredients = await db.selectFrom('ingredient').select('id').orderBy('id').limit(40).execute();
    await db
      .insertInto('venue_bar_item')
      .values(ingredients.map((row) => ({ organization_id: organizationId, ingredient_id: Number(row.id) })))
      .execute();
    const cocktails = await db
      .selectFrom('cocktail')
      .select('id')
      .where('venue_id', 'is', null)
      .orderBy('name_key')
      .limit(24)
      .execute();
    for (const [position, title] of ['House classics', 'Long drinks'].entries()) {
      const section = await db
        .insertInto('venue_menu_section')
        .values({ organization_id: organizationId, title, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('venue_menu_item')
        .values(
          cocktails.slice(position * 12, position * 12 + 12).map((row, index) => ({
            organization_id: organizationId,
            section_id: Number(section.id),
            cocktail_id: Number(row.id),
            position: index,
            price_cents: 1200 + index * 50,
            availability: 'auto',
          })),
        )
        .execute();
    }
    return BENCH_VENUE_SLUG;
  } finally {
    await handle.destroy();
  }
}
