import { prerender as prerenderToStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PublicMenu } from '@/shared/schemas/venues';
import { AppFrame } from './app/app';
import { routes } from './app/router';
import { ServerMenuContext } from './features/venues/api/public-menu';

/**
 * Request-time rendering of a venue's public menu (issue 13): the server (src/server/venues/menu-page.ts) loads the
 * Node build of this module (dist/ssr/server-render.js, written by scripts/vite-prerender.ts) and calls
 * {@link renderPublicMenu} with the menu it read, so guests on a bar's wifi see the drinks in the first paint, before any
 * script has loaded. The browser then hydrates the same tree from the menu embedded in the page (public-menu.ts
 * `embeddedMenu`).
 */

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
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error('server render: the HTML holds a script, which the CSP would block');
  return html;
}
