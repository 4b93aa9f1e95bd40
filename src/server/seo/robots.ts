/**
 * `/robots.txt`: every crawler may read the public pages (the catalogue, discover, the batch calculator, shared
 * collections and recipes, venues' public menus at `/v/`, uploaded photos at `/media/`, link-preview images); the API,
 * developer tools, sign-in and every signed-in page are off limits. Each `Disallow` is a path prefix, so `/venues` also
 * covers `/venues/join/...` and the table cards, `/profile` covers favorites and activity, `/collections` covers each
 * collection (shared ones live at `/shared/`), and `/auth` covers the provider and callback pages.
 */
import { routePaths } from '@/shared/routes';

/**
 * Public prefixes named on their own beside `Allow: /`: the link-preview images (`/og/cocktails/<slug>.png`,
 * `/og/recipes/shared/<slug>.png`).
 */
export const ROBOTS_ALLOWED: readonly string[] = ['/og/'];

/** The path prefixes crawlers are asked to stay out of, in the order robots.txt lists them. */
export const ROBOTS_DISALLOWED: readonly string[] = [
  '/api/',
  '/dev/',
  routePaths.auth,
  routePaths.profile,
  routePaths.settings,
  routePaths.myBar,
  routePaths.myRecipes,
  routePaths.collections,
  routePaths.upgrade,
  routePaths.venues,
];

/**
 * The robots.txt text for the site at `appUrl` (origin, no trailing slash): `User-agent: *`, `Allow: /`, `Allow: /og/`, one `Disallow`
 * per {@link ROBOTS_DISALLOWED} prefix, then `Sitemap: <appUrl>/sitemap.xml`. Lines end in `\n`.
 */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_ALLOWED.map((prefix) => `Allow: ${prefix}`),
    ...ROBOTS_DISALLOWED.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
