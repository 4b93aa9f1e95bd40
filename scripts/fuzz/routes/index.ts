/**
 * The fuzz suite's route table: every API route the server mounts (src/server/app.ts and the route files it mounts),
 * every better-auth endpoint under /api/auth and the search engines' files (robots.txt, the sitemap), each with one
 * valid request (path parameters, query, JSON body or an upload's raw image body, headers) and the shared zod schema
 * that describes it where there is one. The fuzz starts from
 * the valid request and mutates it. better-auth's organization endpoints are in it too, as paths the server must not
 * serve (see {@link RouteSpec.notServed}). The entries are in one file per API area beside this one; their types in
 * types.ts.
 */
import { CATALOGUE_ACCOUNT_ROUTES } from './catalogue-account';
import { MY_BAR_ROUTES } from './my-bar';
import { COLLECTION_ROUTES } from './collections';
import { RECIPE_ROUTES } from './recipes';
import { VENUE_ROUTES } from './venues';
import { SUPPORT_PAYMENT_ROUTES } from './support-payments';
import { OPENAPI_ROUTES } from './openapi';
import { SEO_ROUTES } from './seo';
import { AUTH_ROUTES } from './auth';
import { UNSERVED_AUTH_ROUTES } from './auth-unserved';
import { ORGANIZATION_ROUTES } from './organization';
import type { RouteSpec } from './types';

/** Every API route, with its valid request (in this order: a run's seed draws the same routes). */
export const ROUTES: readonly RouteSpec[] = [
  ...CATALOGUE_ACCOUNT_ROUTES,
  ...MY_BAR_ROUTES,
  ...COLLECTION_ROUTES,
  ...RECIPE_ROUTES,
  ...VENUE_ROUTES,
  ...SUPPORT_PAYMENT_ROUTES,
  ...OPENAPI_ROUTES,
  ...SEO_ROUTES,
  ...AUTH_ROUTES,
  ...UNSERVED_AUTH_ROUTES,
  ...ORGANIZATION_ROUTES,
];

/** The routes a run fuzzes: the whole table, less the wrapper simulator's when it is off. */
export function activeRoutes(options: { wrapperSimulator: boolean; filter?: string | null }): RouteSpec[] {
  return ROUTES.filter((route) => options.wrapperSimulator || !route.wrapperSimulator).filter(
    (route) => !options.filter || route.id.toLowerCase().includes(options.filter.toLowerCase()),
  );
}
