import { cocktailPagePath, routePaths } from '@/shared/routes';

/**
 * Every client route path, defined once (docs/product.md, Routes; in src/shared/routes.ts, which the server
 * shares), and the builders of the links that carry parameters. Match routes with `paths.x`; build links with
 * `hrefs.x(...)` or `paths.x` when there is nothing to fill in. No screen writes a literal path.
 */
export const paths = routePaths;

/** Name of one route in {@link paths}. */
export type PathName = keyof typeof paths;
/** One of the app's route paths. */
export type AppPath = (typeof paths)[PathName];

/** A query string from the defined, non-empty values of `params` (repeatable values as arrays), with its '?'. */
function queryString(params: Record<string, string | number | readonly string[] | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Links that carry parameters, built from {@link paths}. */
export const hrefs = {
  /** Home, optionally with the recipe modal open on `recipe` (a cocktail id). */
  home: (options: { recipe?: number | string } = {}) => `${paths.home}${queryString({ recipe: options.recipe })}`,
  /** A catalogue cocktail's own page (its canonical address; the recipe modal shows it in the address bar). */
  cocktail: cocktailPagePath,
  /** The search page with its text and chips (spirit and category filters). */
  search: (options: { q?: string; spirit?: readonly string[]; category?: readonly string[] } = {}) =>
    `${paths.search}${queryString({ q: options.q?.trim(), spirit: options.spirit, category: options.category })}`,
  /** The batch calculator, optionally starting from a catalogue cocktail (`cocktail`, its id: 'Batch this'). */
  batchCalculator: (options: { cocktail?: number } = {}) =>
    `${paths.batchCalculator}${queryString({ cocktail: options.cocktail })}`,
  /** The paywall, remembering the page a gate sent the user from (`from`, a path on this site). */
  upgrade: (options: { from?: string } = {}) => `${paths.upgrade}${queryString({ from: options.from })}`,
  /** The profile; `restored` shows the 'Purchases restored' toast once (docs/product.md, Screens). */
  profile: (options: { restored?: boolean } = {}) =>
    `${paths.profile}${queryString({ restored: options.restored ? '1' : undefined })}`,
  /** The user's own recipes, optionally with the recipe dialog open on one of them. */
  myRecipes: (options: { recipe?: number } = {}) => `${paths.myRecipes}${queryString({ recipe: options.recipe })}`,
  /** What anyone with a recipe's share link sees. */
  sharedRecipe: (slug: string) => paths.sharedRecipe.replace(':slug', encodeURIComponent(slug)),
  /** A venue's space (Enterprise). */
  venue: (slug: string) => paths.venue.replace(':slug', encodeURIComponent(slug)),
  /** A venue's public menu (guests open it from the QR code). */
  publicMenu: (slug: string) => paths.publicMenu.replace(':slug', encodeURIComponent(slug)),
  /** The printable QR table card of a venue's menu. */
  tableCard: (slug: string) => paths.tableCard.replace(':slug', encodeURIComponent(slug)),
  /** The join page of a venue invitation. */
  venueJoin: (invitationId: string) => paths.venueJoin.replace(':invitationId', encodeURIComponent(invitationId)),
  /** The sign-in return target, naming the method that brought the user back ('google', 'facebook', 'email'). */
  authCallback: (method?: string) => `${paths.authCallback}${queryString({ method })}`,
} as const;

/**
 * `value` when it is a path on this site (one leading slash, no scheme, host or backslash, at most 2000 characters), for
 * return addresses read from the URL; null otherwise, so a crafted link can never send the user elsewhere.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  return /^\/(?![/\\])/.test(value) && !value.includes('\\') ? value : null;
}
