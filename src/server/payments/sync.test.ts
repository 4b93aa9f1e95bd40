import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { purchaseSyncResponseSchema, type PurchaseSyncResponse } from '@/shared/schemas/payments';
import { postJson, randomAddress, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import {
  DAY_MS,
  ENTERPRISE_MONTHLY,
  PAYMENTS_ENV,
  planSeenBy,
  postWebhook,
  PRO_ANNUAL,
  PRO_MONTHLY,
  revenueCatEvent,
} from '../../../tests/support/payments';
import { startRevenueCatMock, type RevenueCatMock } from '../../../tests/support/revenuecat-mock';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { createSilentLogger } from '../logger';
import { grantEntitlement } from './entitlements';
import { fetchSubscriber, syncPurchases } from './sync';

const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testDialects())('purchase sync (POST /api/me/purchases/sync) on %s', (dialect) => {
  let mock: RevenueCatMock;
  let t: TestApp;
  beforeAll(async () => {
    mock = await startRevenueCatMock();
    t = await createTestApp({
      dialect,
      env: {
        ...PAYMENTS_ENV,
        REVENUECAT_API_KEY: mock.apiKey,
        REVENUECAT_API_URL: mock.url,
        REVENUECAT_API_TIMEOUT_MS: '300',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  async function customer(app: TestApp = t, label = 'restorer'): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(app, randomEmail(label));
    return { jar, id: await userIdOf(app, jar) };
  }

  /** Restore's call, from its own address so the per-address rate limit never spills between tests. */
  const sync = <T = PurchaseSyncResponse>(jar: CookieJar, app: TestApp = t, address = randomAddress()) =>
    app.json<T>('/api/me/purchases/sync', postJson({}, jar), { address });

  /** The user's entitlement rows exactly as stored, to show that a failed sync changed nothing. */
  const storedRows = (id: string) =>
    t.database.db.selectFrom('entitlement').selectAll().where('user_id', '=', id).orderBy('name').execute();

  /** Grants `id` pro through a real webhook (source revenuecat), ending in 30 days. */
  async function buyThroughWebhook(app: TestApp, id: string, overrides: Record<string, unknown> = {}) {
    const answer = await postWebhook(app, revenueCatEvent('INITIAL_PURCHASE', id, overrides));
    expect(answer.body.outcome).toBe('applied');
  }

  describe('without REVENUECAT_API_KEY', () => {
    it('answers the rows the server has, source local, and asks RevenueCat nothing', async () => {
      const local = await createTestApp({ dialect, env: PAYMENTS_ENV });
      try {
        expect(local.config.revenueCat.apiKey).toBeNull();
        const { jar, id } = await customer(local);
        const empty = await sync(jar, local);
        expect(empty.status).toBe(200);
        expect(empty.headers.get('cache-control')).toBe('no-store');
        expect(empty.body).toEqual({ plan: 'free', entitlements: [], details: [], lapsed: false, source: 'local' });

        await buyThroughWebhook(local, id);
        const requestsBefore = mock.requests.length;
        const answer = await sync(jar, local);
        expect(answer.status).toBe(200);
        expect(purchaseSyncResponseSchema.parse(answer.body)).toEqual(answer.body);
        const me = (await planSeenBy(local, jar)).me;
        expect(answer.body).toEqual({
          plan: 'pro',
          entitlements: ['pro'],
          details: me.entitlementDetails,
          lapsed: false,
          source: 'local',
        });
        expect(mock.requests.length).toBe(requestsBefore);
      } finally {
        await local.close();
      }
    });
  });

  describe('with REVENUECAT_API_KEY, against RevenueCat’s REST API', () => {
    it('grants what RevenueCat lists, asking for this user with the secret key', async () => {
      const { jar, id } = await customer();
      const expires = Date.now() + 365 * DAY_MS;
      mock.answer(id, {
        purchases: [{ entitlement: 'pro', productId: PRO_ANNUAL, expiresAt: new Date(expires), periodType: 'trial' }],
      });
      expect((await planSeenBy(t, jar)).plan).toBe('free');

      const answer = await sync(jar);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ plan: 'pro', entitlements: ['pro'], source: 'revenuecat' });
      expect(answer.body.details).toEqual([
        {
          name: 'pro',
          productId: PRO_ANNUAL,
          store: 'APP_STORE',
          source: 'revenuecat',
          periodType: 'TRIAL',
          expiresAt: iso(expires),
          willRenew: true,
          billingIssue: false,
          active: true,
          updatedAt: expect.any(String),
        },
      ]);
      const seen = await planSeenBy(t, jar);
      expect(seen).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(seen.me.entitlementDetails).toEqual(answer.body.details);
      expect((await t.request('/api/me/bar', { headers: jar.headers() })).status).toBe(200);

      const asked = mock.requests.filter((request) => request.appUserId === id);
      expect(asked).toEqual([
        { method: 'GET', path: `/v1/subscribers/${id}`, appUserId: id, authorization: `Bearer ${mock.apiKey}` },
      ]);
    });

    it('reads a cancelled renewal, a billing issue and a lifetime purchase', async () => {
      const { jar, id } = await customer();
      const now = Date.now();
      mock.answer(id, {
        purchases: [
          {
            entitlement: 'pro',
            productId: PRO_MONTHLY,
            expiresAt: new Date(now + 10 * DAY_MS),
            unsubscribeDetectedAt: new Date(now - DAY_MS),
            billingIssuesDetectedAt: new Date(now - DAY_MS),
          },
          { entitlement: 'enterprise', productId: 'app.barback.enterprise.lifetime', expiresAt: null },
        ],
      });
      const answer = await sync(jar);
      expect(answer.body).toMatchObject({ plan: 'enterprise', entitlements: ['pro', 'enterprise'] });
      const byName = Object.fromEntries(answer.body.details.map((entry) => [entry.name, entry]));
      expect(byName.pro).toMatchObject({ willRenew: false, billingIssue: true, expiresAt: iso(now + 10 * DAY_MS) });
      expect(byName.enterprise).toMatchObject({
        productId: 'app.barback.enterprise.lifetime',
        expiresAt: null,
        willRenew: false,
        active: true,
      });
    });

    it('keeps access through a current grace period, and ignores one that ended before a renewal', async () => {
      const inGrace = await customer();
      const renewed = await customer();
      const now = Date.now();
      mock.answer(inGrace.id, {
        purchases: [
          {
            entitlement: 'pro',
            productId: PRO_MONTHLY,
            expiresAt: new Date(now - DAY_MS),
            gracePeriodExpiresAt: new Date(now + 5 * DAY_MS),
            billingIssuesDetectedAt: new Date(now - DAY_MS),
          },
        ],
      });
      // A grace period from months ago, then the payment went through and the subscription renewed.
      mock.answer(renewed.id, {
        purchases: [
          {
            entitlement: 'pro',
            productId: PRO_MONTHLY,
            expiresAt: new Date(now + 20 * DAY_MS),
            gracePeriodExpiresAt: new Date(now - 60 * DAY_MS),
          },
        ],
      });
      expect((await sync(inGrace.jar)).body).toMatchObject({
        plan: 'pro',
        details: [expect.objectContaining({ expiresAt: iso(now + 5 * DAY_MS), billingIssue: true, active: true })],
      });
      expect((await sync(renewed.jar)).body).toMatchObject({
        plan: 'pro',
        details: [expect.objectContaining({ expiresAt: iso(now + 20 * DAY_MS), active: true })],
      });
    });

    it('records an entitlement RevenueCat lists as expired as lapsed', async () => {
      const { jar, id } = await customer();
      const ended = Date.now() - 3 * DAY_MS;
      mock.answer(id, { purchases: [{ entitlement: 'pro', productId: PRO_MONTHLY, expiresAt: new Date(ended) }] });
      const answer = await sync(jar);
      expect(answer.body).toMatchObject({
        plan: 'free',
        entitlements: [],
        details: [expect.objectContaining({ name: 'pro', active: false, willRenew: false, expiresAt: iso(ended) })],
      });
    });

    it('ends a store entitlement RevenueCat no longer lists, and ignores entitlements this server does not grant', async () => {
      const { jar, id } = await customer();
      await buyThroughWebhook(t, id);
      expect((await planSeenBy(t, jar)).plan).toBe('pro');
      mock.answer(id, {
        purchases: [
          { entitlement: 'enterprise', productId: ENTERPRISE_MONTHLY, expiresAt: new Date(Date.now() + DAY_MS) },
          { entitlement: 'gold', productId: 'app.barback.gold.monthly', expiresAt: new Date(Date.now() + DAY_MS) },
        ],
      });
      const before = Date.now();
      const answer = await sync(jar);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ plan: 'enterprise', entitlements: ['enterprise'], source: 'revenuecat' });
      const pro = answer.body.details.find((entry) => entry.name === 'pro');
      expect(pro).toMatchObject({ active: false, willRenew: false, source: 'revenuecat' });
      const endedAt = new Date(pro?.expiresAt ?? '').getTime();
      expect(endedAt).toBeGreaterThanOrEqual(before);
      expect(endedAt).toBeLessThanOrEqual(Date.now());
      expect(answer.body.details.map((entry) => entry.name).sort()).toEqual(['enterprise', 'pro']);
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'enterprise', entitlements: ['enterprise'] });
    });

    it('leaves support grants alone: unlisted ones stay, and a lapsed store entitlement of the same name does not cut one short', async () => {
      const { jar, id } = await customer();
      await grantEntitlement({ db: t.database.db, userId: id, name: 'enterprise' });
      await grantEntitlement({ db: t.database.db, userId: id, name: 'pro', days: 30 });
      const grantsBefore = await storedRows(id);
      mock.answer(id, {
        purchases: [{ entitlement: 'pro', productId: PRO_MONTHLY, expiresAt: new Date(Date.now() - 40 * DAY_MS) }],
      });
      const answer = await sync(jar);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ plan: 'enterprise', entitlements: ['pro', 'enterprise'] });
      for (const entry of answer.body.details) expect(entry).toMatchObject({ source: 'admin', active: true });
      expect(await storedRows(id)).toEqual(grantsBefore);

      mock.answer(id, { purchases: [] });
      expect((await sync(jar)).body).toMatchObject({ plan: 'enterprise', entitlements: ['pro', 'enterprise'] });
      expect(await storedRows(id)).toEqual(grantsBefore);
    });

    it('takes a 404 as no purchases at all: store entitlements end, support grants stay', async () => {
      const { jar, id } = await customer();
      await buyThroughWebhook(t, id);
      await grantEntitlement({ db: t.database.db, userId: id, name: 'enterprise', days: 10 });
      mock.answer(id, { status: 404, body: { code: 7259, message: 'Subscriber not found.' } });
      const answer = await sync(jar);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ plan: 'enterprise', entitlements: ['enterprise'], source: 'revenuecat' });
      expect(answer.body.details.find((entry) => entry.name === 'pro')).toMatchObject({ active: false });
    });

    it.each([
      ['a 500', { status: 500 }, /answered 500/],
      ['a 429', { status: 429, body: { code: 7117, message: 'Rate limit.' } }, /answered 429/],
      ['an answer that is not RevenueCat’s shape', { status: 200, body: { subscriber: { nope: true } } }, /unexpected/],
    ])('answers 502 STORE_UNAVAILABLE for %s and changes nothing', async (_, failure, message) => {
      const { jar, id } = await customer();
      await buyThroughWebhook(t, id);
      await grantEntitlement({ db: t.database.db, userId: id, name: 'enterprise', days: 3 });
      const before = await storedRows(id);
      const seenBefore = await planSeenBy(t, jar);
      mock.answer(id, failure);
      const answer = await sync<ApiErrorBody>(jar);
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({ error: { code: 'STORE_UNAVAILABLE', message: expect.stringMatching(message) } });
      expect(await storedRows(id)).toEqual(before);
      expect(await planSeenBy(t, jar)).toEqual(seenBefore);
    });

    it('answers 502 STORE_UNAVAILABLE when RevenueCat never answers (REVENUECAT_API_TIMEOUT_MS) and changes nothing', async () => {
      const { jar, id } = await customer();
      await buyThroughWebhook(t, id);
      const before = await storedRows(id);
      mock.answer(id, { hang: true });
      const started = Date.now();
      const answer = await sync<ApiErrorBody>(jar);
      const took = Date.now() - started;
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({
        error: { code: 'STORE_UNAVAILABLE', message: expect.stringMatching(/did not answer in time/) },
      });
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(3000);
      expect(await storedRows(id)).toEqual(before);
      expect((await planSeenBy(t, jar)).plan).toBe('pro');
    });

    it('answers 502 when RevenueCat refuses the key (401) or cannot be reached, and changes nothing', async () => {
      const { id } = await customer();
      await buyThroughWebhook(t, id);
      const before = await storedRows(id);
      const logger = createSilentLogger();
      const base = { ...t.config.revenueCat, apiTimeoutMs: 300 };
      await expect(
        syncPurchases({ db: t.database.db, userId: id, logger, revenueCat: { ...base, apiKey: 'sk_wrong' } }),
      ).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', message: expect.stringMatching(/answered 401/) });
      expect(mock.requests.at(-1)).toMatchObject({ appUserId: id, authorization: 'Bearer sk_wrong' });
      await expect(
        syncPurchases({
          db: t.database.db,
          userId: id,
          logger,
          revenueCat: { ...base, apiUrl: 'http://127.0.0.1:9' },
        }),
      ).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', message: expect.stringMatching(/could not be reached/) });
      expect(await storedRows(id)).toEqual(before);
    });

    it('escapes the app user id in the path (RevenueCat anonymous ids hold $ and :)', async () => {
      const appUserId = '$RCAnonymousID:a/b c?d';
      mock.answer(appUserId, {
        purchases: [{ entitlement: 'pro', productId: PRO_MONTHLY, expiresAt: new Date(Date.now() + DAY_MS) }],
      });
      const found = await fetchSubscriber({
        revenueCat: { ...t.config.revenueCat, apiKey: mock.apiKey },
        appUserId,
      });
      expect(found?.subscriber.entitlements.pro).toMatchObject({ product_identifier: PRO_MONTHLY });
      expect(mock.requests.at(-1)).toMatchObject({
        path: `/v1/subscribers/${encodeURIComponent(appUserId)}`,
        appUserId,
      });
    });
  });

  describe('who may sync', () => {
    it('answers 401 signed out and 403 from another site', async () => {
      const signedOut = await t.json<ApiErrorBody>('/api/me/purchases/sync', postJson({}), {
        address: randomAddress(),
      });
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.error.code).toBe('UNAUTHORIZED');
      const { jar } = await customer();
      const crossSite = await t.json<ApiErrorBody>(
        '/api/me/purchases/sync',
        { ...postJson({}, jar), headers: { ...jar.headers(), origin: 'https://evil.example' } },
        { address: randomAddress() },
      );
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.error.code).toBe('FORBIDDEN');
    });

    it('answers 429 past 10 syncs a minute from one address', async () => {
      const { jar } = await customer();
      const address = randomAddress();
      for (let index = 0; index < 10; index += 1) expect((await sync(jar, t, address)).status).toBe(200);
      const limited = await sync<ApiErrorBody>(jar, t, address);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('RATE_LIMITED');
    });

    it('syncs only the caller: B’s sync asks about B, cannot name A, and leaves A as A was', async () => {
      const a = await customer(t, 'a');
      const b = await customer(t, 'b');
      mock.answer(a.id, {
        purchases: [
          { entitlement: 'enterprise', productId: ENTERPRISE_MONTHLY, expiresAt: new Date(Date.now() + DAY_MS) },
        ],
      });
      await buyThroughWebhook(t, a.id);
      const aBefore = await planSeenBy(t, a.jar);
      const aRows = await storedRows(a.id);

      const asked = mock.requests.length;
      const sneaky = await t.json<PurchaseSyncResponse>(
        `/api/me/purchases/sync?userId=${encodeURIComponent(a.id)}`,
        postJson({ userId: a.id, appUserId: a.id }, b.jar),
        { address: randomAddress() },
      );
      expect(sneaky.status).toBe(200);
      expect(sneaky.body).toMatchObject({ plan: 'free', entitlements: [], source: 'revenuecat' });
      expect(mock.requests.slice(asked).map((request) => request.appUserId)).toEqual([b.id]);
      expect(await planSeenBy(t, a.jar)).toEqual(aBefore);
      expect(await storedRows(a.id)).toEqual(aRows);
      expect((await planSeenBy(t, b.jar)).plan).toBe('free');
    });
  });
});
