import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { shareSlugSchema } from '@/shared/schemas/collections';
import { getSharedCollection } from '../collections';
import { AppError, isDatabaseUnavailableError } from '../errors';
import { APP_SHELL_HTML } from '../http/client-static';
import { withPageHead, type PageHead } from '../http/page-head';
import {
  PRERENDERED_DIR,
  SHARED_DATA_ID,
  SHARED_HTML_PLACEHOLDER,
  SHARED_PAGE_FILE,
  SHARED_PATH_PLACEHOLDER,
  sharedPageKey,
} from '@/shared/first-paint';
import { answerWith } from '../http/pass-on';
import { jsonForScript, serverRenderBuild, type ServerRenderedPageOptions } from '../http/server-render-build';
import { getSharedRecipe } from '../recipes';
import { sharedCollectionHead, sharedRecipeHead } from './shared-heads';

/**
 * The shared pages (docs/product.md, Recipe pages): a shared collection, `/shared/<share slug>`, and a shared own
 * recipe, `/recipes/shared/<share slug>`, rendered on the server per request: the build's shared template
 * (dist/client/prerendered/shared.html) with the page as `renderSharedPage` of the server-render build draws it, the
 * page's data as the share link's API answers it in a data block the browser hydrates from, and the page's own head
 * (shared-heads.ts: title, description, canonical link, Open Graph and Twitter tags, schema.org JSON-LD), so search
 * engines, link previews and a browser without JavaScript read what the link shares. Without a server-render build,
 * or when it fails to render, the client's app shell is served with the same head and the app draws the page.
 * Nothing asks crawlers to stay away (no robots meta): these pages are meant to be indexed, and the sitemap lists them.
 *
 * Answered `Cache-Control: no-store`, as the share links' own reads are: when the owner turns sharing off, the page
 * (its head names the recipe or collection) stops at once. A share slug that is malformed, unknown or turned off passes
 * the request on with 404 (the app's page then says the link does not work), the database away with 503 and
 * Retry-After; no build, or a template without the tags the head replaces (logged), passes it on as it is.
 */

/** Options of {@link serveSharedPages}: the database, the client build's folder, a logger and the site's origin. */
export interface SharedPagesOptions extends ServerRenderedPageOptions {
  /** The site's origin without a trailing slash (APP_URL): canonical links and preview images are absolute. */
  origin: string;
}

/** A shared collection's page: `/shared/<share slug>`, a trailing slash allowed (the canonical link has none). */
const SHARED_COLLECTION_PAGE = /^\/shared\/([^/]+)\/?$/;
/** A shared own recipe's page: `/recipes/shared/<share slug>`, a trailing slash allowed. */
const SHARED_RECIPE_PAGE = /^\/recipes\/shared\/([^/]+)\/?$/;

/** A file's text, read once and again when its modification time changes. */
interface Kept {
  file: string;
  mtimeMs: number;
  text: string;
}

/**
 * A loader of the page the client's static files serve for a client route that is not pre-rendered (client-static.ts):
 * app-shell.html, or index.html when the build has no app shell.
 * @returns a function answering the template's text, or null when the build has no index.html (no build); it throws
 *   when a file that is there cannot be read.
 */
function appShellTemplate(clientDir: string): () => Promise<string | null> {
  let kept: Kept | null = null;
  const infoOf = (file: string) =>
    stat(file).then(
      (info) => (info.isFile() ? info : null),
      () => null,
    );
  return async function load() {
    const index = path.join(clientDir, 'index.html');
    const shell = path.join(clientDir, APP_SHELL_HTML);
    const indexInfo = await infoOf(index);
    if (!indexInfo) return null;
    const shellInfo = await infoOf(shell);
    const [file, info] = shellInfo ? [shell, shellInfo] : [index, indexInfo];
    if (!kept || kept.file !== file || kept.mtimeMs !== info.mtimeMs) {
      kept = { file, mtimeMs: info.mtimeMs, text: await readFile(file, 'utf8') };
    }
    return kept.text;
  };
}

/** The server-render module's export for a shared page (src/client/server-render.tsx). */
type RenderSharedPage = (page: { key: string; data: unknown }, url: string) => Promise<string>;

/**
 * The shared page: the build's shared template with the rendered page in `#root`, marked as the page of `path`, and
 * the page's data block (`{"key", "data"}`, src/client/lib/server-page-data.ts) before `</body>`.
 * @throws Error when the template lacks a placeholder or `</body>` (a build that does not match this server).
 */
export function fillSharedPage(
  template: string,
  { html, path: pagePath, page }: { html: string; path: string; page: { key: string; data: unknown } },
): string {
  if (
    !template.includes(SHARED_HTML_PLACEHOLDER) ||
    !template.includes(SHARED_PATH_PLACEHOLDER) ||
    !template.includes('</body>')
  ) {
    throw new Error('the shared page template lacks its placeholders or </body>');
  }
  const data = `<script type="application/json" id="${SHARED_DATA_ID}">${jsonForScript(page)}</script>`;
  return template
    .replace(SHARED_PATH_PLACEHOLDER, () => pagePath)
    .replace(SHARED_HTML_PLACEHOLDER, () => html)
    .replace(
      '</body>',
      () => `  ${data}
  </body>`,
    );
}

/** Which shared page a path is: its kind and its share slug as written (still encoded); null for any other path. */
function pageOf(urlPath: string): { kind: 'collection' | 'recipe'; slug: string } | null {
  const collection = SHARED_COLLECTION_PAGE.exec(urlPath);
  if (collection) return { kind: 'collection', slug: collection[1]! };
  const recipe = SHARED_RECIPE_PAGE.exec(urlPath);
  return recipe ? { kind: 'recipe', slug: recipe[1]! } : null;
}

/**
 * The shared pages, as Hono middleware placed before the client's static files: `GET|HEAD /shared/<share slug>` and
 * `GET|HEAD /recipes/shared/<share slug>` answer 200 HTML (the rendered page, or the app shell, with the page's head),
 * or pass on as described above; any other method or path: `next()`. `clientDir` is the client build
 * (dist/client), re-read when its page changes.
 */
export function serveSharedPages({ db, clientDir, logger, origin }: SharedPagesOptions): MiddlewareHandler {
  const loadTemplate = appShellTemplate(clientDir);
  const loadBuild = serverRenderBuild(clientDir, `${PRERENDERED_DIR}/${SHARED_PAGE_FILE}`);

  /**
   * The page drawn by the server-render build at `url` with `page` as its data, in the build's shared template with
   * the data block; null when there is no such build or it fails to render (logged): the app shell is served instead.
   */
  async function renderBody(page: { key: string; data: unknown }, url: URL): Promise<string | null> {
    try {
      const build = await loadBuild();
      const render = build?.module.renderSharedPage as RenderSharedPage | undefined;
      if (!build || typeof render !== 'function') return null;
      return fillSharedPage(build.template, {
        html: await render(page, `http://localhost${url.pathname}${url.search}`),
        path: url.pathname,
        page,
      });
    } catch (error) {
      logger?.warn({ err: error, path: url.pathname }, 'the shared page could not be rendered on the server');
      return null;
    }
  }

  return async function sharedPageHead(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const page = pageOf(c.req.path);
    if (!page) return next();
    const template = await loadTemplate().catch((error: unknown) => {
      logger?.warn({ err: error, path: c.req.path }, 'the app shell could not be read');
      return null;
    });
    if (!template) return next();
    let slug: string;
    try {
      slug = decodeURIComponent(page.slug);
    } catch {
      return answerWith(c, next, 404);
    }
    if (!shareSlugSchema.shape.slug.safeParse(slug).success) return answerWith(c, next, 404);
    let html: string;
    try {
      let data: unknown;
      let head: PageHead;
      if (page.kind === 'recipe') {
        const recipe = await getSharedRecipe({ db, slug });
        [data, head] = [recipe, sharedRecipeHead(recipe, slug, origin)];
      } else {
        const collection = await getSharedCollection({ db, slug });
        [data, head] = [collection, sharedCollectionHead(collection, slug, origin)];
      }
      const rendered = await renderBody({ key: sharedPageKey(page.kind, slug), data }, new URL(c.req.url));
      html = withPageHead(rendered ?? template, head);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return answerWith(c, next, 404);
      if (isDatabaseUnavailableError(error)) return answerWith(c, next, 503);
      logger?.warn({ err: error, path: c.req.path }, "the shared page's head could not be made");
      return next();
    }
    return c.html(html, 200, { 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' });
  };
}
