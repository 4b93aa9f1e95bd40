/**
 * Search engines: `/robots.txt` and `/sitemap.xml` (with `/sitemap-<n>.xml` pages past 50,000 URLs), mounted before the
 * client's static files so these answers win over any file of the same name in the build.
 */
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/types';
import type { Logger } from '../logger';
import { robotsTxt } from './robots';
import { buildSitemap, type SitemapDocument } from './sitemap';

export { robotsTxt, ROBOTS_DISALLOWED } from './robots';
export { buildSitemap, SITEMAP_MAX_URLS } from './sitemap';

/** Both files are cached for an hour by browsers, proxies and crawlers. */
export const SEO_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The routes GET (and HEAD) `/robots.txt` (text/plain) and `/sitemap.xml`, `/sitemap-<n>.xml` (application/xml; a page
 * past the last one is 404). `config.appUrl` is the origin every URL is built on. A database that is away throws to the
 * app's error handler, which answers 503 SERVICE_UNAVAILABLE with Retry-After (never a 500). `pageSize` (tests) replaces
 * the 50,000 URLs a sitemap page holds.
 */
export function seoRoutes({
  db,
  config,
  logger,
  pageSize,
}: {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  logger?: Logger;
  pageSize?: number;
}): Hono {
  const app = new Hono();
  const appUrl = config.appUrl.replace(/\/+$/, '');

  const answer = (document: SitemapDocument, started: number) => {
    if (!document) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    logger?.debug({ kind: document.kind, ms: Math.round(performance.now() - started) }, 'sitemap built');
    return new Response(document.xml, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SEO_CACHE_CONTROL },
    });
  };

  app.get('/robots.txt', (c) =>
    c.text(robotsTxt(appUrl), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': SEO_CACHE_CONTROL,
    }),
  );
  app.get('/sitemap.xml', async () => {
    const started = performance.now();
    return answer(await buildSitemap({ db, appUrl, pageSize }), started);
  });
  app.get('/:file{sitemap-[1-9][0-9]*\\.xml}', async (c) => {
    const started = performance.now();
    const page = Number(/^sitemap-(\d+)\.xml$/.exec(c.req.param('file'))![1]);
    return answer(await buildSitemap({ db, appUrl, page, pageSize }), started);
  });
  return app;
}
