import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRERENDERED_DIR,
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
/** The build's recipe page template: the home page's, with the placeholder in `#root`. */
const TEMPLATE = `<!doctype html><html><body><div id="root">${RECIPE_HTML_PLACEHOLDER}</div></body></html>`;
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
    expect(page).toContain('<div id="root"><main>$& $1</main></div>');
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

describe.each(testDialects())('GET /?recipe=<id> rendered on the server, on %s', (dialect) => {
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

  /** Expects the ordinary home page (no recipe, no data block) for `url`. */
  async function expectHome(url: string) {
    const answer = await t.request(url);
    expect(answer.status, url).toBe(200);
    expect(await answer.text(), url).toBe(HOME);
  }

  it('answers the page rendered at its address with the recipe, and its detail, the same as the API answers', async () => {
    const answer = await t.request(`/?q=rye&recipe=${id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const page = await answer.text();
    expect(page).toContain(`<div id="root"><main>Old Fashioned|http://localhost/?q=rye&recipe=${id}</main></div>`);
    const detail = cocktailDetailSchema.parse(JSON.parse(dataBlockOf(page)!));
    const api = await t.json<CocktailDetail>(`/api/cocktails/${id}`);
    expect(detail).toEqual(api.body);
  });

  it('serves the ordinary home page for an unknown cocktail or an id that is not a whole number', async () => {
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

  it("draws nothing on other paths (the recipe page is the home page's)", async () => {
    const answer = await t.request(`/discover?recipe=${id}`);
    expect(dataBlockOf(await answer.text())).toBeNull();
  });

  it('serves the ordinary home page while the database is away (no 500)', async () => {
    await t.database.destroy();
    await expectHome(`/?recipe=${id}`);
  });
});
