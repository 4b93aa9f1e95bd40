import type { Signature, TeamMenu, VenueMembers } from '@/shared/schemas/venues';
import { postJson, randomAddress, SESSION_COOKIE, signIn } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { ENTERPRISE_MONTHLY, postWebhook, revenueCatEvent } from '../../../tests/support/payments';
import type { TestApp } from '../../../tests/support/test-app';
import type { ImageSample } from '../images';
import { signatureRecipe } from '../routes/shared';
import { TRUSTED_ORIGIN } from '../routes/types';
import type { Actor } from './types';

/** The steps the world is built from, each through the API as a user takes it (sign-in, a plan, a venue, a menu...). */

let emailCounter = 0;

/** A fresh email address for a new user, `label` in it. */
export function uniqueEmail(label: string): string {
  emailCounter += 1;
  return `fuzz-${label}-${Date.now().toString(36)}-${emailCounter}@example.test`;
}

/** `response` when it has the `expected` status. @throws Error naming the step (`what`) and the answer otherwise. */
export async function expectStatus(response: Response, expected: number, what: string): Promise<Response> {
  if (response.status !== expected) {
    throw new Error(`fuzz setup: ${what} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** The raw session token behind the session cookie of `jar` (checked against the session table). */
export async function tokenOf(t: TestApp, jar: CookieJar): Promise<string> {
  const cookie = jar.get(SESSION_COOKIE) ?? '';
  const token = decodeURIComponent(cookie).split('.')[0] ?? '';
  const row = await t.database.db.selectFrom('session').select('token').where('token', '=', token).executeTakeFirst();
  if (!row) throw new Error('fuzz setup: the session cookie names no session row');
  return token;
}

/** The user id of whoever `jar` signs in. */
export async function userIdOf(t: TestApp, jar: CookieJar): Promise<string> {
  const response = await expectStatus(await t.request('/api/me', { headers: jar.headers() }), 200, 'GET /api/me');
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Grants `plan` to the user as a purchase does: a signed RevenueCat webhook. @returns the event's id. */
export async function grantPlan(t: TestApp, userId: string, plan: 'pro' | 'enterprise' = 'pro'): Promise<string> {
  const event = revenueCatEvent(
    'INITIAL_PURCHASE',
    userId,
    plan === 'enterprise' ? { product_id: ENTERPRISE_MONTHLY, entitlement_ids: ['enterprise'] } : {},
  );
  const { status } = await postWebhook(t, event);
  if (status !== 200) throw new Error(`fuzz setup: the webhook granting ${plan} answered ${status}`);
  return event.id;
}

/** A new signed-in attacker (with its plan granted, for B' and B-enterprise). */
export async function newActor(t: TestApp, label: Actor['label'], renewals = 0): Promise<Actor> {
  const email = uniqueEmail(label);
  const jar = await signIn(t, email, randomAddress());
  const userId = await userIdOf(t, jar);
  if (label === 'pro' || label === 'enterprise') await grantPlan(t, userId, label);
  return { label, email, userId, jar, token: await tokenOf(t, jar), renewals };
}

/** Creates a venue owned by the user of `jar` (who has the enterprise plan). @returns its organization id and slug. */
export async function createVenue(
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
export async function inviteToVenue(
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
export async function joinVenue(
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
export async function writeMenu(
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
export async function createSignature(
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
export async function upload<T>(
  t: TestApp,
  jar: CookieJar,
  path: string,
  image: ImageSample,
  address?: string,
): Promise<T> {
  const init: RequestInit = {
    method: 'PUT',
    headers: { 'content-type': image.contentType, origin: TRUSTED_ORIGIN, ...jar.headers() },
    body: Buffer.from(image.bytes),
  };
  const uploaded = await expectStatus(await t.request(path, init, { address }), 200, `PUT ${path}`);
  return (await uploaded.json()) as T;
}

/** B''s own recipe, written afresh through the API. @returns its id. */
export async function createOwnRecipe(t: TestApp, jar: CookieJar, ingredientIds: readonly number[]): Promise<number> {
  const created = await expectStatus(
    await t.request('/api/me/recipes', postJson(signatureRecipe(ingredientIds, "B' house sour"), jar)),
    201,
    "POST /api/me/recipes (B')",
  );
  return ((await created.json()) as { id: number }).id;
}
