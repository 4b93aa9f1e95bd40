import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRERENDERED_DIR,
  PRERENDERED_PATH_ATTRIBUTE,
  SERVER_RENDER_DIR,
  SERVER_RENDER_FILE,
  SHARED_DATA_ID,
  SHARED_HTML_PLACEHOLDER,
  SHARED_PAGE_FILE,
  SHARED_PATH_PLACEHOLDER,
} from '@/shared/first-paint';
import type { CollectionDetail } from '@/shared/schemas/collections';
import { ownRecipeSchema, type OwnRecipe, type OwnRecipeWriteInput } from '@/shared/schemas/recipes';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { noisyImage } from '../../../tests/support/images';
import { createTestApp, ingredientIdsOf, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { grantEntitlement } from '../payments';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from './og-card';
import { serveSharedPages } from './shared-pages';

/** The build's home page (never served for a shared page). */
const HOME =
  '<!doctype html><html><head><title>Barback</title><meta name="description" content="Home" /></head>' +
  '<body><div id="root">home</div></body></html>';
/** The build's app shell, as client-static serves it for every client route but '/'. */
const SHELL =
  '<!doctype html><html><head><title>Barback — shell</title>\n<meta\n  name="description"\n  content="Your pocket bartender"\n/>\n</head>' +
  '<body><div id="root">shell</div></body></html>';
/** The build's shared pages template: the shell's head, the placeholders the server fills. */
const SHARED_TEMPLATE =
  '<!doctype html><html><head><title>Barback</title><meta name="description" content="Shell" /></head>' +
  `<body><div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${SHARED_PATH_PLACEHOLDER}">${SHARED_HTML_PLACEHOLDER}</div></body></html>`;
/**
 * Stand-ins for the build's exports: the shared page's renderer writes the data's name and the address it rendered,
 * the drawing a red glass.
 */
const RENDERER = `
export async function renderSharedPage(page, url) {
  return '<main>' + page.key + '|' + page.data.name + '|' + url + '</main>';
}
export function renderCocktailDrawing(cocktail) {
  return {
    liquid: '#c0392b',
    svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">'
      + '<path d="M30 30 L90 30 L84 100 L36 100 Z" fill="rgb(200 40 40 / 0.9)"/></svg>',
  };
}
`;

/** Names nobody but the owner may ever read: in no shared page's HTML, whatever is asked. */
const SECRET_RECIPE = 'Zephyrine Hidden Sour';
const SECRET_COLLECTION = 'Zephyrine Private Shelf';

/** The text of `<title>`, unescaped; null when there is none. */
function titleOf(page: string): string | null {
  const match = /<title>([^<]*)<\/title>/.exec(page);
  return match ? unescape(match[1]!) : null;
}

/** `text` with the page's numeric character references read back. */
function unescape(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** The content of the meta tag `key`=`name` in `page`, unescaped; null when there is none. */
function metaOf(page: string, key: 'name' | 'property', name: string): string | null {
  const match = new RegExp(`<meta ${key}="${name}" content="([^"]*)"`).exec(page);
  return match ? unescape(match[1]!) : null;
}

/** The canonical link of `page`; null when there is none. */
function canonicalOf(page: string): string | null {
  const match = /<link rel="canonical" href="([^"]*)"/.exec(page);
  return match ? unescape(match[1]!) : null;
}

/** The JSON-LD block of a served page, parsed; null when there is none. */
function jsonLdOf(page: string): Record<string, unknown> | null {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

describe.each(testDialects())('the shared pages and their heads, on %s', (dialect) => {
  let t: TestApp;
  let buildDir: string;
  let clientDir: string;
  let origin: string;
  let ing: Record<string, number>;
  let owner: { jar: CookieJar; id: string; email: string };
  let shared: OwnRecipe;
  let privateRecipe: OwnRecipe;
  let negroniId: number;
  let daiquiriId: number;

  const call = <T>(jar: CookieJar | null, method: string, url: string, body?: unknown) =>
    t.json<T>(
      url,
      body === undefined
        ? { method, headers: { origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) } }
        : postJson(body, jar ?? undefined, method),
    );

  /** A recipe of the owner's, written as the recipe editor writes it. */
  const recipe = (name: string, description: string): OwnRecipeWriteInput => ({
    name,
    base_spirit: 'Gin',
    category: 'Modern',
    description,
    instructions: 'Stir with ice for thirty seconds.\nStrain over a large cube.',
    difficulty_level: 'Easy',
    glassware: 'Rocks',
    technique: 'Stir',
    garnish: 'Orange twist',
    preparation_time: 3,
    ingredients: [
      { ingredient_id: ing.gin!, amount: 40, unit: 'ml' },
      { ingredient_id: ing.campari!, amount: 30, unit: 'ml' },
      { ingredient_name: 'Zephyrine bitters', amount: 2, unit: 'dash', is_optional: true },
    ],
  });

  async function createRecipe(write: OwnRecipeWriteInput): Promise<OwnRecipe> {
    const answer = await call<OwnRecipe>(owner.jar, 'POST', '/api/me/recipes', write);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return ownRecipeSchema.parse(answer.body);
  }

  async function shareRecipe(id: number, on = true): Promise<string | null> {
    const answer = await call<OwnRecipe>(owner.jar, 'PUT', `/api/me/recipes/${id}/share`, { shared: on });
    expect(answer.status).toBe(200);
    return answer.body.shareSlug;
  }

  /** A collection of the owner's with `cocktailIds`, shared (its share slug), or private (null) when `share` is false. */
  async function createCollection(name: string, cocktailIds: number[], share = true, description = '') {
    const made = await call<CollectionDetail>(owner.jar, 'POST', '/api/me/collections', {
      name,
      description,
      cocktailIds,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    if (!share) return { id: made.body.id, slug: null };
    const on = await call<CollectionDetail>(owner.jar, 'PATCH', `/api/me/collections/${made.body.id}`, {
      shared: true,
    });
    return { id: made.body.id, slug: on.body.shareSlug! };
  }

  /** Expects `url` to pass on to the app with `status`: the shell as it was built, with its own head. */
  async function expectShell(url: string, status: number) {
    const answer = await t.request(url);
    expect(answer.status, url).toBe(status);
    const page = await answer.text();
    expect(page, url).toBe(SHELL);
    return answer;
  }

  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'barback-shared-pages-'));
    clientDir = path.join(buildDir, 'client');
    await mkdir(clientDir, { recursive: true });
    await mkdir(path.join(buildDir, SERVER_RENDER_DIR), { recursive: true });
    await writeFile(path.join(clientDir, 'index.html'), HOME);
    await writeFile(path.join(clientDir, 'app-shell.html'), SHELL);
    await writeFile(path.join(buildDir, SERVER_RENDER_DIR, SERVER_RENDER_FILE), RENDERER);
    t = await createTestApp({ dialect, clientDir });
    origin = t.config.appUrl;
    ing = await ingredientIdsOf(t);
    const bySlug = async (slug: string) =>
      Number(
        (await t.database.db.selectFrom('cocktail').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id,
      );
    negroniId = await bySlug('negroni');
    daiquiriId = await bySlug('daiquiri');
    const email = randomEmail('sharer');
    const jar = await signIn(t, email);
    owner = { jar, id: await userIdOf(t, jar), email };
    await grantEntitlement({ db: t.database.db, userId: owner.id, name: 'pro' });
    shared = await createRecipe(recipe("Quillon's House Negroni", 'A touch more gin, and orange bitters.'));
    shared = { ...shared, shareSlug: await shareRecipe(shared.id) };
    privateRecipe = await createRecipe(recipe(SECRET_RECIPE, 'Only mine.'));
    await createCollection(SECRET_COLLECTION, [negroniId, privateRecipe.id], false);
  });
  afterAll(async () => {
    await t?.close();
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });

  it("gives a shared recipe's page its title, description, canonical link, drawn preview and schema.org Recipe", async () => {
    const url = `/recipes/shared/${shared.shareSlug}`;
    const answer = await t.request(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const page = await answer.text();
    expect(page).toContain('<div id="root">shell</div>');
    expect(titleOf(page)).toBe("Quillon's House Negroni cocktail recipe · Barback");
    const description = metaOf(page, 'name', 'description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^A touch more gin, and orange bitters\. Quillon's House Negroni: gin and campari\./);
    expect(page).not.toContain('Your pocket bartender');
    expect(canonicalOf(page)).toBe(`${origin}${url}`);
    expect(metaOf(page, 'property', 'og:url')).toBe(`${origin}${url}`);
    expect(metaOf(page, 'property', 'og:type')).toBe('article');
    expect(metaOf(page, 'property', 'og:title')).toBe("Quillon's House Negroni cocktail recipe");
    const image = `${origin}/og/recipes/shared/${shared.shareSlug}.png`;
    expect(metaOf(page, 'property', 'og:image')).toBe(image);
    expect(metaOf(page, 'property', 'og:image:type')).toBe('image/png');
    expect(metaOf(page, 'property', 'og:image:width')).toBe('1200');
    expect(metaOf(page, 'property', 'og:image:height')).toBe('630');
    expect(metaOf(page, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(page, 'name', 'twitter:image')).toBe(image);
    expect(metaOf(page, 'name', 'robots')).toBeNull();

    const ld = jsonLdOf(page)!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: "Quillon's House Negroni",
      url: `${origin}${url}`,
      description: 'A touch more gin, and orange bitters.',
      image: [image],
      recipeIngredient: ['40 ml Gin', '30 ml Campari', '2 dashes Zephyrine bitters (optional)'],
      author: { '@type': 'Person', name: 'A Barback member' },
    });
    expect((ld.recipeInstructions as { position: number }[]).map((step) => step.position)).toEqual([1, 2]);
    expect(ld).not.toHaveProperty('isBasedOn');
    expect(ld).not.toHaveProperty('license');
    // Nothing of the owner's but the recipe: no address, no id, no other recipe.
    for (const secret of [owner.email, owner.id, SECRET_RECIPE, SECRET_COLLECTION]) expect(page).not.toContain(secret);
  });

  it("takes a shared recipe's photo as its preview image when it has one, its largest JPEG with its size", async () => {
    const withPhoto = await createRecipe(recipe('Quillon Photo Gimlet', ''));
    const slug = (await shareRecipe(withPhoto.id))!;
    const upload = await t.json<OwnRecipe>(`/api/me/recipes/${withPhoto.id}/photo`, {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN, 'content-type': 'image/jpeg', ...owner.jar.headers() },
      body: new Uint8Array(await noisyImage(900, 600, 'jpeg')),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const photo = ownRecipeSchema.parse(upload.body).photo!;
    const jpeg = photo.variants.filter((variant) => variant.format === 'jpeg').at(-1)!;
    expect(jpeg.width).toBe(640);

    const page = await (await t.request(`/recipes/shared/${slug}`)).text();
    expect(metaOf(page, 'property', 'og:image')).toBe(`${origin}${jpeg.url}`);
    expect(metaOf(page, 'property', 'og:image:type')).toBe('image/jpeg');
    expect(metaOf(page, 'property', 'og:image:width')).toBe('640');
    expect(metaOf(page, 'property', 'og:image:height')).toBe('427');
    expect(metaOf(page, 'property', 'og:image:alt')).toBe('A photo of a Quillon Photo Gimlet');
    // Without words of its own, the description is made of its ingredients.
    expect(metaOf(page, 'name', 'description')).toBe(
      'Quillon Photo Gimlet: gin and campari. Stirred, served in a rocks glass.',
    );
    expect(jsonLdOf(page)!.image).toEqual([`${origin}${jpeg.url}`, `${origin}/og/recipes/shared/${slug}.png`]);
    expect((await t.request(jpeg.url)).status).toBe(200);
  });

  it("gives a shared collection's page its title, description, canonical link, first cocktail's preview and ItemList", async () => {
    const { slug } = await createCollection(
      'Quillon Stirred & Sour',
      [daiquiriId, shared.id, privateRecipe.id, negroniId],
      true,
      'What we pour on Fridays.',
    );
    const url = `/shared/${slug}`;
    const answer = await t.request(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const page = await answer.text();
    expect(titleOf(page)).toBe('Quillon Stirred & Sour · cocktail collection · Barback');
    const description = metaOf(page, 'name', 'description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    // The private recipe is not in the shared collection: three items, named in order.
    expect(description).toBe(
      "A collection of 3 cocktails: Daiquiri, Quillon's House Negroni and Negroni. What we pour on Fridays.",
    );
    expect(canonicalOf(page)).toBe(`${origin}${url}`);
    expect(metaOf(page, 'property', 'og:type')).toBe('article');
    expect(metaOf(page, 'property', 'og:title')).toBe('Quillon Stirred & Sour · cocktail collection');
    expect(metaOf(page, 'property', 'og:image')).toBe(`${origin}/og/cocktails/daiquiri.png`);
    expect(metaOf(page, 'name', 'twitter:card')).toBe('summary_large_image');

    const ld = jsonLdOf(page)!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Quillon Stirred & Sour',
      description: 'What we pour on Fridays.',
      url: `${origin}${url}`,
      numberOfItems: 3,
    });
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Daiquiri', url: `${origin}/cocktails/daiquiri` },
      {
        '@type': 'ListItem',
        position: 2,
        name: "Quillon's House Negroni",
        url: `${origin}/recipes/shared/${shared.shareSlug}`,
      },
      { '@type': 'ListItem', position: 3, name: 'Negroni', url: `${origin}/cocktails/negroni` },
    ]);
    for (const secret of [owner.email, owner.id, SECRET_RECIPE, SECRET_COLLECTION, privateRecipe.slug]) {
      expect(page).not.toContain(secret);
    }
  });

  it('names the first few of a long collection, previews a collection of own recipes by its first, an empty one by none', async () => {
    const many = await createCollection('Quillon Many', [negroniId, daiquiriId, ...(await otherIds(3))]);
    const manyPage = await (await t.request(`/shared/${many.slug}`)).text();
    expect(metaOf(manyPage, 'name', 'description')).toMatch(
      /^A collection of 5 cocktails: Negroni, Daiquiri, \w[^,]* and 2 more\.$/,
    );

    const own = await createCollection('Quillon Own Only', [privateRecipe.id, shared.id]);
    const ownPage = await (await t.request(`/shared/${own.slug}`)).text();
    expect(metaOf(ownPage, 'property', 'og:image')).toBe(`${origin}/og/recipes/shared/${shared.shareSlug}.png`);
    expect(metaOf(ownPage, 'name', 'description')).toBe("A collection of 1 cocktail: Quillon's House Negroni.");

    const empty = await createCollection('Quillon Empty', []);
    const emptyPage = await (await t.request(`/shared/${empty.slug}`)).text();
    expect(metaOf(emptyPage, 'name', 'description')).toBe('A cocktail collection on Barback, empty for now.');
    expect(metaOf(emptyPage, 'property', 'og:image')).toBeNull();
    expect(metaOf(emptyPage, 'name', 'twitter:image')).toBeNull();
    expect(metaOf(emptyPage, 'name', 'twitter:card')).toBe('summary');
    expect(jsonLdOf(emptyPage)).toMatchObject({ '@type': 'ItemList', numberOfItems: 0, itemListElement: [] });
  });

  /** Ids of `count` public cocktails other than the Negroni and the Daiquiri. */
  async function otherIds(count: number): Promise<number[]> {
    const rows = await t.database.db
      .selectFrom('cocktail')
      .select('id')
      .where('owner_id', 'is', null)
      .where('venue_id', 'is', null)
      .where('slug', 'not in', ['negroni', 'daiquiri'])
      .orderBy('id')
      .limit(count)
      .execute();
    return rows.map((row) => Number(row.id));
  }

  it('passes an unknown, malformed or revoked share link on to the app with 404, and nothing of it in the page', async () => {
    const gone = await createRecipe(recipe('Quillon Revoked Fizz', 'Soon private.'));
    const goneSlug = (await shareRecipe(gone.id))!;
    const goneCollection = await createCollection('Quillon Revoked Shelf', [negroniId]);
    expect((await t.request(`/recipes/shared/${goneSlug}`)).status).toBe(200);
    expect((await t.request(`/shared/${goneCollection.slug}`)).status).toBe(200);
    await shareRecipe(gone.id, false);
    await call(owner.jar, 'PATCH', `/api/me/collections/${goneCollection.id}`, { shared: false });

    for (const url of [
      `/recipes/shared/${goneSlug}`,
      `/shared/${goneCollection.slug}`,
      '/recipes/shared/AAAAAAAAAAAAAAAAAAAAAA',
      '/shared/AAAAAAAAAAAAAAAAAAAAAA',
      '/recipes/shared/short',
      '/shared/not%20a%20slug',
      '/shared/%E0%A4%A',
    ]) {
      const answer = await expectShell(url, 404);
      expect(answer.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it('answers HEAD as GET, and passes other methods and paths on untouched', async () => {
    const head = await t.request(`/recipes/shared/${shared.shareSlug}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
    // A page under a share link is not one of them: the app's 404 page, as client-static answers it.
    await expectShell(`/shared/${shared.shareSlug}/more`, 404);
    // A trailing slash is the same page (its canonical link has none).
    const slashed = await (await t.request(`/recipes/shared/${shared.shareSlug}/`)).text();
    expect(canonicalOf(slashed)).toBe(`${origin}/recipes/shared/${shared.shareSlug}`);
  });

  it('renders the page on the server with the build, its data block as the API answers it, and the same head', async () => {
    const template = path.join(clientDir, PRERENDERED_DIR, SHARED_PAGE_FILE);
    await mkdir(path.dirname(template), { recursive: true });
    await writeFile(template, SHARED_TEMPLATE);
    try {
      const { slug } = await createCollection('Quillon Rendered', [negroniId, shared.id]);
      for (const [url, key, api] of [
        [
          `/recipes/shared/${shared.shareSlug}`,
          `shared-recipe:${shared.shareSlug}`,
          `/api/recipes/shared/${shared.shareSlug}`,
        ],
        [`/shared/${slug}`, `shared-collection:${slug}`, `/api/collections/shared/${slug}`],
      ] as const) {
        const answer = await t.request(url);
        expect(answer.status, url).toBe(200);
        const page = await answer.text();
        const body = (await t.json<{ name: string }>(api)).body;
        expect(page, url).toContain(
          `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${url}"><main>${key}|${body.name}|http://localhost${url}</main></div>`,
        );
        const block = new RegExp(`<script type="application/json" id="${SHARED_DATA_ID}">([^<]*)</script>`).exec(page);
        expect(JSON.parse(block![1]!), url).toEqual({ key, data: body });
        expect(jsonLdOf(page), url).not.toBeNull();
        expect(canonicalOf(page), url).toBe(`${origin}${url}`);
        for (const secret of [owner.email, SECRET_RECIPE, SECRET_COLLECTION]) expect(page, url).not.toContain(secret);
      }
    } finally {
      await rm(template);
    }
  });

  it('passes the request on as it is when there is no build', async () => {
    const app = new Hono();
    app.use(
      serveSharedPages({ db: t.database.db, clientDir: path.join(buildDir, 'missing'), origin: 'https://x.test' }),
    );
    app.all('*', (c) => c.text('passed on', 418));
    for (const url of [`/recipes/shared/${shared.shareSlug}`, '/shared/AAAAAAAAAAAAAAAAAAAAAA', '/shared/short']) {
      const answer = await app.request(url);
      expect(answer.status, url).toBe(418);
      expect(await answer.text()).toBe('passed on');
    }
  });

  it("draws a shared recipe's preview image, 1200 x 630, revalidated, redrawn when the recipe changes", async () => {
    const url = `/og/recipes/shared/${shared.shareSlug}.png`;
    const answer = await t.request(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const etag = answer.headers.get('etag')!;
    const meta = await sharp(new Uint8Array(await answer.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT]);
    const fresh = await t.request(url, { headers: { 'If-None-Match': etag } });
    expect(fresh.status).toBe(304);

    const edited = await call<OwnRecipe>(owner.jar, 'PUT', `/api/me/recipes/${shared.id}`, {
      ...recipe("Quillon's House Negroni", 'A touch more gin, and orange bitters.'),
      name: "Quillon's Later Negroni",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const redrawn = await t.request(url, { headers: { 'If-None-Match': etag } });
    expect(redrawn.status).toBe(200);
    expect(redrawn.headers.get('etag')).not.toBe(etag);
  });

  it('answers 404 JSON for the image of a share link that is unknown, malformed or turned off, or a private recipe', async () => {
    const off = await createRecipe(recipe('Quillon Image Off', ''));
    const offSlug = (await shareRecipe(off.id))!;
    expect((await t.request(`/og/recipes/shared/${offSlug}.png`)).status).toBe(200);
    await shareRecipe(off.id, false);
    for (const url of [
      `/og/recipes/shared/${offSlug}.png`,
      '/og/recipes/shared/AAAAAAAAAAAAAAAAAAAAAA.png',
      '/og/recipes/shared/short.png',
      `/og/cocktails/${privateRecipe.slug}.png`,
    ]) {
      const answer = await t.request(url);
      expect(answer.status, url).toBe(404);
      expect(answer.headers.get('content-type'), url).toMatch(/^application\/json/);
      expect(((await answer.json()) as { error: { code: string } }).error.code, url).toBe('NOT_FOUND');
    }
  });

  it('answers 503 with Retry-After while the database is away: the pages as the app, the image as JSON', async () => {
    await t.database.destroy();
    for (const url of [`/recipes/shared/${shared.shareSlug}`, '/shared/AAAAAAAAAAAAAAAAAAAAAA']) {
      const answer = await expectShell(url, 503);
      expect(answer.headers.get('retry-after'), url).toBe('30');
    }
    const image = await t.request(`/og/recipes/shared/${shared.shareSlug}.png`);
    expect(image.status).toBe(503);
    expect(image.headers.get('retry-after')).toBeTruthy();
    expect(((await image.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
  });
});
