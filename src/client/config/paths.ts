/**
 * Every client route path, defined once (spec section 2 "Routes"). Build links from here: `<Link to={paths.discover}>`.
 * Routes not listed here (My Bar, batch calculator, paywall) do not exist yet.
 */
export const paths = {
  home: '/',
  discover: '/discover',
  search: '/search',
  privacy: '/privacy',
  terms: '/terms',
  deleteAccount: '/delete-account',
  devHealth: '/dev/health',
  devEchoUrl: '/dev/echo-url',
  devSelftest: '/dev/selftest',
  devDiagCocktail: '/dev/diag-cocktail',
  // Signed-in account pages (issue 3, part B).
  profile: '/profile',
  favorites: '/profile/favorites',
  activity: '/profile/activity',
  settings: '/settings',
  // Sign-in pages and auth developer tools (issue 3, part A).
  auth: '/auth',
  authGoogle: '/auth/google',
  authFacebook: '/auth/facebook',
  authCallback: '/auth/callback',
  devAuthHealth: '/dev/auth-health',
  devMailbox: '/dev/mailbox',
} as const;

/** Name of one route in {@link paths}. */
export type PathName = keyof typeof paths;
/** One of the app's route paths. */
export type AppPath = (typeof paths)[PathName];
