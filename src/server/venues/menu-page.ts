import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import {
  MENU_DATA_ID,
  MENU_HTML_PLACEHOLDER,
  MENU_PAGE_FILE,
  MENU_PATH_PLACEHOLDER,
  PRERENDERED_DIR,
} from '@/shared/first-paint';
import type { PublicMenu } from '@/shared/schemas/venues';
import { venueSlugSchema } from '@/shared/schemas/venues';
import { AppError } from '../errors';
import { jsonForScript, serverRenderBuild, type ServerRenderedPageOptions } from '../http/server-render-build';
import { getPublicMenu } from './menu';

/**
 * `/v/:slug` rendered on the server: guests scanning a table's QR code on a bar's wifi see the menu in the
 * first paint, before any script has loaded. The page is the build's menu template (the age gate, the first-paint
 * script, the inlined stylesheet; dist/client/prerendered/menu.html) with `#root` holding the menu as React renders it
 * now (dist/ssr/server-render.js, the Node build of src/client/server-render.tsx) and the menu's data in a JSON data
 * block the browser hydrates from. Answers `Cache-Control: no-cache` (availability changes in service).
 *
 * Whenever it cannot render (no client build or no server-render build, no menu at this address, the database away, a
 * render error), it passes the request on: the client build's page is served and the page fetches the menu itself,
 * showing its own 'No menu here' or retry state. So a failure here costs the first paint, never the page.
 */

/** The server-render module's one export (src/client/server-render.tsx). */
type RenderPublicMenu = (menu: PublicMenu, url: string) => Promise<string>;

/** The menu path: `/v/<slug>` exactly (the client route; a trailing slash or more segments are not the menu). */
const MENU_PATH = /^\/v\/([^/]+)$/;

/**
 * Fills the menu template: the rendered menu into `#root`, the menu's path into its pre-rendered attribute, and the
 * menu's data block before `</body>`.
 * @throws Error when the template lacks a placeholder or `</body>` (a build that does not match this server).
 */
export function fillMenuTemplate(
  template: string,
  { html, slug, menu }: { html: string; slug: string; menu: PublicMenu },
) {
  if (!template.includes(MENU_HTML_PLACEHOLDER) || !template.includes(MENU_PATH_PLACEHOLDER)) {
    throw new Error('the menu template lacks its placeholders');
  }
  if (!template.includes('</body>')) throw new Error('the menu template has no </body>');
  const menuPath = `/v/${encodeURIComponent(slug)}`;
  const data = `<script type="application/json" id="${MENU_DATA_ID}">${jsonForScript(menu)}</script>`;
  return template
    .replace(MENU_PATH_PLACEHOLDER, () => menuPath)
    .replace(MENU_HTML_PLACEHOLDER, () => html)
    .replace('</body>', () => `${data}\n  </body>`);
}

/**
 * The server-rendered menu page, as Hono middleware placed before the client's static files. `clientDir` is the client
 * build (dist/client); the server-render build sits beside it (dist/ssr).
 */
export function serveMenuPage({ db, clientDir, logger }: ServerRenderedPageOptions): MiddlewareHandler {
  const loadBuild = serverRenderBuild(clientDir, path.join(PRERENDERED_DIR, MENU_PAGE_FILE));

  /** The template and the renderer of the current build, or null when either is missing. */
  async function load(): Promise<{ template: string; render: RenderPublicMenu } | null> {
    const build = await loadBuild();
    if (!build || typeof build.module.renderPublicMenu !== 'function') return null;
    return { template: build.template, render: build.module.renderPublicMenu as RenderPublicMenu };
  }

  return async function menuPage(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const match = MENU_PATH.exec(c.req.path);
    if (!match) return next();
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return next();
    }
    if (!venueSlugSchema.safeParse(slug).success) return next();
    try {
      const build = await load();
      if (!build) return next();
      const menu = await getPublicMenu({ db, slug });
      const url = new URL(`/v/${encodeURIComponent(slug)}`, 'http://localhost').href;
      const page = fillMenuTemplate(build.template, { html: await build.render(menu, url), slug, menu });
      return c.html(page, 200, { 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) {
        logger?.warn({ err: error, path: c.req.path }, 'the menu page could not be rendered on the server');
      }
      return next();
    }
  };
}
