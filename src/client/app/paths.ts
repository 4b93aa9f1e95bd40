/**
 * Every client route path, defined once (spec section 2 "Routes"). Build links from here: `<Link to={paths.discover}>`.
 * Routes not listed here (accounts, My Bar, batch calculator, paywall) do not exist yet.
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
} as const;

/** Name of one route in {@link paths}. */
export type PathName = keyof typeof paths;
/** One of the app's route paths. */
export type AppPath = (typeof paths)[PathName];
