import { setSeatLimit } from '@/server/venues';
import { MAX_SEATS } from '@/shared/domain/venues';
import type { TestApp } from '../../../tests/support/test-app';
import type { OwnVenue } from '../routes/types';
import {
  createOwnRecipe,
  createSignature,
  createVenue,
  inviteToVenue,
  joinVenue,
  newActor,
  uniqueEmail,
  writeMenu,
} from './setup-steps';
import type { Actor, World } from './types';

/** The attackers' own data (B-enterprise's venue, B''s own recipe) and keeping them signed in with it during a run. */

/**
 * B-enterprise's venue, made afresh: seats raised to the most (so fuzzed invitations never fill it), a helper who joins
 * as staff (the member the valid removal aims at), a waiting invitation to B's email (what B may accept), one to an
 * address nobody uses (what the valid withdrawal aims at), a menu (the item the valid availability request sets) and a
 * signature cocktail (the one the valid recipe, photo and delete requests act on).
 */
export async function setUpOwnVenue(
  t: TestApp,
  owner: Actor,
  memberEmail: string,
  cocktailIds: number[],
  ingredientIds: number[],
): Promise<OwnVenue> {
  const venue = await createVenue(t, owner.jar, {
    name: "Benterprise's bar",
    slug: `fuzz-own-${Math.random().toString(36).slice(2, 10)}`,
  });
  await setSeatLimit({ db: t.database.db, slug: venue.slug, seats: MAX_SEATS });
  const helper = await joinVenue(t, owner.jar, venue.slug, 'helper');
  const [menuItemId = 0] = await writeMenu(t, owner.jar, venue.slug, "Benterprise's list", cocktailIds.slice(0, 2));
  const signature = await createSignature(t, owner.jar, venue.slug, "Benterprise's martini", ingredientIds);
  return {
    id: venue.id,
    slug: venue.slug,
    invitationId: await inviteToVenue(t, owner.jar, venue.slug, memberEmail),
    spareInvitationId: await inviteToVenue(t, owner.jar, venue.slug, uniqueEmail('spare')),
    memberId: helper.memberId,
    menuItemId,
    signatureId: signature.id,
  };
}

/**
 * Whether B-enterprise still owns its venue (a fuzzed request may have deleted the account, and with it the
 * membership); the venue's slug is read afresh into `ctx.ownVenue` on the way.
 */
async function ownsOwnVenue(world: World): Promise<boolean> {
  const row = await world.t.database.db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select('organization.slug')
    .where('organization.id', '=', world.ctx.ownVenue.id)
    .where('member.userId', '=', world.enterprise.userId)
    .where('member.role', '=', 'owner')
    .executeTakeFirst();
  if (row) world.ctx.ownVenue.slug = row.slug;
  return row !== undefined;
}

/**
 * Makes sure B, B' and B-enterprise still have a live session (a fuzzed request may have signed them out, revoked their
 * sessions or deleted their account), and B-enterprise its venue: a lost one is replaced by a new user, signed in afresh
 * (B' with pro again, B-enterprise with enterprise and a new venue: `ctx.ownVenue`). A new B gets a new invitation to
 * B-enterprise's venue, `ctx.ownVenue.menuItemId` follows B-enterprise's menu (see keepOwnMenuItem) and
 * `ctx.ownVenue.signatureId` its signature cocktails (see keepOwnSignature), so the invitation, menu and signature
 * routes' valid requests stay valid.
 * @returns how many actors were replaced.
 */
export async function keepActorsSignedIn(world: World): Promise<number> {
  const replaced = new Set<Actor['label']>();
  for (const label of ['member', 'pro', 'enterprise'] as const) {
    const actor = world[label];
    const row = await world.t.database.db
      .selectFrom('session')
      .select(['userId', 'expiresAt'])
      .where('token', '=', actor.token)
      .executeTakeFirst();
    const alive = row && row.userId === actor.userId && new Date(row.expiresAt as string).getTime() > Date.now();
    if (alive && (label !== 'enterprise' || (await ownsOwnVenue(world)))) continue;
    world[label] = await newActor(world.t, label, actor.renewals + 1);
    replaced.add(label);
  }
  if (replaced.has('enterprise')) {
    world.ctx.ownVenue = await setUpOwnVenue(
      world.t,
      world.enterprise,
      world.member.email,
      world.ctx.cocktailIds,
      world.ctx.ingredientIds,
    );
    return replaced.size;
  }
  if (replaced.has('member')) {
    world.ctx.ownVenue.invitationId = await inviteToVenue(
      world.t,
      world.enterprise.jar,
      world.ctx.ownVenue.slug,
      world.member.email,
    );
  }
  await keepOwnMenuItem(world);
  await keepOwnSignature(world);
  await keepOwnRecipe(world);
  return replaced.size;
}

/**
 * Keeps `ctx.ownRecipeId` an own recipe of B': when a request deleted it (or B' was replaced), another of B''s is taken,
 * or a new one written when none is left.
 */
async function keepOwnRecipe(world: World): Promise<void> {
  const recipes = world.t.database.db
    .selectFrom('cocktail')
    .select('id')
    .where('owner_id', '=', world.pro.userId)
    .orderBy('id')
    .limit(1);
  if (await recipes.where('id', '=', world.ctx.ownRecipeId).executeTakeFirst()) return;
  const first = await recipes.executeTakeFirst();
  world.ctx.ownRecipeId = first
    ? Number(first.id)
    : await createOwnRecipe(world.t, world.pro.jar, world.ctx.ingredientIds);
}

/**
 * Keeps `ctx.ownVenue.menuItemId` an item of B-enterprise's menu: a menu write replaces every item, so the id is read
 * afresh when its item is gone, and the menu written again when it has none left.
 */
async function keepOwnMenuItem(world: World): Promise<void> {
  const { id, slug, menuItemId } = world.ctx.ownVenue;
  const items = world.t.database.db
    .selectFrom('venue_menu_item')
    .select('id')
    .where('organization_id', '=', id)
    .orderBy('id')
    .limit(1);
  if (await items.where('id', '=', menuItemId).executeTakeFirst()) return;
  const first = await items.executeTakeFirst();
  world.ctx.ownVenue.menuItemId = first
    ? Number(first.id)
    : ((
        await writeMenu(world.t, world.enterprise.jar, slug, "Benterprise's list", world.ctx.cocktailIds.slice(0, 2))
      )[0] ?? 0);
}

/**
 * Keeps `ctx.ownVenue.signatureId` a signature cocktail of B-enterprise's venue: when a request deleted it, another of
 * the venue's is taken (a valid `POST` made more), or a new one created when none is left.
 */
async function keepOwnSignature(world: World): Promise<void> {
  const { id, slug, signatureId } = world.ctx.ownVenue;
  const recipes = world.t.database.db
    .selectFrom('cocktail')
    .select('id')
    .where('venue_id', '=', id)
    .orderBy('id')
    .limit(1);
  if (await recipes.where('id', '=', signatureId).executeTakeFirst()) return;
  const first = await recipes.executeTakeFirst();
  world.ctx.ownVenue.signatureId = first
    ? Number(first.id)
    : (await createSignature(world.t, world.enterprise.jar, slug, "Benterprise's martini", world.ctx.ingredientIds)).id;
}
