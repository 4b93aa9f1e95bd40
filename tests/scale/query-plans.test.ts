import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSessionList } from '@/shared/schemas/account';
import type { CollectionDetail } from '@/shared/schemas/collections';
import type { OwnRecipe } from '@/shared/schemas/recipes';
import type { InvitationView, Venue } from '@/shared/schemas/venues';
import { houseRecipes } from '../support/account-export';
import {
  latestMailTo,
  magicLinkIn,
  pathOf,
  postJson,
  randomAddress,
  randomEmail,
  requestMagicLink,
  signIn,
  TEST_ORIGIN,
  userIdOf,
} from '../support/auth';
import { CookieJar } from '../support/cookie-jar';
import { ENTERPRISE_MONTHLY, PAYMENTS_ENV, postWebhook, revenueCatEvent } from '../support/payments';
import {
  captureStatements,
  describeFinding,
  postgresScans,
  sqliteScans,
  USER_OWNED_TABLES,
  userOwnedTablesOf,
  type AllowedScan,
  type CapturedStatement,
  type ScanFinding,
  type StatementCapture,
  unindexedForeignKeys,
} from '../support/query-plans';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDialects } from '../support/test-database';
import { totpFromUri } from '../support/totp';

/**
 * Every statement a signed-in user's requests run finds that user's rows through an index. The app is sized for a
 * million users and ten million saved cocktails, so one full scan of a user-owned table per request is a request that
 * slows with the whole user base. A Pro user (made Pro through RevenueCat's webhook) signs in by magic link and walks
 * their routes (account, sessions, favorites, My Bar and its views, shopping list, made drinks, swaps, own recipes,
 * collections, notes, ratings, export, a venue they are invited to, two-factor, account deletion); every statement
 * recorded at the driver (better-auth's included) that touches a user-owned table is planned with its own parameters,
 * and any full scan of such a table fails, naming the SQL and the plan line. Neither database plans the lookups a
 * foreign key makes when its parent row is deleted, so a second check reads the schema: every foreign key's column
 * leads an index.
 */

/** Statements that may scan a user-owned table, each with why. A new entry needs a reason a reviewer accepts. */
const ALLOWED_SCANS: AllowedScan[] = [
  {
    table: 'webhook_event',
    sql: /^delete from "webhook_event" where \("user_id" = (\?|\$1) or "app_user_id" = (\?|\$2) or "payload" like /,
    reason:
      'account deletion (account/delete-account.ts), once per account: a store event can name the user only inside its ' +
      'payload (an alias, a transfer party), which `like %id%` finds and no index can serve; it reads every stored ' +
      'event, so a table of the users each event names would turn it into a lookup',
  },
];

/** User-owned tables only account deletion's bookkeeping or other routes touch, which the walk need not reach. */
const NOT_WALKED = new Set(['webhook_event', 'support_message', 'analytics_event']);
/** User-owned tables the walk below must reach: a recorder that saw nothing would pass anything. */
const WALKED_TABLES = [...[...USER_OWNED_TABLES].filter((table) => !NOT_WALKED.has(table)), 'cocktail'];

function allowed(finding: ScanFinding): boolean {
  return ALLOWED_SCANS.some((entry) => entry.table === finding.table && entry.sql.test(finding.sql));
}

/** One of each SQL text (the first parameters seen), in the order first run. */
function distinct(statements: CapturedStatement[]): CapturedStatement[] {
  const seen = new Map<string, CapturedStatement>();
  for (const statement of statements) if (!seen.has(statement.sql)) seen.set(statement.sql, statement);
  return [...seen.values()];
}

describe.each(testDialects())('Query plans of a signed-in user on %s', (dialect) => {
  let t: TestApp;
  let capture: StatementCapture;
  let explainer: pg.Client | null = null;
  let ing: Record<string, number>;
  let drinks: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ dialect, env: PAYMENTS_ENV });
    const db = t.database.db;
    const ingredients = await db.selectFrom('ingredient').select(['id', 'slug']).execute();
    ing = Object.fromEntries(ingredients.map((row) => [row.slug, Number(row.id)]));
    const cocktails = await db.selectFrom('cocktail').select(['id', 'slug']).where('owner_id', 'is', null).execute();
    drinks = Object.fromEntries(cocktails.map((row) => [row.slug, Number(row.id)]));
    if (t.database.database.dialect === 'postgres') {
      explainer = new pg.Client({ connectionString: t.database.database.url });
      await explainer.connect();
    }
    capture = captureStatements(t.database);
  });
  afterAll(async () => {
    capture?.stop();
    await explainer?.end();
    await t?.close();
  });

  /** Sends a request as `jar` from the app's origin and fails unless it answers 2xx. */
  async function call<T>(jar: CookieJar | null, method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit =
      body === undefined
        ? { method, headers: { origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) } }
        : postJson(body, jar ?? undefined, method);
    const answer = await t.json<T>(path, init);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  }

  /** A user signed in by magic link, then given `product` by RevenueCat's webhook. */
  async function subscriber(label: string, product?: string) {
    const email = randomEmail(label);
    const jar = await signIn(t, email);
    const id = await userIdOf(t, jar);
    const event =
      product === ENTERPRISE_MONTHLY
        ? revenueCatEvent('INITIAL_PURCHASE', id, { product_id: product, entitlement_ids: ['enterprise'] })
        : revenueCatEvent('INITIAL_PURCHASE', id);
    expect((await postWebhook(t, event)).status).toBe(200);
    return { email, jar, id };
  }

  /** The user's account, sessions, favorites and the catalogue views that read them. */
  async function account(jar: CookieJar, email: string) {
    await call(jar, 'GET', '/api/me');
    await call(jar, 'GET', '/api/auth/get-session');
    await call(jar, 'GET', '/api/me/activity');
    const other = await signIn(t, email);
    const { sessions } = await call<AccountSessionList>(jar, 'GET', '/api/me/sessions');
    const third = await signIn(t, email);
    const thirdId = (await call<AccountSessionList>(third, 'GET', '/api/me/sessions')).sessions.find((s) => s.current);
    await call(jar, 'DELETE', `/api/me/sessions/${thirdId!.id}`);
    await call(jar, 'POST', '/api/me/sessions/revoke-others');
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    await call(other, 'POST', '/api/auth/sign-out', {});
    await call(jar, 'PUT', `/api/me/favorites/${drinks.negroni}`, {});
    await call(jar, 'PUT', `/api/me/favorites/${drinks.daiquiri}`, {});
    await call(jar, 'GET', '/api/me/favorites');
    await call(jar, 'DELETE', `/api/me/favorites/${drinks.daiquiri}`, {});
    // A write from the offline queue, sent twice with its id and its age: the claim, the age check, the replay.
    const queued = (method: string, age: string, key?: string) =>
      t.request(`/api/me/favorites/${drinks.daiquiri}`, {
        method,
        headers: {
          ...jar.headers(),
          origin: TEST_ORIGIN,
          ...(key ? { 'Idempotency-Key': key } : {}),
          'Barback-Write-Age': age,
        },
      });
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await queued('PUT', '0', 'plan-check')).status).toBe(200);
    // A queued removal (the conditional delete and its record), then a queued add made before it (refused).
    expect((await queued('DELETE', '0')).status).toBe(200);
    expect((await queued('PUT', '60000')).status).toBe(409);
    await call(jar, 'PUT', `/api/me/favorites/${drinks.daiquiri}`, {});
    await call(jar, 'GET', '/api/cocktails?favorites=1');
    await call(jar, 'GET', '/api/cocktails?sort=my-ratings');
    await call(jar, 'GET', '/api/cocktails?minRating=4');
    await call(jar, 'GET', '/api/cocktails?q=negroni');
  }

  /** My Bar and its views, the shopping list, made drinks and swaps. */
  async function myBar(jar: CookieJar) {
    await call(jar, 'POST', '/api/me/bar', { ingredientIds: [ing.gin, ing.campari] });
    await call(jar, 'PUT', `/api/me/bar/${ing['sweet-vermouth']}`, {});
    await call(jar, 'GET', '/api/me/bar');
    await call(jar, 'GET', '/api/me/bar/makeable');
    await call(jar, 'GET', '/api/me/bar/makeable-ids');
    await call(jar, 'GET', '/api/me/bar/suggestions');
    await call(jar, 'GET', `/api/me/bar/match/${drinks.negroni}`);
    await call(jar, 'GET', '/api/cocktails?canMake=1');
    await call(jar, 'DELETE', `/api/me/bar/${ing.campari}`, {});
    await call(jar, 'PUT', `/api/me/shopping-list/${ing['lime-juice']}`, {});
    await call(jar, 'PUT', `/api/me/shopping-list/${ing.campari}`, {});
    await call(jar, 'GET', '/api/me/shopping-list');
    await call(jar, 'POST', `/api/me/shopping-list/${ing['lime-juice']}/bought`, {});
    await call(jar, 'DELETE', `/api/me/shopping-list/${ing.campari}`, {});
    await call(jar, 'PUT', `/api/me/shopping-list/${ing.campari}`, {});
    await call(jar, 'DELETE', '/api/me/shopping-list', {});
    await call(jar, 'POST', '/api/me/made', { cocktailId: drinks.negroni, note: 'For Sam' });
    await call(jar, 'GET', '/api/me/made');
    await call(jar, 'PUT', '/api/me/swaps', { fromId: ing.gin, toId: ing['london-dry-gin'] });
    await call(jar, 'GET', '/api/me/swaps');
    await call(jar, 'DELETE', `/api/me/swaps?fromId=${ing.gin}&toId=${ing['london-dry-gin']}`, {});
  }

  /** Own recipes, collections, notes and ratings. */
  async function recipesAndCollections(jar: CookieJar) {
    const [first, second] = houseRecipes(ing);
    const own = await call<OwnRecipe>(jar, 'POST', '/api/me/recipes', first);
    await call(jar, 'GET', '/api/me/recipes');
    await call(jar, 'GET', `/api/me/recipes/${own.id}`);
    await call(jar, 'GET', `/api/cocktails/${own.id}`);
    await call(jar, 'PUT', `/api/me/recipes/${own.id}`, { ...first, name: 'Quillon House Negroni II' });
    const shared = await call<OwnRecipe>(jar, 'PUT', `/api/me/recipes/${own.id}/share`, { shared: true });
    await call(null, 'GET', `/api/recipes/shared/${shared.shareSlug}`);
    const copy = await call<OwnRecipe>(jar, 'POST', `/api/me/recipes/copy/${drinks.daiquiri}`, {});
    await call(jar, 'POST', '/api/me/recipes', second);
    await call(jar, 'DELETE', `/api/me/recipes/${copy.id}`, {});

    const list = await call<CollectionDetail>(jar, 'POST', '/api/me/collections', {
      name: 'Stirred',
      cocktailIds: [drinks.negroni, own.id],
    });
    const spare = await call<CollectionDetail>(jar, 'POST', '/api/me/collections', { name: 'Spare' });
    await call(jar, 'GET', '/api/me/collections');
    await call(jar, 'GET', `/api/me/collections?cocktailId=${drinks.negroni}`);
    await call(jar, 'GET', `/api/me/collections/${list.id}`);
    await call(jar, 'PATCH', `/api/me/collections/${list.id}`, { name: 'Stirred, mostly' });
    await call(jar, 'PUT', `/api/me/collections/${list.id}/items/${drinks.daiquiri}`, {});
    await call(jar, 'PUT', `/api/me/collections/${list.id}/order`, {
      cocktailIds: [drinks.daiquiri, own.id, drinks.negroni],
    });
    await call(jar, 'DELETE', `/api/me/collections/${list.id}/items/${drinks.negroni}`, {});
    const sharing = await call<CollectionDetail>(jar, 'PATCH', `/api/me/collections/${list.id}`, { shared: true });
    await call(null, 'GET', `/api/collections/shared/${sharing.shareSlug}`);
    await call(jar, 'DELETE', `/api/me/collections/${spare.id}`, {});

    await call(jar, 'PUT', `/api/me/notes/${drinks.negroni}`, { text: 'Less vermouth.' });
    await call(jar, 'GET', `/api/me/notes/${drinks.negroni}`);
    await call(jar, 'DELETE', `/api/me/notes/${drinks.negroni}`, {});
    await call(jar, 'PUT', `/api/me/notes/${own.id}`, { text: 'Mine.' });
    await call(jar, 'PUT', `/api/me/ratings/${drinks.negroni}`, { stars: 4.5 });
    await call(jar, 'PUT', `/api/me/ratings/${drinks.daiquiri}`, { stars: 3 });
    await call(jar, 'GET', '/api/me/ratings');
    await call(jar, 'DELETE', `/api/me/ratings/${drinks.daiquiri}`, {});
    for (const format of ['json', 'md']) {
      const answer = await t.request(`/api/me/export?format=${format}`, {
        headers: { ...jar.headers(), origin: TEST_ORIGIN },
      });
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
  }

  /** An Enterprise owner's venue, and the Pro user invited to it working its bar. */
  async function venue(member: { jar: CookieJar; email: string }) {
    const owner = await subscriber('venue-owner', ENTERPRISE_MONTHLY);
    const created = await call<Venue>(owner.jar, 'POST', '/api/venues', { name: `Quillon Bar ${Date.now()}` });
    const slug = created.slug;
    await call(owner.jar, 'POST', `/api/venues/${slug}/invitations`, { email: member.email, role: 'staff' });
    const mail = await latestMailTo(t, member.email);
    const invitationId = decodeURIComponent(/\/venues\/join\/(\S+)/.exec(mail.text)![1]!);
    await call<InvitationView>(member.jar, 'GET', `/api/venue-invitations/${invitationId}`);
    await call(member.jar, 'POST', `/api/venue-invitations/${invitationId}/accept`);
    await call(member.jar, 'GET', '/api/venues');
    await call(member.jar, 'GET', `/api/venues/${slug}`);
    await call(owner.jar, 'GET', `/api/venues/${slug}/members`);
    await call(member.jar, 'PUT', `/api/venues/${slug}/bar/${ing.gin}`);
    await call(member.jar, 'GET', `/api/venues/${slug}/bar`);
    await call(member.jar, 'GET', `/api/venues/${slug}/bar/activity`);
    await call(member.jar, 'GET', `/api/venues/${slug}/menu`);
    await call(owner.jar, 'PATCH', `/api/venues/${slug}`, { name: 'Quillon Bar, renamed' });
  }

  /** Two-factor: enrol, two sign-ins that ask for the second factor (a TOTP code, a backup code), then turning it off. */
  async function twoFactor() {
    const email = randomEmail('second-factor');
    const address = randomAddress();
    const jar = await signIn(t, email, address);
    const send = async (path: string, body: unknown, from: CookieJar) => {
      const answer = await t.request(path, postJson(body, from), { address });
      expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(200);
      from.take(answer);
      return answer;
    };
    const enabled = await send('/api/auth/two-factor/enable', {}, jar);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    await send('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, jar);
    for (const [path, code] of [
      ['/api/auth/two-factor/verify-totp', totpFromUri(totpURI)],
      ['/api/auth/two-factor/verify-backup-code', backupCodes[0]],
    ] as const) {
      await requestMagicLink(t, email, { address });
      const pending = new CookieJar();
      pending.take(await t.request(pathOf(magicLinkIn((await latestMailTo(t, email)).text)), {}, { address }));
      await send(path, { code }, pending);
    }
    await send('/api/auth/two-factor/disable', { code: totpFromUri(totpURI) }, jar);
  }

  /**
   * The lookups a Google or Facebook sign-in makes of `account` by the provider's account id (better-auth's
   * oauth2/link-account), run on better-auth's own adapter: the provider's round trip needs a server of its own.
   */
  async function providerAccountLookups() {
    const adapter = (await t.auth.$context).internalAdapter;
    const key = { providerId: 'google', accountId: 'google-planner-0001' };
    expect(await adapter.findAccountByKey(key)).toBeNull();
    expect(await adapter.findAccountOwnerByKey(key)).toBeNull();
  }

  it('runs no full scan of a user-owned table', async () => {
    const user = await subscriber('planner');
    await account(user.jar, user.email);
    await myBar(user.jar);
    await recipesAndCollections(user.jar);
    await venue(user);
    await twoFactor();
    await providerAccountLookups();
    await call(user.jar, 'DELETE', '/api/me', { confirm: 'DELETE' });

    const statements = distinct(capture.statements);
    const planned = statements.filter((statement) => userOwnedTablesOf(statement.sql).size > 0);
    const findings = await capture.paused(async () => {
      const found: ScanFinding[] = [];
      for (const statement of planned) {
        if (t.database.driver.dialect === 'sqlite') found.push(...sqliteScans(t.database.driver.sqlite, statement));
        else found.push(...(await postgresScans(explainer!, statement)));
      }
      return found;
    });
    const reached = new Set(planned.flatMap((statement) => [...userOwnedTablesOf(statement.sql)]));
    for (const table of WALKED_TABLES) expect(reached, `no statement reached ${table}`).toContain(table);
    const failures = findings.filter((finding) => !allowed(finding)).map(describeFinding);
    expect(failures, `full scans of user-owned tables:\n${failures.join('\n')}`).toEqual([]);
  });

  it('indexes the column of every foreign key, so deleting a user or a recipe finds the rows that go with it', async () => {
    const found = await capture.paused(() => unindexedForeignKeys(t.database));
    const failures = found.map((key) => `${key.child}.${key.column} -> ${key.parent}`);
    expect(failures, `foreign keys without an index:\n${failures.join('\n')}`).toEqual([]);
  });
});
