import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { CocktailPage } from '@/shared/schemas/cocktail';
import {
  postJson,
  randomAddress,
  randomEmail,
  requestMagicLink,
  SESSION_COOKIE,
  signIn,
  userIdOf,
} from '../../../tests/support/auth';
import { generateSyntheticSeed } from '../../../tests/support/synthetic-catalogue';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { PAYMENTS_ENV, planSeenBy, postWebhook, revenueCatEvent } from '../../../tests/support/payments';
import { totpFromUri } from '../../../tests/support/totp';
import { emailBucket } from '../http/rate-limit';
import { addFavorite } from '../favorites/operations';
import { grantEntitlement } from '../payments';
import type { ActivityResponse, MeResponse } from '@/shared/schemas/account';

describe.each(testDialects())('the signed-in user’s account on %s', (dialect) => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    // More cocktails than the activity list shows (10).
    t = await createTestApp({ dialect, seed: generateSyntheticSeed({ cocktails: 14 }), env: PAYMENTS_ENV });
    ids = (await t.database.db.selectFrom('cocktail').select('id').orderBy('id').execute()).map((row) =>
      Number(row.id),
    );
  });
  afterAll(() => t?.close());

  const searchEvent = (q: string, minutesAgo: number, userId: string | null = null) => ({
    type: 'search_performed',
    timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    userId,
    plan: 'free',
    props: { q },
  });

  describe('GET /api/me', () => {
    it('describes the user, plan, role, counts, accounts and providers', async () => {
      const email = randomEmail('me');
      const jar = await signIn(t, email);
      await t.request(`/api/me/favorites/${ids[0]}`, postJson({}, jar, 'PUT'));
      const { status, body, headers } = await t.json<MeResponse>('/api/me', { headers: jar.headers() });
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(body).toEqual({
        user: {
          id: expect.any(String),
          email,
          name: '',
          image: null,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          emailVerified: true,
          twoFactorEnabled: false,
        },
        plan: 'free',
        entitlements: [],
        entitlementDetails: [],
        lapsed: false,
        role: 'User',
        counts: { favorites: 1, made: 0 },
        accounts: [
          { id: expect.any(String), providerId: 'magic-link', accountId: email, createdAt: expect.any(String) },
        ],
        providers: { google: false, facebook: false },
      });
    });

    it('answers 401 UNAUTHORIZED signed out, for /api/me and /api/me/activity', async () => {
      for (const path of ['/api/me', '/api/me/activity']) {
        const { status, body } = await t.json<ApiErrorBody>(path);
        expect(status).toBe(401);
        expect(body.error.code).toBe('UNAUTHORIZED');
      }
    });
  });

  describe('GET /api/me/activity', () => {
    it('lists the latest 10 favorites and the latest 10 distinct searches of this user only', async () => {
      const jar = await signIn(t, randomEmail('act'));
      const other = await signIn(t, randomEmail('other'));
      const userId = await userIdOf(t, jar);
      const otherId = await userIdOf(t, other);
      // One favorite a second on the test's own clock (the operation's `now`), so their order is known without waiting.
      let clockMs = Date.now() - ids.length * 1000;
      for (const id of ids) {
        clockMs += 1000;
        const at = new Date(clockMs);
        await addFavorite({ db: t.database.db, userId, cocktailId: id, now: () => at });
      }
      await t.request(`/api/me/favorites/${ids[0]}`, postJson({}, other, 'PUT'));

      const queries = ['gin', 'rum', 'GIN', 'lime', 'mint', 'sour', 'fizz', 'smash', 'bitter', 'sweet', 'tiki', 'old'];
      const events = queries.map((q, index) => searchEvent(q, 60 - index, otherId)); // a forged userId: ignored
      expect((await t.request('/api/events', postJson({ events }, jar))).status).toBe(202);
      // Anonymous events naming this user are not theirs, and another user's searches are not either.
      await t.request('/api/events', postJson({ events: [searchEvent('anonymous', 1, userId)] }));
      await t.request('/api/events', postJson({ events: [searchEvent('theirs', 1)] }, other));

      const { status, body } = await t.json<ActivityResponse>('/api/me/activity', { headers: jar.headers() });
      expect(status).toBe(200);
      expect(body.favorites).toHaveLength(10);
      expect(body.favorites.map((favorite) => favorite.cocktailId)).toEqual([...ids].reverse().slice(0, 10));
      const names = await t.database.db.selectFrom('cocktail').select(['id', 'name']).execute();
      const nameOf = new Map(names.map((row) => [Number(row.id), row.name]));
      for (const favorite of body.favorites) expect(favorite.name).toBe(nameOf.get(favorite.cocktailId));
      expect(body.searches.map((search) => search.q)).toEqual([
        'old',
        'tiki',
        'sweet',
        'bitter',
        'smash',
        'fizz',
        'sour',
        'mint',
        'lime',
        'GIN',
      ]);

      expect(body.made).toEqual([]);

      const theirs = await t.json<ActivityResponse>('/api/me/activity', { headers: other.headers() });
      expect(theirs.body.favorites.map((favorite) => favorite.cocktailId)).toEqual([ids[0]]);
      expect(theirs.body.searches.map((search) => search.q)).toEqual(['theirs']);
      expect(theirs.body.made).toEqual([]);
    });
  });

  describe('paging the catalogue', () => {
    it('refuses page > 0 to anonymous callers, even after a signed-in caller filled the cache', async () => {
      const jar = await signIn(t, randomEmail('pager'));
      const signedIn = await t.json<CocktailPage>('/api/cocktails?page=1&pageSize=3', { headers: jar.headers() });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.items).toHaveLength(3);
      expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');

      const anonymous = await t.json<ApiErrorBody>('/api/cocktails?page=1&pageSize=3');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'Sign in to browse past the first page.' },
      });
      const first = await t.json<CocktailPage>('/api/cocktails?page=0&pageSize=3');
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('public, no-cache');
    });
  });

  describe('DELETE /api/me', () => {
    it.each([
      ['no confirmation', {}],
      ['a wrong confirmation', { confirm: 'delete' }],
    ])('answers 400 naming confirm for %s, and deletes nothing', async (_, body) => {
      const jar = await signIn(t, randomEmail('keep'));
      const { status, body: error } = await t.json<ApiErrorBody>('/api/me', postJson(body, jar, 'DELETE'));
      expect(status).toBe(400);
      expect(error.error.message).toContain('confirm');
      expect((await t.request('/api/me', { headers: jar.headers() })).status).toBe(200);
    });

    it('answers 400 for a body that is not JSON, and 401 signed out', async () => {
      const jar = await signIn(t, randomEmail('keep'));
      const broken = await t.request('/api/me', {
        method: 'DELETE',
        headers: { ...jar.headers(), 'content-type': 'application/json' },
        body: '{"confirm": ',
      });
      expect(broken.status).toBe(400);
      expect((await t.request('/api/me', postJson({ confirm: 'DELETE' }, undefined, 'DELETE'))).status).toBe(401);
    });

    /** A user with data in every table that can hold some, plus another user whose data must survive. */
    async function richUser() {
      const email = randomEmail('gone');
      const address = randomAddress();
      const jar = await signIn(t, email, address);
      const userId = await userIdOf(t, jar);
      for (const id of ids.slice(0, 3)) await t.request(`/api/me/favorites/${id}`, postJson({}, jar, 'PUT'));
      const enabled = await t.request('/api/auth/two-factor/enable', postJson({}, jar), { address });
      jar.take(enabled);
      const { totpURI } = (await enabled.json()) as { totpURI: string };
      jar.take(
        await t.request('/api/auth/two-factor/verify-totp', postJson({ code: totpFromUri(totpURI) }, jar), { address }),
      );
      await t.request('/api/support', postJson({ email, message: 'Please help', page: '/settings' }, jar));
      await t.request('/api/support', postJson({ email, message: 'Sent signed out' }));
      await t.request('/api/events', postJson({ events: [searchEvent('negroni', 1), searchEvent('sour', 2)] }, jar));
      await requestMagicLink(t, email); // an unused link: a verification row naming the email
      // Payments: a store purchase (entitlement + webhook_event naming the user), a support grant, and a transfer to an
      // unknown customer that names the user only inside its payload.
      expect((await postWebhook(t, revenueCatEvent('INITIAL_PURCHASE', userId))).body.outcome).toBe('applied');
      await grantEntitlement({ db: t.database.db, userId, name: 'enterprise', days: 30 });
      const transfer = revenueCatEvent('TRANSFER', null, {
        app_user_id: undefined,
        original_app_user_id: undefined,
        aliases: undefined,
        transferred_from: [userId],
        transferred_to: ['$RCAnonymousID:somewhere-else'],
      });
      expect((await postWebhook(t, transfer)).body.outcome).toBe('unknown_user');
      // My Bar (the enterprise grant lets them in): a bottle, a shopping-list entry, a made drink, a swap.
      const ingredientIds = (await t.database.db.selectFrom('ingredient').select('id').orderBy('id').execute()).map(
        (row) => Number(row.id),
      );
      const [first, second] = ingredientIds as [number, number];
      for (const [path, init] of [
        [`/api/me/bar/${first}`, postJson({}, jar, 'PUT')],
        [`/api/me/shopping-list/${second}`, postJson({}, jar, 'PUT')],
        ['/api/me/made', postJson({ cocktailId: ids[0], note: 'made before leaving' }, jar)],
        ['/api/me/swaps', postJson({ fromId: first, toId: second }, jar, 'PUT')],
        // Collections, notes and ratings: a shared collection with a cocktail, a private note, a rating.
        ['/api/me/collections', postJson({ name: 'Leaving soon', description: 'mine', cocktailIds: [ids[0]] }, jar)],
        [`/api/me/notes/${ids[0]}`, postJson({ text: 'a note written before leaving' }, jar, 'PUT')],
        [`/api/me/ratings/${ids[0]}`, postJson({ stars: 4.5 }, jar, 'PUT')],
      ] as const) {
        expect((await t.request(path, init)).status, path).toBeLessThan(300);
      }
      const collection = await t.database.db
        .selectFrom('collection')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const shared = await t.request(`/api/me/collections/${collection.id}`, postJson({ shared: true }, jar, 'PATCH'));
      expect(shared.status).toBe(200);
      const { shareSlug } = (await shared.json()) as { shareSlug: string };
      return { email, userId, jar, collectionId: Number(collection.id), shareSlug };
    }

    async function everyRow(): Promise<string> {
      const tables = await t.database.db.introspection.getTables();
      const dumps: string[] = [];
      for (const table of tables) {
        const rows = await sql`select * from ${sql.table(table.name)}`.execute(t.database.db);
        dumps.push(`${table.name}: ${JSON.stringify(rows.rows)}`);
      }
      return dumps.join('\n').toLowerCase();
    }

    it('deletes every trace of the user in one go, clears the session cookie, and keeps other users', async () => {
      const survivor = await signIn(t, randomEmail('survivor'));
      const survivorId = await userIdOf(t, survivor);
      await t.request(`/api/me/favorites/${ids[1]}`, postJson({}, survivor, 'PUT'));
      const survivorPurchase = revenueCatEvent('INITIAL_PURCHASE', survivorId);
      await postWebhook(t, survivorPurchase);
      const { email, userId, jar, collectionId, shareSlug } = await richUser();
      const before = await everyRow();
      expect(before).toContain(userId.toLowerCase());
      expect(before).toContain(email);
      // The dump covers the payments tables, and they hold the user's rows beforehand.
      const tableLine = (dump: string, table: string) =>
        dump.split('\n').find((line) => line.startsWith(`${table}: `)) ?? '';
      for (const table of [
        'entitlement',
        'webhook_event',
        'bar_item',
        'shopping_item',
        'made_drink',
        'ingredient_swap',
        'collection',
        'cocktail_note',
        'cocktail_rating',
      ]) {
        expect(tableLine(before, table), table).toContain(userId.toLowerCase());
      }
      // collection_item names no user: its rows are the collection's.
      expect(tableLine(before, 'collection_item')).toContain(`"collection_id":${collectionId}`);
      expect(before).toContain(shareSlug.toLowerCase());
      expect(before).toContain('a note written before leaving');
      expect((await t.request(`/api/collections/shared/${shareSlug}`)).status).toBe(200);
      const userWebhookEvents = await t.database.db
        .selectFrom('webhook_event')
        .select('event_id')
        .where('payload', 'like', `%${userId}%`)
        .execute();
      expect(userWebhookEvents).toHaveLength(2);
      const eventsBefore = await t.database.db
        .selectFrom('analytics_event')
        .select(['id', 'type', 'plan'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      expect(eventsBefore.length).toBeGreaterThanOrEqual(3);
      const bucketKey = `magic-link:${emailBucket(email)}`;
      expect(
        await t.database.db
          .selectFrom('rate_limit_counter')
          .select('key')
          .where('key', '=', bucketKey)
          .executeTakeFirst(),
      ).toBeTruthy();

      const deleted = await t.request('/api/me', postJson({ confirm: 'DELETE' }, jar, 'DELETE'));
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ deleted: true });
      const cleared = deleted.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
      expect(cleared).toMatch(/^barback\.session_token=; Max-Age=0;/);

      const after = await everyRow();
      expect(after).not.toContain(userId.toLowerCase());
      expect(after).not.toContain(email);
      expect(tableLine(after, 'collection_item')).not.toContain(`"collection_id":${collectionId}`);
      expect(after).not.toContain(shareSlug.toLowerCase());
      expect(after).not.toContain('a note written before leaving');
      expect((await t.request(`/api/collections/shared/${shareSlug}`)).status).toBe(404);
      expect(
        await t.database.db
          .selectFrom('rate_limit_counter')
          .select('key')
          .where('key', '=', bucketKey)
          .executeTakeFirst(),
      ).toBeUndefined();
      // Analytics events stay, without the user.
      const eventsAfter = await t.database.db
        .selectFrom('analytics_event')
        .select(['id', 'type', 'plan', 'user_id'])
        .where(
          'id',
          'in',
          eventsBefore.map((event) => event.id),
        )
        .orderBy('id')
        .execute();
      expect(eventsAfter).toEqual(eventsBefore.map((event) => ({ ...event, user_id: null })));

      expect((await t.request('/api/me', { headers: jar.headers() })).status).toBe(401);
      expect((await t.json<MeResponse>('/api/me', { headers: survivor.headers() })).body).toMatchObject({
        user: { id: survivorId },
        counts: { favorites: 1, made: 0 },
      });
      // The payments tables keep the survivor's rows only.
      for (const table of ['entitlement', 'webhook_event']) {
        expect(tableLine(after, table)).toContain(survivorId.toLowerCase());
      }
      expect(await planSeenBy(t, survivor)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(
        await t.database.db
          .selectFrom('webhook_event')
          .select(['event_id', 'user_id'])
          .where('event_id', '=', survivorPurchase.id)
          .execute(),
      ).toEqual([{ event_id: survivorPurchase.id, user_id: survivorId }]);
    });

    it('changes nothing when any step fails', async () => {
      const { userId, jar } = await richUser();
      const block =
        dialect === 'sqlite'
          ? [sql`create trigger block_user_delete before delete on "user" begin select raise(abort, 'blocked'); end`]
          : [
              sql`create function block_user_delete() returns trigger language plpgsql as $$ begin raise exception 'blocked'; end $$`,
              sql`create trigger block_user_delete before delete on "user" for each row execute function block_user_delete()`,
            ];
      for (const statement of block) await statement.execute(t.database.db);
      const before = await everyRow();
      try {
        const failed = await t.request('/api/me', postJson({ confirm: 'DELETE' }, jar, 'DELETE'));
        expect(failed.status).toBe(500);
      } finally {
        if (dialect === 'sqlite') await sql`drop trigger block_user_delete`.execute(t.database.db);
        else {
          await sql`drop trigger block_user_delete on "user"`.execute(t.database.db);
          await sql`drop function block_user_delete()`.execute(t.database.db);
        }
      }
      expect(await everyRow()).toBe(before);
      expect((await t.json<MeResponse>('/api/me', { headers: jar.headers() })).body).toMatchObject({
        user: { id: userId, twoFactorEnabled: true },
        counts: { favorites: 3, made: 1 },
      });
    });

    it('forgets the email counters only once the deletion has committed, and deletes the account even if that fails', async () => {
      const email = randomEmail('counters');
      const jar = await signIn(t, email, randomAddress());
      const userId = await userIdOf(t, jar);
      const bucketKey = `magic-link:${emailBucket(email)}`;
      const counterOf = () =>
        t.database.db.selectFrom('rate_limit_counter').select('key').where('key', '=', bucketKey).executeTakeFirst();
      expect(await counterOf()).toBeTruthy();
      // The counters' table refuses deletes: the account's own transaction has committed by the time it is asked.
      const block =
        dialect === 'sqlite'
          ? [
              sql`create trigger block_counter_delete before delete on rate_limit_counter begin select raise(abort, 'blocked'); end`,
            ]
          : [
              sql`create function block_counter_delete() returns trigger language plpgsql as $$ begin raise exception 'blocked'; end $$`,
              sql`create trigger block_counter_delete before delete on rate_limit_counter for each row execute function block_counter_delete()`,
            ];
      for (const statement of block) await statement.execute(t.database.db);
      try {
        const deleted = await t.request('/api/me', postJson({ confirm: 'DELETE' }, jar, 'DELETE'));
        expect(deleted.status).toBe(200);
      } finally {
        if (dialect === 'sqlite') await sql`drop trigger block_counter_delete`.execute(t.database.db);
        else {
          await sql`drop trigger block_counter_delete on rate_limit_counter`.execute(t.database.db);
          await sql`drop function block_counter_delete()`.execute(t.database.db);
        }
      }
      expect(await t.database.db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst()).toBe(
        undefined,
      );
      // The hashed counter stays until its window ends (the prune takes it then).
      expect(await counterOf()).toBeTruthy();
    });
  });
});
