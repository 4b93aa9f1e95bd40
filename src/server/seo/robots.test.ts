import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePaths } from '@/shared/routes';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { robotsTxt } from './robots';

/** Whether a crawler following `text` may fetch `pathname`: the longest matching Allow/Disallow prefix wins (Allow on a tie). */
function allowed(text: string, pathname: string): boolean {
  let best = { length: -1, allow: true };
  for (const line of text.split('\n')) {
    const rule = /^(Allow|Disallow): (\S+)$/.exec(line);
    if (!rule || !pathname.startsWith(rule[2]!)) continue;
    const length = rule[2]!.length;
    if (length > best.length || (length === best.length && rule[1] === 'Allow')) {
      best = { length, allow: rule[1] === 'Allow' };
    }
  }
  return best.allow;
}

const EXPECTED_LINES = [
  'User-agent: *',
  'Allow: /',
  'Allow: /og/',
  'Disallow: /api/',
  'Disallow: /dev/',
  'Disallow: /auth',
  'Disallow: /profile',
  'Disallow: /settings',
  'Disallow: /my-bar',
  'Disallow: /my-recipes',
  'Disallow: /collections',
  'Disallow: /upgrade',
  'Disallow: /venues',
  '',
  'Sitemap: https://bar.example/sitemap.xml',
  '',
];

describe('robotsTxt', () => {
  it('lists every rule on its own line, then the sitemap on the site origin', () => {
    expect(robotsTxt('https://bar.example').split('\n')).toEqual(EXPECTED_LINES);
  });

  it('keeps crawlers out of every personal page, developer tool and the API, and lets the public pages in', () => {
    const text = robotsTxt('https://bar.example');
    const fill = (pattern: string) => pattern.replace(/:[a-zA-Z]+/g, 'x1');
    const closed = [
      routePaths.profile,
      routePaths.favorites,
      routePaths.activity,
      routePaths.settings,
      routePaths.security,
      routePaths.myBar,
      routePaths.myRecipes,
      routePaths.recipeImport,
      routePaths.collections,
      fill(routePaths.collection),
      routePaths.upgrade,
      routePaths.venues,
      fill(routePaths.venue),
      fill(routePaths.venueJoin),
      fill(routePaths.tableCard),
      routePaths.auth,
      routePaths.authGoogle,
      routePaths.authCallback,
      routePaths.devHealth,
      routePaths.devMailbox,
      '/api/cocktails',
    ];
    for (const pathname of closed) expect(allowed(text, pathname), pathname).toBe(false);
    const open = [
      routePaths.home,
      routePaths.discover,
      routePaths.batchCalculator,
      fill(routePaths.cocktail),
      fill(routePaths.sharedCollection),
      fill(routePaths.sharedRecipe),
      fill(routePaths.publicMenu),
      '/og/cocktails/negroni.png',
      '/media/photo/640.webp',
      '/sitemap.xml',
    ];
    for (const pathname of open) expect(allowed(text, pathname), pathname).toBe(true);
  });
});

describe('GET /robots.txt', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    // A client build holding its own robots.txt: the server's answer must win over it.
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'barback-robots-'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Barback</title><div id="root"></div>');
    await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    t = await createTestApp({ clientDir, seed: null });
  });
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('answers the rules as text/plain, cached for an hour, over any robots.txt in the client build', async () => {
    const answer = await t.request('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    const lines = (await answer.text()).split('\n');
    expect(lines).toEqual(
      EXPECTED_LINES.map((line) => line.replace('https://bar.example', t.config.appUrl.replace(/\/+$/, ''))),
    );
  });

  it('answers HEAD with the headers and no body', async () => {
    const answer = await t.request('/robots.txt', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await answer.text()).toBe('');
  });
});
