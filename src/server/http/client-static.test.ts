import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { isClientRoute, routePatterns, routePaths } from '@/shared/routes';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

describe('page paths of the built client', () => {
  let root: string;
  let t: TestApp;
  const indexHtml = '<!doctype html><html><head><title>Barback</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'barback-client-routes-'));
    const clientDir = path.join(root, 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
    writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ clientDir, seed: null });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 200 with the app for each client route', async () => {
    for (const url of ['/', '/discover', '/profile/favorites', '/dev/mailbox', '/auth/callback?method=email']) {
      const response = await t.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(await response.text(), url).toBe(indexHtml);
    }
  });

  it('answers 200 for every route the client defines, with a trailing slash or in another case too', async () => {
    // A cocktail's page answers by the catalogue (catalogue/recipe-page.test.ts), a shared collection's or recipe's by
    // its share link (seo/shared-pages.test.ts): this app has no cocktail, and ':slug' is no share link (404).
    const byRecord: string[] = [routePaths.cocktail, routePaths.sharedCollection, routePaths.sharedRecipe];
    const pages = routePatterns.filter((pattern) => !byRecord.includes(pattern));
    for (const url of [...pages, '/discover/', '/Profile/Favorites']) {
      expect((await t.request(url)).status, url).toBe(200);
    }
  });

  it('answers 404 with the app (which draws its own 404 page) for an unknown path', async () => {
    for (const url of ['/no-such-page', '/discover/extra', '/dev', '/dev/nope', '/auth/twitter', '/index.html']) {
      const response = await t.request(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(response.headers.get('etag'), url).toBeNull();
      expect(await response.text(), url).toContain('<div id="root"></div>');
    }
  });

  it('keeps the 404 for a revalidation or a HEAD of an unknown path', async () => {
    const page = await t.request('/');
    const etag = page.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    expect((await t.request('/', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await t.request('/no-such-page', { headers: { 'If-None-Match': etag } })).status).toBe(404);
    expect((await t.request('/no-such-page', { headers: { 'If-None-Match': '*' } })).status).toBe(404);
    const head = await t.request('/no-such-page', { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
  });

  it('still serves existing files and 404s a missing asset as before', async () => {
    expect((await t.request('/favicon.svg')).status).toBe(200);
    expect((await t.request('/assets/index-abc123.js')).status).toBe(200);
    const missing = await t.request('/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found');
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const response = await t.request('/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe('NOT_FOUND');
  });
});

describe('isClientRoute', () => {
  it('knows every shared route path', () => {
    expect(routePatterns).toEqual(Object.values(routePaths));
    expect(routePatterns).toContain('/dev/mailbox');
    for (const pattern of routePatterns) expect(isClientRoute(pattern), pattern).toBe(true);
  });

  it('matches as the client router does: any case, trailing slash, :params and a final *', () => {
    expect(isClientRoute('/SEARCH/')).toBe(true);
    expect(isClientRoute('/search/more')).toBe(false);
    expect(isClientRoute('/cocktails/12', ['/cocktails/:id'])).toBe(true);
    expect(isClientRoute('/cocktails', ['/cocktails/:id'])).toBe(false);
    expect(isClientRoute('/docs/a/b', ['/docs/*'])).toBe(true);
    expect(isClientRoute('/other', ['/docs/*'])).toBe(false);
  });
});

describe('the pre-rendered pages of the build', () => {
  let root: string;
  let t: TestApp;
  const indexHtml = '<!doctype html><html><body><div id="root" data-prerendered="/">home</div></body></html>';
  const shellHtml = '<!doctype html><html><body><div id="root">shell</div></body></html>';
  const discoverHtml =
    '<!doctype html><html><body><div id="root" data-prerendered="/discover">discover</div></body></html>';

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'barback-client-shell-'));
    const clientDir = path.join(root, 'client');
    mkdirSync(path.join(clientDir, 'prerendered'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
    writeFileSync(path.join(clientDir, 'app-shell.html'), shellHtml);
    writeFileSync(path.join(clientDir, 'prerendered', 'discover.html'), discoverHtml);
    // The templates the server fills in for the menu, a cocktail's page and the shared pages.
    for (const file of ['menu.html', 'recipe.html', 'shared.html']) {
      writeFileSync(
        path.join(clientDir, 'prerendered', file),
        '<!doctype html><html><body><!--placeholder--></body></html>',
      );
    }
    writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ clientDir, seed: null });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("serves the pre-rendered home page for '/', a pre-rendered page for its path, the shell for the others", async () => {
    expect(await (await t.request('/')).text()).toBe(indexHtml);
    expect(await (await t.request('/?q=negroni')).text()).toBe(indexHtml);
    for (const url of ['/discover', '/discover?sort=name']) {
      const response = await t.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(await response.text(), url).toBe(discoverHtml);
    }
    for (const url of ['/batch-calculator', '/profile/favorites', '/discover/']) {
      const response = await t.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(await response.text(), url).toBe(shellHtml);
    }
  });

  it('never serves a page under its own file name', async () => {
    for (const url of [
      '/index.html',
      '/app-shell.html',
      '/prerendered/discover.html',
      '/prerendered/menu.html',
      '/prerendered/recipe.html',
      '/prerendered/shared.html',
      '/assets/../index.html',
    ]) {
      const response = await t.request(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toBe(shellHtml);
    }
  });
  it('answers the app shell at its own address for the service worker, revalidated every time', async () => {
    const response = await t.request('/app-shell');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(shellHtml);
  });

  it("serves the service worker's script revalidated every time, other public files for an hour", async () => {
    const worker = await t.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect((await t.request('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
