import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import {
  MENU_PAGE_FILE,
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
  RECIPE_PAGE_FILE,
  SHARED_PAGE_FILE,
} from '@/shared/first-paint';
import { APP_SHELL_PATH, SERVICE_WORKER_PATH } from '@/shared/offline';
import { isClientRoute } from '@/shared/routes';
import { LruCache } from '../lib/lru-cache';

/** Build output with content hashes in its names: cacheable for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other public files (favicon, manifest, robots.txt): an hour. */
const SHORT = 'public, max-age=3600';
/** The HTML pages: always revalidate, so a new build is picked up at once. */
const REVALIDATE = 'no-cache';

/** Text of the 503 page answered for a non-API path when there is no client build. */
export const CLIENT_NOT_BUILT_TEXT = 'client not built: run npm run build';

/** The shell page the build writes for every client path but '/' (scripts/vite-prerender.ts). */
export const APP_SHELL_HTML = 'app-shell.html';
/** The build's HTML pages (paths inside the build), served only through the page rules, never by file name. */
const HTML_PAGES = new Set([
  'index.html',
  APP_SHELL_HTML,
  ...Object.values(PRERENDERED_PAGES).map((file) => `${PRERENDERED_DIR}/${file}`),
  // The templates the server fills (venues/menu-page.ts, catalogue/recipe-page.ts, seo/shared-pages.ts): never served
  // raw, placeholders and all.
  `${PRERENDERED_DIR}/${MENU_PAGE_FILE}`,
  `${PRERENDERED_DIR}/${RECIPE_PAGE_FILE}`,
  `${PRERENDERED_DIR}/${SHARED_PAGE_FILE}`,
]);

interface StaticFile {
  body: Buffer;
  mtimeMs: number;
  size: number;
  etag: string;
  type: string;
}

/** Resolves a URL path to a file inside `root`; null for traversal attempts or undecodable paths. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return resolved === root || resolved.startsWith(`${root}${path.sep}`) ? resolved : null;
}

function matches(header: string | undefined, etag: string): boolean {
  return !!header && header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

/**
 * Serves the built client (vite build output) for every GET/HEAD outside /api:
 * - an existing file -> that file; /assets/* with `Cache-Control: public, max-age=31536000, immutable`;
 * - a missing /assets/* file -> 404 (a stale chunk must fail loudly, not receive HTML);
 * - '/' -> index.html (the build's pre-rendered age gate and home page) with `Cache-Control: no-cache`;
 * - a path of PRERENDERED_PAGES ('/discover') -> its pre-rendered page (prerendered/<name>.html);
 * - another client route (src/shared/routes.ts) -> app-shell.html (the gate and the bare shell), or index.html when the
 *   build has no app-shell.html (or that page), with `Cache-Control: no-cache`;
 * - any other path -> the same page but with status 404 (the client draws its own 404 page), and no ETag or 304;
 * - no HTML page is served under its own name (/index.html, /app-shell.html, /prerendered/...), which would bypass
 *   these rules; the app shell has one address of its own, {@link APP_SHELL_PATH}, where the service worker precaches it
 *   (`no-cache`);
 * - the service worker's script ({@link SERVICE_WORKER_PATH}) with `no-cache`, so a new build's worker is found at once;
 * - no build at all -> 503 text "client not built: run npm run build".
 * Files are read once and kept in a bounded LRU (re-read when their mtime changes); ETag + If-None-Match give 304s.
 */
export function serveClient({ clientDir }: { clientDir: string }): MiddlewareHandler {
  const root = path.resolve(clientDir);
  const files = new LruCache<string, StaticFile>(2000, 64 * 1024 * 1024, (file) => file.size);

  async function load(file: string): Promise<StaticFile | null> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const cached = files.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(file);
    const loaded: StaticFile = {
      body,
      mtimeMs: info.mtimeMs,
      size: body.length,
      etag: `"${body.length.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
      type: getMimeType(file) ?? 'application/octet-stream',
    };
    files.set(file, loaded);
    return loaded;
  }

  function send(c: Context, file: StaticFile, cacheControl: string, status: 200 | 404 = 200): Response {
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': cacheControl,
      Vary: 'Accept-Encoding',
    };
    if (status === 200) {
      headers.ETag = file.etag;
      if (matches(c.req.header('if-none-match'), file.etag)) return c.body(null, 304, headers);
    }
    if (c.req.method === 'HEAD') return c.body(null, status, { ...headers, 'Content-Length': String(file.size) });
    return c.body(
      new Uint8Array(file.body.buffer as ArrayBuffer, file.body.byteOffset, file.body.length),
      status,
      headers,
    );
  }

  /** Whether the path is one of the client's pages (matched on its decoded form, as the client router does). */
  function isPage(urlPath: string): boolean {
    try {
      return isClientRoute(decodeURIComponent(urlPath));
    } catch {
      return false;
    }
  }

  return async function clientStatic(c, next) {
    const urlPath = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || urlPath === '/api' || urlPath.startsWith('/api/'))
      return next();
    const isAsset = urlPath.startsWith('/assets/');
    if (urlPath !== '/' && !urlPath.endsWith('/')) {
      const target = resolveInside(root, urlPath);
      const file = target ? await load(target) : null;
      const inBuild = path
        .relative(root, target ?? root)
        .split(path.sep)
        .join('/');
      if (file && !HTML_PAGES.has(inBuild)) {
        return send(c, file, isAsset ? IMMUTABLE : urlPath === SERVICE_WORKER_PATH ? REVALIDATE : SHORT);
      }
      if (isAsset) return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    }
    const index = await load(path.join(root, 'index.html'));
    if (!index) return c.text(CLIENT_NOT_BUILT_TEXT, 503, { 'Cache-Control': 'no-store' });
    if (urlPath === APP_SHELL_PATH) return send(c, (await load(path.join(root, APP_SHELL_HTML))) ?? index, REVALIDATE);
    const pageFile = Object.hasOwn(PRERENDERED_PAGES, urlPath) ? PRERENDERED_PAGES[urlPath] : undefined;
    const prerendered = pageFile ? await load(path.join(root, PRERENDERED_DIR, pageFile)) : null;
    const page = urlPath === '/' ? index : (prerendered ?? (await load(path.join(root, APP_SHELL_HTML))) ?? index);
    return send(c, page, REVALIDATE, isPage(urlPath) ? 200 : 404);
  };
}
