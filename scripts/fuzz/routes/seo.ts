/**
 * The route table's files for search engines and link previews (src/server/seo): robots.txt, the sitemap with its pages
 * and the preview images of a public cocktail and of a shared own recipe. Anyone may read them; none must ever hold the victim's private things (an
 * unshared collection, a private own recipe, a venue signature): the secrets check looks for them in every answer.
 */
import { shareSlugSchema } from '@/shared/schemas/collections';
import { slugSchema } from '@/shared/schemas/slug';
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
  app({
    // A public cocktail's link-preview PNG (og-image.ts; served by a middleware, not a Hono route: the route-table test
    // probes for it). The fuzz's client build has no server-render build beside it, so even the valid request answers
    // 404 NOT_FOUND JSON ("not built"): what is fuzzed is the slug's handling and the error answers, not the drawing.
    id: 'GET /og/cocktails/:slug.png',
    method: 'GET',
    path: '/og/cocktails/:slug.png',
    caller: 'anyone',
    weight: 0.3,
    params: { slug: { valid: () => 'negroni', schema: slugSchema } },
  }),
  app({
    // A shared own recipe's link-preview PNG (og-image.ts, a middleware as the cocktail's is; no build here either, so
    // the valid request, the victim's shared recipe, answers 404 "not built"): the share slug's handling is fuzzed.
    id: 'GET /og/recipes/shared/:slug.png',
    method: 'GET',
    path: '/og/recipes/shared/:slug.png',
    caller: 'anyone',
    weight: 0.3,
    params: { slug: { valid: (ctx) => ctx.publicRecipeSlug, schema: shareSlugSchema.shape.slug } },
  }),
];
