/**
 * The client's route paths by name (docs/product.md, Routes), defined once for both sides: the client builds
 * `paths` (src/client/config/paths.ts) from them and the server answers 404 for a page path that matches none of them
 * (while still sending the app, which draws its own 404 page).
 */
export const routePaths = {
  home: '/',
  discover: '/discover',
  search: '/search',
  cocktail: '/cocktails/:slug',
  batchCalculator: '/batch-calculator',
  privacy: '/privacy',
  terms: '/terms',
  deleteAccount: '/delete-account',
  devHealth: '/dev/health',
  devEchoUrl: '/dev/echo-url',
  devSelftest: '/dev/selftest',
  devDiagCocktail: '/dev/diag-cocktail',
  profile: '/profile',
  upgrade: '/upgrade',
  myBar: '/my-bar',
  myRecipes: '/my-recipes',
  recipeImport: '/my-recipes/import',
  sharedRecipe: '/recipes/shared/:slug',
  collections: '/collections',
  collection: '/collections/:id',
  sharedCollection: '/shared/:slug',
  favorites: '/profile/favorites',
  activity: '/profile/activity',
  settings: '/settings',
  security: '/settings/security',
  auth: '/auth',
  authGoogle: '/auth/google',
  authFacebook: '/auth/facebook',
  authCallback: '/auth/callback',
  devAuthHealth: '/dev/auth-health',
  devMailbox: '/dev/mailbox',
  venues: '/venues',
  venue: '/venues/:slug',
  venueJoin: '/venues/join/:invitationId',
  publicMenu: '/v/:slug',
  tableCard: '/venues/:slug/table-card',
} as const;

/**
 * Whether a cocktail with this slug has a public page (`/cocktails/<slug>`): catalogue slugs never hold a double
 * hyphen, which own recipes' (`u--...`) and venue signatures' (`<venue>--...`) always do.
 */
export function hasCocktailPage(slug: string): boolean {
  return slug !== '' && !slug.includes('--');
}

/** The public page of a catalogue cocktail: `/cocktails/<slug>` (docs/product.md, Recipe pages). */
export function cocktailPagePath(slug: string): string {
  return routePaths.cocktail.replace(':slug', encodeURIComponent(slug));
}

/** A shared collection's public page: `/shared/<share slug>` (docs/product.md, Recipe pages). */
export function sharedCollectionPagePath(shareSlug: string): string {
  return routePaths.sharedCollection.replace(':slug', encodeURIComponent(shareSlug));
}

/** A shared own recipe's public page: `/recipes/shared/<share slug>` (docs/product.md, Recipe pages). */
export function sharedRecipePagePath(shareSlug: string): string {
  return routePaths.sharedRecipe.replace(':slug', encodeURIComponent(shareSlug));
}

/** Every route pattern of the client, as a list. */
export const routePatterns: readonly string[] = Object.values(routePaths);

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * Whether `pathname` (no query string) is one of the client's routes, matched the way React Router matches them:
 * case-insensitive, a trailing slash ignored, `:name` standing for one segment and a final `*` for the rest.
 */
export function isClientRoute(pathname: string, patterns: readonly string[] = routePatterns): boolean {
  const actual = segmentsOf(pathname.toLowerCase());
  return patterns.some((pattern) => {
    const expected = segmentsOf(pattern.toLowerCase());
    if (expected.at(-1) === '*') {
      expected.pop();
      if (actual.length < expected.length) return false;
    } else if (actual.length !== expected.length) return false;
    return expected.every((segment, index) => segment.startsWith(':') || segment === actual[index]);
  });
}
