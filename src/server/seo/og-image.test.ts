import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_RENDER_DIR, SERVER_RENDER_FILE } from '@/shared/first-paint';
import { signIn, userIdOf } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { VERSION_RECHECK_MS } from '../catalogue/catalogue-version';
import {
  composeCocktailCard,
  escapeXml,
  metaLineOf,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  serifWidth,
  wrapName,
} from './og-card';
import { serveCocktailImage } from './og-image';

/**
 * A stand-in for the build's drawing export: a glass of liquid in the CSS Color 4 forms the real drawing uses, counting
 * its calls on globalThis (the module is imported by the server's loader, not by this file).
 */
const RENDERER = `
export function renderCocktailDrawing(cocktail) {
  globalThis.__ogDrawings = (globalThis.__ogDrawings ?? 0) + 1;
  return {
    liquid: '#c0392b',
    svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">'
      + '<path d="M30 30 L90 30 L84 100 L36 100 Z" fill="rgb(200 40 40 / 0.9)" stroke="rgb(246 239 228 / 0.6)" stroke-width="2"/>'
      + '<circle cx="60" cy="20" r="3" fill="rgb(246 239 228 / 0.35)"/>'
      + '<title>' + cocktail.slug + '</title></svg>',
  };
}
`;

const drawings = () => (globalThis as { __ogDrawings?: number }).__ogDrawings ?? 0;

/** The red of the fixture's liquid at `x, y` px of a PNG: [r, g, b]. */
async function pixelOf(png: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(png).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  return [...data.subarray(0, 3)];
}

describe('the card layout', () => {
  it('wraps a long name to two lines at most, ending a cut one with an ellipsis, within the width', () => {
    const long = wrapName('The Extraordinarily Long Name of a Cocktail Nobody Could Ever Order Aloud', 560);
    expect(long.lines).toHaveLength(2);
    expect(long.lines[1]!.endsWith('…')).toBe(true);
    for (const line of long.lines) expect(serifWidth(line, long.size)).toBeLessThanOrEqual(560);
    expect(wrapName('Negroni', 560)).toEqual({ lines: ['Negroni'], size: 88 });
    const word = wrapName('Supercalifragilisticexpialidociousandthensomemore', 560);
    expect(word.lines).toHaveLength(1);
    expect(word.lines[0]!.endsWith('…')).toBe(true);
  });

  it('escapes every text and names the technique as the recipe does', () => {
    expect(escapeXml(`<b>"Tom" & 'Jerry'</b>`)).toBe('&#60;b&#62;&#34;Tom&#34; &#38; &#39;Jerry&#39;&#60;/b&#62;');
    expect(metaLineOf({ base_spirit: 'Gin', technique: 'Stir', glassware: 'Coupe' })).toBe('Gin · Stirred · Coupe');
    const svg = composeCocktailCard(
      { name: 'Tom & Jerry <script>', base_spirit: 'Rum', technique: 'Build', glassware: 'Irish coffee mug' },
      { svg: '<svg viewBox="0 0 120 120" width="120" height="120"></svg>', liquid: '"/><script>' },
    );
    expect(svg).toContain('>Tom &#38; Jerry</tspan>');
    expect(svg).toContain('>&#60;script&#62;</tspan>');
    expect(svg).not.toContain('<script');
    expect(svg).toContain('x="650" y="55" width="520" height="520"');
    expect(() =>
      composeCocktailCard(
        { name: 'x', base_spirit: 'Gin', technique: 'Stir', glassware: 'Coupe' },
        { svg: '<g/>', liquid: '#000000' },
      ),
    ).toThrow(/svg/);
  });
});

describe.each(testDialects())('GET /og/cocktails/<slug>.png, on %s', (dialect) => {
  let t: TestApp;
  let app: Hono;
  let buildDir: string;
  let clientDir: string;
  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'barback-og-image-'));
    clientDir = path.join(buildDir, 'client');
    await mkdir(clientDir, { recursive: true });
    await mkdir(path.join(buildDir, SERVER_RENDER_DIR), { recursive: true });
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(buildDir, SERVER_RENDER_DIR, SERVER_RENDER_FILE), RENDERER);
    t = await createTestApp({ dialect });
    app = new Hono();
    app.use(serveCocktailImage({ db: t.database.db, clientDir }));
    app.all('*', (c) => c.text('passed on', 418));
  });
  afterAll(async () => {
    await t?.close();
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    (globalThis as { __ogDrawings?: number }).__ogDrawings = 0;
  });

  it('answers a 1200 x 630 PNG with the drawing on the right, cached, with a strong ETag', async () => {
    const answer = await app.request('/og/cocktails/negroni.png');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = answer.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const png = new Uint8Array(await answer.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT]);
    const right = await sharp(png).extract({ left: 600, top: 0, width: 600, height: 630 }).stats();
    expect(Math.max(...right.channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(10);
    // The liquid, in `rgb(200 40 40 / 0.9)`: librsvg draws the CSS Color 4 form as the colour it names.
    const [r, g, b] = await pixelOf(png, 910, 400);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
    expect(drawings()).toBe(1);

    const again = await app.request('/og/cocktails/negroni.png');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(png);
    expect(again.headers.get('etag')).toBe(etag);
    expect(drawings()).toBe(1);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const fresh = await app.request('/og/cocktails/negroni.png', { headers: { 'If-None-Match': header } });
      expect(fresh.status, header).toBe(304);
      expect(fresh.headers.get('etag')).toBe(etag);
      expect(await fresh.text()).toBe('');
    }
    const head = await app.request('/og/cocktails/negroni.png', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.byteLength));
    expect(drawings()).toBe(1);
  });

  it('draws an image once for concurrent requests, and again when the catalogue changes', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.request('/og/cocktails/daiquiri.png')));
    const etags = new Set(answers.map((answer) => answer.headers.get('etag')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(etags.size).toBe(1);
    expect(drawings()).toBe(1);

    await t.database.db
      .updateTable('catalogue_meta')
      .set({ value: 'og-test-version' })
      .where('key', '=', 'version')
      .execute();
    await new Promise((resolve) => setTimeout(resolve, VERSION_RECHECK_MS + 20));
    expect((await app.request('/og/cocktails/daiquiri.png')).status).toBe(200);
    expect((await app.request('/og/cocktails/daiquiri.png')).status).toBe(200);
    expect(drawings()).toBe(2);
  });

  it('answers 404 JSON for a slug that is not a public cocktail: unknown, malformed, a venue signature, an own recipe', async () => {
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('organization')
      .values({ id: 'org-og', name: 'OG Bar', slug: 'og-bar', logo: null, metadata: null, createdAt: now })
      .execute();
    await t.database.db
      .updateTable('cocktail')
      .set({ venue_id: 'org-og' })
      .where('slug', '=', 'gin-basil-smash')
      .execute();
    const owner = await userIdOf(t, await signIn(t));
    await t.database.db.updateTable('cocktail').set({ owner_id: owner }).where('slug', '=', 'caipirinha').execute();
    for (const slug of ['no-such-drink', 'gin-basil-smash', 'caipirinha', 'Negroni', 'a'.repeat(81), '%2e%2e']) {
      const answer = await app.request(`/og/cocktails/${slug}.png`);
      expect(answer.status, slug).toBe(404);
      expect(answer.headers.get('content-type'), slug).toMatch(/^application\/json/);
      const body = (await answer.json()) as { error: { code: string; message: string } };
      expect(body.error.code, slug).toBe('NOT_FOUND');
      expect(body.error.message, slug).toBeTruthy();
    }
    expect(drawings()).toBe(0);
  });

  it('passes other methods and paths on', async () => {
    for (const [method, url] of [
      ['POST', '/og/cocktails/negroni.png'],
      ['GET', '/og/cocktails/negroni.jpg'],
      ['GET', '/og/cocktails/negroni'],
      ['GET', '/og/cocktails/a/negroni.png'],
    ] as const) {
      const answer = await app.request(url, { method });
      expect(answer.status, `${method} ${url}`).toBe(418);
    }
  });

  it('answers 404 JSON when there is no build', async () => {
    const unbuilt = new Hono();
    unbuilt.use(serveCocktailImage({ db: t.database.db, clientDir: path.join(buildDir, 'missing') }));
    const answer = await unbuilt.request('/og/cocktails/negroni.png');
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('answers 503 JSON while the database is away (no 500)', async () => {
    await t.database.destroy();
    await new Promise((resolve) => setTimeout(resolve, VERSION_RECHECK_MS + 20));
    const answer = await app.request('/og/cocktails/mojito.png');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBeTruthy();
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
  });
});
