import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { postJson, randomAddress, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import {
  DAY_MS,
  ENTERPRISE_MONTHLY,
  PAYMENTS_ENV,
  planSeenBy,
  postWebhook,
  revenueCatEvent,
} from '../../../tests/support/payments';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { AppError, errorBody } from '../errors';
import { createSessionReader } from '../auth';
import { grantEntitlement, revokeEntitlement } from './entitlements';
import { entitlementRequiredMessage, requireEntitlement } from './require-entitlement';

const PRO_REQUIRED = 'This needs the Pro or Enterprise plan. Upgrade in the Barback iOS app.';

describe.each(testDialects())('the entitlement gate on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: PAYMENTS_ENV });
  });
  afterAll(() => t?.close());

  async function customer(label = 'member'): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    return { jar, id: await userIdOf(t, jar) };
  }

  const bar = <T = ApiErrorBody>(jar?: CookieJar) =>
    t.json<T>('/api/me/bar', jar ? { headers: jar.headers() } : undefined);

  async function buy(id: string, overrides: Record<string, unknown> = {}) {
    const answer = await postWebhook(t, revenueCatEvent('INITIAL_PURCHASE', id, overrides));
    expect(answer.body.outcome).toBe('applied');
  }

  describe('GET /api/me/bar (behind pro)', () => {
    it('answers 401 UNAUTHORIZED signed out (and the signed-out session read stays empty)', async () => {
      const answer = await bar();
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
      const session = await t.json('/api/auth/get-session');
      expect(session.status).toBe(200);
      expect(session.body).toBeNull();
    });

    it('answers 403 ENTITLEMENT_REQUIRED to a free user who never had the plan (not lapsed)', async () => {
      const { jar } = await customer();
      const answer = await bar(jar);
      expect(answer.status).toBe(403);
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', me: { lapsed: false } });
      expect(answer.body).toEqual({ error: { code: 'ENTITLEMENT_REQUIRED', message: PRO_REQUIRED } });
      expect(entitlementRequiredMessage('pro')).toBe(PRO_REQUIRED);
    });

    it('answers 200 {items: []} to pro and to enterprise alone (enterprise beats pro), never cached', async () => {
      const pro = await customer('pro');
      const enterprise = await customer('enterprise');
      await buy(pro.id);
      await buy(enterprise.id, { product_id: ENTERPRISE_MONTHLY, entitlement_ids: ['enterprise'] });
      expect((await planSeenBy(t, enterprise.jar)).entitlements).toEqual(['enterprise']);
      for (const jar of [pro.jar, enterprise.jar]) {
        const answer = await bar<{ items: unknown[] }>(jar);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ items: [] });
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('refuses paid writes (403) after an EXPIRATION event or a revoke, at once, and for a subscription that lapsed', async () => {
      const expired = await customer('expired');
      const revoked = await customer('revoked');
      const lapsed = await customer('lapsed');
      const start = Date.now();
      await buy(expired.id, { event_timestamp_ms: start - 1000 });
      await grantEntitlement({ db: t.database.db, userId: revoked.id, name: 'pro', days: 30 });
      await buy(lapsed.id, { purchased_at_ms: start - 31 * DAY_MS, expiration_at_ms: start - DAY_MS });
      for (const { jar } of [expired, revoked]) expect((await bar(jar)).status).toBe(200);

      const ended = await postWebhook(
        t,
        revenueCatEvent('EXPIRATION', expired.id, { event_timestamp_ms: start, expiration_at_ms: start }),
      );
      expect(ended.body.outcome).toBe('applied');
      expect(await revokeEntitlement({ db: t.database.db, userId: revoked.id, name: 'pro' })).toBe(true);
      expect(await revokeEntitlement({ db: t.database.db, userId: revoked.id, name: 'pro' })).toBe(false);

      // A lapsed plan still reads the bar; adding to it is refused.
      for (const { jar } of [expired, revoked, lapsed]) {
        expect((await bar(jar)).status).toBe(200);
        const answer = await t.json<ApiErrorBody>('/api/me/bar', postJson({ ingredientIds: [1] }, jar));
        expect(answer.status).toBe(403);
        expect(answer.body.error.code).toBe('ENTITLEMENT_REQUIRED');
        // The session read and /api/me both say the plan lapsed (planSeenBy checks they agree).
        expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', me: { lapsed: true } });
      }
    });

    it('opens at once for a support grant', async () => {
      const { jar, id } = await customer();
      expect((await bar(jar)).status).toBe(403);
      await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
      expect((await bar(jar)).status).toBe(200);
    });
  });

  describe('requireEntitlement', () => {
    /** A one-route app behind the gate for `required`, on the test app's database and sessions, with the API's error map. */
    function gated(required: 'pro' | 'enterprise', now?: () => Date) {
      const app = new Hono();
      app.onError((error, c) =>
        error instanceof AppError ? c.json(errorBody(error.code, error.message), error.status) : c.text('boom', 500),
      );
      app.get(
        '/paid',
        requireEntitlement({ db: t.database.db, sessions: createSessionReader(t.auth), now }, required),
        (c) => c.json({ ok: true }),
      );
      return (jar?: CookieJar) => app.request('/paid', jar ? { headers: jar.headers() } : undefined);
    }

    it('for enterprise: lets enterprise in, keeps pro out with the enterprise message', async () => {
      const enterpriseOnly = gated('enterprise');
      const pro = await customer('pro');
      const enterprise = await customer('enterprise');
      await grantEntitlement({ db: t.database.db, userId: pro.id, name: 'pro' });
      await grantEntitlement({ db: t.database.db, userId: enterprise.id, name: 'enterprise' });
      expect((await enterpriseOnly()).status).toBe(401);
      const refused = await enterpriseOnly(pro.jar);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: { code: 'ENTITLEMENT_REQUIRED', message: entitlementRequiredMessage('enterprise') },
      });
      expect(entitlementRequiredMessage('enterprise')).toMatch(/Enterprise plan/);
      expect((await enterpriseOnly(enterprise.jar)).status).toBe(200);
    });

    it('reads the entitlements on every request at its clock: open before the expiry, shut from it on', async () => {
      const { jar, id } = await customer();
      const granted = await grantEntitlement({ db: t.database.db, userId: id, name: 'pro', days: 2 });
      const end = new Date(granted.expiresAt ?? '').getTime();
      expect(end).toBeGreaterThan(Date.now() + DAY_MS);
      expect((await gated('pro', () => new Date(end - 1))(jar)).status).toBe(200);
      expect((await gated('pro', () => new Date(end))(jar)).status).toBe(403);
    });
  });

  describe('cross-user isolation', () => {
    it('B can neither see nor change A’s entitlements through any route', async () => {
      const a = await customer('a');
      const b = await customer('b');
      await buy(a.id, { product_id: ENTERPRISE_MONTHLY, entitlement_ids: ['enterprise'] });
      await grantEntitlement({ db: t.database.db, userId: a.id, name: 'pro', days: 5 });
      const aBefore = await planSeenBy(t, a.jar);
      expect(aBefore.plan).toBe('enterprise');
      const aRows = await t.database.db.selectFrom('entitlement').selectAll().where('user_id', '=', a.id).execute();

      // B's own reads show B's (empty) plan, whatever B names.
      const bMe = await planSeenBy(t, b.jar);
      expect(bMe).toMatchObject({ plan: 'free', entitlements: [] });
      expect(bMe.me.entitlementDetails).toEqual([]);
      expect(JSON.stringify(bMe.me)).not.toContain(a.id);
      const named = `userId=${encodeURIComponent(a.id)}`;
      const meForA = await t.json<{ plan: string; user: { id: string } }>(`/api/me?${named}`, {
        headers: b.jar.headers(),
      });
      expect(meForA.body).toMatchObject({ plan: 'free', user: { id: b.id } });
      expect((await t.json(`/api/me/bar?${named}`, { headers: b.jar.headers() })).status).toBe(403);

      // B's writes: a sync naming A (no API key here: B's own rows), a webhook without the secret, a self-made claim.
      const synced = await t.json<{ plan: string; details: unknown[] }>(
        `/api/me/purchases/sync?${named}`,
        postJson({ userId: a.id }, b.jar),
        { address: randomAddress() },
      );
      expect(synced.body).toMatchObject({ plan: 'free', details: [], source: 'local' });
      const forged = revenueCatEvent('EXPIRATION', a.id, { entitlement_ids: ['enterprise', 'pro'] });
      expect((await postWebhook(t, forged, null)).status).toBe(401);
      expect(
        (
          await t.request('/api/webhooks/revenuecat', {
            ...postJson({ api_version: '1.0', event: forged }, b.jar),
          })
        ).status,
      ).toBe(401);
      await t.request(
        '/api/auth/update-user',
        postJson({ appMetadata: { entitlements: ['enterprise'], plan: 'enterprise' }, name: 'B' }, b.jar),
        { address: randomAddress() },
      );
      expect(await planSeenBy(t, b.jar)).toMatchObject({ plan: 'free', entitlements: [] });
      expect((await bar(b.jar)).status).toBe(403);

      expect(await planSeenBy(t, a.jar)).toEqual(aBefore);
      expect(await t.database.db.selectFrom('entitlement').selectAll().where('user_id', '=', a.id).execute()).toEqual(
        aRows,
      );
    });
  });
});
