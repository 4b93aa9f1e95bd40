import type { MiddlewareHandler } from 'hono';
import {
  PRERENDERED_DIR,
  RECIPE_DATA_ID,
  RECIPE_HTML_PLACEHOLDER,
  RECIPE_PAGE_FILE,
  RECIPE_PARAM,
} from '@/shared/first-paint';
import { cocktailIdParamSchema, type CocktailDetail } from '@/shared/schemas/cocktail';
import { AppError } from '../errors';
import { jsonForScript, serverRenderBuild, type ServerRenderedPageOptions } from '../http/server-render-build';
import { getCocktail } from './operations';

/**
 * A recipe deep link rendered on the server (`/?recipe=<id>`): the home page with the recipe modal open in it,
 * rendered per request by `renderRecipePage` of dist/ssr/server-render.js (the Node build of src/client/server-render.tsx)
 * into the build's template (dist/client/prerendered/recipe.html: the age gate, the first-paint script, the inlined
 * stylesheet, `#root` marked as the home page), with the cocktail's detail as a JSON data block before `</body>` (never
 * executed: the CSP keeps its one script hash). So the recipe is in the first paint, without waiting for the app's and
 * the modal's code, and the browser hydrates the page and the modal from the embedded detail, without a request and
 * without drawing the modal again. Answers `Cache-Control: no-cache`.
 *
 * Whenever it cannot render (no build, an id that is not a whole number, a cocktail the catalogue does not have or
 * whose detail fails the modal's shape check, the database away, a render error), it passes the request on: the
 * ordinary home page is served and the modal loads the recipe itself, with its own 'Recipe not found', validation or
 * retry view. A failure costs the first paint, never the page.
 */

/** The server-render module's export for a deep link (src/client/server-render.tsx). */
type RenderRecipePage = (cocktail: CocktailDetail, url: string) => Promise<string>;

/** A cocktail id as the catalogue writes it in `?recipe=`: digits, no leading zero (its range: cocktailIdParamSchema). */
const RECIPE_ID = /^[1-9]\d{0,15}$/;

/**
 * The recipe page: the template with the rendered page in `#root` and the detail's data block before `</body>`.
 * @throws Error when the template lacks its placeholder or `</body>` (a build that does not match this server).
 */
export function fillRecipePage(
  template: string,
  { html, cocktail }: { html: string; cocktail: CocktailDetail },
): string {
  if (!template.includes(RECIPE_HTML_PLACEHOLDER) || !template.includes('</body>')) {
    throw new Error('the recipe page template lacks its placeholder or </body>');
  }
  const data = `<script type="application/json" id="${RECIPE_DATA_ID}">${jsonForScript(cocktail)}</script>`;
  return template.replace(RECIPE_HTML_PLACEHOLDER, () => html).replace('</body>', () => `  ${data}\n  </body>`);
}

/**
 * The server-rendered deep link, as Hono middleware placed before the client's static files. `clientDir` is the client
 * build (dist/client); the server-render build sits beside it (dist/ssr).
 */
export function serveRecipePage({ db, clientDir, logger }: ServerRenderedPageOptions): MiddlewareHandler {
  const loadBuild = serverRenderBuild(clientDir, `${PRERENDERED_DIR}/${RECIPE_PAGE_FILE}`);

  return async function recipePage(c, next) {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path !== '/') return next();
    const url = new URL(c.req.url);
    const ids = url.searchParams.getAll(RECIPE_PARAM);
    if (ids.length !== 1 || !RECIPE_ID.test(ids[0]!)) return next();
    // The API's own id contract (its range, so an id past the database's integer is never asked for).
    const param = cocktailIdParamSchema.safeParse({ id: ids[0] });
    if (!param.success) return next();
    try {
      const build = await loadBuild();
      const render = build?.module.renderRecipePage as RenderRecipePage | undefined;
      if (!build || typeof render !== 'function') return next();
      const cocktail = await getCocktail({ db, id: param.data.id });
      // Rendered at the page's own address (its path and query), as the browser's router will read it.
      const page = fillRecipePage(build.template, {
        html: await render(cocktail, `http://localhost${url.pathname}${url.search}`),
        cocktail,
      });
      return c.html(page, 200, { 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) {
        logger?.warn({ err: error, path: c.req.path }, 'the recipe deep link could not be rendered on the server');
      }
      return next();
    }
  };
}
