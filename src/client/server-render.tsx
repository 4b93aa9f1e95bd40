import { prerender as prerenderToStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import type { PublicMenu } from '@/shared/schemas/venues';
import { AppFrame } from './app/app';
import { routes } from './app/router';
import { ServerMenuContext } from './features/venues/api/public-menu';
import { RecipeSheet } from './features/catalogue/components/recipe-sheet';

/**
 * Request-time rendering of a venue's public menu (issue 13): the server (src/server/venues/menu-page.ts) loads the
 * Node build of this module (dist/ssr/server-render.js, written by scripts/vite-prerender.ts) and calls
 * {@link renderPublicMenu} with the menu it read, so guests on a bar's wifi see the drinks in the first paint, before any
 * script has loaded. The browser then hydrates the same tree from the menu embedded in the page (public-menu.ts
 * `embeddedMenu`).
 */

/**
 * The HTML of a rendered stream.
 * @throws when it holds a script (the CSP would block an inline one).
 */
async function scriptFreeHtml(prelude: ReadableStream<Uint8Array>): Promise<string> {
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error('server render: the HTML holds a script, which the CSP would block');
  return html;
}

/**
 * Renders a deep link's recipe (`/?recipe=<id>`, issue 12) as the static sheet the server adds to the home page
 * (src/server/catalogue/recipe-page.ts), so the recipe is in the first paint; the live modal replaces it.
 * @param cocktail the detail as `GET /api/cocktails/:id` answers it.
 * @param pageUrl the page's address without the recipe (`/`): the sheet's close link, and where its links resolve.
 * @returns an HTML fragment with no script in it.
 * @throws when the detail is not a full recipe, or the HTML would hold a script.
 */
export async function renderRecipeSheet(cocktail: { name: string }, pageUrl: string): Promise<string> {
  const { prelude } = await prerenderToStream(
    <StaticRouter location={pageUrl}>
      <RecipeSheet cocktail={cocktail} closeHref={pageUrl} />
    </StaticRouter>,
    { identifierPrefix: 'recipe-sheet-' },
  );
  return scriptFreeHtml(prelude);
}

/**
 * Renders the app at `url` (`http://host/v/<slug>`) with `menu` as the menu's data, waiting for every lazy module, as
 * an HTML fragment for `#root`. No script is written into it (the CSP would block an inline one).
 * @throws when the route does not render, or the HTML holds a script.
 */
export async function renderPublicMenu(menu: PublicMenu, url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`server render of ${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToStream(
    <ServerMenuContext.Provider value={menu}>
      <AppFrame>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </ServerMenuContext.Provider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return scriptFreeHtml(prelude);
}
