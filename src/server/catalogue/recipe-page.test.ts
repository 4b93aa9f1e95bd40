import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRERENDERED_DIR,
  PRERENDERED_PATH_ATTRIBUTE,
  RECIPE_DATA_ID,
  RECIPE_HTML_PLACEHOLDER,
  RECIPE_PAGE_FILE,
  SERVER_RENDER_DIR,
  SERVER_RENDER_FILE,
} from '@/shared/first-paint';
import { cocktailDetailSchema, type CocktailDetail } from '@/shared/schemas/cocktail';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { fillRecipePage } from './recipe-page';

/** The build's home page, reduced to what the server fills in. */
const HOME = '<!doctype html><html><body><div id="root">home</div></body></html>';
/** The build's recipe page template: the home page's head, and the placeholder in `#root`, marked as the home page's. */
const TEMPLATE =
  '<!doctype html><html><head><title>Barback</title><meta name="description" content="Cocktails" /></head>' +
  `<body><div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="/">${RECIPE_HTML_PLACEHOLDER}</div></body></html>`;
/** A stand-in renderer: the cocktail's name and the address it was rendered at. */
const RENDERER =
  "export async function renderRecipePage(cocktail, url) { return '<main>' + cocktail.name + '|' + url + '</main>'; }\n";

/** The data block of a served page: its raw text, or null when there is none. */
function dataBlockOf(page: string): string | null {
  const match = new RegExp(`<script type="application/json" id="${RECIPE_DATA_ID}">([^<]*)</script>`).exec(page);
  return match ? match[1]! : null;
}

describe('fillRecipePage', () => {
  const cocktail = { name: 'Gimlet </script><!--' } as unknown as CocktailDetail;
  it('puts the page into #root and a data block that no value can end before </body>', () => {
    const page = fillRecipePage(TEMPLATE, { html: '<main>$& $1</main>', cocktail });
    expect(page).toContain(`<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="/"><main>$& $1</main></div>`);
    expect(page).not.toContain(RECIPE_HTML_PLACEHOLDER);
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(dataBlockOf(page)!)).toEqual(cocktail);
    expect(page.trimEnd().endsWith('</body></html>')).toBe(true);
  });
  it('throws on a template without its placeholder or </body>', () => {
    expect(() => fillRecipePage(HOME, { html: '', cocktail })).toThrow(/placeholder/);
    expect(() => fillRecipePage(`<div id="root">${RECIPE_HTML_PLACEHOLDER}</div>`, { html: '', cocktail })).toThrow(
      /<\/body>/,
    );
  });
});

/** The JSON-LD block of a served page, parsed; null when there is none. */
function jsonLdOf(page: string): Record<string, unknown> | null {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

/** The content of the meta tag `key`=`name` in `page`, unescaped; null when there is none. */
function metaOf(page: string, key: 'name' | 'property', name: string): string | null {
  const match = new RegExp(`<meta ${key}="${name}" content="([^"]*)"`).exec(page);
  return match ? match[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))) : null;
}

describe.each(testDialects())('the cocktail pages rendered on the server, on %s', (dialect) => {
  let t: TestApp;
  let buildDir: string;
  let id: number;
  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'barback-recipe-page-'));
    const clientDir = path.join(buildDir, 'client');
    await mkdir(clientDir, { recursive: true });
    await mkdir(path.join(buildDir, SERVER_RENDER_DIR), { recursive: true });
    await writeFile(path.join(clientDir, 'index.html'), HOME);
    await mkdir(path.join(clientDir, PRERENDERED_DIR), { recursive: true });
    await writeFile(path.join(clientDir, PRERENDERED_DIR, RECIPE_PAGE_FILE), TEMPLATE);
    await writeFile(path.join(buildDir, SERVER_RENDER_DIR, SERVER_RENDER_FILE), RENDERER);
    t = await createTestApp({ dialect, clientDir });
    const row = await t.database.db
      .selectFrom('cocktail')
      .select('id')
      .where('slug', '=', 'old-fashioned')
      .executeTakeFirstOrThrow();
    id = Number(row.id);
  });
  afterAll(async () => {
    await t?.close();
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });

  /** Expects the ordinary home page (no recipe, no data block) for `url`, answered with `status`. */
  async function expectHome(url: string, status = 200) {
    const answer = await t.request(url);
    expect(answer.status, url).toBe(status);
    expect(await answer.text(), url).toBe(HOME);
    return answer;
  }

  it('answers /cocktails/<slug> with the recipe rendered at its address and its detail, as the API answers it', async () => {
    const answer = await t.request('/cocktails/old-fashioned');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const page = await answer.text();
    expect(page).toContain(
      `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="/cocktails/old-fashioned"><main>Old Fashioned|http://localhost/cocktails/old-fashioned</main></div>`,
    );
    const detail = cocktailDetailSchema.parse(JSON.parse(dataBlockOf(page)!));
    const api = await t.json<CocktailDetail>(`/api/cocktails/${id}`);
    expect(detail).toEqual(api.body);
  });

  it('gives the page its own title, description, canonical link, preview tags and schema.org Recipe', async () => {
    const page = await (await t.request('/cocktails/old-fashioned')).text();
    expect(page).toContain('<title>Old Fashioned cocktail recipe · Barback</title>');
    expect(page).not.toContain('content="Cocktails"');
    const description = metaOf(page, 'name', 'description')!;
    expect(description.length).toBeGreaterThan(40);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/bourbon|whiskey/i);
    const origin = t.config.appUrl;
    expect(page).toContain(`<link rel="canonical" href="${origin}/cocktails/old-fashioned" />`);
    expect(metaOf(page, 'property', 'og:url')).toBe(`${origin}/cocktails/old-fashioned`);
    expect(metaOf(page, 'property', 'og:image')).toBe(`${origin}/og/cocktails/old-fashioned.png`);
    expect(metaOf(page, 'property', 'og:image:width')).toBe('1200');
    expect(metaOf(page, 'property', 'og:image:height')).toBe('630');
    expect(metaOf(page, 'name', 'twitter:card')).toBe('summary_large_image');
    const recipe = jsonLdOf(page)!;
    expect(recipe).toMatchObject({ '@context': 'https://schema.org', '@type': 'Recipe', name: 'Old Fashioned' });
    expect(recipe.url).toBe(`${origin}/cocktails/old-fashioned`);
    expect((recipe.recipeIngredient as string[]).some((line) => /bourbon|whiskey/i.test(line))).toBe(true);
    expect(page.indexOf('application/ld+json')).toBeLessThan(page.indexOf('</head>'));
  });

  it('redirects the old deep link of a catalogue cocktail to its page, and a trailing slash or capitals to the page', async () => {
    for (const [from, to] of [
      [`/?recipe=${id}`, '/cocktails/old-fashioned'],
      [`/?q=rye&recipe=${id}`, '/cocktails/old-fashioned?q=rye'],
      ['/cocktails/old-fashioned/', '/cocktails/old-fashioned'],
      ['/cocktails/old-fashioned/?utm_source=chat', '/cocktails/old-fashioned?utm_source=chat'],
      ['/cocktails/Old-Fashioned', '/cocktails/old-fashioned'],
    ] as const) {
      const answer = await t.request(from, { redirect: 'manual' });
      expect(answer.status, from).toBe(301);
      expect(answer.headers.get('location'), from).toBe(to);
    }
  });

  it("passes another user's own recipe id, an unknown one or a malformed one on to the home page", async () => {
    for (const query of [
      '?recipe=99999999',
      '?recipe=9999999999999999',
      '?recipe=abc',
      '?recipe=01',
      `?recipe=${id}&recipe=${id}`,
      '?recipe=',
    ]) {
      await expectHome(`/${query}`);
    }
  });

  it('answers the app with 404 for a slug the catalogue does not have, or a malformed one', async () => {
    for (const url of ['/cocktails/no-such-drink', '/cocktails/No_Such', '/cocktails/%E0%A4%A', '/cocktails/a--b']) {
      const answer = await expectHome(url, 404);
      expect(answer.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it("draws nothing on other paths (the recipe is the home page's or its own page's)", async () => {
    const answer = await t.request(`/discover?recipe=${id}`);
    expect(dataBlockOf(await answer.text())).toBeNull();
  });

  it('answers the app with 503 and Retry-After while the database is away, and the old link as the home page', async () => {
    await t.database.destroy();
    const answer = await expectHome('/cocktails/old-fashioned', 503);
    expect(answer.headers.get('retry-after')).toBe('30');
    await expectHome(`/?recipe=${id}`);
  });
});
