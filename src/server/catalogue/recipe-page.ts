import type { MiddlewareHandler } from 'hono';
import {
  PRERENDERED_DIR,
  PRERENDERED_PATH_ATTRIBUTE,
  RECIPE_DATA_ID,
  RECIPE_HTML_PLACEHOLDER,
  RECIPE_PAGE_FILE,
  RECIPE_PARAM,
} from '@/shared/first-paint';
import { cocktailPagePath, hasCocktailPage } from '@/shared/routes';
import { cocktailIdParamSchema, slugSchema, type CocktailDetail } from '@/shared/schemas/cocktail';
import { AppError, isDatabaseUnavailableError } from '../errors';
import { jsonForScript, serverRenderBuild, type ServerRenderedPageOptions } from '../http/server-render-build';
import { withPageHead, type PageHead } from '../http/page-head';
import { answerWith } from '../http/pass-on';
import { recipePageHead } from './recipe-head';
import { getCocktail, getCocktailBySlug } from './operations';

/**
 * A catalogue cocktail's page, `/cocktails/<slug>` (docs/product.md, Recipe pages), rendered on the server per request:
 * the home page with the recipe modal open on it, rendered by `renderRecipePage` of dist/ssr/server-render.js (the Node
 * build of src/client/server-render.tsx) into the build's template (dist/client/prerendered/recipe.html: the age gate,
 * the first-paint script, the inlined stylesheet), with the page's head (title, description, canonical link, Open
 * Graph and Twitter tags, the schema.org Recipe; recipe-head.ts) and the cocktail's detail as a JSON data block
 * before `</body>` (never executed: the CSP keeps its one script hash). So the whole recipe is in the HTML, without
 * JavaScript, and the browser hydrates the page and the modal from the embedded detail without a request or a redraw.
 * Answers `Cache-Control: no-cache`.
 *
 * The old deep link, `/?recipe=<id>`, answers 301 to the cocktail's page (its other parameters kept) for a catalogue
 * cocktail; any other id (an own recipe, which only its owner can read) passes on to the home page, whose modal loads it.
 *
 * An unknown slug passes the request on with 404 (the app's page then says so), the database away with 503; a missing
 * build or a render error passes it on as it is (the app draws the page and loads the recipe itself). A failure costs
 * the first paint, never the page.
 */

/** The server-render module's export for a recipe page (src/client/server-render.tsx). */
type RenderRecipePage = (cocktail: CocktailDetail, url: string) => Promise<string>;

/** Options of {@link serveRecipePage}: the server-rendered page's, and the site's origin for absolute links. */
export interface RecipePageOptions extends ServerRenderedPageOptions {
  /** The site's origin without a trailing slash (APP_URL): canonical links and preview images are absolute. */
  origin: string;
}

/** A cocktail id as the catalogue writes it in `?recipe=`: digits, no leading zero (its range: cocktailIdParamSchema). */
const RECIPE_ID = /^[1-9]\d{0,15}$/;
/** A cocktail page's path: `/cocktails/<slug>`, a trailing slash allowed (answered with a redirect). */
const COCKTAIL_PAGE = /^\/cocktails\/([^/]+)(\/?)$/;

/**
 * The recipe page: the template with the rendered page in `#root`, marked as the page of `path`, the head when given,
 * and the detail's data block before `</body>`.
 * @throws Error when the template lacks its placeholder or `</body>` (a build that does not match this server), or
 *   a head is given and the template lacks its title, meta description or `</head>`.
 */
export function fillRecipePage(
  template: string,
  { html, cocktail, path, head }: { html: string; cocktail: CocktailDetail; path?: string; head?: PageHead },
): string {
  if (!template.includes(RECIPE_HTML_PLACEHOLDER) || !template.includes('</body>')) {
    throw new Error('the recipe page template lacks its placeholder or </body>');
  }
  const data = `<script type="application/json" id="${RECIPE_DATA_ID}">${jsonForScript(cocktail)}</script>`;
  let page = template.replace(RECIPE_HTML_PLACEHOLDER, () => html).replace('</body>', () => `  ${data}\n  </body>`);
  if (path) page = page.replace(`${PRERENDERED_PATH_ATTRIBUTE}="/"`, () => `${PRERENDERED_PATH_ATTRIBUTE}="${path}"`);
  return head ? withPageHead(page, head) : page;
}

/**
 * The old deep link's cocktail page: its address for a catalogue cocktail, with the link's other parameters (a search
 * stays drawn under the recipe), null for anything else.
 */
async function deepLinkTarget(db: RecipePageOptions['db'], search: URLSearchParams): Promise<string | null> {
  const ids = search.getAll(RECIPE_PARAM);
  if (ids.length !== 1 || !RECIPE_ID.test(ids[0]!)) return null;
  // The API's own id contract (its range, so an id past the database's integer is never asked for).
  const param = cocktailIdParamSchema.safeParse({ id: ids[0] });
  if (!param.success) return null;
  const cocktail = await getCocktail({ db, id: param.data.id });
  if (!hasCocktailPage(cocktail.slug)) return null;
  const rest = new URLSearchParams(search);
  rest.delete(RECIPE_PARAM);
  const query = rest.toString();
  return `${cocktailPagePath(cocktail.slug)}${query ? `?${query}` : ''}`;
}

/**
 * The server-rendered cocktail pages and the old deep link's redirect, as Hono middleware placed before the client's
 * static files. `clientDir` is the client build (dist/client); the server-render build sits beside it (dist/ssr).
 */
export function serveRecipePage({ db, clientDir, logger, origin }: RecipePageOptions): MiddlewareHandler {
  const loadBuild = serverRenderBuild(clientDir, `${PRERENDERED_DIR}/${RECIPE_PAGE_FILE}`);

  return async function recipePage(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    if (c.req.path === '/') {
      if (!url.searchParams.has(RECIPE_PARAM)) return next();
      try {
        const target = await deepLinkTarget(db, url.searchParams);
        return target ? c.redirect(target, 301) : next();
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) {
          logger?.warn({ err: error, path: c.req.path }, 'the recipe deep link could not be looked up');
        }
        return next();
      }
    }
    const match = COCKTAIL_PAGE.exec(c.req.path);
    if (!match) return next();
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return answerWith(c, next, 404);
    }
    // A slug typed in capitals, or with a trailing slash, is the same page: one address per cocktail.
    const canonical = slug.toLowerCase();
    if (!slugSchema.safeParse(canonical).success || !hasCocktailPage(canonical)) return answerWith(c, next, 404);
    if (match[2] || canonical !== slug) return c.redirect(`${cocktailPagePath(canonical)}${url.search}`, 301);
    try {
      const cocktail = await getCocktailBySlug({ db, slug: canonical });
      const build = await loadBuild();
      const render = build?.module.renderRecipePage as RenderRecipePage | undefined;
      if (!build || typeof render !== 'function') return next();
      // Rendered at the page's own address (its path and query), as the browser's router will read it.
      const page = fillRecipePage(build.template, {
        html: await render(cocktail, `http://localhost${url.pathname}${url.search}`),
        cocktail,
        path: url.pathname,
        head: recipePageHead(cocktail, origin),
      });
      return c.html(page, 200, { 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return answerWith(c, next, 404);
      if (isDatabaseUnavailableError(error)) return answerWith(c, next, 503);
      logger?.warn({ err: error, path: c.req.path }, 'the cocktail page could not be rendered on the server');
      return next();
    }
  };
}
