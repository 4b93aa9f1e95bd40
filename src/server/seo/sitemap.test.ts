import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { MENU_GRACE_DAYS } from '@/shared/domain/venues';
import { venueSchema, type Venue } from '@/shared/schemas/venues';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../app';
import { grantEntitlement } from '../payments';
import { buildSitemap } from './sitemap';
import { readSitemap, type ReadEntry } from './sitemap-xml';

const W3C_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe.each(testDialects())('the sitemap on %s', (dialect) => {
  let t: TestApp;
  let origin: string;
  let owner: { jar: CookieJar; id: string };
  /** Listed and open, unlisted, listed with its plan lapsed past the grace (paused). */
  let listed: Venue;
  let unlisted: Venue;
  let lapsed: Venue;

  const call = <T>(jar: CookieJar | null, method: string, path: string, body?: unknown) =>
    t.json<T>(
      path,
      body === undefined
        ? { method, headers: { origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) } }
        : postJson(body, jar ?? undefined, method),
    );

  async function enterpriseUser(label: string) {
    const jar = await signIn(t, randomEmail(label));
    const id = await userIdOf(t, jar);
    await grantEntitlement({ db: t.database.db, userId: id, name: 'enterprise' });
    return { jar, id };
  }

  async function newVenue(jar: CookieJar, name: string): Promise<Venue> {
    const created = await call<Venue>(jar, 'POST', '/api/venues', { name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return venueSchema.parse(created.body);
  }

  /** A copy of the catalogue's first cocktail under `slug`, with the given owner, venue and share slug. */
  async function copyCocktail(values: { slug: string; owner_id?: string; venue_id?: string; share_slug?: string }) {
    const { id: _id, ...base } = await t.database.db
      .selectFrom('cocktail')
      .selectAll()
      .where('venue_id', 'is', null)
      .where('owner_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('cocktail')
      .values({ ...base, created_at: now, updated_at: now, name: `${values.slug} name`, ...values })
      .execute();
  }

  const sitemap = async () => {
    const answer = await t.request('/sitemap.xml');
    expect(answer.status).toBe(200);
    return readSitemap(await answer.text());
  };
  const byLoc = (entries: ReadEntry[]) => new Map(entries.map((entry) => [entry.loc, entry.lastmod]));

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    origin = t.config.appUrl;
    owner = await enterpriseUser('seo-owner');
    listed = await newVenue(owner.jar, 'Listed Bar');
    unlisted = await newVenue(owner.jar, 'Unlisted Bar');
    const other = await enterpriseUser('seo-lapsed');
    lapsed = await newVenue(other.jar, 'Lapsed Bar');
    for (const venue of [listed, lapsed]) {
      const saved = await call<Venue>(venue === lapsed ? other.jar : owner.jar, 'PATCH', `/api/venues/${venue.slug}`, {
        menuListed: true,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    await t.database.db
      .updateTable('entitlement')
      .set({ expires_at: new Date(Date.now() - (MENU_GRACE_DAYS + 1) * 86_400_000).toISOString() })
      .where('user_id', '=', other.id)
      .where('name', '=', 'enterprise')
      .execute();

    await copyCocktail({ slug: `${listed.slug}--house-sour`, venue_id: listed.id });
    await copyCocktail({ slug: 'u--private-one', owner_id: owner.id });
    await copyCocktail({ slug: 'u--shared-one', owner_id: owner.id, share_slug: 'r&d<shared>' });
    await t.database.db
      .insertInto('collection')
      .values([
        { user_id: owner.id, name: 'Private list', share_slug: null },
        { user_id: owner.id, name: 'Shared list', share_slug: 'tiki"night\'s' },
      ])
      .execute();
  });
  afterAll(() => t?.close());

  it('round-trips menuListed: off for a new venue, on once saved, a non-boolean refused with 400', async () => {
    expect(unlisted.menuListed).toBe(false);
    const read = await call<Venue>(owner.jar, 'GET', `/api/venues/${listed.slug}`);
    expect(read.body.menuListed).toBe(true);
    const wrong = await call<ApiErrorBody>(owner.jar, 'PATCH', `/api/venues/${unlisted.slug}`, { menuListed: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain('menuListed must be true or false');
    const row = await t.database.db
      .selectFrom('venue')
      .select('menu_listed')
      .where('organization_id', '=', unlisted.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.menu_listed)).toBe(0);
    const off = await call<Venue>(owner.jar, 'PATCH', `/api/venues/${unlisted.slug}`, { menuListed: false });
    expect(off.body).toMatchObject({ menuListed: false, name: 'Unlisted Bar' });
  });

  it('lets a manager change the listing, and refuses staff with 403 FORBIDDEN', async () => {
    for (const role of ['manager', 'staff'] as const) {
      const jar = await signIn(t, randomEmail(`seo-${role}`));
      const userId = await userIdOf(t, jar);
      await t.database.db
        .insertInto('member')
        .values({
          id: `m-${role}-${dialect}`,
          organizationId: unlisted.id,
          userId,
          role,
          createdAt: new Date().toISOString(),
        })
        .execute();
      const answer = await call<Venue & ApiErrorBody>(jar, 'PATCH', `/api/venues/${unlisted.slug}`, {
        menuListed: role === 'manager',
      });
      expect(answer.status, role).toBe(role === 'manager' ? 200 : 403);
      if (role === 'manager') expect(answer.body.menuListed).toBe(true);
      else expect(answer.body.error.code).toBe('FORBIDDEN');
    }
    const back = await call<Venue>(owner.jar, 'PATCH', `/api/venues/${unlisted.slug}`, { menuListed: false });
    expect(back.body.menuListed).toBe(false);
  });

  it('answers a sitemaps.org urlset with an absolute URL and a W3C lastmod for every public page', async () => {
    const answer = await t.request('/sitemap.xml');
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    const read = readSitemap(await answer.text());
    expect(read.root).toBe('urlset');
    for (const entry of read.entries) {
      expect(entry.loc.startsWith(`${origin}/`), entry.loc).toBe(true);
      expect(entry.lastmod, entry.loc).toMatch(W3C_DATE_TIME);
    }
    const locs = byLoc(read.entries);
    for (const path of ['/', '/discover', '/batch-calculator']) expect(locs.has(`${origin}${path}`), path).toBe(true);
    const catalogue = await t.database.db
      .selectFrom('cocktail')
      .select(['slug', 'updated_at'])
      .where('venue_id', 'is', null)
      .where('owner_id', 'is', null)
      .execute();
    expect(catalogue.length).toBeGreaterThan(0);
    for (const cocktail of catalogue) {
      const lastmod = locs.get(`${origin}/cocktails/${cocktail.slug}`);
      expect(lastmod, cocktail.slug).toBe(new Date(cocktail.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    }
    const newest = Math.max(...catalogue.map((cocktail) => new Date(cocktail.updated_at).getTime()));
    expect(locs.get(`${origin}/discover`)).toBe(new Date(newest).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(read.entries).toHaveLength(new Set(read.entries.map((entry) => entry.loc)).size);
  });

  it('lists shared collections and shared recipes, their slugs escaped in the XML and encoded in the URL', async () => {
    const answer = await t.request('/sitemap.xml');
    const xml = await answer.text();
    expect(xml).toContain(`${origin}/recipes/shared/r%26d%3Cshared%3E`);
    expect(xml).toContain(`${origin}/shared/tiki%22night's`.replace("'", '&apos;'));
    const locs = byLoc(readSitemap(xml).entries);
    expect(locs.has(`${origin}/recipes/shared/${encodeURIComponent('r&d<shared>')}`)).toBe(true);
    expect(locs.has(`${origin}/shared/${encodeURIComponent('tiki"night\'s')}`)).toBe(true);
  });

  it('lists only listed venues whose menu is served, and nothing private', async () => {
    const read = await sitemap();
    const menus = read.entries.map((entry) => entry.loc).filter((loc) => loc.startsWith(`${origin}/v/`));
    expect(menus).toEqual([`${origin}/v/${listed.slug}`]);
    const xml = read.entries.map((entry) => entry.loc).join('\n');
    for (const hidden of [
      '--house-sour',
      'u--private-one',
      'u--shared-one',
      'Private list',
      unlisted.slug,
      lapsed.slug,
    ]) {
      expect(xml, hidden).not.toContain(hidden);
    }
    // Each private thing is absent by its own address too: only two shared collections and recipes are listed.
    expect(read.entries.filter((entry) => entry.loc.startsWith(`${origin}/shared/`))).toHaveLength(1);
    expect(read.entries.filter((entry) => entry.loc.startsWith(`${origin}/recipes/shared/`))).toHaveLength(1);
  });

  it('answers HEAD with the headers and no body', async () => {
    const answer = await t.request('/sitemap.xml', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await answer.text()).toBe('');
  });

  it('turns into an index of pages past the page size, the pages holding every URL once in order', async () => {
    const whole = readSitemap((await buildSitemap({ db: t.database.db, appUrl: origin }))!.xml).entries;
    const pageSize = 3;
    const index = await buildSitemap({ db: t.database.db, appUrl: origin, pageSize });
    expect(index?.kind).toBe('index');
    const pages = readSitemap(index!.xml);
    expect(pages.root).toBe('sitemapindex');
    expect(pages.entries.map((entry) => entry.loc)).toEqual(
      Array.from({ length: Math.ceil(whole.length / pageSize) }, (_, at) => `${origin}/sitemap-${at + 1}.xml`),
    );
    const joined: ReadEntry[] = [];
    for (let page = 1; page <= pages.entries.length; page++) {
      const document = await buildSitemap({ db: t.database.db, appUrl: origin, pageSize, page });
      const entries = readSitemap(document!.xml).entries;
      expect(entries.length).toBeLessThanOrEqual(pageSize);
      joined.push(...entries);
    }
    expect(joined).toEqual(whole);
    expect(await buildSitemap({ db: t.database.db, appUrl: origin, pageSize, page: pages.entries.length + 1 })).toBe(
      null,
    );
    const page1 = await t.request('/sitemap-1.xml');
    expect(page1.status).toBe(200);
    expect(readSitemap(await page1.text()).entries).toEqual(whole);
    expect((await t.request('/sitemap-2.xml')).status).toBe(404);
    // Not a page name: the request goes on to the client's files (no build here), never a sitemap.
    expect((await t.request('/sitemap-0.xml')).headers.get('content-type')).not.toContain('xml');
  });
});

describe.each(testDialects())('the sitemap while the database is away, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, never a 500; robots.txt still answers', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-1.xml']) {
      const answer = await t.json<ApiErrorBody>(path);
      expect(answer.status, path).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
    expect((await t.request('/robots.txt')).status).toBe(200);
  });
});
