import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPE_DATA_ID, SERVER_RENDER_DIR, SERVER_RENDER_FILE } from '@/shared/first-paint';
import { cocktailDetailSchema, type CocktailDetail } from '@/shared/schemas/cocktail';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { fillRecipePage, pageWithoutRecipe } from './recipe-page';

/** The build's home page, reduced to what the server fills in. */
const HOME = '<!doctype html><html><body><div id="root">home</div></body></html>';
/** A stand-in renderer: the cocktail's name and the close link it was given. */
const RENDERER =
  "export async function renderRecipeSheet(cocktail, pageUrl) { return '<div id=\"sheet\">' + cocktail.name + '|' + pageUrl + '</div>'; }\n";

/** The data block of a served page: its raw text, or null when there is none. */
function dataBlockOf(page: string): string | null {
  const match = new RegExp(`<script type="application/json" id="${RECIPE_DATA_ID}">([^<]*)</script>`).exec(page);
  return match ? match[1]! : null;
}

describe('pageWithoutRecipe', () => {
  it('keeps the other parameters and drops the recipe', () => {
    expect(pageWithoutRecipe('?recipe=12')).toBe('/');
    expect(pageWithoutRecipe('')).toBe('/');
    expect(pageWithoutRecipe('?q=gin&recipe=12')).toBe('/?q=gin');
    expect(pageWithoutRecipe('?recipe=12&utm_source=qr%20card')).toBe('/?utm_source=qr+card');
  });
});

describe('fillRecipePage', () => {
  const cocktail = { name: 'Gimlet </script><!--' } as unknown as CocktailDetail;
  it('adds the sheet and a data block that no value can end, before </body>', () => {
    const page = fillRecipePage(HOME, { html: '<div id="sheet">$& $1</div>', cocktail });
    expect(page).toContain('<div id="root">home</div><div id="sheet">$& $1</div>');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(dataBlockOf(page)!)).toEqual(cocktail);
    expect(page.trimEnd().endsWith('</body></html>')).toBe(true);
  });
  it('throws on a page without </body>', () => {
    expect(() => fillRecipePage('<div id="root"></div>', { html: '', cocktail })).toThrow(/<\/body>/);
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

  /** Expects the ordinary home page (no sheet, no data block) for `url`. */
  async function expectHome(url: string) {
    const answer = await t.request(url);
    expect(answer.status, url).toBe(200);
    expect(await answer.text(), url).toBe(HOME);
  }

  it('answers the home page with the recipe drawn and its detail, the same as the API answers', async () => {
    const answer = await t.request(`/?q=rye&recipe=${id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const page = await answer.text();
    expect(page).toContain('<div id="root">home</div><div id="sheet">Old Fashioned|/?q=rye</div>');
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

  it("draws nothing on other paths (the recipe sheet is the home page's)", async () => {
    const answer = await t.request(`/discover?recipe=${id}`);
    expect(dataBlockOf(await answer.text())).toBeNull();
  });

  it('serves the ordinary home page while the database is away (no 500)', async () => {
    await t.database.destroy();
    await expectHome(`/?recipe=${id}`);
  });
});
