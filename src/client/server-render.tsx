import { renderToStaticMarkup } from 'react-dom/server';
import { prerender as prerenderToStream } from 'react-dom/static';
import type { ReactNode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { cocktailDetailSchema, cocktailModalShapeSchema } from '@/shared/schemas/cocktail';
import type { PublicMenu } from '@/shared/schemas/venues';
import { AppFrame } from './app/app';
import { routes } from './app/router';
import { ServerMenuContext } from './features/venues/api/public-menu';
import { CocktailVisual } from './features/catalogue/components/cocktail-visual';
import { ServerRecipeContext } from './features/catalogue/lib/server-recipe';
import { visualThemeOf, type VisualInput } from './features/catalogue/lib/visual-theme';
import { ServerPageDataContext, type ServerPageData } from './lib/server-page-data';

/**
 * Request-time rendering of a venue's public menu, a cocktail's page and the shared pages: the server
 * (src/server/venues/menu-page.ts, src/server/catalogue/recipe-page.ts, src/server/seo/shared-pages.ts) loads the Node
 * build of this module (dist/ssr/server-render.js, written by scripts/vite-prerender.ts) and calls
 * {@link renderPublicMenu} with the menu it read, {@link renderRecipePage} with the cocktail or
 * {@link renderSharedPage} with the shared page's data, so the drinks or the recipe are in the first paint, before any
 * script has loaded. The browser then hydrates the same tree from the data embedded in the page (public-menu.ts
 * `embeddedMenu`, server-recipe.ts `embeddedRecipe`, server-page-data.ts `useServerPageData`).
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
 * Renders the app at `url` inside `wrap` (the providers of the data the page is rendered with), waiting for every lazy
 * module, as an HTML fragment for `#root`.
 * @throws when the route does not render, or the HTML holds a script.
 */
async function renderApp(url: string, wrap: (app: ReactNode) => ReactNode): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`server render of ${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToStream(
    wrap(
      <AppFrame>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>,
    ),
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return scriptFreeHtml(prelude);
}

/**
 * Renders the app at `url` (`http://host/v/<slug>`) with `menu` as the menu's data, waiting for every lazy module, as
 * an HTML fragment for `#root`. No script is written into it (the CSP would block an inline one).
 * @throws when the route does not render, or the HTML holds a script.
 */
export function renderPublicMenu(menu: PublicMenu, url: string): Promise<string> {
  return renderApp(url, (app) => <ServerMenuContext.Provider value={menu}>{app}</ServerMenuContext.Provider>);
}

/**
 * Renders a cocktail's page (`http://host/cocktails/<slug>`, docs/product.md "Recipe pages") as the home page with the
 * recipe modal open on `cocktail`, as an HTML fragment for `#root` (src/server/catalogue/recipe-page.ts puts it into the page): the recipe is
 * in the first paint, and the browser hydrates the page and the modal together from the detail embedded beside it.
 * @param cocktail the detail as `GET /api/cocktails/:id` answers it.
 * @throws when the detail fails the modal's shape check or is not a full recipe (the page is then sent without the
 *   recipe, and the modal shows its own failure view), the route does not render, or the HTML holds a script.
 */
export function renderRecipePage(cocktail: { id: number }, url: string): Promise<string> {
  if (!cocktailModalShapeSchema.safeParse(cocktail).success || !cocktailDetailSchema.safeParse(cocktail).success) {
    return Promise.reject(new Error("server render: the recipe fails the modal's shape check"));
  }
  const recipe = { id: String(cocktail.id), data: cocktail };
  return renderApp(url, (app) => <ServerRecipeContext.Provider value={recipe}>{app}</ServerRecipeContext.Provider>);
}

/**
 * Renders a shared page (`http://host/shared/<slug>` or `http://host/recipes/shared/<slug>`) with `page` as its data
 * (its query key and the API's body; src/client/lib/server-page-data.ts), as an HTML fragment for `#root`
 * (src/server/seo/shared-pages.ts puts it into the page): the collection or the recipe is in the first paint, and the
 * browser hydrates it from the same data embedded beside it.
 * @throws when the route does not render, or the HTML holds a script.
 */
export function renderSharedPage(page: ServerPageData, url: string): Promise<string> {
  return renderApp(url, (app) => <ServerPageDataContext.Provider value={page}>{app}</ServerPageDataContext.Provider>);
}

/** What {@link renderCocktailDrawing} reads of a cocktail: its look fields (a summary or a detail has them all). */
export type CocktailDrawingInput = VisualInput & { glassware: string };

/**
 * The cocktail's generated illustration (the picture `CocktailVisual` draws on its card and in its recipe) as standalone
 * SVG, for the server's link-preview image (src/server/seo/og-image.ts):
 * - `svg`: `<svg xmlns=... viewBox="0 0 120 120" width="120" height="120">...</svg>` (120 x 120 px; the glass and its
 *   glow, without the card's CSS backdrop);
 * - `liquid`: the blended liquid colour, `#rrggbb`, for the backdrop's glow.
 * @throws Error when the rendered markup holds no `<svg>` (a component that no longer draws one).
 */
export function renderCocktailDrawing(cocktail: CocktailDrawingInput): { svg: string; liquid: string } {
  const input: CocktailDrawingInput = {
    base_spirit: cocktail.base_spirit,
    garnish: cocktail.garnish,
    flavor_profile: cocktail.flavor_profile,
    ingredients: cocktail.ingredients,
    glassware: cocktail.glassware,
    technique: cocktail.technique,
  };
  const markup = renderToStaticMarkup(<CocktailVisual id="drawing" {...input} deferUntilNear={false} />);
  const start = markup.indexOf('<svg');
  const end = markup.lastIndexOf('</svg>');
  if (start < 0 || end < start) throw new Error('server render: the cocktail drawing holds no <svg>');
  const inner = markup.slice(markup.indexOf('>', start) + 1, end);
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">${inner}</svg>`,
    liquid: visualThemeOf(input).liquid,
  };
}
