import { postJson, randomAddress, SESSION_COOKIE, signIn } from '../../../tests/support/auth';
import { totpFromUri } from '../../../tests/support/totp';
import type { TestApp } from '../../../tests/support/test-app';
import type { Signature, Venue } from '@/shared/schemas/venues';
import { VALID_JPEG, VALID_PNG } from '../images';
import { signatureRecipe } from '../routes/shared';
import {
  createSignature,
  createVenue,
  expectStatus,
  grantPlan,
  inviteToVenue,
  joinVenue,
  tokenOf,
  uniqueEmail,
  upload,
  userIdOf,
  writeMenu,
} from './setup-steps';
import type { Victim } from './types';

/**
 * User A, the victim, set up through the API (see the module comment of world.ts): signed in with two-factor on, A's
 * plans, My Bar, collections, note and rating, own recipes, support message and search, and a venue with its team,
 * inventory, menu, signature cocktail and logo.
 */
export async function createVictim(t: TestApp, cocktailIds: number[], ingredientIds: number[]): Promise<Victim> {
  const address = randomAddress();
  const email = uniqueEmail('victim');
  const jar = await signIn(t, email, address);
  const userId = await userIdOf(t, jar);
  const favoriteIds = cocktailIds.slice(0, 2);
  for (const id of favoriteIds) {
    await expectStatus(
      await t.request(`/api/me/favorites/${id}`, postJson({}, jar, 'PUT'), { address }),
      200,
      'PUT favorite',
    );
  }
  const webhookEventId = await grantPlan(t, userId, 'pro');
  await grantPlan(t, userId, 'enterprise');
  // My Bar (behind pro): two bottles, a shopping-list entry, a made drink (with a note only A may read) and a swap.
  const madeNote = `victim-made-${Math.random().toString(36).slice(2)} stirred`;
  const barIngredientIds = ingredientIds.slice(0, 2);
  const [first = 1, second = 2] = barIngredientIds;
  for (const [path, init, status] of [
    ['/api/me/bar', postJson({ ingredientIds: barIngredientIds }, jar), 200],
    [`/api/me/shopping-list/${ingredientIds[2] ?? 3}`, postJson({}, jar, 'PUT'), 200],
    ['/api/me/made', postJson({ cocktailId: cocktailIds[0], note: madeNote }, jar), 201],
    ['/api/me/swaps', postJson({ fromId: first, toId: second }, jar, 'PUT'), 200],
  ] as const) {
    await expectStatus(await t.request(path, init, { address }), status, `${init.method} ${path}`);
  }
  // Collections (behind pro): a private collection (its name only A may read), a shared one, a note and a rating.
  const collectionName = `victim-collection-${Math.random().toString(36).slice(2)}`;
  const cocktailNote = `victim-note-${Math.random().toString(36).slice(2)} less sugar`;
  const privateCollection = await expectStatus(
    await t.request(
      '/api/me/collections',
      postJson({ name: collectionName, description: 'private', cocktailIds: cocktailIds.slice(0, 2) }, jar),
      { address },
    ),
    201,
    'POST /api/me/collections',
  );
  const collectionId = ((await privateCollection.json()) as { id: number }).id;
  const publicCollection = await expectStatus(
    await t.request('/api/me/collections', postJson({ name: 'A shares this', cocktailIds: [cocktailIds[0]] }, jar), {
      address,
    }),
    201,
    'POST /api/me/collections (shared)',
  );
  const publicId = ((await publicCollection.json()) as { id: number }).id;
  const shared = await expectStatus(
    await t.request(`/api/me/collections/${publicId}`, postJson({ shared: true }, jar, 'PATCH'), { address }),
    200,
    'PATCH /api/me/collections/:id',
  );
  const publicShareSlug = ((await shared.json()) as { shareSlug: string }).shareSlug;
  for (const [path, body] of [
    [`/api/me/notes/${cocktailIds[0]}`, { text: cocktailNote }],
    [`/api/me/ratings/${cocktailIds[0]}`, { stars: 3.5 }],
  ] as const) {
    await expectStatus(await t.request(path, postJson(body, jar, 'PUT'), { address }), 200, `PUT ${path}`);
  }
  // A's venue (behind enterprise): a staff member who joined through a real invitation, and one invitation waiting.
  const venueName = `Victim venue ${Math.random().toString(36).slice(2)}`;
  const venue = await createVenue(
    t,
    jar,
    { name: venueName, slug: `victim-bar-${Math.random().toString(36).slice(2, 10)}` },
    address,
  );
  const staff = await joinVenue(t, jar, venue.slug, 'victim-staff', address);
  // The team inventory: one bottle (one of A's own, so the ids the sweep aims with are A's), 86'd tonight.
  for (const [path, body] of [
    [`/api/venues/${venue.slug}/bar/${first}`, {}],
    [`/api/venues/${venue.slug}/bar/${first}/86`, { eightySixed: true }],
  ] as const) {
    await expectStatus(await t.request(path, postJson(body, jar, 'PUT'), { address }), 200, `PUT ${path}`);
  }
  // The menu: one section of two cocktails with prices, the second set 'off' by hand (the item hostile calls aim at).
  const venueMenuSectionTitle = `Victim menu ${Math.random().toString(36).slice(2)}`;
  const [, venueMenuItemId = 0] = await writeMenu(
    t,
    jar,
    venue.slug,
    venueMenuSectionTitle,
    [cocktailIds[0] ?? 1, cocktailIds[1] ?? 2],
    address,
  );
  await expectStatus(
    await t.request(
      `/api/venues/${venue.slug}/menu/items/${venueMenuItemId}/availability`,
      postJson({ availability: 'off' }, jar, 'PUT'),
      { address },
    ),
    200,
    'PUT /api/venues/:slug/menu/items/:itemId/availability',
  );
  // Own recipes: a private one (its name is A's secret) and one A shares on purpose.
  const ownRecipeName = `Victim own recipe ${Math.random().toString(36).slice(2)}`;
  const ownRecipe = await expectStatus(
    await t.request('/api/me/recipes', postJson(signatureRecipe(ingredientIds, ownRecipeName), jar), { address }),
    201,
    'POST /api/me/recipes',
  );
  const ownRecipeId = ((await ownRecipe.json()) as { id: number }).id;
  const sharedRecipe = await expectStatus(
    await t.request('/api/me/recipes', postJson(signatureRecipe(ingredientIds, 'A shares this sour'), jar), {
      address,
    }),
    201,
    'POST /api/me/recipes (shared)',
  );
  const sharedRecipeId = ((await sharedRecipe.json()) as { id: number }).id;
  const recipeShare = await expectStatus(
    await t.request(`/api/me/recipes/${sharedRecipeId}/share`, postJson({ shared: true }, jar, 'PUT'), { address }),
    200,
    'PUT /api/me/recipes/:id/share',
  );
  const publicRecipeSlug = ((await recipeShare.json()) as { shareSlug: string }).shareSlug;
  // A signature cocktail (not on the menu: its name, with "gin" in it as the catalogue search's valid query has, is A's
  // secret) with a photo, and a logo: uploaded, so an attacker's removal or replacement would show in A's rows and files.
  const venueSignatureName = `Victim signature gin ${Math.random().toString(36).slice(2)}`;
  const signature = await createSignature(t, jar, venue.slug, venueSignatureName, ingredientIds, address);
  const photographed = await upload<Signature>(
    t,
    jar,
    `/api/venues/${venue.slug}/signatures/${signature.id}/photo`,
    VALID_JPEG,
    address,
  );
  const logo = await upload<Venue>(t, jar, `/api/venues/${venue.slug}/logo`, VALID_PNG, address);
  const venueMediaPaths = [
    ...(logo.logoUrl ? [logo.logoUrl] : []),
    ...(photographed.photo?.variants.map((variant) => variant.url) ?? []),
  ];
  if (venueMediaPaths.length < 2) throw new Error("fuzz setup: A's logo or signature photo has no URL");
  const venueInviteeEmail = uniqueEmail('victim-invitee');
  const venueInvitationId = await inviteToVenue(t, jar, venue.slug, venueInviteeEmail, address);

  const supportMessage = `victim-support-${Math.random().toString(36).slice(2)} please help`;
  const support = await t.request('/api/support', postJson({ email, message: supportMessage, page: '/account' }, jar), {
    address,
  });
  await expectStatus(support, 201, 'POST /api/support');
  const supportMessageId = ((await support.json()) as { id: number }).id;
  await expectStatus(
    await t.request(
      '/api/events',
      postJson(
        { events: [{ type: 'search_performed', timestamp: new Date().toISOString(), props: { q: 'negroni' } }] },
        jar,
      ),
      { address },
    ),
    202,
    'POST /api/events',
  );
  // Two-factor on: the victim's TOTP secret and backup codes join what must stay A's.
  const enabled = await expectStatus(
    await t.request('/api/auth/two-factor/enable', postJson({}, jar), { address }),
    200,
    'two-factor enable',
  );
  jar.take(enabled);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const confirmed = await t.request('/api/auth/two-factor/verify-totp', postJson({ code: totpFromUri(totpURI) }, jar), {
    address,
  });
  await expectStatus(confirmed, 200, 'two-factor verify');
  jar.take(confirmed);

  const sessionToken = await tokenOf(t, jar);
  const session = await t.database.db
    .selectFrom('session')
    .select('id')
    .where('token', '=', sessionToken)
    .executeTakeFirstOrThrow();
  const accounts = await t.database.db.selectFrom('account').select('id').where('userId', '=', userId).execute();
  return {
    userId,
    email,
    sessionId: session.id,
    sessionToken,
    accountIds: accounts.map((row) => row.id),
    favoriteIds,
    barIngredientIds,
    collectionId,
    supportMessageId,
    webhookEventId,
    venueSlug: venue.slug,
    venueId: venue.id,
    venueMemberId: staff.memberId,
    venueInvitationId,
    venueMenuItemId,
    venueSignatureId: signature.id,
    jar,
    signedCookie: jar.get(SESSION_COOKIE) ?? '',
    supportMessage,
    madeNote,
    cocktailNote,
    collectionName,
    publicShareSlug,
    totpUri: totpURI,
    backupCodes,
    venueName,
    venueStaffEmail: staff.email,
    venueStaffUserId: staff.userId,
    venueInviteeEmail,
    venueMenuSectionTitle,
    venueSignatureName,
    venueSignatureSlug: signature.slug,
    venueMediaPaths,
    ownRecipeId,
    ownRecipeName,
    publicRecipeSlug,
  };
}
