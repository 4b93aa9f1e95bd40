import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  invitationAcceptedSchema,
  invitationViewSchema,
  venueListSchema,
  venueMembersSchema,
  venueSchema,
  publicMenuSchema,
  teamMenuSchema,
  venueBarActivitySchema,
  venueBarSchema,
  type PublicMenu,
  type TeamMenu,
  type InvitationView,
  type Venue,
  type VenueBar,
  type VenueBarActivity,
  type VenueList,
  type VenueMembers,
} from '@/shared/schemas/venues';
import { latestMailTo, postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../app';
import { grantEntitlement, revokeEntitlement } from '../payments';
import { SEAT_ADDON_PRODUCT_ID } from '@/shared/domain/plans';
import { MENU_GRACE_DAYS } from '@/shared/domain/venues';
import { PAYMENTS_ENV, revenueCatEvent, TEST_WEBHOOK_AUTH, webhookBody } from '../../../tests/support/payments';
import { setSeatLimit } from './seats';

/** Every venue route for the venue `slug`, as [method, path, body]. */
function venueRoutesOf(slug: string): [string, string, unknown][] {
  return [
    ['GET', `/api/venues/${slug}`, undefined],
    ['PATCH', `/api/venues/${slug}`, { name: 'Renamed' }],
    ['GET', `/api/venues/${slug}/members`, undefined],
    ['POST', `/api/venues/${slug}/invitations`, { email: 'someone@example.com', role: 'staff' }],
    ['DELETE', `/api/venues/${slug}/invitations/some-invitation`, undefined],
    ['DELETE', `/api/venues/${slug}/members/some-member`, undefined],
  ];
}

/** Every team-inventory route of the venue `slug` for ingredient `i`, as [method, path, body]. */
function inventoryRoutesOf(slug: string, i: number, item = 1): [string, string, unknown][] {
  return [
    ['GET', `/api/venues/${slug}/qr/png`, undefined],
    ['GET', `/api/venues/${slug}/menu`, undefined],
    ['PUT', `/api/venues/${slug}/menu`, { sections: [] }],
    ['PUT', `/api/venues/${slug}/menu/items/${item}/availability`, { availability: 'off' }],
    ['GET', `/api/venues/${slug}/bar`, undefined],
    ['GET', `/api/venues/${slug}/bar/activity`, undefined],
    ['PUT', `/api/venues/${slug}/bar/${i}`, undefined],
    ['PUT', `/api/venues/${slug}/bar/${i}/86`, { eightySixed: true }],
    ['DELETE', `/api/venues/${slug}/bar/${i}`, undefined],
  ];
}

describe.each(testDialects())('Venues on %s', (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: PAYMENTS_ENV });
    const rows = await t.database.db.selectFrom('ingredient').select(['slug', 'id']).execute();
    ing = Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
  });
  afterAll(() => t?.close());

  const call = <T>(jar: CookieJar | null, method: string, path: string, body?: unknown) =>
    t.json<T>(
      path,
      body === undefined
        ? { method, headers: { origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) } }
        : postJson(body, jar ?? undefined, method),
    );

  /** A signed-in user; with `plan`, granted it by support. */
  async function user(
    label: string,
    plan?: 'enterprise' | 'pro',
  ): Promise<{ jar: CookieJar; id: string; email: string }> {
    const email = randomEmail(label);
    const jar = await signIn(t, email);
    const id = await userIdOf(t, jar);
    if (plan) await grantEntitlement({ db: t.database.db, userId: id, name: plan });
    return { jar, id, email };
  }

  /** An enterprise owner with a new venue. */
  async function venueOwner(label: string): Promise<{ jar: CookieJar; id: string; venue: Venue }> {
    const owner = await user(label, 'enterprise');
    const created = await call<Venue>(owner.jar, 'POST', '/api/venues', { name: `The ${label} Bar ${Date.now()}` });
    expect(created.status).toBe(201);
    return { ...owner, venue: venueSchema.parse(created.body) };
  }

  /** Invites `email` (as `role`) and returns the invitation id from the join link in the mail. */
  async function invite(ownerJar: CookieJar, slug: string, email: string, role = 'staff'): Promise<string> {
    const answer = await call<VenueMembers>(ownerJar, 'POST', `/api/venues/${slug}/invitations`, { email, role });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const mail = await latestMailTo(t, email);
    const link = /https?:\/\/\S+\/venues\/join\/(\S+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    return decodeURIComponent(link![1]!);
  }

  /** A member of `slug` with `role`, joined through the real invitation. */
  async function member(ownerJar: CookieJar, slug: string, label: string, role = 'staff') {
    const joiner = await user(label);
    const invitationId = await invite(ownerJar, slug, joiner.email, role);
    const accepted = await call(joiner.jar, 'POST', `/api/venue-invitations/${invitationId}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    return joiner;
  }

  describe('creating a venue', () => {
    it('answers 401 signed out and 403 ENTITLEMENT_REQUIRED without the enterprise plan (pro is not enough)', async () => {
      expect((await call<ApiErrorBody>(null, 'POST', '/api/venues', { name: 'Nope' })).status).toBe(401);
      for (const plan of [undefined, 'pro'] as const) {
        const someone = await user(`plan-${plan ?? 'free'}`, plan);
        const refused = await call<ApiErrorBody>(someone.jar, 'POST', '/api/venues', { name: 'Nope' });
        expect(refused.status).toBe(403);
        expect(refused.body.error.code).toBe('ENTITLEMENT_REQUIRED');
        expect((await call<VenueList>(someone.jar, 'GET', '/api/venues')).body.items).toEqual([]);
      }
      expect(await t.database.db.selectFrom('organization').select('id').where('name', '=', 'Nope').execute()).toEqual(
        [],
      );
    });

    it("makes the owner, the app's colours, 10 seats and a slug from the name; a taken slug is refused", async () => {
      const owner = await user('creator', 'enterprise');
      const created = await call<Venue>(owner.jar, 'POST', '/api/venues', { name: 'Café Négroni & Co' });
      expect(created.status).toBe(201);
      expect(venueSchema.parse(created.body)).toMatchObject({
        name: 'Café Négroni & Co',
        slug: 'cafe-negroni-co',
        role: 'owner',
        seats: { limit: 10, used: 0 },
        brand: { background: '#140f0c', accent: '#e6a84f' },
      });
      const again = await call<ApiErrorBody>(owner.jar, 'POST', '/api/venues', {
        name: 'Other',
        slug: 'cafe-negroni-co',
      });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toContain('/v/cafe-negroni-co');
      const bad = await call<ApiErrorBody>(owner.jar, 'POST', '/api/venues', { name: 'Bad', slug: 'No Spaces!' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_FAILED');
      const list = await call<VenueList>(owner.jar, 'GET', '/api/venues');
      expect(venueListSchema.parse(list.body).items.map((v) => v.slug)).toEqual(['cafe-negroni-co']);
    });
  });

  describe('names with control characters', () => {
    it('refuses a venue name holding CR/LF or another control character, and keeps the old one', async () => {
      const owner = await user('ctl', 'enterprise');
      for (const name of ['Bar\r\nBcc: everyone@example.test', 'Tab\tBar', 'Bell\u0007Bar', 'C1\u0085Bar']) {
        const refused = await call<ApiErrorBody>(owner.jar, 'POST', '/api/venues', { name });
        expect(refused.status).toBe(400);
        expect(refused.body.error).toEqual({
          code: 'VALIDATION_FAILED',
          message: 'name must be one line of text, without control characters',
        });
      }
      expect((await call<VenueList>(owner.jar, 'GET', '/api/venues')).body.items).toEqual([]);
      const venue = await call<Venue>(owner.jar, 'POST', '/api/venues', { name: 'The Line Bar' });
      expect(venue.status).toBe(201);
      const slug = venue.body.slug;
      const renamed = await call<ApiErrorBody>(owner.jar, 'PATCH', `/api/venues/${slug}`, { name: 'Line\nBreak' });
      expect(renamed.status).toBe(400);
      expect((await call<Venue>(owner.jar, 'GET', `/api/venues/${slug}`)).body.name).toBe('The Line Bar');
      // Opening hours may run over lines; other control characters are refused there too.
      const hours = await call<Venue>(owner.jar, 'PATCH', `/api/venues/${slug}`, {
        openingHours: 'Tue–Thu 5pm–1am\nFri–Sat 5pm–2am',
      });
      expect(hours.status).toBe(200);
      expect(hours.body.openingHours).toBe('Tue–Thu 5pm–1am\nFri–Sat 5pm–2am');
      const bell = await call<ApiErrorBody>(owner.jar, 'PATCH', `/api/venues/${slug}`, { openingHours: 'Daily\u0007' });
      expect(bell.status).toBe(400);
      expect(bell.body.error.message).toBe('openingHours must be text, without control characters');
    });
  });

  describe('invitations and seats', () => {
    it('mails an invitation; the invited person signs in, sees what it is, accepts, and is staff', async () => {
      const owner = await venueOwner('invite');
      const staff = await user('staff');
      const invitationId = await invite(owner.jar, owner.venue.slug, staff.email);
      const mail = await latestMailTo(t, staff.email);
      expect(mail.subject).toBe(`Join ${owner.venue.name} on Barback`);

      const view = await call<InvitationView>(null, 'GET', `/api/venue-invitations/${invitationId}`);
      expect(view.status).toBe(200);
      expect(invitationViewSchema.parse(view.body)).toMatchObject({
        venueName: owner.venue.name,
        role: 'staff',
        status: 'pending',
      });
      expect(view.body.emailHint).toBe(`${staff.email[0]}•••${staff.email.slice(staff.email.indexOf('@'))}`);

      const members = await call<VenueMembers>(owner.jar, 'GET', `/api/venues/${owner.venue.slug}/members`);
      expect(venueMembersSchema.parse(members.body).seats).toEqual({ limit: 10, used: 1 });
      expect(members.body.invitations.map((i) => i.email)).toEqual([staff.email]);

      const accepted = await call(staff.jar, 'POST', `/api/venue-invitations/${invitationId}/accept`);
      expect(accepted.status).toBe(200);
      expect(invitationAcceptedSchema.parse(accepted.body).venue).toMatchObject({
        slug: owner.venue.slug,
        role: 'staff',
      });
      const after = await call<VenueMembers>(owner.jar, 'GET', `/api/venues/${owner.venue.slug}/members`);
      expect(after.body.members.map((m) => [m.email, m.role])).toEqual([
        [expect.any(String), 'owner'],
        [staff.email, 'staff'],
      ]);
      expect(after.body.invitations).toEqual([]);
      expect(after.body.seats).toEqual({ limit: 10, used: 1 });
      expect((await call<InvitationView>(null, 'GET', `/api/venue-invitations/${invitationId}`)).body.status).toBe(
        'accepted',
      );
      const mine = await call<VenueList>(staff.jar, 'GET', '/api/venues');
      expect(mine.body.items.map((v) => [v.slug, v.role])).toEqual([[owner.venue.slug, 'staff']]);
    });

    it('refuses an invitation accepted by another account, and keeps it waiting for the right one', async () => {
      const owner = await venueOwner('wrong');
      const invited = randomEmail('invited');
      const invitationId = await invite(owner.jar, owner.venue.slug, invited);
      const stranger = await user('stranger');
      const refused = await call<ApiErrorBody>(stranger.jar, 'POST', `/api/venue-invitations/${invitationId}/accept`);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toContain('another email address');
      expect((await call<VenueList>(stranger.jar, 'GET', '/api/venues')).body.items).toEqual([]);
      expect((await call<InvitationView>(null, 'GET', `/api/venue-invitations/${invitationId}`)).body.status).toBe(
        'pending',
      );
      expect((await call(null, 'POST', `/api/venue-invitations/${invitationId}/accept`)).status).toBe(401);
    });

    it('refuses to invite past the seats with a clear message; a withdrawn invitation frees its seat', async () => {
      const owner = await venueOwner('seats');
      expect(await setSeatLimit({ db: t.database.db, slug: owner.venue.slug, seats: 2 })).toEqual({
        limit: 2,
        used: 0,
      });
      await invite(owner.jar, owner.venue.slug, randomEmail('s1'));
      const second = await invite(owner.jar, owner.venue.slug, randomEmail('s2'));
      const third = randomEmail('s3');
      const refused = await call<ApiErrorBody>(owner.jar, 'POST', `/api/venues/${owner.venue.slug}/invitations`, {
        email: third,
        role: 'staff',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({
        code: 'SEAT_LIMIT_REACHED',
        message: 'All 2 staff seats are taken. Remove a member or cancel an invitation, or add seats to invite more.',
      });
      await expect(latestMailTo(t, third)).rejects.toThrow();

      const withdrawn = await call<VenueMembers>(
        owner.jar,
        'DELETE',
        `/api/venues/${owner.venue.slug}/invitations/${second}`,
      );
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.seats).toEqual({ limit: 2, used: 1 });
      await invite(owner.jar, owner.venue.slug, third);
      await expect(setSeatLimit({ db: t.database.db, slug: owner.venue.slug, seats: 1 })).rejects.toThrow(
        '2 seats are in use',
      );
      expect(await setSeatLimit({ db: t.database.db, slug: owner.venue.slug, seats: 12 })).toEqual({
        limit: 12,
        used: 2,
      });
    });

    it("a bought seat add-on (RevenueCat webhook) adds one seat to the purchaser's venue, once per event", async () => {
      const owner = await venueOwner('addon');
      const post = (appUserId: string, id?: string) =>
        t.json<{ outcome: string }>('/api/webhooks/revenuecat', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: TEST_WEBHOOK_AUTH },
          body: JSON.stringify(
            webhookBody(
              revenueCatEvent('NON_RENEWING_PURCHASE', appUserId, {
                ...(id ? { id } : {}),
                product_id: SEAT_ADDON_PRODUCT_ID,
                entitlement_ids: [],
                expiration_at_ms: null,
              }),
            ),
          ),
        });
      const id = `seat-${Date.now()}`;
      expect((await post(owner.id, id)).body.outcome).toBe('applied');
      expect((await post(owner.id, id)).body.outcome).toBe('replayed');
      const venue = await call<Venue>(owner.jar, 'GET', `/api/venues/${owner.venue.slug}`);
      expect(venue.body.seats).toEqual({ limit: 11, used: 0 });
      const stranger = await user('addon-nobody');
      expect((await post(stranger.id)).body.outcome).toBe('ignored');
      const entitlements = await t.database.db
        .selectFrom('entitlement')
        .select('name')
        .where('user_id', 'in', [owner.id, stranger.id])
        .execute();
      expect(entitlements.map((row) => row.name)).toEqual(['enterprise']);
    });

    it('removing a member frees the seat and ends their access on the very next request', async () => {
      const owner = await venueOwner('remove');
      const staff = await member(owner.jar, owner.venue.slug, 'leaving');
      expect((await call(staff.jar, 'GET', `/api/venues/${owner.venue.slug}`)).status).toBe(200);
      const members = await call<VenueMembers>(owner.jar, 'GET', `/api/venues/${owner.venue.slug}/members`);
      const row = members.body.members.find((m) => m.userId === staff.id)!;
      const ownerRow = members.body.members.find((m) => m.role === 'owner')!;
      const removed = await call<VenueMembers>(
        owner.jar,
        'DELETE',
        `/api/venues/${owner.venue.slug}/members/${row.id}`,
      );
      expect(removed.status).toBe(200);
      expect(removed.body.seats.used).toBe(0);
      expect((await call<ApiErrorBody>(staff.jar, 'GET', `/api/venues/${owner.venue.slug}`)).status).toBe(404);
      const self = await call<ApiErrorBody>(
        owner.jar,
        'DELETE',
        `/api/venues/${owner.venue.slug}/members/${ownerRow.id}`,
      );
      expect(self.status).toBe(403);
    });
  });

  describe('roles', () => {
    it('staff see the venue but not the team, and change nothing; a manager edits the venue but not the team', async () => {
      const owner = await venueOwner('roles');
      const staff = await member(owner.jar, owner.venue.slug, 'barback');
      const manager = await member(owner.jar, owner.venue.slug, 'manager', 'manager');
      const slug = owner.venue.slug;

      expect((await call<Venue>(staff.jar, 'GET', `/api/venues/${slug}`)).body.role).toBe('staff');
      for (const [method, path, body] of venueRoutesOf(slug).slice(1)) {
        const refused = await call<ApiErrorBody>(staff.jar, method, path, body);
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body.error.code).toBe('FORBIDDEN');
      }
      const renamed = await call<Venue>(manager.jar, 'PATCH', `/api/venues/${slug}`, { name: 'Managed Name' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Managed Name', role: 'manager' });
      for (const [method, path, body] of venueRoutesOf(slug).slice(2)) {
        expect((await call(manager.jar, method, path, body)).status, `${method} ${path}`).toBe(403);
      }
    });

    it("closes the venue to its members when the owner's plan lapses, and opens it again on renewal", async () => {
      const owner = await venueOwner('lapse');
      const staff = await member(owner.jar, owner.venue.slug, 'lapsed-staff');
      await revokeEntitlement({ db: t.database.db, userId: owner.id, name: 'enterprise' });
      const closed = await call<ApiErrorBody>(staff.jar, 'GET', `/api/venues/${owner.venue.slug}`);
      expect(closed.status).toBe(403);
      expect(closed.body.error.code).toBe('ENTITLEMENT_REQUIRED');
      await grantEntitlement({ db: t.database.db, userId: owner.id, name: 'enterprise' });
      expect((await call(staff.jar, 'GET', `/api/venues/${owner.venue.slug}`)).status).toBe(200);
    });
  });

  describe('brand and details', () => {
    it('saves readable brand colours (light ones too), address and hours; refuses a mid-tone no menu text reads on', async () => {
      const owner = await venueOwner('brand');
      const slug = owner.venue.slug;
      const saved = await call<Venue>(owner.jar, 'PATCH', `/api/venues/${slug}`, {
        brand: { background: '#1B2A3A', accent: '#F2C14E' },
        address: ' 12 Harbour St ',
        openingHours: 'Tue–Sat 5pm–1am',
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        brand: { background: '#1b2a3a', accent: '#f2c14e' },
        address: '12 Harbour St',
        openingHours: 'Tue–Sat 5pm–1am',
      });
      const light = await call<Venue>(owner.jar, 'PATCH', `/api/venues/${slug}`, {
        brand: { background: '#eeeeee', accent: '#8a3b12' },
      });
      expect(light.status).toBe(200);
      expect(light.body.brand).toEqual({ background: '#eeeeee', accent: '#8a3b12' });
      const guest = await call<PublicMenu>(null, 'GET', `/api/menus/${slug}`);
      expect(guest.body.venue.brand.background).toBe('#eeeeee');
      const grey = await call<ApiErrorBody>(owner.jar, 'PATCH', `/api/venues/${slug}`, {
        brand: { background: '#777777', accent: '#ffffff' },
      });
      expect(grey.status).toBe(400);
      expect(grey.body.error.message).toContain("The menu's text would be hard to read on this background");
      expect(grey.body.error.message).toContain('Choose a lighter or darker background.');
      await call<Venue>(owner.jar, 'PATCH', `/api/venues/${slug}`, {
        brand: { background: '#1B2A3A', accent: '#F2C14E' },
      });
      const dull = await call<ApiErrorBody>(owner.jar, 'PATCH', `/api/venues/${slug}`, {
        brand: { background: '#140f0c', accent: '#2a2320' },
      });
      expect(dull.body.error.message).toContain('The accent colour would be hard to see');
      expect((await call<Venue>(owner.jar, 'GET', `/api/venues/${slug}`)).body.brand).toEqual({
        background: '#1b2a3a',
        accent: '#f2c14e',
      });
      const cleared = await call<Venue>(owner.jar, 'PATCH', `/api/venues/${slug}`, { address: '' });
      expect(cleared.body.address).toBeNull();
    });
  });

  describe('team inventory', () => {
    it('is one bar for the whole team: staff add bottles, everyone sees them, matched like My Bar', async () => {
      const owner = await venueOwner('inventory');
      const staff = await member(owner.jar, owner.venue.slug, 'inv-staff');
      const slug = owner.venue.slug;
      for (const bottle of ['london-dry-gin', 'campari', 'sweet-vermouth']) {
        const added = await call<VenueBar>(staff.jar, 'PUT', `/api/venues/${slug}/bar/${ing[bottle]}`);
        expect(added.status).toBe(200);
      }
      const seen = await call<VenueBar>(owner.jar, 'GET', `/api/venues/${slug}/bar`);
      expect(venueBarSchema.parse(seen.body).items.map((item) => item.slug)).toEqual([
        'campari',
        'london-dry-gin',
        'sweet-vermouth',
      ]);
      const negroniOnly = seen.body.canMake;
      expect(negroniOnly).toBeGreaterThanOrEqual(1);
      expect(seen.body.items.every((item) => !item.eightySixed && item.updatedBy !== null)).toBe(true);
      // Adding again changes nothing and records nothing.
      await call(staff.jar, 'PUT', `/api/venues/${slug}/bar/${ing['london-dry-gin']}`);
      const activity = await call<VenueBarActivity>(owner.jar, 'GET', `/api/venues/${slug}/bar/activity`);
      expect(venueBarActivitySchema.parse(activity.body).items.map((e) => [e.action, e.ingredient.name])).toEqual([
        ['added', 'Sweet vermouth'],
        ['added', 'Campari'],
        ['added', 'London dry gin'],
      ]);
      const staffName = (
        await t.database.db.selectFrom('user').select('name').where('id', '=', staff.id).executeTakeFirstOrThrow()
      ).name;
      expect(new Set(activity.body.items.map((e) => e.by))).toEqual(new Set([staffName || staff.email]));
    });

    it("86'ing a bottle takes it out of every recipe until it is back; removing it is recorded too", async () => {
      const owner = await venueOwner('eighty-six');
      const slug = owner.venue.slug;
      for (const bottle of ['london-dry-gin', 'campari', 'sweet-vermouth'])
        await call(owner.jar, 'PUT', `/api/venues/${slug}/bar/${ing[bottle]}`);
      const before = (await call<VenueBar>(owner.jar, 'GET', `/api/venues/${slug}/bar`)).body.canMake;
      const out = await call<VenueBar>(owner.jar, 'PUT', `/api/venues/${slug}/bar/${ing.campari}/86`, {
        eightySixed: true,
      });
      expect(out.status).toBe(200);
      expect(out.body.items.find((item) => item.slug === 'campari')?.eightySixed).toBe(true);
      expect(out.body.canMake).toBeLessThan(before);
      const back = await call<VenueBar>(owner.jar, 'PUT', `/api/venues/${slug}/bar/${ing.campari}/86`, {
        eightySixed: false,
      });
      expect(back.body.canMake).toBe(before);
      const removed = await call<VenueBar>(owner.jar, 'DELETE', `/api/venues/${slug}/bar/${ing.campari}`);
      expect(removed.body.items.map((item) => item.slug)).toEqual(['london-dry-gin', 'sweet-vermouth']);
      expect(removed.body.canMake).toBeLessThan(before);
      expect((await call(owner.jar, 'DELETE', `/api/venues/${slug}/bar/${ing.campari}`)).status).toBe(200);
      const activity = await call<VenueBarActivity>(owner.jar, 'GET', `/api/venues/${slug}/bar/activity`);
      expect(activity.body.items.slice(0, 3).map((e) => e.action)).toEqual(['removed', 'back', '86']);

      const missing = await call<ApiErrorBody>(owner.jar, 'PUT', `/api/venues/${slug}/bar/${ing.campari}/86`, {
        eightySixed: true,
      });
      expect(missing.status).toBe(404);
      const unknown = await call<ApiErrorBody>(owner.jar, 'PUT', `/api/venues/${slug}/bar/999999`);
      expect(unknown.status).toBe(404);
      const bad = await call<ApiErrorBody>(owner.jar, 'PUT', `/api/venues/${slug}/bar/${ing.gin}/86`, {
        eightySixed: 'yes',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain('eightySixed');
    });

    it('a removed member can no longer read or change the inventory', async () => {
      const owner = await venueOwner('inv-removed');
      const staff = await member(owner.jar, owner.venue.slug, 'inv-gone');
      const members = await call<VenueMembers>(owner.jar, 'GET', `/api/venues/${owner.venue.slug}/members`);
      const row = members.body.members.find((m) => m.userId === staff.id)!;
      await call(owner.jar, 'DELETE', `/api/venues/${owner.venue.slug}/members/${row.id}`);
      for (const [method, path, body] of inventoryRoutesOf(owner.venue.slug, ing.gin!)) {
        expect((await call(staff.jar, method, path, body)).status, `${method} ${path}`).toBe(404);
      }
      expect((await call<VenueBar>(owner.jar, 'GET', `/api/venues/${owner.venue.slug}/bar`)).body.items).toEqual([]);
    });
  });

  describe('menu', () => {
    let cocktail: Record<string, number>;
    beforeAll(async () => {
      const rows = await t.database.db.selectFrom('cocktail').select(['slug', 'id']).execute();
      cocktail = Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
    });

    /** A venue stocked for a Negroni (not a Gin Fizz), with a menu of both; returns the owner, a staff member, the slug. */
    async function venueWithMenu(label: string) {
      const owner = await venueOwner(label);
      const staff = await member(owner.jar, owner.venue.slug, `${label}-staff`);
      const slug = owner.venue.slug;
      for (const bottle of ['london-dry-gin', 'campari', 'sweet-vermouth']) {
        await call(owner.jar, 'PUT', `/api/venues/${slug}/bar/${ing[bottle]}`);
      }
      const written = await call<TeamMenu>(owner.jar, 'PUT', `/api/venues/${slug}/menu`, {
        sections: [
          {
            title: 'Classics',
            items: [
              { cocktailId: cocktail.negroni, priceCents: 1400 },
              { cocktailId: cocktail['gin-fizz'], priceCents: null },
            ],
          },
          { title: 'Coming soon', items: [] },
        ],
      });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      return { owner, staff, slug, menu: teamMenuSchema.parse(written.body) };
    }

    const publicMenu = async (slug: string) => {
      const answer = await call<PublicMenu>(null, 'GET', `/api/menus/${slug}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      return publicMenuSchema.parse(answer.body);
    };
    const availability = (menu: PublicMenu) =>
      menu.sections.flatMap((section) => section.items.map((item) => [item.name, item.available]));

    it('is written whole by the owner, shows what the inventory covers, and guests read it without signing in', async () => {
      const { slug, menu } = await venueWithMenu('menu');
      expect(menu.sections.map((section) => section.title)).toEqual(['Classics', 'Coming soon']);
      const [negroni, fizz] = menu.sections[0]!.items;
      expect(negroni).toMatchObject({
        cocktail: { name: 'Negroni' },
        priceCents: 1400,
        availability: 'auto',
        available: true,
      });
      expect(fizz).toMatchObject({ available: false });
      expect(fizz!.missing.length).toBeGreaterThan(0);

      const guest = await publicMenu(slug);
      expect(guest.venue).toMatchObject({ slug, brand: { background: '#140f0c', accent: '#e6a84f' } });
      expect(availability(guest)).toEqual([
        ['Negroni', true],
        ['Gin Fizz', false],
      ]);
      const drink = guest.sections[0]!.items[0]!;
      expect(drink.priceCents).toBe(1400);
      expect(drink.ingredients).toEqual(['London dry gin', 'Campari', 'Sweet vermouth']);
      expect(drink.abv).toBeGreaterThan(15);
      expect(drink.abv).toBeLessThan(35);
      expect(drink.standardDrinks).toBeGreaterThan(1);
      expect(guest.sections[1]).toEqual({ title: 'Coming soon', items: [] });
    });

    it("follows the inventory: an 86'd bottle makes the drink unavailable at once; staff can set it by hand", async () => {
      const { owner, staff, slug, menu } = await venueWithMenu('menu-86');
      await call(staff.jar, 'PUT', `/api/venues/${slug}/bar/${ing.campari}/86`, { eightySixed: true });
      expect(availability(await publicMenu(slug))[0]).toEqual(['Negroni', false]);
      const negroniId = menu.sections[0]!.items[0]!.id;
      const on = await call<TeamMenu>(staff.jar, 'PUT', `/api/venues/${slug}/menu/items/${negroniId}/availability`, {
        availability: 'on',
      });
      expect(on.status).toBe(200);
      expect(availability(await publicMenu(slug))[0]).toEqual(['Negroni', true]);
      await call(staff.jar, 'PUT', `/api/venues/${slug}/menu/items/${negroniId}/availability`, {
        availability: 'auto',
      });
      await call(owner.jar, 'PUT', `/api/venues/${slug}/bar/${ing.campari}/86`, { eightySixed: false });
      expect(availability(await publicMenu(slug))[0]).toEqual(['Negroni', true]);
      await call(staff.jar, 'DELETE', `/api/venues/${slug}/bar/${ing['sweet-vermouth']}`);
      expect(availability(await publicMenu(slug))[0]).toEqual(['Negroni', false]);
      const off = await call<TeamMenu>(owner.jar, 'PUT', `/api/venues/${slug}/menu/items/${negroniId}/availability`, {
        availability: 'off',
      });
      expect(off.body.sections[0]!.items[0]).toMatchObject({ availability: 'off', available: false });
    });

    it('refuses staff edits and unknown cocktails without changing the menu; the menu goes off with the plan', async () => {
      const { owner, staff, slug } = await venueWithMenu('menu-rules');
      const before = (await call<TeamMenu>(staff.jar, 'GET', `/api/venues/${slug}/menu`)).body;
      const refused = await call<ApiErrorBody>(staff.jar, 'PUT', `/api/venues/${slug}/menu`, { sections: [] });
      expect(refused.status).toBe(403);
      const unknown = await call<ApiErrorBody>(owner.jar, 'PUT', `/api/venues/${slug}/menu`, {
        sections: [{ title: 'New', items: [{ cocktailId: 999_999 }] }],
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toContain('999999');
      const badPrice = await call<ApiErrorBody>(owner.jar, 'PUT', `/api/venues/${slug}/menu`, {
        sections: [{ title: 'New', items: [{ cocktailId: cocktail.negroni, priceCents: -5 }] }],
      });
      expect(badPrice.status).toBe(400);
      expect((await call<TeamMenu>(owner.jar, 'GET', `/api/venues/${slug}/menu`)).body).toEqual(before);

      const missing = await call<ApiErrorBody>(null, 'GET', '/api/menus/no-such-venue');
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('There is no menu at this address.');
      await grantEntitlement({ db: t.database.db, userId: owner.id, name: 'enterprise' });
    });

    it("keeps a lapsed owner's menu up for the grace days marked 'not-updated', then answers it paused (200)", async () => {
      const { owner, staff, slug } = await venueWithMenu('menu-grace');
      const open = await publicMenu(slug);
      expect(open.state).toBe('open');
      await revokeEntitlement({ db: t.database.db, userId: owner.id, name: 'enterprise' });
      // The team is shut out at once; the guests' menu stays, as it was, and says it is not updated.
      expect((await call<ApiErrorBody>(staff.jar, 'GET', `/api/venues/${slug}/menu`)).status).toBe(403);
      const grace = await publicMenu(slug);
      expect(grace).toEqual({ ...open, asOf: grace.asOf, state: 'not-updated' });

      const endedDaysAgo = (days: number) =>
        t.database.db
          .updateTable('entitlement')
          .set({ expires_at: new Date(Date.now() - days * 86_400_000).toISOString() })
          .where('user_id', '=', owner.id)
          .where('name', '=', 'enterprise')
          .execute();
      await endedDaysAgo(MENU_GRACE_DAYS - 0.01);
      expect((await publicMenu(slug)).state).toBe('not-updated');
      await endedDaysAgo(MENU_GRACE_DAYS + 0.01);
      const paused = await publicMenu(slug);
      expect(paused).toEqual({ venue: open.venue, sections: [], asOf: paused.asOf, state: 'paused' });

      await grantEntitlement({ db: t.database.db, userId: owner.id, name: 'enterprise' });
      expect(await publicMenu(slug)).toMatchObject({ state: 'open', sections: open.sections });
    });
  });

  describe('QR code', () => {
    it("encodes the public menu's URL, as PNG (decoded with jsQR) and SVG, in the venue's colours, for members only", async () => {
      const owner = await venueOwner('qr');
      const slug = owner.venue.slug;
      const png = await t.request(`/api/venues/${slug}/qr/png?download=1`, { headers: owner.jar.headers() });
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(png.headers.get('content-disposition')).toBe(`attachment; filename="${slug}-menu-qr.png"`);
      const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
      const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
      expect(decoded?.data).toBe(new URL(`/v/${slug}`, t.config.appUrl).toString());

      const svg = await t.request(`/api/venues/${slug}/qr/svg`, { headers: owner.jar.headers() });
      expect(svg.headers.get('content-type')).toBe('image/svg+xml');
      expect(await svg.text()).toContain('#140f0c');

      // A light brand still prints a QR code phones read: dark ink on white, not its pale background.
      await call<Venue>(owner.jar, 'PATCH', `/api/venues/${slug}`, {
        brand: { background: '#f4efe6', accent: '#8a3b12' },
      });
      const light = await (await t.request(`/api/venues/${slug}/qr/svg`, { headers: owner.jar.headers() })).text();
      expect(light).not.toContain('#f4efe6');
      expect(light).toContain('#1c1410');

      const stranger = await user('qr-stranger');
      expect((await t.request(`/api/venues/${slug}/qr/png`, { headers: stranger.jar.headers() })).status).toBe(404);
      expect((await t.request(`/api/venues/${slug}/qr/png`)).status).toBe(401);
      expect((await t.request(`/api/venues/${slug}/qr/gif`, { headers: owner.jar.headers() })).status).toBe(404);
    });
  });

  describe('priority support', () => {
    it("flags an Enterprise customer's support message priority (owner, and the venue's staff), not anyone else's", async () => {
      const owner = await venueOwner('support');
      const staff = await member(owner.jar, owner.venue.slug, 'support-staff');
      const free = await user('support-free');
      const send = (jar: CookieJar | null, text: string) =>
        call<{ priority: string }>(jar, 'POST', '/api/support', { email: 'ignored@example.com', message: text });
      expect((await send(owner.jar, 'Owner question')).body.priority).toBe('priority');
      expect((await send(staff.jar, 'Staff question')).body.priority).toBe('priority');
      expect((await send(free.jar, 'Free question')).body.priority).toBe('standard');
      expect((await send(null, 'Anonymous question')).body.priority).toBe('standard');
      const subjects = await t.database.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('subject', 'like', '%Support request%')
        .execute();
      const priority = subjects.filter((row) => row.subject.startsWith('[Priority] ')).length;
      expect(priority).toBe(2);
      const stored = await t.database.db
        .selectFrom('support_message')
        .select(['message', 'priority'])
        .orderBy('id')
        .execute();
      expect(stored.map((row) => [row.message, row.priority])).toEqual([
        ['Owner question', 'priority'],
        ['Staff question', 'priority'],
        ['Free question', 'standard'],
        ['Anonymous question', 'standard'],
      ]);
    });
  });

  describe('hostile input (fuzz findings)', () => {
    it('refuses ids past the integer range at the edge, before the database', async () => {
      const owner = await venueOwner('huge-ids');
      const slug = owner.venue.slug;
      expect((await call(owner.jar, 'DELETE', `/api/venues/${slug}/bar/2147483648`)).status).toBe(400);
      const eightySix = await call<ApiErrorBody>(owner.jar, 'PUT', `/api/venues/${slug}/bar/2147483648/86`, {
        eightySixed: true,
      });
      expect(eightySix.status).toBe(400);
      expect(eightySix.body.error.message).toMatch(/out of range/);
      const item = await call<ApiErrorBody>(
        owner.jar,
        'PUT',
        `/api/venues/${slug}/menu/items/2147483648/availability`,
        {
          availability: 'off',
        },
      );
      expect(item.status).toBe(400);
    });

    it("does not serve better-auth's organization endpoints: venues go through /api/venues and its rules", async () => {
      const owner = await venueOwner('org-endpoints');
      for (const [method, path, body] of [
        ['POST', '/api/auth/organization/create', { name: 'Sneaky', slug: 'sneaky-bar' }],
        ['POST', '/api/auth/organization/update', { data: { slug: 'Not A Slug' } }],
        ['GET', '/api/auth/organization/list-members', undefined],
        ['GET', '/api/auth/organization/list', undefined],
      ] as const) {
        const answer = await call<ApiErrorBody>(owner.jar, method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body.error.code).toBe('NOT_FOUND');
      }
      expect(
        await t.database.db.selectFrom('organization').select('id').where('slug', '=', 'sneaky-bar').execute(),
      ).toEqual([]);
    });

    it('gives a venue without its row (a failed creation) the seats support sets', async () => {
      const owner = await user('rowless', 'enterprise');
      await t.database.db
        .insertInto('organization')
        .values({
          id: 'org-rowless',
          name: 'Rowless',
          slug: 'rowless-bar',
          logo: null,
          metadata: null,
          createdAt: new Date().toISOString(),
        })
        .execute();
      await t.database.db
        .insertInto('member')
        .values({
          id: 'member-rowless',
          organizationId: 'org-rowless',
          userId: owner.id,
          role: 'owner',
          createdAt: new Date().toISOString(),
        })
        .execute();
      expect(await setSeatLimit({ db: t.database.db, slug: 'rowless-bar', seats: 40 })).toEqual({ limit: 40, used: 0 });
      const row = await t.database.db
        .selectFrom('venue')
        .select('seat_limit')
        .where('organization_id', '=', 'org-rowless')
        .executeTakeFirstOrThrow();
      expect(Number(row.seat_limit)).toBe(40);
    });

    it('refuses a webhook body nested 6,000 deep (under the size limit) with 400, not a stack overflow', async () => {
      const event = { ...revenueCatEvent('TEST', null), extra: null };
      const answer = await t.json<ApiErrorBody>('/api/webhooks/revenuecat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: TEST_WEBHOOK_AUTH },
        body: `{"api_version":"1.0","event":${JSON.stringify(event).replace('"extra":null', `"extra":${'{"next":'.repeat(6_000)}{}${'}'.repeat(6_000)}`)}}`,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('isolation', () => {
    it("answers 401 signed out, 404 to a stranger, and 404 to another venue's owner on every route", async () => {
      const a = await venueOwner('iso-a');
      const b = await venueOwner('iso-b');
      const staffA = await member(a.jar, a.venue.slug, 'iso-staff');
      const membersA = await call<VenueMembers>(a.jar, 'GET', `/api/venues/${a.venue.slug}/members`);
      const invitationA = await invite(a.jar, a.venue.slug, randomEmail('iso-pending'));
      const staffRow = membersA.body.members.find((m) => m.userId === staffA.id)!;
      const stranger = await user('iso-stranger', 'enterprise');

      await call(staffA.jar, 'PUT', `/api/venues/${a.venue.slug}/bar/${ing.gin}`);
      for (const [method, path, body] of [
        ...venueRoutesOf(a.venue.slug),
        ...inventoryRoutesOf(a.venue.slug, ing.gin!),
      ]) {
        expect((await call(null, method, path, body)).status, `${method} ${path}`).toBe(401);
        const answer = await call<ApiErrorBody>(stranger.jar, method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect((await call(b.jar, method, path, body)).status, `${method} ${path}`).toBe(404);
      }
      // B's owner aims at A's rows through B's own venue: not found there.
      expect((await call(b.jar, 'DELETE', `/api/venues/${b.venue.slug}/members/${staffRow.id}`)).status).toBe(404);
      expect((await call(b.jar, 'DELETE', `/api/venues/${b.venue.slug}/invitations/${invitationA}`)).status).toBe(404);
      const after = await call<VenueMembers>(a.jar, 'GET', `/api/venues/${a.venue.slug}/members`);
      expect(after.body.members).toHaveLength(2);
      expect(after.body.invitations.map((i) => i.id)).toEqual([invitationA]);
      expect((await call<Venue>(a.jar, 'GET', `/api/venues/${a.venue.slug}`)).body.name).toBe(a.venue.name);
      const barA = await call<VenueBar>(a.jar, 'GET', `/api/venues/${a.venue.slug}/bar`);
      expect(barA.body.items.map((item) => [item.slug, item.eightySixed])).toEqual([['gin', false]]);
      expect((await call<VenueList>(b.jar, 'GET', '/api/venues')).body.items.map((v) => v.slug)).toEqual([
        b.venue.slug,
      ]);
    });

    it('refuses writes from another site', async () => {
      const owner = await venueOwner('csrf');
      const answer = await t.json<ApiErrorBody>(`/api/venues/${owner.venue.slug}`, {
        method: 'PATCH',
        headers: { ...owner.jar.headers(), origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Hijacked' }),
      });
      expect(answer.status).toBe(403);
      expect((await call<Venue>(owner.jar, 'GET', `/api/venues/${owner.venue.slug}`)).body.name).toBe(owner.venue.name);
    });
  });
});

describe.each(testDialects())('Venues while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t, randomEmail('venue-outage'));
    const userId = await userIdOf(t, jar);
    await grantEntitlement({ db: t.database.db, userId, name: 'enterprise' });
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After on every route, never a 500', async () => {
    const routes: [string, string, unknown][] = [
      ['POST', '/api/venues', { name: 'Outage Bar' }],
      ['GET', '/api/venues', undefined],
      ...venueRoutesOf('outage-bar'),
      ...inventoryRoutesOf('outage-bar', 1),
      ['GET', '/api/venue-invitations/abc', undefined],
      ['POST', '/api/venue-invitations/abc/accept', undefined],
    ];
    for (const [method, path, body] of routes) {
      const answer = await t.json<ApiErrorBody>(
        path,
        body === undefined
          ? { method, headers: { ...jar.headers(), origin: TEST_ORIGIN } }
          : postJson(body, jar, method),
      );
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
  });
});
