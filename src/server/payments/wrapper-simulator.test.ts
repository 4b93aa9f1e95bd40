import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  simulatedStoreResultSchema,
  wrapperSimulatorInfoSchema,
  type SimulatedStoreResult,
  type WrapperSimulatorInfo,
} from '@/shared/schemas/payments';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import {
  DAY_MS,
  ENTERPRISE_ANNUAL,
  ENTERPRISE_MONTHLY,
  planSeenBy,
  postWebhook,
  PRO_ANNUAL,
  PRO_MONTHLY,
  revenueCatEvent,
  TEST_WEBHOOK_AUTH,
  webhookEventRows,
} from '../../../tests/support/payments';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';

describe.each(testDialects())('the wrapper simulator on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { WRAPPER_SIMULATOR: '1' } });
  });
  afterAll(() => t?.close());

  async function customer(label = 'shopper'): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    return { jar, id: await userIdOf(t, jar) };
  }

  /** The simulator answers the machine it runs on only: the requests below come from its loopback address. */
  const HERE = { address: '127.0.0.1' };
  const purchase = <T = SimulatedStoreResult>(productId: unknown, jar?: CookieJar, from = HERE) =>
    t.json<T>('/api/wrapper-sim/purchase', postJson({ productId }, jar), from);
  const restore = <T = SimulatedStoreResult>(receipts: unknown[], jar?: CookieJar) =>
    t.json<T>('/api/wrapper-sim/restore', postJson({ receipts }, jar), HERE);

  /** The expiry /api/me reports for the user's pro entitlement, ms. */
  async function proExpiry(jar: CookieJar): Promise<number> {
    const pro = (await planSeenBy(t, jar)).me.entitlementDetails.find((entry) => entry.name === 'pro');
    return new Date(pro?.expiresAt ?? '').getTime();
  }

  it('is on with a generated webhook secret, and offers Individual monthly and annual at the default prices', async () => {
    expect(t.config.wrapperSimulator).toBe(true);
    expect(t.config.revenueCat.webhookAuth).toMatch(/^Bearer sim-[0-9a-f]{48}$/);
    const { status, headers, body } = await t.json<WrapperSimulatorInfo>('/api/wrapper-sim', {}, HERE);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      enabled: true,
      offerings: {
        monthly: { price: '$4.99', productId: PRO_MONTHLY },
        annual: { price: '$45.00', productId: PRO_ANNUAL },
      },
    });
    expect(wrapperSimulatorInfoSchema.parse(body)).toEqual(body);
  });

  it('grants pro to the signed-in buyer through a real webhook (a 7-day TRIAL INITIAL_PURCHASE, then a NORMAL RENEWAL)', async () => {
    const { jar, id } = await customer();
    const before = Date.now();
    const bought = await purchase(PRO_MONTHLY, jar);
    expect(bought.status).toBe(200);
    expect(simulatedStoreResultSchema.parse(bought.body)).toEqual(bought.body);
    expect(bought.body).toEqual({
      events: [{ id: expect.any(String), type: 'INITIAL_PURCHASE', outcome: 'applied' }],
      activeEntitlements: ['pro'],
      receipt: { productId: PRO_MONTHLY, appUserId: id, signature: expect.any(String) },
    });
    const eventId = bought.body.events[0]?.id ?? '';
    const [row] = await webhookEventRows(t, eventId);
    expect(row).toMatchObject({
      provider: 'revenuecat',
      type: 'INITIAL_PURCHASE',
      app_user_id: id,
      user_id: id,
      outcome: 'applied',
    });
    expect(JSON.parse(row?.payload ?? '{}')).toMatchObject({
      api_version: '1.0',
      event: { id: eventId, product_id: PRO_MONTHLY, entitlement_ids: ['pro'], store: 'APP_STORE' },
    });
    expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
    // The first Individual purchase is the 7-day free trial, as RevenueCat reports it.
    expect(JSON.parse(row?.payload ?? '{}').event).toMatchObject({ period_type: 'TRIAL' });
    const trialEnd = await proExpiry(jar);
    expect(trialEnd).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(trialEnd).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect((await planSeenBy(t, jar)).me.entitlementDetails).toMatchObject([
      { name: 'pro', periodType: 'TRIAL', willRenew: true, active: true },
    ]);
    expect((await t.request('/api/me/bar', { headers: jar.headers() })).status).toBe(200);

    const renewed = await purchase(PRO_ANNUAL, jar);
    expect(renewed.body.events).toEqual([{ id: expect.any(String), type: 'RENEWAL', outcome: 'applied' }]);
    expect(await proExpiry(jar)).toBeGreaterThanOrEqual(before + 365 * DAY_MS);
    expect((await planSeenBy(t, jar)).me.entitlementDetails).toMatchObject([{ name: 'pro', periodType: 'NORMAL' }]);
  });

  it('sells only what its offerings list: Enterprise is not on sale', async () => {
    const { jar } = await customer();
    for (const productId of [ENTERPRISE_MONTHLY, ENTERPRISE_ANNUAL]) {
      const refused = await purchase<ApiErrorBody>(productId, jar);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual({
        code: 'VALIDATION_FAILED',
        message: `productId ${productId} is not on sale`,
      });
    }
    expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
    expect((await t.request('/api/venues', postJson({ name: 'Free Bar' }, jar))).status).toBe(403);
  });

  it('answers another machine 404, as if it were not there, and grants it nothing', async () => {
    const { jar } = await customer();
    for (const address of ['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', 'fe80::1']) {
      const from = { address };
      expect((await t.json<ApiErrorBody>('/api/wrapper-sim', {}, from)).status).toBe(404);
      const refused = await purchase<ApiErrorBody>(PRO_MONTHLY, jar, from);
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('NOT_FOUND');
    }
    // A request without a socket (in-process) is not from this machine either.
    expect(
      (await t.json<ApiErrorBody>('/api/wrapper-sim/purchase', postJson({ productId: PRO_MONTHLY }, jar))).status,
    ).toBe(404);
    expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
  });

  it.each([
    ['a product it does not sell', 'app.barback.tips.small'],
    ['a look-alike of a product it sells', 'com.example.pro.monthly'],
    ['a product without a cycle', 'app.barback.pro.lifetime'],
    ['an empty product id', ''],
    ['no product id', undefined],
    ['a number', 42],
  ])('answers 400 for %s and grants nothing', async (_, productId) => {
    const { jar } = await customer();
    const refused = await purchase<ApiErrorBody>(productId, jar);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/productId/) } });
    expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
  });

  it('answers 401 signed out for purchase and restore, and 403 from another site', async () => {
    for (const answer of [await purchase<ApiErrorBody>(PRO_MONTHLY), await restore<ApiErrorBody>([])]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('UNAUTHORIZED');
    }
    const { jar } = await customer();
    const crossSite = await t.json<ApiErrorBody>(
      '/api/wrapper-sim/purchase',
      {
        ...postJson({ productId: PRO_MONTHLY }, jar),
        headers: { ...jar.headers(), 'content-type': 'application/json', origin: 'https://evil.example' },
      },
      HERE,
    );
    expect(crossSite.status).toBe(403);
    expect((await planSeenBy(t, jar)).plan).toBe('free');
  });

  it('restores a receipt bought by another account as a TRANSFER: the entitlement moves', async () => {
    const buyer = await customer('buyer');
    const restorer = await customer('restorer');
    const bought = await purchase(PRO_ANNUAL, buyer.jar);
    const receipt = bought.body.receipt;
    expect(receipt).toEqual({ productId: PRO_ANNUAL, appUserId: buyer.id, signature: expect.any(String) });

    const restored = await restore([receipt], restorer.jar);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({
      events: [{ id: expect.any(String), type: 'TRANSFER', outcome: 'applied' }],
      activeEntitlements: ['pro'],
      receipt: null,
    });
    expect(await webhookEventRows(t, restored.body.events[0]?.id ?? '')).toEqual([
      expect.objectContaining({ type: 'TRANSFER', outcome: 'applied', user_id: restorer.id }),
    ]);
    expect(await planSeenBy(t, restorer.jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
    expect(await planSeenBy(t, buyer.jar)).toMatchObject({ plan: 'free', entitlements: [] });
  });

  it("refuses a receipt the store did not sign: nobody takes another user's purchase by naming their id", async () => {
    const victim = await customer('victim');
    const thief = await customer('thief');
    const bought = await purchase(PRO_MONTHLY, victim.jar);
    const genuine = bought.body.receipt;
    for (const forged of [
      { productId: PRO_MONTHLY, appUserId: victim.id, signature: 'made-up' },
      { ...genuine, productId: PRO_ANNUAL },
      { productId: PRO_MONTHLY, appUserId: victim.id },
    ]) {
      const refused = await restore<ApiErrorBody>([forged], thief.jar);
      expect(refused.status).toBe(400);
    }
    expect(await planSeenBy(t, victim.jar)).toMatchObject({ plan: 'pro' });
    expect(await planSeenBy(t, thief.jar)).toMatchObject({ plan: 'free' });
  });

  it('restores the account’s own receipts without any event', async () => {
    const { jar, id } = await customer();
    await purchase(PRO_MONTHLY, jar);
    const before = await webhookCount();
    const restored = await restore(
      [{ productId: PRO_MONTHLY, appUserId: id, signature: 'own receipts move nothing' }],
      jar,
    );
    expect(restored.body).toEqual({ events: [], activeEntitlements: ['pro'], receipt: null });
    expect(await webhookCount()).toBe(before);
    expect((await restore([], jar)).body).toEqual({ events: [], activeEntitlements: ['pro'], receipt: null });
  });

  it('answers 400 for more than 20 receipts', async () => {
    const { jar, id } = await customer();
    const receipts = Array.from({ length: 21 }, () => ({ productId: PRO_MONTHLY, appUserId: id, signature: 'x' }));
    const refused = await restore<ApiErrorBody>(receipts, jar);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('keeps the real webhook closed to anyone without the generated secret', async () => {
    const { jar, id } = await customer();
    const event = revenueCatEvent('INITIAL_PURCHASE', id);
    expect((await postWebhook(t, event, TEST_WEBHOOK_AUTH)).status).toBe(401);
    expect((await postWebhook(t, event, null)).status).toBe(401);
    expect((await planSeenBy(t, jar)).plan).toBe('free');
  });

  async function webhookCount(): Promise<number> {
    const row = await t.database.db
      .selectFrom('webhook_event')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});

describe.each(testDialects())('without WRAPPER_SIMULATOR on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());

  it('answers 404 for every simulator route', async () => {
    expect(t.config.wrapperSimulator).toBe(false);
    const jar = await signIn(t, randomEmail('nosim'));
    const here = { address: '127.0.0.1' };
    const answers = [
      await t.json<ApiErrorBody>('/api/wrapper-sim', {}, here),
      await t.json<ApiErrorBody>('/api/wrapper-sim/purchase', postJson({ productId: PRO_MONTHLY }, jar), here),
      await t.json<ApiErrorBody>('/api/wrapper-sim/restore', postJson({ receipts: [] }, jar), here),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    expect((await planSeenBy(t, jar)).plan).toBe('free');
  });
});
