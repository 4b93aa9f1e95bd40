import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { CocktailPage } from '@/shared/schemas/cocktail';
import {
  publicMenuSchema,
  signatureListSchema,
  signatureSchema,
  teamMenuSchema,
  venueSchema,
  type PublicMenu,
  type Signature,
  type SignatureList,
  type SignatureWriteInput,
  type TeamMenu,
  type Venue,
  type VenueMembers,
} from '@/shared/schemas/venues';
import { postJson, randomEmail, signIn, TEST_ORIGIN, latestMailTo, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { freePort } from '../../../tests/support/free-port';
import { startS3Peer, type S3Peer } from '../../../tests/support/s3-peer';
import { greyscaleBombPng, noisyImage } from '../../../tests/support/images';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../app';
import { grantEntitlement } from '../payments';
import { MAX_IMAGE_BYTES, MEDIA_CACHE_CONTROL } from '../uploads';

/**
 * Signature cocktails of a venue through the HTTP API: who may write them, the editor's validation, isolation
 * between venues, availability on the menu, their photos and the venue's logo (local folder and S3), and outages.
 */

type ImageFormat = 'jpeg' | 'png' | 'webp';

/** A flat-colour image made by sharp (no binary fixtures). */
function image(format: ImageFormat | 'gif', width = 900, height = 600, background = '#c83232'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** Every file under `dir` (relative, '/'-separated), sorted; none when the folder does not exist yet. */
async function filesUnder(dir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if ((await stat(path.join(dir, entry))).isFile()) files.push(entry.split(path.sep).join('/'));
  }
  return files.sort();
}

/** The storage key of a /media URL. */
const keyOf = (url: string) => url.replace(/^\/media\//, '');

/** The signature routes of `slug` for signature `id`, as [method, path, body]; `recipe` is a valid write. */
function signatureRoutesOf(slug: string, id: number, recipe: unknown): [string, string, unknown][] {
  return [
    ['GET', `/api/venues/${slug}/signatures`, undefined],
    ['POST', `/api/venues/${slug}/signatures`, recipe],
    ['PUT', `/api/venues/${slug}/signatures/${id}`, recipe],
    ['DELETE', `/api/venues/${slug}/signatures/${id}`, undefined],
    ['PUT', `/api/venues/${slug}/signatures/${id}/photo`, 'image'],
    ['DELETE', `/api/venues/${slug}/signatures/${id}/photo`, undefined],
    ['PUT', `/api/venues/${slug}/logo`, 'image'],
    ['DELETE', `/api/venues/${slug}/logo`, undefined],
  ];
}

/** The request helpers of one test app. */
function helpers(getApp: () => TestApp) {
  const call = <T>(jar: CookieJar | null, method: string, path: string, body?: unknown) =>
    getApp().json<T>(
      path,
      body === undefined
        ? { method, headers: { origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) } }
        : postJson(body, jar ?? undefined, method),
    );

  /** `PUT path` with raw image bytes as the body, as the upload button sends them. */
  const upload = <T>(jar: CookieJar | null, path: string, bytes: Uint8Array, contentType = 'image/jpeg') =>
    getApp().json<T>(path, {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(jar ? jar.headers() : {}) },
      body: new Uint8Array(bytes),
    });

  /** Sends one of {@link signatureRoutesOf}: 'image' stands for a small JPEG body. */
  const send = async <T>(jar: CookieJar | null, method: string, path: string, body: unknown) =>
    body === 'image' ? upload<T>(jar, path, await image('jpeg', 64, 48)) : call<T>(jar, method, path, body);

  /** A signed-in user; with `plan`, granted it by support. */
  async function user(label: string, plan?: 'enterprise'): Promise<{ jar: CookieJar; id: string; email: string }> {
    const t = getApp();
    const email = randomEmail(label);
    const jar = await signIn(t, email);
    const id = await userIdOf(t, jar);
    if (plan) await grantEntitlement({ db: t.database.db, userId: id, name: plan });
    return { jar, id, email };
  }

  /** An enterprise owner with a new venue. */
  async function venueOwner(label: string): Promise<{ jar: CookieJar; id: string; venue: Venue; slug: string }> {
    const owner = await user(label, 'enterprise');
    const created = await call<Venue>(owner.jar, 'POST', '/api/venues', { name: `The ${label} Bar ${Date.now()}` });
    expect(created.status).toBe(201);
    const venue = venueSchema.parse(created.body);
    return { ...owner, venue, slug: venue.slug };
  }

  /** A member of `slug` with `role`, joined through the real invitation. */
  async function member(ownerJar: CookieJar, slug: string, label: string, role = 'staff') {
    const joiner = await user(label);
    const invited = await call<VenueMembers>(ownerJar, 'POST', `/api/venues/${slug}/invitations`, {
      email: joiner.email,
      role,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const link = /https?:\/\/\S+\/venues\/join\/(\S+)/.exec((await latestMailTo(getApp(), joiner.email)).text);
    const accepted = await call(joiner.jar, 'POST', `/api/venue-invitations/${decodeURIComponent(link![1]!)}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    return joiner;
  }

  return { call, upload, send, user, venueOwner, member };
}

/** Ids of the test seed's ingredients by slug. */
async function ingredientIds(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.database.db.selectFrom('ingredient').select(['slug', 'id']).execute();
  return Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
}

let names = 0;
/** A fresh signature name no catalogue search of the test seed can find. */
const freshName = (label: string) => `Zephyr ${label} ${++names}`;

/** A spirit-forward stirred recipe (bourbon and sweet vermouth): 'Strong'. */
function stirred(ing: Record<string, number>, name = freshName('Stirred')): SignatureWriteInput {
  return {
    name,
    base_spirit: 'Whiskey',
    category: 'Modern',
    description: 'The house Manhattan, rounder.',
    instructions: 'Stir with ice for thirty seconds and strain over a large cube.',
    difficulty_level: 'Easy',
    glassware: 'Rocks',
    technique: 'Stir',
    garnish: 'Orange twist',
    preparation_time: 3,
    flavor_profile: ['Boozy'],
    ingredients: [
      { ingredient_id: ing.bourbon!, amount: 60, unit: 'ml' },
      { ingredient_id: ing['sweet-vermouth']!, amount: 30, unit: 'ml', note: 'chilled' },
      { ingredient_id: ing['simple-syrup']!, amount: 1, amount_max: 2, unit: 'barspoon', is_optional: true },
    ],
  };
}

/** A long soda drink built in a highball (a little gin, a lot of soda): 'Light'. */
function long(ing: Record<string, number>, name = freshName('Highball')): SignatureWriteInput {
  return {
    name,
    base_spirit: 'Gin',
    category: 'Modern',
    instructions: 'Build over ice in a highball and top with soda.',
    difficulty_level: 'Easy',
    glassware: 'Highball',
    technique: 'Build',
    preparation_time: 2,
    ingredients: [
      { ingredient_id: ing.gin!, amount: 30, unit: 'ml' },
      { ingredient_id: ing['soda-water']!, amount: 150, unit: 'ml' },
    ],
  };
}

describe.each(testDialects())('Signature cocktails on %s', (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ing = await ingredientIds(t);
  });
  afterAll(() => t?.close());

  const { call, upload, send, venueOwner, member } = helpers(() => t);
  const uploads = () => filesUnder(t.config.uploads.dir);

  /** Creates a signature as `jar` and returns it, parsed. */
  async function create(jar: CookieJar, slug: string, recipe: SignatureWriteInput): Promise<Signature> {
    const created = await call<Signature>(jar, 'POST', `/api/venues/${slug}/signatures`, recipe);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return signatureSchema.parse(created.body);
  }
  const list = async (jar: CookieJar, slug: string) => {
    const answer = await call<SignatureList>(jar, 'GET', `/api/venues/${slug}/signatures`);
    expect(answer.status).toBe(200);
    return signatureListSchema.parse(answer.body).items;
  };
  const teamMenu = async (jar: CookieJar, slug: string) =>
    teamMenuSchema.parse((await call<TeamMenu>(jar, 'GET', `/api/venues/${slug}/menu`)).body);
  const publicMenu = async (slug: string) => {
    const answer = await call<PublicMenu>(null, 'GET', `/api/menus/${slug}`);
    expect(answer.status).toBe(200);
    return publicMenuSchema.parse(answer.body);
  };
  const putMenu = (jar: CookieJar, slug: string, cocktailIds: number[]) =>
    call<TeamMenu>(jar, 'PUT', `/api/venues/${slug}/menu`, {
      sections: [{ title: 'House', items: cocktailIds.map((cocktailId) => ({ cocktailId, priceCents: 1600 })) }],
    });

  describe('roles', () => {
    it('owner and manager write signatures; staff read them, and every write of theirs is 403 FORBIDDEN', async () => {
      const owner = await venueOwner('sig-roles');
      const { slug } = owner;
      const manager = await member(owner.jar, slug, 'sig-manager', 'manager');
      const staff = await member(owner.jar, slug, 'sig-staff');

      const mine = await create(owner.jar, slug, stirred(ing, 'Zephyr Owner Pour'));
      const theirs = await create(manager.jar, slug, long(ing, 'Zephyr Manager Long'));
      const renamed = await call<Signature>(manager.jar, 'PUT', `/api/venues/${slug}/signatures/${mine.id}`, {
        ...stirred(ing),
        name: 'Zephyr Owner Pour Revised',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: mine.id, name: 'Zephyr Owner Pour Revised' });
      const gone = await create(owner.jar, slug, long(ing));
      const deleted = await call(manager.jar, 'DELETE', `/api/venues/${slug}/signatures/${gone.id}`);
      expect(deleted.status).toBe(204);
      expect((await call(owner.jar, 'DELETE', `/api/venues/${slug}/signatures/${gone.id}`)).status).toBe(404);

      const before = await list(owner.jar, slug);
      expect(before.map((s) => s.name)).toEqual(['Zephyr Manager Long', 'Zephyr Owner Pour Revised']);
      expect(await list(staff.jar, slug)).toEqual(before);
      const files = await uploads();
      for (const [method, route, body] of signatureRoutesOf(slug, theirs.id, long(ing)).slice(1)) {
        const refused = await send<ApiErrorBody>(staff.jar, method, route, body);
        expect(refused.status, `${method} ${route}`).toBe(403);
        expect(refused.body.error.code, `${method} ${route}`).toBe('FORBIDDEN');
      }
      expect(await list(owner.jar, slug)).toEqual(before);
      expect((await call<Venue>(owner.jar, 'GET', `/api/venues/${slug}`)).body.logoUrl).toBeNull();
      expect(await uploads()).toEqual(files);

      // The manager may change photos and the logo too.
      const photo = await upload<Signature>(
        manager.jar,
        `/api/venues/${slug}/signatures/${theirs.id}/photo`,
        await image('jpeg', 400, 300),
      );
      expect(photo.status).toBe(200);
      const logo = await upload<Venue>(
        manager.jar,
        `/api/venues/${slug}/logo`,
        await image('png', 200, 200),
        'image/png',
      );
      expect(logo.status).toBe(200);
      expect((await call(manager.jar, 'DELETE', `/api/venues/${slug}/logo`)).status).toBe(200);
      expect((await call(manager.jar, 'DELETE', `/api/venues/${slug}/signatures/${theirs.id}/photo`)).status).toBe(200);
    });

    it('a removed member is out at once (404); signed out is 401; a write from another site is 403', async () => {
      const owner = await venueOwner('sig-access');
      const { slug } = owner;
      const staff = await member(owner.jar, slug, 'sig-leaving');
      const signature = await create(owner.jar, slug, stirred(ing));
      expect((await list(staff.jar, slug)).map((s) => s.id)).toEqual([signature.id]);

      const members = await call<VenueMembers>(owner.jar, 'GET', `/api/venues/${slug}/members`);
      const row = members.body.members.find((m) => m.userId === staff.id)!;
      expect((await call(owner.jar, 'DELETE', `/api/venues/${slug}/members/${row.id}`)).status).toBe(200);
      for (const [method, route, body] of signatureRoutesOf(slug, signature.id, long(ing))) {
        expect((await send(staff.jar, method, route, body)).status, `${method} ${route}`).toBe(404);
        const signedOut = await send<ApiErrorBody>(null, method, route, body);
        expect(signedOut.status, `${method} ${route}`).toBe(401);
      }

      const before = await list(owner.jar, slug);
      const files = await uploads();
      for (const [method, route, body] of signatureRoutesOf(slug, signature.id, long(ing)).slice(1)) {
        const headers = { ...owner.jar.headers(), origin: 'https://evil.example' };
        const answer = await t.json<ApiErrorBody>(route, {
          method,
          headers: body === 'image' ? { ...headers, 'content-type': 'image/jpeg' } : headers,
          body:
            body === undefined
              ? undefined
              : body === 'image'
                ? new Uint8Array(await image('jpeg', 64, 48))
                : JSON.stringify(body),
        });
        expect(answer.status, `${method} ${route}`).toBe(403);
        expect(answer.body.error.code).toBe('FORBIDDEN');
      }
      expect(await list(owner.jar, slug)).toEqual(before);
      expect(await uploads()).toEqual(files);
    });
  });

  describe('the editor', () => {
    it('validates every line and writes nothing when it refuses', async () => {
      const owner = await venueOwner('sig-validate');
      const { slug } = owner;
      const kept = await create(owner.jar, slug, stirred(ing));
      const before = await list(owner.jar, slug);
      const recipe = stirred(ing);
      const lines = recipe.ingredients;

      const cases: [string, unknown, string | RegExp][] = [
        [
          'an unknown ingredient id',
          { ...recipe, ingredients: [lines[0], { ...lines[1], ingredient_id: 999_999 }] },
          /^ingredients\.1\.ingredient_id: .*999999/,
        ],
        [
          'an upper amount not above the amount',
          { ...recipe, ingredients: [{ ...lines[0], amount: 60, amount_max: 60 }] },
          'the upper amount must be greater than the amount',
        ],
        ['no ingredients', { ...recipe, ingredients: [] }, 'a recipe needs at least one ingredient'],
        ['an unknown key', { ...recipe, strength: 'Light' }, /strength/],
        [
          'an unknown key in a line',
          { ...recipe, ingredients: [{ ...lines[0], ingredient: 'Bourbon' }] },
          /ingredient/,
        ],
        ['a line without an ingredient id', { ...recipe, ingredients: [{ amount: 30, unit: 'ml' }] }, /ingredient/],
      ];
      for (const [label, body, message] of cases) {
        for (const [method, route] of [
          ['POST', `/api/venues/${slug}/signatures`],
          ['PUT', `/api/venues/${slug}/signatures/${kept.id}`],
        ] as const) {
          const refused = await call<ApiErrorBody>(owner.jar, method, route, body);
          expect(refused.status, `${label}: ${method}`).toBe(400);
          expect(refused.body.error.code, label).toBe('VALIDATION_FAILED');
          if (typeof message === 'string') expect(refused.body.error.message, label).toContain(message);
          else expect(refused.body.error.message, label).toMatch(message);
        }
      }
      expect(await list(owner.jar, slug)).toEqual(before);
    });

    it("has the catalogue's shape, a strength from its recipe, a venue slug, and never joins the public catalogue", async () => {
      const owner = await venueOwner('sig-shape');
      const { slug } = owner;
      const strong = await create(owner.jar, slug, stirred(ing, 'Zephyr Quietus'));
      expect(strong).toMatchObject({
        name: 'Zephyr Quietus',
        is_signature: true,
        strength: 'Strong',
        technique: 'Stir',
        base_spirit: 'Whiskey',
        image_url: null,
        photo: null,
        flavor_profile: ['Boozy'],
        seasonal_tags: [],
      });
      expect(strong.slug.startsWith(`${slug}--zephyr-quietus-`)).toBe(true);
      expect(strong.slug).toContain('--');
      expect(
        strong.ingredients.map((line) => [line.ingredient, line.amount, line.amount_max, line.is_optional]),
      ).toEqual([
        ['Bourbon', 60, null, false],
        ['Sweet vermouth', 30, null, false],
        ['Simple syrup', 1, 2, true],
      ]);
      expect(strong.ingredients[1]!.note).toBe('chilled');
      const light = await create(owner.jar, slug, long(ing, 'Zephyr Longshore'));
      expect(light).toMatchObject({ strength: 'Light', is_signature: true });

      // Rewriting the recipe derives the band again.
      const diluted = await call<Signature>(owner.jar, 'PUT', `/api/venues/${slug}/signatures/${strong.id}`, {
        ...long(ing),
        name: 'Zephyr Quietus',
      });
      expect(diluted.body).toMatchObject({ id: strong.id, slug: strong.slug, strength: 'Light' });
      await call(owner.jar, 'PUT', `/api/venues/${slug}/signatures/${strong.id}`, stirred(ing, 'Zephyr Quietus'));

      for (const signature of [strong, light]) {
        const search = await call<CocktailPage>(null, 'GET', `/api/cocktails?q=${encodeURIComponent(signature.name)}`);
        expect(search.status).toBe(200);
        expect(search.body.items.map((item) => item.id)).not.toContain(signature.id);
        expect(search.body.total).toBe(0);
        const detail = await call<ApiErrorBody>(owner.jar, 'GET', `/api/cocktails/${signature.id}`);
        expect(detail.status).toBe(404);
      }
      const everything = await call<CocktailPage>(null, 'GET', '/api/cocktails?pageSize=100');
      expect(everything.body.items.some((item) => item.is_signature)).toBe(false);
      const sample = await call<{ items: { id: number }[] }>(null, 'GET', '/api/cocktails/sample?size=50');
      expect(sample.body.items.map((item) => item.id)).not.toContain(strong.id);
      // Nor can anyone keep it as a personal favorite, not even the venue's owner.
      const favorite = await call<ApiErrorBody>(owner.jar, 'PUT', `/api/me/favorites/${strong.id}`);
      expect(favorite.status).toBe(404);
    });
  });

  describe('isolation between venues', () => {
    it("venue B's owner reaches none of A's signatures, and neither puts the other's on their menu", async () => {
      const a = await venueOwner('sig-iso-a');
      const b = await venueOwner('sig-iso-b');
      const ofA = await create(a.jar, a.slug, stirred(ing));
      expect(
        (await upload(a.jar, `/api/venues/${a.slug}/signatures/${ofA.id}/photo`, await image('jpeg', 400, 300))).status,
      ).toBe(200);
      const ofB = await create(b.jar, b.slug, long(ing));
      expect((await putMenu(a.jar, a.slug, [ofA.id])).status).toBe(200);
      const menuA = await teamMenu(a.jar, a.slug);
      const menuB = await teamMenu(b.jar, b.slug);
      const signaturesA = await list(a.jar, a.slug);
      const files = await uploads();

      // Through B's own address, A's recipe is not found.
      expect((await list(b.jar, b.slug)).map((s) => s.id)).toEqual([ofB.id]);
      for (const [method, route, body] of signatureRoutesOf(b.slug, ofA.id, stirred(ing))) {
        if (route.endsWith('/signatures') || route.endsWith('/logo')) continue;
        const answer = await send<ApiErrorBody>(b.jar, method, route, body);
        expect(answer.status, `${method} ${route}`).toBe(404);
        expect(answer.body.error.code).toBe('NOT_FOUND');
      }
      const onMenu = await putMenu(b.jar, b.slug, [ofA.id]);
      expect(onMenu.status).toBe(404);
      expect(await teamMenu(b.jar, b.slug)).toEqual(menuB);
      // Through A's address, B is no member.
      for (const [method, route, body] of signatureRoutesOf(a.slug, ofA.id, stirred(ing))) {
        expect((await send(b.jar, method, route, body)).status, `${method} ${route}`).toBe(404);
      }
      // A cannot take B's recipe either.
      const theirs = await putMenu(a.jar, a.slug, [ofA.id, ofB.id]);
      expect(theirs.status).toBe(404);
      expect((theirs.body as unknown as ApiErrorBody).error.message).toContain(String(ofB.id));
      expect(await teamMenu(a.jar, a.slug)).toEqual(menuA);

      expect(await list(a.jar, a.slug)).toEqual(signaturesA);
      expect(await uploads()).toEqual(files);
      const publicA = await publicMenu(a.slug);
      expect(publicA.sections[0]!.items.map((item) => [item.name, item.isSignature])).toEqual([[ofA.name, true]]);
      expect(publicA.sections[0]!.items[0]!.photo).toEqual(signaturesA[0]!.photo);
    });
  });

  describe('availability', () => {
    it('follows the team inventory like any drink, and a recipe edit counts on the next read', async () => {
      const owner = await venueOwner('sig-avail');
      const { slug } = owner;
      const staff = await member(owner.jar, slug, 'sig-avail-staff');
      const signature = await create(owner.jar, slug, stirred(ing));
      expect((await putMenu(owner.jar, slug, [signature.id])).status).toBe(200);
      const state = async () => {
        const guest = (await publicMenu(slug)).sections[0]!.items[0]!;
        const team = (await teamMenu(staff.jar, slug)).sections[0]!.items[0]!;
        expect(guest).toMatchObject({ name: signature.name, isSignature: true });
        expect(team.cocktail).toEqual({ id: signature.id, name: signature.name });
        expect(team.available).toBe(guest.available);
        return { available: guest.available, missing: team.missing };
      };

      // The optional syrup is never required.
      expect(await state()).toEqual({ available: false, missing: ['Bourbon', 'Sweet vermouth'] });
      await call(staff.jar, 'PUT', `/api/venues/${slug}/bar/${ing.bourbon}`);
      expect(await state()).toEqual({ available: false, missing: ['Sweet vermouth'] });
      await call(staff.jar, 'PUT', `/api/venues/${slug}/bar/${ing['sweet-vermouth']}`);
      expect(await state()).toEqual({ available: true, missing: [] });

      const out = await call(staff.jar, 'PUT', `/api/venues/${slug}/bar/${ing['sweet-vermouth']}/86`, {
        eightySixed: true,
      });
      expect(out.status).toBe(200);
      expect(await state()).toEqual({ available: false, missing: ['Sweet vermouth'] });
      await call(staff.jar, 'PUT', `/api/venues/${slug}/bar/${ing['sweet-vermouth']}/86`, { eightySixed: false });
      expect(await state()).toEqual({ available: true, missing: [] });

      const recipe = stirred(ing, signature.name);
      const edited = await call(owner.jar, 'PUT', `/api/venues/${slug}/signatures/${signature.id}`, {
        ...recipe,
        ingredients: [...recipe.ingredients, { ingredient_id: ing.campari!, amount: 10, unit: 'ml' }],
      });
      expect(edited.status).toBe(200);
      expect(await state()).toEqual({ available: false, missing: ['Campari'] });
      await call(staff.jar, 'PUT', `/api/venues/${slug}/bar/${ing.campari}`);
      expect(await state()).toEqual({ available: true, missing: [] });
    });
  });

  describe('photos', () => {
    it('keeps a JPEG, PNG or WebP as WebP and JPEG at 320 and 640 px (never enlarged), served immutable', async () => {
      const owner = await venueOwner('sig-photo');
      const { slug } = owner;
      const signature = await create(owner.jar, slug, stirred(ing));
      expect((await putMenu(owner.jar, slug, [signature.id])).status).toBe(200);
      const dir = t.config.uploads.dir;
      let previous: string[] = [];
      for (const format of ['jpeg', 'png', 'webp'] as const) {
        const answer = await upload<Signature>(
          owner.jar,
          `/api/venues/${slug}/signatures/${signature.id}/photo`,
          await image(format),
          `image/${format}`,
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        const { photo, image_url: imageUrl } = signatureSchema.parse(answer.body);
        expect(photo).not.toBeNull();
        expect({ width: photo!.width, height: photo!.height }).toEqual({ width: 900, height: 600 });
        expect(photo!.variants.map((v) => [v.width, v.format])).toEqual([
          [320, 'webp'],
          [320, 'jpeg'],
          [640, 'webp'],
          [640, 'jpeg'],
        ]);
        expect(imageUrl).toBe(photo!.variants[3]!.url);
        const keys = photo!.variants.map((v) => keyOf(v.url));
        for (const variant of photo!.variants) {
          expect(variant.url).toMatch(
            /^\/media\/venues\/[a-z0-9_.-]+\/cocktails\/\d+\/[0-9a-f]{32}-(320|640)\.(webp|jpg)$/,
          );
          const served = await t.request(variant.url);
          expect(served.status).toBe(200);
          expect(served.headers.get('content-type')).toBe(variant.format === 'webp' ? 'image/webp' : 'image/jpeg');
          expect(served.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
          const body = Buffer.from(await served.arrayBuffer());
          const meta = await sharp(body).metadata();
          expect(meta.format).toBe(variant.format);
          expect(meta.width).toBe(variant.width);
        }
        const files = await filesUnder(dir);
        for (const key of keys) expect(files).toContain(key);
        // The photo it replaced is gone, from the disk and from /media.
        for (const key of previous) {
          expect(files).not.toContain(key);
          expect((await t.request(`/media/${key}`)).status).toBe(404);
        }
        expect((await list(owner.jar, slug))[0]!.photo).toEqual(photo);
        const guest = (await publicMenu(slug)).sections[0]!.items[0]!;
        expect(guest.photo).toEqual(photo);
        expect(guest.imageUrl).toBe(imageUrl);
        previous = keys;
      }
      // Rewriting the recipe keeps the photo.
      const photo = (await list(owner.jar, slug))[0]!.photo;
      const rewritten = await call<Signature>(owner.jar, 'PUT', `/api/venues/${slug}/signatures/${signature.id}`, {
        ...long(ing),
        name: signature.name,
      });
      expect(rewritten.status).toBe(200);
      expect(rewritten.body.photo).toEqual(photo);
      expect(rewritten.body.image_url).toBe(photo!.variants[3]!.url);
    });

    it('strips EXIF and GPS from what it keeps', async () => {
      const owner = await venueOwner('sig-exif');
      const signature = await create(owner.jar, owner.slug, stirred(ing));
      const input = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#345678' } })
        .withExif({
          IFD0: { Make: 'SecretCam', Copyright: 'Hidden Bar Ltd' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '51/1 30/1 0/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '0/1 7/1 0/1',
          },
        })
        .jpeg()
        .toBuffer();
      expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain('SecretCam');
      const answer = await upload<Signature>(
        owner.jar,
        `/api/venues/${owner.slug}/signatures/${signature.id}/photo`,
        input,
      );
      expect(answer.status).toBe(200);
      for (const variant of answer.body.photo!.variants) {
        const body = Buffer.from(await (await t.request(variant.url)).arrayBuffer());
        const meta = await sharp(body).metadata();
        expect(meta.exif, variant.url).toBeUndefined();
        expect(body.includes('SecretCam')).toBe(false);
        expect(body.includes('Hidden Bar')).toBe(false);
      }
    });

    it('reads an image by its bytes whatever type the request declares (text/plain, none): never as text', async () => {
      const owner = await venueOwner('sig-type');
      const signature = await create(owner.jar, owner.slug, stirred(ing));
      const bytes = await image('jpeg', 400, 300);
      for (const declared of ['text/plain', 'application/octet-stream']) {
        const answer = await upload<Signature>(
          owner.jar,
          `/api/venues/${owner.slug}/signatures/${signature.id}/photo`,
          bytes,
          declared,
        );
        expect(answer.status, `${declared}: ${JSON.stringify(answer.body)}`).toBe(200);
        expect(answer.body.photo?.variants.length).toBeGreaterThan(0);
      }
    });

    it('refuses what is not a usable image with 400 IMAGE_INVALID, storing nothing; an oversized body is 413', async () => {
      const owner = await venueOwner('sig-refuse');
      const { slug } = owner;
      const signature = await create(owner.jar, slug, stirred(ing));
      const route = `/api/venues/${slug}/signatures/${signature.id}/photo`;
      const first = await upload<Signature>(owner.jar, route, await image('jpeg', 700, 500));
      expect(first.status).toBe(200);
      const files = await uploads();
      const jpeg = await noisyImage(300, 300, 'jpeg');
      const tooBig = Buffer.alloc(MAX_IMAGE_BYTES + 1, 0x20);
      jpeg.copy(tooBig);
      const refusals: [string, Uint8Array, string][] = [
        ['a GIF', await image('gif', 100, 100), 'image/gif'],
        ['text claiming to be a PNG', Buffer.from('definitely not a picture\n'.repeat(20)), 'image/png'],
        ['a truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'image/jpeg'],
        ['10 MB + 1 byte', tooBig, 'image/jpeg'],
        ['a decompression bomb', greyscaleBombPng(20_000), 'image/png'],
        ['an empty body', new Uint8Array(0), 'image/jpeg'],
      ];
      for (const target of [route, `/api/venues/${slug}/logo`]) {
        for (const [label, bytes, type] of refusals) {
          const refused = await upload<ApiErrorBody>(owner.jar, target, bytes, type);
          expect(refused.status, `${label} to ${target}`).toBe(400);
          expect(refused.body.error.code, label).toBe('IMAGE_INVALID');
        }
        const huge = await upload<ApiErrorBody>(owner.jar, target, Buffer.alloc(12 * 1024 * 1024, 0xff), 'image/jpeg');
        expect(huge.status).toBe(413);
        expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      }
      expect(await uploads()).toEqual(files);
      expect((await list(owner.jar, slug))[0]!.photo).toEqual(first.body.photo);
      expect((await call<Venue>(owner.jar, 'GET', `/api/venues/${slug}`)).body.logoUrl).toBeNull();
    });

    it("removing the photo, or the signature, deletes its files; the signature's menu items go with it", async () => {
      const owner = await venueOwner('sig-delete');
      const { slug } = owner;
      const kept = await create(owner.jar, slug, long(ing));
      const signature = await create(owner.jar, slug, stirred(ing));
      const route = `/api/venues/${slug}/signatures/${signature.id}/photo`;
      const keysOf = (s: Signature) => s.photo!.variants.map((v) => keyOf(v.url));

      const first = await upload<Signature>(owner.jar, route, await image('jpeg'));
      const removed = await call<Signature>(owner.jar, 'DELETE', route);
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ id: signature.id, photo: null, image_url: null });
      const afterRemoval = await uploads();
      for (const key of keysOf(first.body)) expect(afterRemoval).not.toContain(key);
      expect((await call(owner.jar, 'DELETE', route)).status).toBe(200);

      const second = await upload<Signature>(owner.jar, route, await image('webp'), 'image/webp');
      expect(second.status).toBe(200);
      expect((await putMenu(owner.jar, slug, [kept.id, signature.id])).status).toBe(200);
      expect((await call(owner.jar, 'DELETE', `/api/venues/${slug}/signatures/${signature.id}`)).status).toBe(204);
      const afterDelete = await uploads();
      for (const key of keysOf(second.body)) {
        expect(afterDelete).not.toContain(key);
        expect((await t.request(`/media/${key}`)).status).toBe(404);
      }
      expect(afterDelete).toEqual(afterRemoval);
      expect((await teamMenu(owner.jar, slug)).sections[0]!.items.map((item) => item.cocktail.id)).toEqual([kept.id]);
      expect((await publicMenu(slug)).sections[0]!.items.map((item) => item.name)).toEqual([kept.name]);
      expect((await list(owner.jar, slug)).map((s) => s.id)).toEqual([kept.id]);
      const lines = await t.database.db
        .selectFrom('cocktail_ingredient')
        .select('cocktail_id')
        .where('cocktail_id', '=', signature.id)
        .execute();
      expect(lines).toEqual([]);
      expect((await upload(owner.jar, route, await image('jpeg', 64, 48))).status).toBe(404);
    });
  });

  describe('logo', () => {
    it('sets, shows on the public menu, replaces and removes the logo, deleting the files it replaced', async () => {
      const owner = await venueOwner('sig-logo');
      const { slug } = owner;
      const logoFiles = async () => (await uploads()).filter((file) => file.startsWith(`venues/${slug}/logo/`));

      const set = await upload<Venue>(owner.jar, `/api/venues/${slug}/logo`, await image('png', 700, 350), 'image/png');
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const venue = venueSchema.parse(set.body);
      expect(venue.logoUrl).toMatch(/^\/media\/venues\/[a-z0-9_.-]+\/logo\/[0-9a-f]{32}-320\.webp$/);
      const served = await t.request(venue.logoUrl!);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
      expect((await publicMenu(slug)).venue.logoUrl).toBe(venue.logoUrl);
      expect((await call<Venue>(owner.jar, 'GET', `/api/venues/${slug}`)).body.logoUrl).toBe(venue.logoUrl);
      const firstFiles = await logoFiles();
      expect(firstFiles).toHaveLength(4);
      expect(firstFiles).toContain(keyOf(venue.logoUrl!));

      const replaced = await upload<Venue>(owner.jar, `/api/venues/${slug}/logo`, await image('jpeg', 200, 200));
      expect(replaced.status).toBe(200);
      expect(replaced.body.logoUrl).not.toBe(venue.logoUrl);
      expect(replaced.body.logoUrl).toMatch(/-200\.webp$/);
      const secondFiles = await logoFiles();
      expect(secondFiles).toHaveLength(2);
      expect(secondFiles.filter((file) => firstFiles.includes(file))).toEqual([]);
      expect((await t.request(venue.logoUrl!)).status).toBe(404);
      expect((await publicMenu(slug)).venue.logoUrl).toBe(replaced.body.logoUrl);

      const removed = await call<Venue>(owner.jar, 'DELETE', `/api/venues/${slug}/logo`);
      expect(removed.status).toBe(200);
      expect(removed.body.logoUrl).toBeNull();
      expect(await logoFiles()).toEqual([]);
      expect((await publicMenu(slug)).venue.logoUrl).toBeNull();
      expect((await call(owner.jar, 'DELETE', `/api/venues/${slug}/logo`)).status).toBe(200);
    });
  });
});

describe('Signature photos in S3 (SQLite)', () => {
  let peer: S3Peer;
  let t: TestApp;
  let ing: Record<string, number>;
  beforeAll(async () => {
    peer = await startS3Peer();
    const { config } = peer;
    t = await createTestApp({
      env: {
        S3_ENDPOINT: config.endpoint!,
        S3_BUCKET: config.bucket,
        S3_ACCESS_KEY_ID: config.accessKeyId,
        S3_SECRET_ACCESS_KEY: config.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    ing = await ingredientIds(t);
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });
  const { call, upload, venueOwner } = helpers(() => t);

  it('keeps the photo in the bucket and serves it back through /media; nothing goes to UPLOADS_DIR', async () => {
    expect(t.config.uploads.s3).not.toBeNull();
    const owner = await venueOwner('s3-photo');
    const created = await call<Signature>(owner.jar, 'POST', `/api/venues/${owner.slug}/signatures`, stirred(ing));
    const route = `/api/venues/${owner.slug}/signatures/${created.body.id}/photo`;
    const answer = await upload<Signature>(owner.jar, route, await image('jpeg'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const variant of answer.body.photo!.variants) {
      const served = await t.request(variant.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(variant.format === 'webp' ? 'image/webp' : 'image/jpeg');
      expect(served.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(variant.width);
    }
    expect(await filesUnder(t.config.uploads.dir)).toEqual([]);
    expect((await call(owner.jar, 'DELETE', route)).status).toBe(200);
    expect((await t.request(answer.body.photo!.variants[0]!.url)).status).toBe(404);
  });
});

describe('Signature photos while the store is away (SQLite)', () => {
  let t: TestApp;
  let ing: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
        S3_BUCKET: 'closed-bucket',
        S3_ACCESS_KEY_ID: 'nobody',
        S3_SECRET_ACCESS_KEY: 'nothing',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    ing = await ingredientIds(t);
  });
  afterAll(() => t?.close());
  const { call, upload, venueOwner } = helpers(() => t);

  it('answers 503 SERVICE_UNAVAILABLE (not 500) with Retry-After and leaves the signature and venue as they were', async () => {
    const owner = await venueOwner('s3-down');
    const created = await call<Signature>(owner.jar, 'POST', `/api/venues/${owner.slug}/signatures`, stirred(ing));
    expect(created.status).toBe(201);
    for (const route of [
      `/api/venues/${owner.slug}/signatures/${created.body.id}/photo`,
      `/api/venues/${owner.slug}/logo`,
    ]) {
      const answer = await upload<ApiErrorBody>(owner.jar, route, await image('jpeg', 400, 300));
      expect(answer.status, route).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
    const after = await call<SignatureList>(owner.jar, 'GET', `/api/venues/${owner.slug}/signatures`);
    expect(after.body.items).toEqual([created.body]);
    expect((await call<Venue>(owner.jar, 'GET', `/api/venues/${owner.slug}`)).body.logoUrl).toBeNull();
    expect(await filesUnder(t.config.uploads.dir)).toEqual([]);
    const media = await t.json<ApiErrorBody>('/media/venues/some-venue/logo/missing-320.webp');
    expect(media.status).toBe(503);
    expect(media.body.error.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe.each(testDialects())('Signature cocktails while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t, randomEmail('signature-outage'));
    await grantEntitlement({ db: t.database.db, userId: await userIdOf(t, jar), name: 'enterprise' });
    await t.database.destroy();
  });
  afterAll(() => t?.close());
  const { send } = helpers(() => t);

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After on every signature, photo and logo route', async () => {
    const recipe = stirred({ bourbon: 1, 'sweet-vermouth': 2, 'simple-syrup': 3 });
    for (const [method, route, body] of [
      ...signatureRoutesOf('outage-bar', 1, recipe),
      ['GET', '/api/menus/outage-bar', undefined] as [string, string, unknown],
    ]) {
      const answer = await send<ApiErrorBody>(jar, method, route, body);
      expect(answer.status, `${method} ${route}`).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
  });
});
