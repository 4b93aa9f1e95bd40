import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Dialect } from '@/server/db/database';
import { totpFromUri } from '../../tests/support/totp';
import { postJson, randomAddress, SESSION_COOKIE, signIn } from '../../tests/support/auth';
import { CookieJar } from '../../tests/support/cookie-jar';
import { PAYMENTS_ENV, postWebhook, revenueCatEvent, TEST_WEBHOOK_AUTH } from '../../tests/support/payments';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../tests/support/test-app';
import type { Secret } from './detectors';
import type { FuzzContext, VictimIds } from './routes';

/**
 * The world a fuzz run attacks: a test app on a fresh database (SQLite or PostgreSQL) with the wrapper simulator, dev tools,
 * payments and both sign-in providers configured, and four users:
 * - A, the victim, signed in, with two-factor on, favorites, a pro entitlement granted through RevenueCat's webhook, a
 *   support message, a search, My Bar data (bottles, a shopping-list entry, a made drink, a swap), a private and a shared
 *   collection, a private note and a rating; A sends nothing during the run, and A's data is snapshotted (API and database);
 * - B (free plan) and B' (pro plan), the signed-in attackers, re-created when a request ends their session;
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

/** A signed-in attacker: B (free) or B' (pro). */
export interface Actor {
  label: 'member' | 'pro';
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
}

/** A running world. */
export interface World {
  t: TestApp;
  dialect: Dialect;
  victim: Victim;
  member: Actor;
  pro: Actor;
  webhookTargetId: string;
  ctx: FuzzContext;
  /** What must never appear in an answer the request did not ask for it in. */
  secrets: Secret[];
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

async function grantPro(t: TestApp, userId: string): Promise<string> {
  const event = revenueCatEvent('INITIAL_PURCHASE', userId);
  const { status } = await postWebhook(t, event);
  if (status !== 200) throw new Error(`fuzz setup: the webhook granting pro answered ${status}`);
  return event.id;
}

async function newActor(t: TestApp, label: Actor['label'], renewals = 0): Promise<Actor> {
  const email = uniqueEmail(label);
  const jar = await signIn(t, email, randomAddress());
  const userId = await userIdOf(t, jar);
  if (label === 'pro') await grantPro(t, userId);
  return { label, email, userId, jar, token: await tokenOf(t, jar), renewals };
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
  const webhookEventId = await grantPro(t, userId);
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
    jar,
    signedCookie: jar.get(SESSION_COOKIE) ?? '',
    supportMessage,
    madeNote,
    cocktailNote,
    collectionName,
    publicShareSlug,
    totpUri: totpURI,
    backupCodes,
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
      ownCollectionId: ((await own.json()) as { id: number }).id,
    };
    const totpSecret = new URL(victim.totpUri).searchParams.get('secret') ?? '';
    const secrets: Secret[] = [
      { label: "A's email", value: victim.email, owner: 'victim' },
      { label: "A's user id", value: victim.userId, owner: 'victim' },
      { label: "A's session token", value: victim.sessionToken, owner: 'victim' },
      { label: "A's session id", value: victim.sessionId, owner: 'victim' },
      { label: "A's support message", value: victim.supportMessage, owner: 'victim' },
      { label: "A's made-drink note", value: victim.madeNote, owner: 'victim' },
      { label: "A's private cocktail note", value: victim.cocktailNote, owner: 'victim' },
      { label: "A's private collection's name", value: victim.collectionName, owner: 'victim' },
      { label: "A's TOTP secret", value: totpSecret, owner: 'victim' },
      ...victim.backupCodes.map((code) => ({
        label: "one of A's backup codes",
        value: code,
        owner: 'victim' as const,
      })),
      ...victim.accountIds.map((id) => ({ label: "A's account id", value: id, owner: 'victim' as const })),
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
      webhookTargetId: target.userId,
      ctx,
      secrets,
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
 * Makes sure B and B' still have a live session (a fuzzed request may have signed them out, revoked their sessions or
 * deleted their account): a lost one is replaced by a new user, signed in afresh (B' with pro again).
 * @returns how many actors were replaced.
 */
export async function keepActorsSignedIn(world: World): Promise<number> {
  let replaced = 0;
  for (const label of ['member', 'pro'] as const) {
    const actor = world[label];
    const row = await world.t.database.db
      .selectFrom('session')
      .select(['userId', 'expiresAt'])
      .where('token', '=', actor.token)
      .executeTakeFirst();
    const alive = row && row.userId === actor.userId && new Date(row.expiresAt as string).getTime() > Date.now();
    if (alive) continue;
    world[label] = await newActor(world.t, label, actor.renewals + 1);
    replaced += 1;
  }
  return replaced;
}

/** The victim's rows, table by table, in a stable order: what no other caller may change. */
export async function victimRows(world: World): Promise<Record<string, unknown[]>> {
  const db = world.t.database.db;
  const id = world.victim.userId;
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
    session: await read('/api/auth/get-session'),
    sessions: await read('/api/auth/list-sessions'),
    accounts: await read('/api/auth/list-accounts'),
  };
}

/** The tables (or API reads) whose content differs between two snapshots. */
export function changedParts(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys({ ...before, ...after }).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}
