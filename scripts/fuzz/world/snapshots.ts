import { seatUsage } from '@/server/venues';
import type { World } from './types';

/** Snapshots of what is A's (the rows in the database, A's own view through the API) and how two of them differ. */

/** The victim's rows, table by table (A's venue's with them), in a stable order: what no other caller may change. */
export async function victimRows(world: World): Promise<Record<string, unknown[]>> {
  const db = world.t.database.db;
  const id = world.victim.userId;
  const venueId = world.victim.venueId;
  const [
    user,
    session,
    account,
    twoFactor,
    favorites,
    entitlement,
    support,
    events,
    webhooks,
    bar,
    shopping,
    made,
    swaps,
    collections,
    collectionItems,
    notes,
    ratings,
    memberships,
    venueOrganization,
    venue,
    venueMembers,
    venueInvitations,
    venueSeats,
    venueBar,
    venueBarActivity,
    venueMenuSections,
    venueMenuItems,
    venueSignatures,
    venueSignatureLines,
    catalogue,
    catalogueLines,
    ownRecipes,
    ownRecipeLines,
  ] = await Promise.all([
    db.selectFrom('user').selectAll().where('id', '=', id).execute(),
    db.selectFrom('session').selectAll().where('userId', '=', id).orderBy('id').execute(),
    db.selectFrom('account').selectAll().where('userId', '=', id).orderBy('id').execute(),
    db.selectFrom('twoFactor').selectAll().where('userId', '=', id).orderBy('id').execute(),
    db.selectFrom('user_favorites').selectAll().where('user_id', '=', id).orderBy('cocktail_id').execute(),
    db.selectFrom('entitlement').selectAll().where('user_id', '=', id).orderBy('id').execute(),
    db.selectFrom('support_message').selectAll().where('user_id', '=', id).orderBy('id').execute(),
    db.selectFrom('analytics_event').selectAll().where('user_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('webhook_event')
      .selectAll()
      .where((eb) => eb.or([eb('user_id', '=', id), eb('app_user_id', '=', id)]))
      .orderBy('id')
      .execute(),
    db.selectFrom('bar_item').selectAll().where('user_id', '=', id).orderBy('ingredient_id').execute(),
    db.selectFrom('shopping_item').selectAll().where('user_id', '=', id).orderBy('ingredient_id').execute(),
    db.selectFrom('made_drink').selectAll().where('user_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('ingredient_swap')
      .selectAll()
      .where('user_id', '=', id)
      .orderBy('from_id')
      .orderBy('to_id')
      .execute(),
    db.selectFrom('collection').selectAll().where('user_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('collection_item')
      .innerJoin('collection', 'collection.id', 'collection_item.collection_id')
      .selectAll('collection_item')
      .where('collection.user_id', '=', id)
      .orderBy('collection_item.collection_id')
      .orderBy('collection_item.cocktail_id')
      .execute(),
    db.selectFrom('cocktail_note').selectAll().where('user_id', '=', id).orderBy('cocktail_id').execute(),
    db.selectFrom('cocktail_rating').selectAll().where('user_id', '=', id).orderBy('cocktail_id').execute(),
    // A's memberships (of A's venue, and of any venue someone made A join), then A's venue: its organization and venue
    // rows (name, slug, brand, seat limit), its team and invitations (any status), its seats as the server counts them,
    // its team inventory (bottles, 86 marks, activity) and its menu.
    db.selectFrom('member').selectAll().where('userId', '=', id).orderBy('id').execute(),
    db.selectFrom('organization').selectAll().where('id', '=', venueId).execute(),
    db.selectFrom('venue').selectAll().where('organization_id', '=', venueId).execute(),
    db.selectFrom('member').selectAll().where('organizationId', '=', venueId).orderBy('id').execute(),
    db.selectFrom('invitation').selectAll().where('organizationId', '=', venueId).orderBy('id').execute(),
    seatUsage(db, venueId),
    db
      .selectFrom('venue_bar_item')
      .selectAll()
      .where('organization_id', '=', venueId)
      .orderBy('ingredient_id')
      .execute(),
    db.selectFrom('venue_bar_activity').selectAll().where('organization_id', '=', venueId).orderBy('id').execute(),
    // A's menu: its sections (titles, order) and items (cocktails, order, prices, hand-set availability).
    db.selectFrom('venue_menu_section').selectAll().where('organization_id', '=', venueId).orderBy('id').execute(),
    db.selectFrom('venue_menu_item').selectAll().where('organization_id', '=', venueId).orderBy('id').execute(),
    // A's signature cocktail (its recipe, photo, updated_at) and its lines; A's logo is in the venue and organization
    // rows above (venue.logo_photo, organization.logo).
    db.selectFrom('cocktail').selectAll().where('venue_id', '=', venueId).orderBy('id').execute(),
    db
      .selectFrom('cocktail_ingredient')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient.cocktail_id')
      .selectAll('cocktail_ingredient')
      .where('cocktail.venue_id', '=', venueId)
      .orderBy('cocktail_ingredient.cocktail_id')
      .orderBy('cocktail_ingredient.position')
      .execute(),
    // The public catalogue A's favorites, notes and menu point at (the signature routes write `cocktail` rows: none of
    // them may touch a catalogue recipe).
    db
      .selectFrom('cocktail')
      .selectAll()
      .where('venue_id', 'is', null)
      .where('owner_id', 'is', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('cocktail_ingredient')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient.cocktail_id')
      .selectAll('cocktail_ingredient')
      .where('cocktail.venue_id', 'is', null)
      .where('cocktail.owner_id', 'is', null)
      .orderBy('cocktail_ingredient.cocktail_id')
      .orderBy('cocktail_ingredient.position')
      .execute(),
    // A's own recipes (private and shared: recipe, share slug, updated_at) and their lines.
    db.selectFrom('cocktail').selectAll().where('owner_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('cocktail_ingredient')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient.cocktail_id')
      .selectAll('cocktail_ingredient')
      .where('cocktail.owner_id', '=', id)
      .orderBy('cocktail_ingredient.cocktail_id')
      .orderBy('cocktail_ingredient.position')
      .execute(),
  ]);
  return {
    user,
    session,
    account,
    twoFactor,
    favorites,
    entitlement,
    support,
    events,
    webhooks,
    bar,
    shopping,
    made,
    swaps,
    collections,
    collectionItems,
    notes,
    ratings,
    memberships,
    venueOrganization,
    venue,
    venueMembers,
    venueInvitations,
    venueSeats: [venueSeats],
    venueBar,
    venueBarActivity,
    venueMenuSections,
    venueMenuItems,
    venueSignatures,
    venueSignatureLines,
    catalogue,
    catalogueLines,
    ownRecipes,
    ownRecipeLines,
  };
}

/** What A sees of A's own account through the API (A's own reads, not counted as fuzz requests). */
export async function victimView(world: World): Promise<Record<string, unknown>> {
  const { t, victim } = world;
  const read = async (path: string) => {
    const response = await t.request(path, { headers: victim.jar.headers() });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  return {
    me: await read('/api/me'),
    favorites: await read('/api/me/favorites'),
    activity: await read('/api/me/activity'),
    bar: await read('/api/me/bar'),
    shopping: await read('/api/me/shopping-list'),
    made: await read('/api/me/made'),
    swaps: await read('/api/me/swaps'),
    collections: await read('/api/me/collections'),
    collection: await read(`/api/me/collections/${victim.collectionId}`),
    note: await read(`/api/me/notes/${world.ctx.cocktailIds[0] ?? 1}`),
    ratings: await read('/api/me/ratings'),
    shared: await read(`/api/collections/shared/${victim.publicShareSlug}`),
    recipes: await read('/api/me/recipes'),
    recipe: await read(`/api/me/recipes/${victim.ownRecipeId}`),
    sharedRecipe: await read(`/api/recipes/shared/${victim.publicRecipeSlug}`),
    session: await read('/api/auth/get-session'),
    sessions: await read('/api/auth/list-sessions'),
    accounts: await read('/api/auth/list-accounts'),
    venues: await read('/api/venues'),
    venue: await read(`/api/venues/${victim.venueSlug}`),
    venueTeam: await read(`/api/venues/${victim.venueSlug}/members`),
    venueInvitation: await read(`/api/venue-invitations/${victim.venueInvitationId}`),
    venueBar: await read(`/api/venues/${victim.venueSlug}/bar`),
    venueBarActivity: await read(`/api/venues/${victim.venueSlug}/bar/activity`),
    venueMenu: await read(`/api/venues/${victim.venueSlug}/menu`),
    venueSignatures: await read(`/api/venues/${victim.venueSlug}/signatures`),
    // A's logo and signature photo files, as anyone fetches them: the status and the bytes' length.
    venueMedia: await Promise.all(
      victim.venueMediaPaths.map(async (path) => {
        const response = await t.request(path);
        return { path, status: response.status, bytes: (await response.arrayBuffer()).byteLength };
      }),
    ),
    // The public menu, as guests read it (less `asOf`, the time of the answer).
    publicMenu: await read(`/api/menus/${victim.venueSlug}`).then(({ status, body }) => ({
      status,
      body: body && typeof body === 'object' ? { ...body, asOf: undefined } : body,
    })),
  };
}

/** The tables (or API reads) whose content differs between two snapshots. */
export function changedParts(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys({ ...before, ...after }).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}
