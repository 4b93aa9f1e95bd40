import type { RouteObject } from 'react-router';
import { paths } from '@/client/config/paths';
import { RootLayout } from './shell/root-layout';
import { RootError, RouteError } from './shell/route-error';
import { RouteLoading } from './shell/route-loading';
import type { RouteHandle } from './shell/native-header';

/** A page route: path, lazy module (exports `Component`) and the title the native header shows. */
function page(path: string, title: string, lazy: RouteObject['lazy']): RouteObject {
  const handle: RouteHandle = { title };
  return { path, lazy, handle } as RouteObject;
}

/**
 * The route table (docs/product.md, Screens): the shell layout wraps every page; each page is a lazy module exporting
 * `Component`. Page errors render inside the shell (RouteError); a failing shell renders the full-page error (RootError).
 * Unknown paths get the 404 page. /dev/diag-cocktail shows the 404 page unless debug mode is on (checked by the page).
 *
 * Where pages live, by one rule: a route module in app/routes/ is thin, its lazy component or loader wiring re-exporting
 * a page component. A page's body lives in its feature as features/<feature>/components/<name>-page.tsx when it uses one
 * feature only (a feature imports no other, eslint's import zones); a page that composes several features, or the
 * app's shell, lives in app/pages/<name>-page.tsx. A page's tests sit beside it.
 */
export const routes: RouteObject[] = [
  // A venue's public menu and its printable table card stand alone, without the app's shell.
  {
    errorElement: <RootError />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      page(paths.publicMenu, 'Menu', () => import('./routes/public-menu')),
      page(paths.tableCard, 'Table card', () => import('./routes/table-card')),
    ],
  },
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          page(paths.home, 'Barback', () => import('./routes/home')),
          // A cocktail's own page: the home page with the recipe open over it (use-recipe-param.ts).
          page(paths.cocktail, 'Recipe', () => import('./routes/home')),
          page(paths.discover, 'Discover', () => import('./routes/discover')),
          page(paths.search, 'Search', () => import('./routes/search')),
          page(paths.batchCalculator, 'Batch Calculator', () => import('./routes/batch-calculator')),
          page(paths.privacy, 'Privacy Policy', () => import('./routes/privacy')),
          page(paths.terms, 'Terms of Service', () => import('./routes/terms')),
          page(paths.deleteAccount, 'Data Deletion', () => import('./routes/delete-account')),
          page(paths.devHealth, 'Health', () => import('./routes/dev-health')),
          page(paths.devEchoUrl, 'Echo URL', () => import('./routes/dev-echo-url')),
          page(paths.devSelftest, 'Self-test', () => import('./routes/dev-selftest')),
          page(paths.devDiagCocktail, 'Cocktail diagnostics', () => import('./routes/dev-diag-cocktail')),
          // Signed-in account pages.
          page(paths.profile, 'Profile', () => import('./routes/profile')),
          page(paths.upgrade, 'Upgrade', () => import('./routes/upgrade')),
          page(paths.myBar, 'My Bar', () => import('./routes/my-bar')),
          page(paths.myRecipes, 'My Recipes', () => import('./routes/my-recipes')),
          page(paths.recipeImport, 'Import recipes', () => import('./routes/recipe-import')),
          page(paths.sharedRecipe, 'Shared recipe', () => import('./routes/shared-recipe')),
          page(paths.collections, 'Collections', () => import('./routes/collections')),
          page(paths.collection, 'Collection', () => import('./routes/collection')),
          page(paths.sharedCollection, 'Shared collection', () => import('./routes/shared-collection')),
          page(paths.favorites, 'My Favorites', () => import('./routes/favorites')),
          page(paths.activity, 'Recent Activity', () => import('./routes/activity')),
          page(paths.settings, 'Settings', () => import('./routes/settings')),
          page(paths.security, 'Secure your account', () => import('./routes/security')),
          // Enterprise venues.
          page(paths.venues, 'Venues', () => import('./routes/venues')),
          page(paths.venueJoin, 'Join a venue', () => import('./routes/venue-join')),
          page(paths.venue, 'Venue', () => import('./routes/venue')),
          // Sign-in pages and auth developer tools.
          page(paths.auth, 'Sign in', () => import('./routes/auth')),
          page(paths.authGoogle, 'Sign in', () => import('./routes/auth-google')),
          page(paths.authFacebook, 'Sign in', () => import('./routes/auth-facebook')),
          page(paths.authCallback, 'Signing in', () => import('./routes/auth-callback')),
          page(paths.devAuthHealth, 'Auth health', () => import('./routes/dev-auth-health')),
          page(paths.devMailbox, 'Mailbox', () => import('./routes/dev-mailbox')),
          page('*', 'Not found', () => import('./routes/not-found')),
        ],
      },
    ],
  },
];
