/**
 * The route table's files for search engines (src/server/seo): robots.txt and the sitemap with its pages. Anyone may read
 * them; the sitemap must never hold the victim's private things (an unshared collection, a private own recipe, a venue
 * signature): the secrets check looks for them in every answer.
 */
import type { RouteSpec } from './types';
import { app } from './shared';

export const SEO_ROUTES: readonly RouteSpec[] = [
  app({ id: 'GET /robots.txt', method: 'GET', path: '/robots.txt', caller: 'anyone', weight: 0.3 }),
  app({ id: 'GET /sitemap.xml', method: 'GET', path: '/sitemap.xml', caller: 'anyone', weight: 0.5 }),
  app({
    // A page of the sitemap index (`/sitemap-<n>.xml`; past the last page, 404).
    id: 'GET /:file',
    method: 'GET',
    path: '/:file',
    caller: 'anyone',
    weight: 0.3,
    params: { file: { valid: () => 'sitemap-1.xml' } },
  }),
];
