import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import sharp from 'sharp';
import { shareSlugSchema } from '@/shared/schemas/collections';
import type { CocktailDetail } from '@/shared/schemas/cocktail';
import { slugSchema } from '@/shared/schemas/slug';
import { getCatalogueVersion, getCocktailBySlug } from '../catalogue';
import { errorBody, RETRY_AFTER_SECONDS, toErrorResponse } from '../errors';
import { matchesEtag } from '../http/response-cache';
import { serverRenderBuild, type ServerRenderedPageOptions } from '../http/server-render-build';
import { getSharedRecipe } from '../recipes';
import { composeCocktailCard } from './og-card';

/**
 * The link-preview images (Open Graph `og:image`, Twitter `summary_large_image`), 1200 x 630 px PNGs of the card
 * og-card.ts lays out around the recipe's own illustration (drawn by `renderCocktailDrawing` of the server-render build,
 * dist/ssr/server-render.js, the picture its card shows):
 * - `GET|HEAD /og/cocktails/<slug>.png`: a public catalogue cocktail's, kept in memory per catalogue version;
 * - `GET|HEAD /og/recipes/shared/<share slug>.png`: a shared own recipe's (the preview of its page,
 *   `/recipes/shared/<share slug>`, when it has no photo), read through the share link at every request, so the image
 *   ends with the link, and kept in memory per recipe content.
 */

/** How many images the memory cache keeps (least recently used out): about 30-60 kB each. */
export const OG_IMAGE_CACHE_ENTRIES = 200;
/** `Cache-Control` of a catalogue cocktail's image: a day (86400 s) in any cache. */
export const OG_IMAGE_CACHE_CONTROL = 'public, max-age=86400';
/**
 * `Cache-Control` of a shared recipe's image: kept, but asked again each time (its ETag makes that a 304), so turning
 * the share link off ends the image at once, as it ends the recipe's page.
 */
export const OG_SHARED_IMAGE_CACHE_CONTROL = 'no-cache';

/** A catalogue cocktail's image: `/og/cocktails/<slug>.png`. */
const COCKTAIL_IMAGE = /^\/og\/cocktails\/([^/]+)\.png$/;
/** A shared own recipe's image: `/og/recipes/shared/<share slug>.png`. */
const SHARED_RECIPE_IMAGE = /^\/og\/recipes\/shared\/([^/]+)\.png$/;

/** The address of a shared own recipe's drawn link-preview image (1200 x 630 PNG): `/og/recipes/shared/<slug>.png`. */
export function sharedRecipeImagePath(shareSlug: string): string {
  return `/og/recipes/shared/${encodeURIComponent(shareSlug)}.png`;
}

/** The build's drawing export (src/client/server-render.tsx). */
type RenderCocktailDrawing = (cocktail: CocktailDetail) => { svg: string; liquid: string };

/** One drawn image: its PNG bytes and strong ETag. */
interface DrawnImage {
  png: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** A strong ETag from the bytes' SHA-1. */
function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

/** The error answer (JSON, never cached); 503 adds Retry-After. */
function errorAnswer(c: Context, status: 404 | 503, code: 'NOT_FOUND' | 'SERVICE_UNAVAILABLE', message: string) {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (status === 503) headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
  return c.json(errorBody(code, message), status, headers);
}

/** Which image a path asks for: its kind and the slug as written; null for any other path. */
function imageOf(path: string): { kind: 'cocktail' | 'shared'; slug: string } | null {
  const cocktail = COCKTAIL_IMAGE.exec(path);
  if (cocktail) return { kind: 'cocktail', slug: cocktail[1]! };
  const shared = SHARED_RECIPE_IMAGE.exec(path);
  return shared ? { kind: 'shared', slug: shared[1]! } : null;
}

/**
 * `GET|HEAD /og/cocktails/<slug>.png` and `GET|HEAD /og/recipes/shared/<share slug>.png` as Hono middleware (any other
 * method or path: `next()`). `clientDir` is the client build (dist/client); the server-render build sits beside it
 * (dist/ssr), and is re-read when it changes.
 *
 * 200: the 1200 x 630 px PNG, `Content-Type: image/png`, a strong ETag (SHA-1 of the bytes), `Cache-Control: public,
 * max-age=86400` for a catalogue cocktail and `no-cache` for a shared recipe; 304 when If-None-Match names it. Images
 * are kept in memory ({@link OG_IMAGE_CACHE_ENTRIES} of both kinds, least recently used out) keyed by slug and catalogue
 * version, or by share slug and the recipe's content, so a changed catalogue or an edited recipe redraws; concurrent
 * requests for an image not kept yet share one drawing.
 *
 * Errors (`{"error": {code, message}}`, `Cache-Control: no-store`): 404 NOT_FOUND for a slug that is not a public
 * catalogue cocktail (venue signatures and own recipes included), a share slug that is malformed, unknown or turned
 * off, when there is no build, or when drawing fails (logged); 503 SERVICE_UNAVAILABLE (with Retry-After) while the
 * database is away. Never a 500.
 */
export function serveCocktailImage({ db, clientDir, logger }: ServerRenderedPageOptions): MiddlewareHandler {
  // The renderer is all that is used; the client build's index.html is there whenever a build is.
  const loadBuild = serverRenderBuild(clientDir, 'index.html');
  const cache = new Map<string, DrawnImage>();
  const drawing = new Map<string, Promise<DrawnImage>>();
  let cachedModule: unknown = null;

  async function draw(render: RenderCocktailDrawing, read: () => Promise<CocktailDetail>): Promise<DrawnImage> {
    const cocktail = await read();
    const svg = composeCocktailCard(cocktail, await render(cocktail));
    const png = new Uint8Array(await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
    return { png, etag: etagOf(png) };
  }

  /** The image kept under `key`, else drawn once (however many ask for it meanwhile) and kept. */
  async function imageFor(key: string, make: () => Promise<DrawnImage>): Promise<DrawnImage> {
    const kept = cache.get(key);
    if (kept) {
      cache.delete(key);
      cache.set(key, kept);
      return kept;
    }
    let pending = drawing.get(key);
    if (!pending) {
      pending = make().finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    const image = await pending;
    cache.set(key, image);
    while (cache.size > OG_IMAGE_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return image;
  }

  return async function cocktailImage(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const asked = imageOf(c.req.path);
    if (!asked) return next();
    const shared = asked.kind === 'shared';
    const slug = (shared ? shareSlugSchema.shape.slug : slugSchema).safeParse(asked.slug);
    if (!slug.success) {
      return errorAnswer(
        c,
        404,
        'NOT_FOUND',
        shared ? 'No shared recipe at this link.' : `no cocktail is called '${asked.slug}'`,
      );
    }
    let image: DrawnImage;
    try {
      const build = await loadBuild();
      const render = build?.module.renderCocktailDrawing as RenderCocktailDrawing | undefined;
      if (!build || typeof render !== 'function') {
        return errorAnswer(c, 404, 'NOT_FOUND', 'no preview image is available (the app is not built)');
      }
      if (build.module !== cachedModule) {
        // A new build may draw differently: nothing kept from the old one is served.
        cache.clear();
        cachedModule = build.module;
      }
      if (shared) {
        // Read at every request: a link turned off answers 404 at once, whatever is kept.
        const recipe = await getSharedRecipe({ db, slug: slug.data });
        const content = createHash('sha1').update(JSON.stringify(recipe)).digest('base64url');
        image = await imageFor(`shared:${slug.data}:${content}`, () => draw(render, async () => recipe));
      } else {
        const key = `cocktail:${await getCatalogueVersion(db)}:${slug.data}`;
        image = await imageFor(key, () => draw(render, () => getCocktailBySlug({ db, slug: slug.data })));
      }
    } catch (error) {
      const { status, body } = toErrorResponse(error);
      if (status === 503) return errorAnswer(c, 503, 'SERVICE_UNAVAILABLE', body.error.message);
      if (status === 404) return errorAnswer(c, 404, 'NOT_FOUND', body.error.message);
      logger?.warn({ err: error, path: c.req.path }, 'the preview image could not be drawn');
      return errorAnswer(
        c,
        404,
        'NOT_FOUND',
        `no preview image is available for this ${shared ? 'recipe' : 'cocktail'}`,
      );
    }
    const cacheControl = shared ? OG_SHARED_IMAGE_CACHE_CONTROL : OG_IMAGE_CACHE_CONTROL;
    const headers = { 'Cache-Control': cacheControl, ETag: image.etag };
    if (matchesEtag(c.req.header('if-none-match'), image.etag)) return c.body(null, 304, headers);
    const png = { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(image.png.byteLength) };
    if (c.req.method === 'HEAD') return c.body(null, 200, png);
    return c.body(image.png, 200, png);
  };
}
