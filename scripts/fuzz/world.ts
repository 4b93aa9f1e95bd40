import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Dialect } from '@/server/db/database';
import { seatUsage, setSeatLimit } from '@/server/venues';
import { MAX_SEATS } from '@/shared/domain/venues';
import type { Signature, TeamMenu, Venue, VenueMembers } from '@/shared/schemas/venues';
import { totpFromUri } from '../../tests/support/totp';
import { postJson, randomAddress, SESSION_COOKIE, signIn } from '../../tests/support/auth';
import { CookieJar } from '../../tests/support/cookie-jar';
import {
  ENTERPRISE_MONTHLY,
  PAYMENTS_ENV,
  postWebhook,
  revenueCatEvent,
  TEST_WEBHOOK_AUTH,
} from '../../tests/support/payments';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../tests/support/test-app';
import type { Secret } from './detectors';
import { VALID_JPEG, VALID_PNG, type ImageSample } from './images';
import { signatureRecipe } from './routes/shared';
import { TRUSTED_ORIGIN, type FuzzContext, type OwnVenue, type VictimIds } from './routes/types';

/**
 * The world a fuzz run attacks: a test app on a fresh database (SQLite or PostgreSQL) with the wrapper simulator, dev tools,
 * payments and both sign-in providers configured, and these users:
 * - A, the victim, signed in, with two-factor on, favorites, pro and enterprise entitlements granted through RevenueCat's
 *   webhook, a support message, a search, My Bar data (bottles, a shopping-list entry, a made drink, a swap), a private
 *   and a shared collection, a private note and a rating, and a venue with one staff member (who joined through a real
 *   invitation and sends nothing either), one invitation still waiting, an 86'd bottle in its team inventory, a menu
 *   (a section of two cocktails with prices, one set 'off' by hand, public at /api/menus/<slug>), an uploaded logo, and a
 *   signature cocktail with a photo (not on the menu, so its name is A's secret); A sends nothing during the run, and A's
 *   data, A's venue and its menu and signature with it, is snapshotted (API and database), as is the public catalogue;
 * - B (free plan), B' (pro plan) and B-enterprise (enterprise plan, owner of a venue with a helper staff member, two
 *   waiting invitations, one to B, a menu and a signature cocktail), the signed-in attackers, re-created when a request
 *   ends their session (or takes B-enterprise's venue away);
 * - C, whom signed webhooks may name.
 */

/** Environment of the fuzzed app: everything on, so no route answers 5xx merely because it is not configured. */
export const FUZZ_ENV: Record<string, string> = {
  ...PAYMENTS_ENV,
  WRAPPER_SIMULATOR: '1',
  DEV_TOOLS: '1',
  GOOGLE_CLIENT_ID: 'fuzz-google-client',
  GOOGLE_CLIENT_SECRET: 'fuzz-google-secret-0123456789',
  FACEBOOK_CLIENT_ID: 'fuzz-facebook-client',
  FACEBOOK_CLIENT_SECRET: 'fuzz-facebook-secret-0123456789',
};

/** The file next to the client build that no path may reach (path traversal), and the text it holds. */
export const OUTSIDE_FILE = 'fuzz-secret.txt';

/**
 * A client build for the fuzzed app (index.html and one asset), so non-API paths answer as in production rather than
 * 503 "client not built"; beside it, {@link OUTSIDE_FILE} holds a marker no answer may contain.
 */
function makeClientBuild(): { dir: string; marker: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'barback-fuzz-'));
  const dir = path.join(root, 'client');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Barback</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("barback");');
  const marker = `outside-the-client-${Math.random().toString(36).slice(2)}`;
  writeFileSync(path.join(root, OUTSIDE_FILE), marker);
  return { dir, marker, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** A signed-in attacker: B (free), B' (pro) or B-enterprise (enterprise, with a venue: `ctx.ownVenue`). */
export interface Actor {
  label: 'member' | 'pro' | 'enterprise';
  email: string;
  userId: string;
  jar: CookieJar;
  /** The raw session token behind the jar's cookie. */
  token: string;
  /** How many times the actor was signed in again after losing the session. */
  renewals: number;
}

/** User A: the ids hostile requests aim at, and the session material only A holds. */
export interface Victim extends VictimIds {
  jar: CookieJar;
  /** A's signed session cookie value (never sent by an attacker as it is). */
  signedCookie: string;
  supportMessage: string;
  /** The note on A's made drink. */
  madeNote: string;
  /** A's private note on a cocktail, and the name of A's private collection. */
  cocktailNote: string;
  collectionName: string;
  /** The slug of the collection A shares on purpose (its name and cocktails are public). */
  publicShareSlug: string;
  totpUri: string;
  backupCodes: string[];
  /** The name of A's venue (its members see it, and so does whoever holds its invitation link). */
  venueName: string;
  /** The staff member of A's venue: their email and user id (only A, the owner, sees them in the team list). */
  venueStaffEmail: string;
  venueStaffUserId: string;
  /** The address A's waiting invitation went to. */
  venueInviteeEmail: string;
  /** The title of the section on A's venue's menu (public on A's public menu, as is the venue's name). */
  venueMenuSectionTitle: string;
  /** The name and slug of A's venue's signature cocktail (not on A's menu: only A's team may see them). */
  venueSignatureName: string;
  venueSignatureSlug: string;
  /** Where A's logo and A's signature's photo are served (`/media/...`): each must stay there, unchanged. */
  venueMediaPaths: string[];
  /** The name of A's private own recipe (only A may see it). */
  ownRecipeName: string;
  /** The slug of the own recipe A shares on purpose (public: anyone may read it, nobody else may change it). */
  publicRecipeSlug: string;
}

/** A running world. */
export interface World {
  t: TestApp;
  dialect: Dialect;
  victim: Victim;
  member: Actor;
  pro: Actor;
  enterprise: Actor;
  webhookTargetId: string;
  ctx: FuzzContext;
  /** What must never appear in an answer the request did not ask for it in. */
  secrets: Secret[];
  /**
   * Victim values (lower case) each attacker wrote into its own data, by the attacker's user id: what a later answer
   * may show again without a leak (see plantsSeenBy in campaign.ts).
   */
  planted: Map<string, Set<string>>;
  close(): Promise<void>;
}

let emailCounter = 0;
function uniqueEmail(label: string): string {
  emailCounter += 1;
  return `fuzz-${label}-${Date.now().toString(36)}-${emailCounter}@example.test`;
}

async function expectStatus(response: Response, expected: number, what: string): Promise<Response> {
  if (response.status !== expected) {
    throw new Error(`fuzz setup: ${what} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

async function tokenOf(t: TestApp, jar: CookieJar): Promise<string> {
  const cookie = jar.get(SESSION_COOKIE) ?? '';
  const token = decodeURIComponent(cookie).split('.')[0] ?? '';
  const row = await t.database.db.selectFrom('session').select('token').where('token', '=', token).executeTakeFirst();
  if (!row) throw new Error('fuzz setup: the session cookie names no session row');
  return token;
}

async function userIdOf(t: TestApp, jar: CookieJar): Promise<string> {
  const response = await expectStatus(await t.request('/api/me', { headers: jar.headers() }), 200, 'GET /api/me');
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Grants `plan` to the user as a purchase does: a signed RevenueCat webhook. @returns the event's id. */
async function grantPlan(t: TestApp, userId: string, plan: 'pro' | 'enterprise' = 'pro'): Promise<string> {
  const event = revenueCatEvent(
    'INITIAL_PURCHASE',
    userId,
    plan === 'enterprise' ? { product_id: ENTERPRISE_MONTHLY, entitlement_ids: ['enterprise'] } : {},
  );
  const { status } = await postWebhook(t, event);
  if (status !== 200) throw new Error(`fuzz setup: the webhook granting ${plan} answered ${status}`);
  return event.id;
}

async function newActor(t: TestApp, label: Actor['label'], renewals = 0): Promise<Actor> {
  const email = uniqueEmail(label);
  const jar = await signIn(t, email, randomAddress());
  const userId = await userIdOf(t, jar);
  if (label === 'pro' || label === 'enterprise') await grantPlan(t, userId, label);
  return { label, email, userId, jar, token: await tokenOf(t, jar), renewals };
}

/** Creates a venue owned by the user of `jar` (who has the enterprise plan). @returns its organization id and slug. */
async function createVenue(
  t: TestApp,
  jar: CookieJar,
  body: { name: string; slug: string },
  address?: string,
): Promise<{ id: string; slug: string }> {
  const created = await expectStatus(
    await t.request('/api/venues', postJson(body, jar), { address }),
    201,
    'POST /api/venues',
  );
  return (await created.json()) as { id: string; slug: string };
}

/** Invites `email` to the venue `slug` as staff (the owner's `jar`). @returns the waiting invitation's id. */
async function inviteToVenue(
  t: TestApp,
  jar: CookieJar,
  slug: string,
  email: string,
  address?: string,
): Promise<string> {
  const invited = await expectStatus(
    await t.request(`/api/venues/${slug}/invitations`, postJson({ email, role: 'staff' }, jar), { address }),
    201,
    'POST /api/venues/:slug/invitations',
  );
  const team = (await invited.json()) as VenueMembers;
  const invitation = team.invitations.find((row) => row.email === email.toLowerCase());
  if (!invitation) throw new Error(`fuzz setup: no waiting invitation to ${email} after inviting it`);
  return invitation.id;
}

/**
 * A new user who joins the venue `slug` as staff through a real invitation (mailed, then accepted while signed in).
 * @returns the user and their member id.
 */
async function joinVenue(
  t: TestApp,
  ownerJar: CookieJar,
  slug: string,
  label: string,
  address?: string,
): Promise<{ email: string; userId: string; memberId: string }> {
  const email = uniqueEmail(label);
  const jar = await signIn(t, email, randomAddress());
  const userId = await userIdOf(t, jar);
  const invitationId = await inviteToVenue(t, ownerJar, slug, email, address);
  await expectStatus(
    await t.request(`/api/venue-invitations/${invitationId}/accept`, postJson({}, jar), { address: randomAddress() }),
    200,
    'POST /api/venue-invitations/:invitationId/accept',
  );
  const member = await t.database.db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select('member.id')
    .where('organization.slug', '=', slug)
    .where('member.userId', '=', userId)
    .executeTakeFirstOrThrow();
  return { email, userId, memberId: member.id };
}

/**
 * Writes the whole menu of the venue `slug` (as its owner, `jar`): one section `title` with `cocktailIds` in order, each
 * with a price. @returns the items' ids, in order.
 */
async function writeMenu(
  t: TestApp,
  jar: CookieJar,
  slug: string,
  title: string,
  cocktailIds: number[],
  address?: string,
): Promise<number[]> {
  const items = cocktailIds.map((cocktailId, index) => ({ cocktailId, priceCents: 1150 + 75 * index }));
  const written = await expectStatus(
    await t.request(`/api/venues/${slug}/menu`, postJson({ sections: [{ title, items }] }, jar, 'PUT'), { address }),
    200,
    'PUT /api/venues/:slug/menu',
  );
  return ((await written.json()) as TeamMenu).sections.flatMap((section) => section.items.map((item) => item.id));
}

/** Adds a signature cocktail named `name` to the venue `slug` (as its owner, `jar`). @returns the signature. */
async function createSignature(
  t: TestApp,
  jar: CookieJar,
  slug: string,
  name: string,
  ingredientIds: readonly number[],
  address?: string,
): Promise<Signature> {
  const created = await expectStatus(
    await t.request(`/api/venues/${slug}/signatures`, postJson(signatureRecipe(ingredientIds, name), jar), { address }),
    201,
    'POST /api/venues/:slug/signatures',
  );
  return (await created.json()) as Signature;
}

/** Uploads `image` as the body of `PUT path` (a photo or a logo), as the owner `jar`. @returns the answer's JSON. */
async function upload<T>(t: TestApp, jar: CookieJar, path: string, image: ImageSample, address?: string): Promise<T> {
  const init: RequestInit = {
    method: 'PUT',
    headers: { 'content-type': image.contentType, origin: TRUSTED_ORIGIN, ...jar.headers() },
    body: Buffer.from(image.bytes),
  };
  const uploaded = await expectStatus(await t.request(path, init, { address }), 200, `PUT ${path}`);
  return (await uploaded.json()) as T;
}

/**
 * B-enterprise's venue, made afresh: seats raised to the most (so fuzzed invitations never fill it), a helper who joins
 * as staff (the member the valid removal aims at), a waiting invitation to B's email (what B may accept), one to an
 * address nobody uses (what the valid withdrawal aims at), a menu (the item the valid availability request sets) and a
 * signature cocktail (the one the valid recipe, photo and delete requests act on).
 */
async function setUpOwnVenue(
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

async function createVictim(t: TestApp, cocktailIds: number[], ingredientIds: number[]): Promise<Victim> {
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

/** Builds the world on a fresh database of `dialect`. */
export async function createWorld(dialect: Dialect): Promise<World> {
  const client = makeClientBuild();
  let t: TestApp;
  try {
    t = await createTestApp({ dialect, env: FUZZ_ENV, clientDir: client.dir });
  } catch (error) {
    client.remove();
    throw error;
  }
  try {
    const cocktailIds = (await t.database.db.selectFrom('cocktail').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    const ingredientIds = (await t.database.db.selectFrom('ingredient').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    const victim = await createVictim(t, cocktailIds, ingredientIds);
    const member = await newActor(t, 'member');
    const pro = await newActor(t, 'pro');
    const enterprise = await newActor(t, 'enterprise');
    const target = await newActor(t, 'member');
    const own = await expectStatus(
      await t.request('/api/me/collections', postJson({ name: "B' list", cocktailIds: [cocktailIds[0]] }, pro.jar)),
      201,
      "POST /api/me/collections (B')",
    );
    const ctx: FuzzContext = {
      cocktailIds,
      ingredientIds,
      victim,
      webhookTargetId: target.userId,
      publicShareSlug: victim.publicShareSlug,
      publicRecipeSlug: victim.publicRecipeSlug,
      ownCollectionId: ((await own.json()) as { id: number }).id,
      ownRecipeId: await createOwnRecipe(t, pro.jar, ingredientIds),
      ownVenue: await setUpOwnVenue(t, enterprise, member.email, cocktailIds, ingredientIds),
    };
    const totpSecret = new URL(victim.totpUri).searchParams.get('secret') ?? '';
    const publicMenuPath = `/api/menus/${victim.venueSlug}`;
    const secrets: Secret[] = [
      { label: "A's email", value: victim.email, owner: 'victim' },
      { label: "A's user id", value: victim.userId, owner: 'victim' },
      { label: "A's session token", value: victim.sessionToken, owner: 'victim' },
      { label: "A's session id", value: victim.sessionId, owner: 'victim' },
      { label: "A's support message", value: victim.supportMessage, owner: 'victim' },
      { label: "A's made-drink note", value: victim.madeNote, owner: 'victim' },
      { label: "A's private cocktail note", value: victim.cocktailNote, owner: 'victim' },
      { label: "A's private collection's name", value: victim.collectionName, owner: 'victim' },
      { label: "A's own recipe's name", value: victim.ownRecipeName, owner: 'victim' },
      { label: "A's TOTP secret", value: totpSecret, owner: 'victim' },
      ...victim.backupCodes.map((code) => ({
        label: "one of A's backup codes",
        value: code,
        owner: 'victim' as const,
      })),
      ...victim.accountIds.map((id) => ({ label: "A's account id", value: id, owner: 'victim' as const })),
      // The join page shows the venue's name to whoever holds the invitation link, and the public menu shows it (and the
      // menu) to anyone, by design.
      {
        label: "A's venue's name",
        value: victim.venueName,
        owner: 'victim',
        shownWith: [victim.venueInvitationId],
        publicAt: [publicMenuPath],
      },
      {
        label: "A's menu's section title",
        value: victim.venueMenuSectionTitle,
        owner: 'victim',
        publicAt: [publicMenuPath],
      },
      // The public menu shows A's logo, whose URL holds A's venue's id (uploads' keys are venues/<organization id>/...).
      { label: "A's venue's id", value: victim.venueId, owner: 'victim', publicAt: [publicMenuPath] },
      { label: "A's signature cocktail's name", value: victim.venueSignatureName, owner: 'victim' },
      { label: "A's signature cocktail's slug", value: victim.venueSignatureSlug, owner: 'victim' },
      { label: "A's venue's staff member id", value: victim.venueMemberId, owner: 'victim' },
      { label: "the email of A's venue's staff member", value: victim.venueStaffEmail, owner: 'victim' },
      { label: "the user id of A's venue's staff member", value: victim.venueStaffUserId, owner: 'victim' },
      { label: "the email A's venue invited", value: victim.venueInviteeEmail, owner: 'victim' },
      { label: "A's venue's invitation id (the join link)", value: victim.venueInvitationId, owner: 'victim' },
      { label: 'the auth secret', value: TEST_AUTH_SECRET, owner: 'server' },
      { label: 'the webhook secret', value: TEST_WEBHOOK_AUTH.replace(/^Bearer /, ''), owner: 'server' },
      { label: 'the Google client secret', value: FUZZ_ENV.GOOGLE_CLIENT_SECRET!, owner: 'server' },
      { label: 'the Facebook client secret', value: FUZZ_ENV.FACEBOOK_CLIENT_SECRET!, owner: 'server' },
      { label: `the file beside the client build (${OUTSIDE_FILE})`, value: client.marker, owner: 'server' },
      { label: 'the contents of /etc/passwd', value: 'root:x:0:0:', owner: 'server' },
    ];
    return {
      t,
      dialect,
      victim,
      member,
      pro,
      enterprise,
      webhookTargetId: target.userId,
      ctx,
      secrets,
      planted: new Map(),
      close: async () => {
        await t.close();
        client.remove();
      },
    };
  } catch (error) {
    await t.close();
    client.remove();
    throw error;
  }
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

/** B''s own recipe, written afresh through the API. @returns its id. */
async function createOwnRecipe(t: TestApp, jar: CookieJar, ingredientIds: readonly number[]): Promise<number> {
  const created = await expectStatus(
    await t.request('/api/me/recipes', postJson(signatureRecipe(ingredientIds, "B' house sour"), jar)),
    201,
    "POST /api/me/recipes (B')",
  );
  return ((await created.json()) as { id: number }).id;
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
