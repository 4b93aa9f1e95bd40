import type { MiddlewareHandler } from 'hono';
import { RECIPE_DATA_ID, RECIPE_PARAM } from '@/shared/first-paint';
import { cocktailIdParamSchema, type CocktailDetail } from '@/shared/schemas/cocktail';
import { AppError } from '../errors';
import { jsonForScript, serverRenderBuild, type ServerRenderedPageOptions } from '../http/server-render-build';
import { getCocktail } from './operations';

/**
 * A recipe deep link rendered on the server (`/?recipe=<id>`, issue 12): the build's home page (dist/client/index.html:
 * the age gate, the pre-rendered home, the first-paint script, the inlined stylesheet) with, before `</body>`, the
 * recipe drawn as a static sheet with the modal's look (`renderRecipeSheet` of dist/ssr/server-render.js, the Node build
 * of src/client/server-render.tsx) and the cocktail's detail as a JSON data block (never executed: the CSP keeps its one
 * script hash). So the recipe is in the first paint, without waiting for the app's and the modal's code; the live modal
 * starts from the embedded detail and takes the sheet's place. Answers `Cache-Control: no-cache`.
 *
 * Whenever it cannot render (no build, an id that is not a whole number, a cocktail the catalogue does not have, the
 * database away, a render error), it passes the request on: the ordinary home page is served and the modal loads the
 * recipe itself, with its own 'Recipe not found' or retry view. A failure costs the first paint, never the page.
 */

/** The server-render module's export for a deep link (src/client/server-render.tsx). */
type RenderRecipeSheet = (cocktail: CocktailDetail, pageUrl: string) => Promise<string>;

/** A cocktail id as the catalogue writes it in `?recipe=`: digits, no leading zero (its range: cocktailIdParamSchema). */
const RECIPE_ID = /^[1-9]\d{0,15}$/;

/**
 * The page address a recipe sheet's close link goes to: `search` (the query, `?` included or empty) without the recipe
 * parameter, on `/`.
 */
export function pageWithoutRecipe(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(RECIPE_PARAM);
  const rest = params.toString();
  return rest ? `/?${rest}` : '/';
}

/**
 * Adds the recipe's sheet and data block to the home page before `</body>`.
 * @throws Error when the page has no `</body>` (a build that does not match this server).
 */
export function fillRecipePage(page: string, { html, cocktail }: { html: string; cocktail: CocktailDetail }): string {
  if (!page.includes('</body>')) throw new Error('the home page has no </body>');
  const data = `<script type="application/json" id="${RECIPE_DATA_ID}">${jsonForScript(cocktail)}</script>`;
  return page.replace('</body>', () => `${html}\n    ${data}\n  </body>`);
}

/**
 * The server-rendered deep link, as Hono middleware placed before the client's static files. `clientDir` is the client
 * build (dist/client); the server-render build sits beside it (dist/ssr).
 */
export function serveRecipePage({ db, clientDir, logger }: ServerRenderedPageOptions): MiddlewareHandler {
  const loadBuild = serverRenderBuild(clientDir, 'index.html');

  return async function recipePage(c, next) {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path !== '/') return next();
    const search = new URL(c.req.url).search;
    const ids = new URLSearchParams(search).getAll(RECIPE_PARAM);
    if (ids.length !== 1 || !RECIPE_ID.test(ids[0]!)) return next();
    // The API's own id contract (its range, so an id past the database's integer is never asked for).
    const param = cocktailIdParamSchema.safeParse({ id: ids[0] });
    if (!param.success) return next();
    try {
      const build = await loadBuild();
      const render = build?.module.renderRecipeSheet as RenderRecipeSheet | undefined;
      if (!build || typeof render !== 'function') return next();
      const cocktail = await getCocktail({ db, id: param.data.id });
      const page = fillRecipePage(build.template, {
        html: await render(cocktail, pageWithoutRecipe(search)),
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
