import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { Entitlement, WebhookReceipt } from '@/shared/schemas/payments';
import { randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import {
  DAY_MS,
  ENTERPRISE_MONTHLY,
  PAYMENTS_ENV,
  paymentRowCounts,
  planSeenBy,
  postWebhook,
  PRO_ANNUAL,
  PRO_MONTHLY,
  revenueCatEvent,
  TEST_WEBHOOK_AUTH,
  webhookBody,
  webhookEventRows,
} from '../../../tests/support/payments';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { activeEntitlementsOf, getSubscriptionStatus, grantEntitlement } from './entitlements';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testDialects())('RevenueCat webhook on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: PAYMENTS_ENV });
  });
  afterAll(() => t?.close());

  /** A fresh signed-in user: their cookie jar and id (our id is RevenueCat's app_user_id). */
  async function customer(label = 'buyer'): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    return { jar, id: await userIdOf(t, jar) };
  }

  /** Posts `event` and expects 200 with `outcome`. */
  async function deliver(event: ReturnType<typeof revenueCatEvent>, outcome: WebhookReceipt['outcome']) {
    const answer = await postWebhook(t, event);
    expect(answer).toMatchObject({ status: 200, body: { eventId: event.id, outcome } });
    return answer;
  }

  /** The one entitlement detail named `name` that /api/me reports for `jar`'s user. */
  async function detail(jar: CookieJar, name: Entitlement['name']): Promise<Entitlement | undefined> {
    return (await planSeenBy(t, jar)).me.entitlementDetails.find((entry) => entry.name === name);
  }

  const bar = (jar: CookieJar) =>
    t.json<ApiErrorBody | { items: unknown[] }>('/api/me/bar', { headers: jar.headers() });
  /** A paid write (adding a bottle): refused once the plan ended, while a lapsed plan still reads the bar. */
  const addBottle = (jar: CookieJar) =>
    t.json<ApiErrorBody>('/api/me/bar/1', { method: 'PUT', headers: { origin: TEST_ORIGIN, ...jar.headers() } });

  describe('each event type', () => {
    it('INITIAL_PURCHASE grants pro until the expiration: /api/me, the session read, the gate and webhook_event agree', async () => {
      const { jar, id } = await customer();
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
      expect((await bar(jar)).status).toBe(403);

      const expiration = Date.now() + 30 * DAY_MS;
      const event = revenueCatEvent('INITIAL_PURCHASE', id, { expiration_at_ms: expiration, period_type: 'TRIAL' });
      const answer = await deliver(event, 'applied');
      expect(answer.body).toEqual({ eventId: event.id, outcome: 'applied' });

      const seen = await planSeenBy(t, jar);
      expect(seen).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(seen.me.entitlementDetails).toEqual([
        {
          name: 'pro',
          productId: PRO_MONTHLY,
          store: 'APP_STORE',
          source: 'revenuecat',
          periodType: 'TRIAL',
          expiresAt: iso(expiration),
          willRenew: true,
          billingIssue: false,
          active: true,
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        },
      ]);
      expect(await bar(jar)).toEqual({ status: 200, headers: expect.anything(), body: { items: [] } });

      const [row] = await webhookEventRows(t, event.id);
      expect(row).toMatchObject({
        provider: 'revenuecat',
        event_id: event.id,
        type: 'INITIAL_PURCHASE',
        app_user_id: id,
        user_id: id,
        outcome: 'applied',
      });
      expect(Number(row?.event_timestamp_ms)).toBe(event.event_timestamp_ms);
      expect(JSON.parse(row?.payload ?? 'null')).toEqual(webhookBody(event));
    });

    it('RENEWAL moves the expiration forward and the period from trial to normal', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, {
          event_timestamp_ms: start - 1000,
          period_type: 'TRIAL',
          expiration_at_ms: start + 7 * DAY_MS,
        }),
        'applied',
      );
      await deliver(
        revenueCatEvent('RENEWAL', id, { event_timestamp_ms: start, expiration_at_ms: start + 37 * DAY_MS }),
        'applied',
      );
      expect(await detail(jar, 'pro')).toMatchObject({
        periodType: 'NORMAL',
        expiresAt: iso(start + 37 * DAY_MS),
        willRenew: true,
        active: true,
      });
    });

    it('RENEWAL after a lapse (a resubscription) gives access back', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, {
          event_timestamp_ms: start - 40 * DAY_MS,
          purchased_at_ms: start - 40 * DAY_MS,
          expiration_at_ms: start - 10 * DAY_MS,
        }),
        'applied',
      );
      expect((await planSeenBy(t, jar)).plan).toBe('free');
      await deliver(revenueCatEvent('RENEWAL', id, { expiration_at_ms: start + 30 * DAY_MS }), 'applied');
      expect((await planSeenBy(t, jar)).plan).toBe('pro');
    });

    it('PRODUCT_CHANGE is informational: access, product and expiration stay until the new product renews', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      const held = await deliverAndRead();
      async function deliverAndRead() {
        await deliver(
          revenueCatEvent('INITIAL_PURCHASE', id, {
            event_timestamp_ms: start - 1000,
            product_id: PRO_MONTHLY,
            expiration_at_ms: start + 30 * DAY_MS,
          }),
          'applied',
        );
        return detail(jar, 'pro');
      }
      await deliver(
        revenueCatEvent('PRODUCT_CHANGE', id, {
          event_timestamp_ms: start,
          product_id: PRO_MONTHLY,
          new_product_id: PRO_ANNUAL,
          expiration_at_ms: start + 30 * DAY_MS,
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(await detail(jar, 'pro')).toMatchObject({
        productId: PRO_MONTHLY,
        expiresAt: held?.expiresAt,
        active: true,
      });
      await deliver(
        revenueCatEvent('RENEWAL', id, {
          event_timestamp_ms: start + 1000,
          product_id: PRO_ANNUAL,
          expiration_at_ms: start + 395 * DAY_MS,
        }),
        'applied',
      );
      expect(await detail(jar, 'pro')).toMatchObject({ productId: PRO_ANNUAL, expiresAt: iso(start + 395 * DAY_MS) });
    });

    it('CANCELLATION stops renewal but keeps access until the expiration; UNCANCELLATION turns renewal back on', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      const expiration = start + 20 * DAY_MS;
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 2000, expiration_at_ms: expiration }),
        'applied',
      );
      await deliver(
        revenueCatEvent('CANCELLATION', id, {
          event_timestamp_ms: start - 1000,
          expiration_at_ms: expiration,
          cancel_reason: 'UNSUBSCRIBE',
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(await detail(jar, 'pro')).toMatchObject({ expiresAt: iso(expiration), willRenew: false, active: true });
      expect((await bar(jar)).status).toBe(200);

      // The clock a minute past the expiration: the cancelled entitlement stops counting, with no job run.
      const after = () => new Date(expiration + 60_000);
      expect(await getSubscriptionStatus({ db: t.database.db, userId: id, now: after })).toMatchObject({
        plan: 'free',
        entitlements: [],
        details: [expect.objectContaining({ name: 'pro', active: false })],
      });

      await deliver(
        revenueCatEvent('UNCANCELLATION', id, { event_timestamp_ms: start, expiration_at_ms: expiration }),
        'applied',
      );
      expect(await detail(jar, 'pro')).toMatchObject({ expiresAt: iso(expiration), willRenew: true, active: true });
    });

    it('a TRIAL is stored as one; its CANCELLATION keeps access to the trial end without renewal, EXPIRATION ends it', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      const trialEnd = start + 7 * DAY_MS;
      const trial = { period_type: 'TRIAL', expiration_at_ms: trialEnd, price: 0, price_in_purchased_currency: 0 };
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id, { ...trial, event_timestamp_ms: start - 3000 }), 'applied');
      expect(await detail(jar, 'pro')).toMatchObject({
        periodType: 'TRIAL',
        expiresAt: iso(trialEnd),
        willRenew: true,
        active: true,
      });

      // RevenueCat sends a cancelled trial's CANCELLATION with the trial's own period type and end.
      await deliver(
        revenueCatEvent('CANCELLATION', id, {
          ...trial,
          event_timestamp_ms: start - 2000,
          cancel_reason: 'UNSUBSCRIBE',
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(await detail(jar, 'pro')).toMatchObject({
        periodType: 'TRIAL',
        expiresAt: iso(trialEnd),
        willRenew: false,
        active: true,
      });

      // At the trial's end the store sends EXPIRATION (no RENEWAL: nothing was charged).
      await deliver(
        revenueCatEvent('EXPIRATION', id, {
          ...trial,
          event_timestamp_ms: start - 1000,
          expiration_reason: 'UNSUBSCRIBE',
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
      expect(await detail(jar, 'pro')).toMatchObject({ periodType: 'TRIAL', willRenew: false, active: false });
    });

    it('CANCELLATION for a refund (expiration at the refund time) ends access at once', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 5000 }), 'applied');
      await deliver(
        revenueCatEvent('CANCELLATION', id, {
          event_timestamp_ms: start - 1000,
          expiration_at_ms: start - 1000,
          cancel_reason: 'CUSTOMER_SUPPORT',
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
      expect((await addBottle(jar)).status).toBe(403);
    });

    it('NON_RENEWING_PURCHASE without an expiration never ends', async () => {
      const { jar, id } = await customer();
      await deliver(
        revenueCatEvent('NON_RENEWING_PURCHASE', id, {
          product_id: 'app.barback.pro.lifetime',
          expiration_at_ms: null,
        }),
        'applied',
      );
      expect(await detail(jar, 'pro')).toMatchObject({
        productId: 'app.barback.pro.lifetime',
        expiresAt: null,
        willRenew: false,
        active: true,
      });
      const farFuture = () => new Date('2199-01-01T00:00:00.000Z');
      expect(await activeEntitlementsOf({ db: t.database.db, userId: id, now: farFuture })).toEqual(['pro']);
    });

    it('NON_RENEWING_PURCHASE that leaves out expiration_at_ms never ends either, even after a lapsed subscription', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, {
          event_timestamp_ms: start - 60 * DAY_MS,
          expiration_at_ms: start - 30 * DAY_MS,
        }),
        'applied',
      );
      expect((await planSeenBy(t, jar)).plan).toBe('free');
      await deliver(
        revenueCatEvent('NON_RENEWING_PURCHASE', id, {
          product_id: 'app.barback.pro.lifetime',
          expiration_at_ms: undefined,
        }),
        'applied',
      );
      expect(await detail(jar, 'pro')).toMatchObject({ expiresAt: null, willRenew: false, active: true });
      expect((await planSeenBy(t, jar)).plan).toBe('pro');
    });

    it('EXPIRATION ends access: free plan, lapsed detail, 403 at the gate', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 5000 }), 'applied');
      expect((await bar(jar)).status).toBe(200);
      await deliver(
        revenueCatEvent('EXPIRATION', id, {
          event_timestamp_ms: start,
          expiration_at_ms: start - 1000,
          expiration_reason: 'UNSUBSCRIBE',
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
      expect(await detail(jar, 'pro')).toMatchObject({ expiresAt: iso(start - 1000), willRenew: false, active: false });
      const gate = await addBottle(jar);
      expect(gate.status).toBe(403);
      expect((gate.body as ApiErrorBody).error.code).toBe('ENTITLEMENT_REQUIRED');
    });

    it('EXPIRATION that names a future expiration still ends access now', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 5000 }), 'applied');
      await deliver(
        revenueCatEvent('EXPIRATION', id, { event_timestamp_ms: start, expiration_at_ms: start + 10 * DAY_MS }),
        'applied',
      );
      expect((await planSeenBy(t, jar)).plan).toBe('free');
      const ended = new Date((await detail(jar, 'pro'))?.expiresAt ?? '').getTime();
      expect(ended).toBeLessThanOrEqual(Date.now());
    });

    it('BILLING_ISSUE keeps access through the grace period and flags it; a RENEWAL clears the flag', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 2000, expiration_at_ms: start + 1000 }),
        'applied',
      );
      const grace = start + 16 * DAY_MS;
      await deliver(
        revenueCatEvent('BILLING_ISSUE', id, {
          event_timestamp_ms: start - 1000,
          expiration_at_ms: start + 1000,
          grace_period_expiration_at_ms: grace,
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(await detail(jar, 'pro')).toMatchObject({ billingIssue: true, expiresAt: iso(grace), active: true });
      expect((await bar(jar)).status).toBe(200);

      await deliver(
        revenueCatEvent('RENEWAL', id, { event_timestamp_ms: start, expiration_at_ms: start + 30 * DAY_MS }),
        'applied',
      );
      expect(await detail(jar, 'pro')).toMatchObject({ billingIssue: false, expiresAt: iso(start + 30 * DAY_MS) });
    });

    it('BILLING_ISSUE without a grace period keeps access until the expiration it names', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      const expiration = start + 2 * DAY_MS;
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 1000, expiration_at_ms: expiration }),
        'applied',
      );
      await deliver(
        revenueCatEvent('BILLING_ISSUE', id, {
          event_timestamp_ms: start,
          expiration_at_ms: expiration,
          grace_period_expiration_at_ms: null,
        }),
        'applied',
      );
      expect(await detail(jar, 'pro')).toMatchObject({ billingIssue: true, expiresAt: iso(expiration), active: true });
    });

    it('SUBSCRIPTION_PAUSED keeps access until the period ends and stops renewal', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      const expiration = start + 12 * DAY_MS;
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, {
          event_timestamp_ms: start - 1000,
          expiration_at_ms: expiration,
          store: 'PLAY_STORE',
        }),
        'applied',
      );
      await deliver(
        revenueCatEvent('SUBSCRIPTION_PAUSED', id, { event_timestamp_ms: start, store: 'PLAY_STORE' }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro' });
      expect(await detail(jar, 'pro')).toMatchObject({ expiresAt: iso(expiration), willRenew: false, active: true });
    });

    it('SUBSCRIPTION_EXTENDED moves the expiration later', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 1000, expiration_at_ms: start + DAY_MS }),
        'applied',
      );
      await deliver(
        revenueCatEvent('SUBSCRIPTION_EXTENDED', id, {
          event_timestamp_ms: start,
          expiration_at_ms: start + 8 * DAY_MS,
        }),
        'applied',
      );
      expect(await detail(jar, 'pro')).toMatchObject({ expiresAt: iso(start + 8 * DAY_MS), active: true });
    });

    it('TEMPORARY_ENTITLEMENT_GRANT grants access until its expiration, without renewal', async () => {
      const { jar, id } = await customer();
      const expiration = Date.now() + DAY_MS;
      await deliver(
        revenueCatEvent('TEMPORARY_ENTITLEMENT_GRANT', id, { expiration_at_ms: expiration, period_type: 'NORMAL' }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(await detail(jar, 'pro')).toMatchObject({ expiresAt: iso(expiration), willRenew: false, active: true });
    });

    it('TEST changes nothing and is recorded as ignored', async () => {
      const { jar, id } = await customer();
      const event = revenueCatEvent('TEST', id);
      await deliver(event, 'ignored');
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
      expect((await planSeenBy(t, jar)).me.entitlementDetails).toEqual([]);
      expect(await webhookEventRows(t, event.id)).toEqual([
        expect.objectContaining({ type: 'TEST', outcome: 'ignored', user_id: null }),
      ]);
    });

    it('TRANSFER moves the store entitlement from one user to another, and leaves support grants where they are', async () => {
      const from = await customer('from');
      const to = await customer('to');
      const start = Date.now();
      const expiration = start + 25 * DAY_MS;
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', from.id, {
          event_timestamp_ms: start - 1000,
          expiration_at_ms: expiration,
        }),
        'applied',
      );
      await grantEntitlement({ db: t.database.db, userId: from.id, name: 'enterprise', days: 30 });
      expect(await planSeenBy(t, from.jar)).toMatchObject({ plan: 'enterprise', entitlements: ['pro', 'enterprise'] });

      const transfer = revenueCatEvent('TRANSFER', null, {
        event_timestamp_ms: start,
        app_user_id: undefined,
        original_app_user_id: undefined,
        aliases: undefined,
        product_id: undefined,
        entitlement_ids: ['pro'],
        expiration_at_ms: undefined,
        transferred_from: [from.id],
        transferred_to: [to.id],
      });
      await deliver(transfer, 'applied');

      expect(await planSeenBy(t, from.jar)).toMatchObject({ plan: 'enterprise', entitlements: ['enterprise'] });
      expect((await planSeenBy(t, from.jar)).me.entitlementDetails.map((entry) => entry.name)).toEqual(['enterprise']);
      expect(await planSeenBy(t, to.jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(await detail(to.jar, 'pro')).toMatchObject({
        source: 'revenuecat',
        productId: PRO_MONTHLY,
        expiresAt: iso(expiration),
        active: true,
      });
      expect(await webhookEventRows(t, transfer.id)).toEqual([
        expect.objectContaining({ type: 'TRANSFER', outcome: 'applied', user_id: to.id }),
      ]);
    });

    it('TRANSFER to nobody we know is unknown_user; from someone without store entitlements is no_entitlement', async () => {
      const from = await customer('from');
      const to = await customer('to');
      await deliver(revenueCatEvent('INITIAL_PURCHASE', from.id), 'applied');
      const transfer = (ids: { from: string[]; to: string[] }) =>
        revenueCatEvent('TRANSFER', null, {
          app_user_id: undefined,
          original_app_user_id: undefined,
          aliases: undefined,
          transferred_from: ids.from,
          transferred_to: ids.to,
        });
      await deliver(transfer({ from: [from.id], to: ['$RCAnonymousID:nobody'] }), 'unknown_user');
      await deliver(transfer({ from: [to.id], to: [from.id] }), 'no_entitlement');
      // Naming only entitlements that are not ours moves nothing (not everything).
      await deliver(
        { ...transfer({ from: [from.id], to: [to.id] }), entitlement_ids: ['gold-tier'] },
        'no_entitlement',
      );
      expect((await planSeenBy(t, from.jar)).plan).toBe('pro');
      expect((await planSeenBy(t, to.jar)).plan).toBe('free');
    });
  });

  describe('who and what an event names', () => {
    it('answers unknown_user for an app user id nobody has: recorded, nothing granted', async () => {
      const before = await paymentRowCounts(t);
      const event = revenueCatEvent('INITIAL_PURCHASE', '$RCAnonymousID:0123456789abcdef');
      await deliver(event, 'unknown_user');
      expect(await webhookEventRows(t, event.id)).toEqual([
        expect.objectContaining({
          outcome: 'unknown_user',
          app_user_id: '$RCAnonymousID:0123456789abcdef',
          user_id: null,
        }),
      ]);
      expect(await paymentRowCounts(t)).toEqual({
        webhookEvents: before.webhookEvents + 1,
        entitlements: before.entitlements,
      });
    });

    it('answers no_entitlement for an entitlement this server does not grant: recorded, nothing granted', async () => {
      const { jar, id } = await customer();
      const event = revenueCatEvent('INITIAL_PURCHASE', id, { entitlement_ids: ['gold', 'Pro'] });
      await deliver(event, 'no_entitlement');
      expect(await webhookEventRows(t, event.id)).toEqual([
        expect.objectContaining({ outcome: 'no_entitlement', user_id: id }),
      ]);
      expect((await planSeenBy(t, jar)).me.entitlementDetails).toEqual([]);
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id, { entitlement_ids: [] }), 'no_entitlement');
      expect((await planSeenBy(t, jar)).plan).toBe('free');
    });

    it('reads the older single entitlement_id when entitlement_ids is absent', async () => {
      const { jar, id } = await customer();
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, { entitlement_ids: undefined, entitlement_id: 'pro' }),
        'applied',
      );
      expect((await planSeenBy(t, jar)).plan).toBe('pro');
    });

    it('applies an event whose app_user_id is unknown to the user one of its aliases names', async () => {
      const { jar, id } = await customer();
      const anonymous = '$RCAnonymousID:fedcba9876543210';
      const event = revenueCatEvent('INITIAL_PURCHASE', anonymous, {
        original_app_user_id: anonymous,
        aliases: [anonymous, id],
      });
      await deliver(event, 'applied');
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(await webhookEventRows(t, event.id)).toEqual([
        expect.objectContaining({ app_user_id: anonymous, user_id: id, outcome: 'applied' }),
      ]);
    });

    it('makes the plan enterprise when the user holds enterprise and pro, and pro again once enterprise ends', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 2000 }), 'applied');
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, {
          event_timestamp_ms: start - 1000,
          product_id: ENTERPRISE_MONTHLY,
          entitlement_ids: ['enterprise'],
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'enterprise', entitlements: ['pro', 'enterprise'] });
      expect((await bar(jar)).status).toBe(200);
      await deliver(
        revenueCatEvent('EXPIRATION', id, {
          event_timestamp_ms: start,
          product_id: ENTERPRISE_MONTHLY,
          entitlement_ids: ['enterprise'],
          expiration_at_ms: start,
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
    });

    it('one event naming both entitlements grants both', async () => {
      const { jar, id } = await customer();
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, {
          product_id: ENTERPRISE_MONTHLY,
          entitlement_ids: ['enterprise', 'pro', 'pro'],
        }),
        'applied',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'enterprise', entitlements: ['pro', 'enterprise'] });
    });

    it('never changes another user: every event for A leaves B as B was', async () => {
      const a = await customer('a');
      const b = await customer('b');
      const start = Date.now();
      await deliver(revenueCatEvent('INITIAL_PURCHASE', b.id, { event_timestamp_ms: start - 10_000 }), 'applied');
      const bBefore = await planSeenBy(t, b.jar);
      const types = [
        'INITIAL_PURCHASE',
        'RENEWAL',
        'BILLING_ISSUE',
        'CANCELLATION',
        'UNCANCELLATION',
        'SUBSCRIPTION_PAUSED',
        'SUBSCRIPTION_EXTENDED',
        'EXPIRATION',
      ] as const;
      for (const [index, type] of types.entries()) {
        await deliver(revenueCatEvent(type, a.id, { event_timestamp_ms: start + index }), 'applied');
      }
      expect((await planSeenBy(t, a.jar)).plan).toBe('free');
      expect(await planSeenBy(t, b.jar)).toEqual(bBefore);
    });
  });

  describe('support grants (source admin)', () => {
    it('are never cut short by a store event: a lifetime grant survives a purchase and its expiration', async () => {
      const { jar, id } = await customer();
      await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
      const start = Date.now();
      const purchase = revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 1000 });
      await deliver(purchase, 'ignored');
      await deliver(
        revenueCatEvent('EXPIRATION', id, { event_timestamp_ms: start, expiration_at_ms: start - 1000 }),
        'ignored',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(await detail(jar, 'pro')).toMatchObject({ source: 'admin', expiresAt: null, active: true });
      expect(await webhookEventRows(t, purchase.id)).toEqual([
        expect.objectContaining({ outcome: 'ignored', user_id: id }),
      ]);
    });

    it('give way to a store purchase that lasts longer, which then follows the store', async () => {
      const { jar, id } = await customer();
      await grantEntitlement({ db: t.database.db, userId: id, name: 'pro', days: 7 });
      const start = Date.now();
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, {
          event_timestamp_ms: start - 1000,
          expiration_at_ms: start + 30 * DAY_MS,
        }),
        'applied',
      );
      expect(await detail(jar, 'pro')).toMatchObject({ source: 'revenuecat', expiresAt: iso(start + 30 * DAY_MS) });
      await deliver(
        revenueCatEvent('EXPIRATION', id, { event_timestamp_ms: start, expiration_at_ms: start - 1 }),
        'applied',
      );
      expect((await planSeenBy(t, jar)).plan).toBe('free');
    });

    it('that already ended are replaced as any row', async () => {
      const { jar, id } = await customer();
      const past = () => new Date(Date.now() - 10 * DAY_MS);
      await grantEntitlement({ db: t.database.db, userId: id, name: 'pro', days: 1, now: past });
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id), 'applied');
      expect(await detail(jar, 'pro')).toMatchObject({ source: 'revenuecat', active: true });
    });

    it('of the receiving user survive a TRANSFER of a shorter store entitlement', async () => {
      const from = await customer('from');
      const to = await customer('to');
      await deliver(revenueCatEvent('INITIAL_PURCHASE', from.id), 'applied');
      await grantEntitlement({ db: t.database.db, userId: to.id, name: 'pro' });
      await deliver(
        revenueCatEvent('TRANSFER', null, {
          app_user_id: undefined,
          original_app_user_id: undefined,
          aliases: undefined,
          transferred_from: [from.id],
          transferred_to: [to.id],
        }),
        'applied',
      );
      expect((await planSeenBy(t, from.jar)).plan).toBe('free');
      expect(await detail(to.jar, 'pro')).toMatchObject({ source: 'admin', expiresAt: null, active: true });
    });
  });

  describe('authorization and configuration', () => {
    it.each([
      ['no Authorization header', null],
      ['a wrong secret', 'Bearer wrong-secret-0123456789'],
      ['the secret without its scheme', TEST_WEBHOOK_AUTH.replace('Bearer ', '')],
      ['the secret in another case', TEST_WEBHOOK_AUTH.toUpperCase()],
      ['the secret with one more character', `${TEST_WEBHOOK_AUTH}x`],
      ['a prefix of the secret', TEST_WEBHOOK_AUTH.slice(0, -1)],
      ['an empty header', ''],
    ])('answers 401 for %s and stores nothing', async (_, authorization) => {
      const { jar, id } = await customer();
      const before = await paymentRowCounts(t);
      const event = revenueCatEvent('INITIAL_PURCHASE', id);
      const answer = await postWebhook<ApiErrorBody>(t, event, authorization);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
      expect(await webhookEventRows(t, event.id)).toEqual([]);
      expect(await paymentRowCounts(t)).toEqual(before);
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
    });

    it('answers 401 before reading the body: a malformed body with a wrong secret is still 401', async () => {
      const answer = await postWebhook<ApiErrorBody>(t, '{not json', 'Bearer wrong-secret-0123456789');
      expect(answer.status).toBe(401);
    });

    it('answers 503 PAYMENTS_NOT_CONFIGURED without REVENUECAT_WEBHOOK_AUTH, and grants nothing', async () => {
      const off = await createTestApp({ dialect });
      try {
        expect(off.config.revenueCat.webhookAuth).toBeNull();
        const jar = await signIn(off, randomEmail('off'));
        const id = await userIdOf(off, jar);
        for (const authorization of [TEST_WEBHOOK_AUTH, null, 'Bearer anything-at-all-0123']) {
          const event = revenueCatEvent('INITIAL_PURCHASE', id);
          const answer = await postWebhook<ApiErrorBody>(off, event, authorization);
          expect(answer.status).toBe(503);
          expect(answer.body).toEqual({
            error: { code: 'PAYMENTS_NOT_CONFIGURED', message: 'Payments are not configured on this server.' },
          });
        }
        expect(await paymentRowCounts(off)).toEqual({ webhookEvents: 0, entitlements: 0 });
        expect(await planSeenBy(off, jar)).toMatchObject({ plan: 'free', entitlements: [] });
      } finally {
        await off.close();
      }
    });
  });

  describe('malformed bodies', () => {
    it.each([
      ['a body that is not JSON', '{"event": ', 'BAD_REQUEST', /not valid JSON/],
      ['an empty body', '', 'BAD_REQUEST', /empty/],
      ['JSON without an event', JSON.stringify({ api_version: '1.0' }), 'VALIDATION_FAILED', /event/],
      ['an event of a type this server does not know', 'REFUND', 'VALIDATION_FAILED', /type/],
      ['an event without an id', 'NO_ID', 'VALIDATION_FAILED', /id/],
      ['an event whose timestamp is not a number', 'BAD_TIMESTAMP', 'VALIDATION_FAILED', /event_timestamp_ms/],
      ['a JSON array', '[]', 'VALIDATION_FAILED', /./],
    ])('answers 400 for %s, in the API’s error shape, and stores nothing', async (_, raw, code, message) => {
      const { id } = await customer();
      const base = webhookBody(revenueCatEvent('INITIAL_PURCHASE', id));
      const bodies: Record<string, string> = {
        REFUND: JSON.stringify({ ...base, event: { ...base.event, type: 'REFUND' } }),
        NO_ID: JSON.stringify({ ...base, event: { ...base.event, id: undefined } }),
        BAD_TIMESTAMP: JSON.stringify({ ...base, event: { ...base.event, event_timestamp_ms: 'yesterday' } }),
      };
      const before = await paymentRowCounts(t);
      const answer = await postWebhook<ApiErrorBody>(t, bodies[raw] ?? raw);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: { code, message: expect.stringMatching(message) } });
      expect(await paymentRowCounts(t)).toEqual(before);
    });

    it('answers 413 PAYLOAD_TOO_LARGE for a body over 64 kB and stores nothing', async () => {
      const { jar, id } = await customer();
      const before = await paymentRowCounts(t);
      const event = revenueCatEvent('INITIAL_PURCHASE', id, { subscriber_attributes: { padding: 'x'.repeat(70_000) } });
      const answer = await postWebhook<ApiErrorBody>(t, event);
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'body must be at most 64 kB' } });
      expect(await paymentRowCounts(t)).toEqual(before);
      expect((await planSeenBy(t, jar)).plan).toBe('free');

      // Just under the limit is read.
      const fits = revenueCatEvent('INITIAL_PURCHASE', id, { subscriber_attributes: { padding: 'x'.repeat(60_000) } });
      await deliver(fits, 'applied');
    });
  });

  describe('replays and order', () => {
    it('answers replayed to the same event id and changes nothing, even when the replay says something else', async () => {
      const { jar, id } = await customer();
      const event = revenueCatEvent('INITIAL_PURCHASE', id);
      await deliver(event, 'applied');
      const before = await planSeenBy(t, jar);
      await deliver(event, 'replayed');
      await deliver({ ...event, type: 'EXPIRATION', expiration_at_ms: Date.now() - 1000 }, 'replayed');
      expect(await planSeenBy(t, jar)).toEqual(before);
      const rows = await webhookEventRows(t, event.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'INITIAL_PURCHASE', outcome: 'applied' });
    });

    it('applies an event once when two deliveries of it race', async () => {
      const { jar, id } = await customer();
      const event = revenueCatEvent('INITIAL_PURCHASE', id);
      const answers = await Promise.all([postWebhook(t, event), postWebhook(t, event), postWebhook(t, event)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['applied', 'replayed', 'replayed']);
      expect(await webhookEventRows(t, event.id)).toHaveLength(1);
      expect((await planSeenBy(t, jar)).plan).toBe('pro');
    });

    it('keeps an expiration when an older RENEWAL arrives after it (stale)', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start - 60_000, expiration_at_ms: start + 1000 }),
        'applied',
      );
      await deliver(
        revenueCatEvent('EXPIRATION', id, { event_timestamp_ms: start, expiration_at_ms: start - 500 }),
        'applied',
      );
      const late = revenueCatEvent('RENEWAL', id, {
        event_timestamp_ms: start - 30_000,
        expiration_at_ms: start + 30 * DAY_MS,
      });
      await deliver(late, 'stale');
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
      expect(await webhookEventRows(t, late.id)).toEqual([expect.objectContaining({ outcome: 'stale', user_id: id })]);
    });

    it('keeps a renewal when an older EXPIRATION arrives after it (stale)', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(
        revenueCatEvent('RENEWAL', id, { event_timestamp_ms: start, expiration_at_ms: start + 30 * DAY_MS }),
        'applied',
      );
      await deliver(
        revenueCatEvent('EXPIRATION', id, { event_timestamp_ms: start - 1000, expiration_at_ms: start - 1000 }),
        'stale',
      );
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(await detail(jar, 'pro')).toMatchObject({ expiresAt: iso(start + 30 * DAY_MS), active: true });
    });

    it('judges order per entitlement: an older event for enterprise still applies after a newer one for pro', async () => {
      const { jar, id } = await customer();
      const start = Date.now();
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id, { event_timestamp_ms: start }), 'applied');
      await deliver(
        revenueCatEvent('INITIAL_PURCHASE', id, {
          event_timestamp_ms: start - 5000,
          product_id: ENTERPRISE_MONTHLY,
          entitlement_ids: ['enterprise'],
        }),
        'applied',
      );
      expect((await planSeenBy(t, jar)).plan).toBe('enterprise');
    });
  });

  describe('expiry without a job', () => {
    it('counts an entitlement until its expiration and not after, through HTTP (one short real wait)', async () => {
      const { jar, id } = await customer();
      const expiration = Date.now() + 1500;
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id, { expiration_at_ms: expiration }), 'applied');
      expect((await bar(jar)).status).toBe(200);
      expect((await planSeenBy(t, jar)).plan).toBe('pro');

      await sleep(Math.max(0, expiration - Date.now()) + 100);
      expect((await addBottle(jar)).status).toBe(403);
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
      expect(await detail(jar, 'pro')).toMatchObject({ active: false, expiresAt: iso(expiration) });
    });

    it('stops counting at the very instant of the expiration (injected clock)', async () => {
      const { id } = await customer();
      const expiration = Date.now() + 10 * DAY_MS;
      await deliver(revenueCatEvent('INITIAL_PURCHASE', id, { expiration_at_ms: expiration }), 'applied');
      const db = t.database.db;
      const at = (ms: number) => () => new Date(ms);
      expect(await activeEntitlementsOf({ db, userId: id, now: at(expiration - 1) })).toEqual(['pro']);
      expect(await activeEntitlementsOf({ db, userId: id, now: at(expiration) })).toEqual([]);
      expect(await getSubscriptionStatus({ db, userId: id, now: at(expiration - 1) })).toMatchObject({ plan: 'pro' });
      expect(await getSubscriptionStatus({ db, userId: id, now: at(expiration) })).toMatchObject({
        plan: 'free',
        entitlements: [],
        details: [expect.objectContaining({ name: 'pro', active: false, expiresAt: iso(expiration) })],
      });
    });
  });
});
