import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENU_DATA_ID,
  MENU_HTML_PLACEHOLDER,
  MENU_PAGE_FILE,
  MENU_PATH_PLACEHOLDER,
  PRERENDERED_DIR,
  SERVER_RENDER_DIR,
  SERVER_RENDER_FILE,
} from '@/shared/first-paint';
import { MENU_GRACE_DAYS } from '@/shared/domain/venues';
import { publicMenuSchema, venueSchema, type PublicMenu, type Venue } from '@/shared/schemas/venues';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { grantEntitlement } from '../payments';
import { jsonForScript } from '../http/server-render-build';
import { fillMenuTemplate } from './menu-page';

/** A public menu as getPublicMenu returns it, small. */
const MENU: PublicMenu = {
  venue: {
    name: 'The Test Bar',
    slug: 'the-test-bar',
    logoUrl: null,
    brand: { background: '#140f0c', accent: '#e6a84f' },
    address: null,
    openingHours: null,
  },
  sections: [],
  asOf: '2025-01-01T00:00:00.000Z',
  state: 'open',
};

/** The build's menu template, reduced to what the server fills in. */
const TEMPLATE = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head><title>Menu</title></head>',
  '  <body>',
  '    <div id="age-gate-root">gate</div>',
  `    <div id="root" data-prerendered="${MENU_PATH_PLACEHOLDER}">${MENU_HTML_PLACEHOLDER}</div>`,
  '  </body>',
  '</html>',
].join('\n');

/** The data block of a served page: its raw text, or null when there is none. */
function dataBlockOf(page: string): string | null {
  const match = new RegExp(`<script type="application/json" id="${MENU_DATA_ID}">([^<]*)</script>`).exec(page);
  return match ? match[1]! : null;
}

describe('jsonForScript', () => {
  it('escapes <, </script>, <!-- and U+2028/2029, and parses back to the input', () => {
    const value = {
      name: '</script><script>alert(1)</script>',
      comment: '<!-- not a comment -->',
      separators: 'line\u2028paragraph\u2029end',
      nested: [{ tag: '<b>bold</b>' }, 42, null, true],
      plain: 'Négroni & co > "quoted"',
    };
    const json = jsonForScript(value);
    expect(json).not.toContain('<');
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<!--');
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(json).toContain('\\u003c/script>');
    expect(json).toContain('\\u003c!--');
    expect(json).toContain('\\u2028');
    expect(json).toContain('\\u2029');
    expect(JSON.parse(json)).toEqual(value);
    expect(JSON.parse(jsonForScript(MENU))).toEqual(MENU);
  });
});

describe('fillMenuTemplate', () => {
  it('puts the html in #root, the URL-encoded path in its attribute, and the data block before </body>', () => {
    const page = fillMenuTemplate(TEMPLATE, { html: '<main>The Test Bar</main>', slug: 'the-test-bar', menu: MENU });
    expect(page).toContain('<div id="root" data-prerendered="/v/the-test-bar"><main>The Test Bar</main></div>');
    expect(page).not.toContain(MENU_HTML_PLACEHOLDER);
    expect(page).not.toContain(MENU_PATH_PLACEHOLDER);
    const block = `<script type="application/json" id="${MENU_DATA_ID}">${jsonForScript(MENU)}</script>`;
    expect(page).toContain(`${block}\n  </body>`);
    expect(page.indexOf(block)).toBeGreaterThan(page.indexOf('id="root"'));
    expect(publicMenuSchema.parse(JSON.parse(dataBlockOf(page)!))).toEqual(MENU);

    const encoded = fillMenuTemplate(TEMPLATE, { html: '', slug: 'café bar', menu: MENU });
    expect(encoded).toContain('data-prerendered="/v/caf%C3%A9%20bar"');
  });

  it('inserts the html and data literally ($& and $1 are no replacement patterns)', () => {
    const menu = { ...MENU, venue: { ...MENU.venue, name: "Bar $& $' $1" } };
    const page = fillMenuTemplate(TEMPLATE, { html: "<main>Bar $& $' $1</main>", slug: 'the-test-bar', menu });
    expect(page).toContain("<main>Bar $& $' $1</main>");
    expect(JSON.parse(dataBlockOf(page)!)).toEqual(menu);
  });

  it('throws on a template missing a placeholder or </body>', () => {
    const fill = (template: string) => () => fillMenuTemplate(template, { html: '', slug: 'the-test-bar', menu: MENU });
    expect(fill(TEMPLATE.replace(MENU_HTML_PLACEHOLDER, ''))).toThrow(/placeholders/);
    expect(fill(TEMPLATE.replace(MENU_PATH_PLACEHOLDER, '/v/x'))).toThrow(/placeholders/);
    expect(fill(TEMPLATE.replace('</body>', ''))).toThrow('</body>');
  });
});

/** A renderer module as the server-render build exports it. */
const RENDERER =
  "export async function renderPublicMenu(menu, url) { return '<main>' + menu.venue.name + '</main>'; }\n";
const THROWING_RENDERER = "export async function renderPublicMenu() { throw new Error('render failed'); }\n";
/** The client build's shell page, served for a client route without a pre-rendered page. */
const SHELL = '<!doctype html><html><body><div id="root">shell</div></body></html>';

describe.each(testDialects())('GET /v/:slug rendered on the server, on %s', (dialect) => {
  let t: TestApp;
  let buildDir: string;
  let rendererFile: string;
  let owner: { id: string; venue: Venue };
  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'barback-menu-page-'));
    const clientDir = path.join(buildDir, 'client');
    await mkdir(path.join(clientDir, PRERENDERED_DIR), { recursive: true });
    await mkdir(path.join(buildDir, SERVER_RENDER_DIR), { recursive: true });
    await writeFile(path.join(clientDir, 'index.html'), SHELL.replace('shell', 'home'));
    await writeFile(path.join(clientDir, 'app-shell.html'), SHELL);
    await writeFile(path.join(clientDir, PRERENDERED_DIR, MENU_PAGE_FILE), TEMPLATE);
    rendererFile = path.join(buildDir, SERVER_RENDER_DIR, SERVER_RENDER_FILE);
    await writeFile(rendererFile, RENDERER);
    t = await createTestApp({ dialect, clientDir });

    const jar = await signIn(t, randomEmail('menu-page'));
    const id = await userIdOf(t, jar);
    await grantEntitlement({ db: t.database.db, userId: id, name: 'enterprise' });
    const created = await t.json<Venue>('/api/venues', postJson({ name: `Menu Page Bar ${Date.now()}` }, jar));
    expect(created.status).toBe(201);
    // A hostile address: only the data block carries it, and it must not end the block.
    const patched = await t.json<Venue>(
      `/api/venues/${created.body.slug}`,
      postJson({ address: '</script><script>alert(1)</script><!--' }, jar, 'PATCH'),
    );
    expect(patched.status).toBe(200);
    owner = { id, venue: venueSchema.parse(patched.body) };
  });
  afterAll(async () => {
    await t?.close();
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });

  /** Expects the ordinary client page (the shell, no data block) for `url`. */
  async function expectShell(url: string) {
    const answer = await t.request(url);
    const page = await answer.text();
    expect(answer.status, url).toBe(200);
    expect(page, url).toBe(SHELL);
    expect(dataBlockOf(page)).toBeNull();
  }

  it("answers the venue's menu in the first paint, with its data for hydration", async () => {
    const { slug, name } = owner.venue;
    const answer = await t.request(`/v/${slug}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const page = await answer.text();
    expect(page).toContain(`<div id="root" data-prerendered="/v/${slug}"><main>${name}</main></div>`);
    expect(page).not.toContain(MENU_HTML_PLACEHOLDER);
    expect(page).not.toContain('<script>alert(1)');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    const menu = publicMenuSchema.parse(JSON.parse(dataBlockOf(page)!));
    expect(menu.venue).toMatchObject({ name, slug, address: '</script><script>alert(1)</script><!--' });
    // The same menu as the API answers (but for the moment it was computed).
    const api = await t.json<PublicMenu>(`/api/menus/${slug}`);
    expect({ ...menu, asOf: '' }).toEqual({ ...api.body, asOf: '' });
  });

  it('falls through to the ordinary client page for an unknown slug', async () => {
    await expectShell('/v/no-such-venue');
    await expectShell('/v/Not_A_Slug');
  });

  it("renders a lapsed owner's menu as 'not-updated' for the grace days, then the venue's paused page (200)", async () => {
    const { slug, name } = owner.venue;
    const endedDaysAgo = async (days: number) =>
      t.database.db
        .updateTable('entitlement')
        .set({ expires_at: new Date(Date.now() - days * 86_400_000).toISOString(), will_renew: 0 })
        .where('user_id', '=', owner.id)
        .where('name', '=', 'enterprise')
        .execute();
    const served = async () => {
      const answer = await t.request(`/v/${slug}`);
      expect(answer.status).toBe(200);
      const page = await answer.text();
      expect(page).toContain(`<main>${name}</main>`);
      return publicMenuSchema.parse(JSON.parse(dataBlockOf(page)!));
    };
    try {
      await endedDaysAgo(MENU_GRACE_DAYS - 1);
      expect((await served()).state).toBe('not-updated');
      await endedDaysAgo(MENU_GRACE_DAYS + 1);
      expect(await served()).toMatchObject({ state: 'paused', sections: [], venue: { name, slug } });
    } finally {
      await grantEntitlement({ db: t.database.db, userId: owner.id, name: 'enterprise' });
    }
    expect((await served()).state).toBe('open');
  });

  it('falls through when the renderer throws, and picks up a new renderer build', async () => {
    const later = async (seconds: number) => {
      const time = new Date(Date.now() + seconds * 1000);
      await utimes(rendererFile, time, time);
    };
    await writeFile(rendererFile, THROWING_RENDERER);
    await later(10);
    await expectShell(`/v/${owner.venue.slug}`);
    await writeFile(rendererFile, RENDERER);
    await later(20);
    const page = await (await t.request(`/v/${owner.venue.slug}`)).text();
    expect(page).toContain(`<main>${owner.venue.name}</main>`);
  });

  it('never serves the menu template under its own name (404 with the shell, like every page)', async () => {
    const answer = await t.request(`/${PRERENDERED_DIR}/${MENU_PAGE_FILE}`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe(SHELL);
  });

  it('falls through while the database is away (no 500)', async () => {
    await t.database.destroy();
    await expectShell(`/v/${owner.venue.slug}`);
  });
});
