import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { errorBody } from '../errors';
import { matchesEtag } from '../http/response-cache';
import { isValidImageKey, type ImageStore } from './storage';

/** Where stored images are served: `mediaRoutes` is mounted here, and {@link mediaUrl} builds links under it. */
export const MEDIA_PATH = '/media';

/**
 * `Cache-Control` of a stored image: a year (31536000 s, the longest RFC 9111 lets a cache keep anything) and
 * `immutable`, because a key never changes content: every upload gets a new random id (storage.ts storeImage).
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The URL path a stored image is served at: `/media/${key}`. */
export function mediaUrl(key: string): string {
  return `${MEDIA_PATH}/${key}`;
}

/** A strong ETag from the bytes' SHA-1 (cheap: images are at most a few hundred kB). */
function etagOf(body: Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * `GET|HEAD /media/:key` (mount at {@link MEDIA_PATH}): the stored image under `key` (the rest of the path, URL-decoded;
 * `..` segments, plain or %2e-encoded, are resolved by URL parsing before routing, so they never reach here as such),
 * with its content type, `Cache-Control: public, max-age=31536000, immutable` ({@link MEDIA_CACHE_CONTROL}),
 * `X-Content-Type-Options: nosniff` and a strong ETag (304 on If-None-Match).
 *
 * Errors (`{"error": {code, message}}`, never cached): 400 BAD_REQUEST for a key outside the store's rules (e.g. `..`,
 * upper case, empty segments: storage.ts isValidImageKey); 404 NOT_FOUND when nothing is stored under it. A failing store
 * (disk, S3) is thrown to the app's error handler.
 */
export function mediaRoutes({ store }: { store: ImageStore }): Hono {
  const routes = new Hono();
  const noStore = { 'Cache-Control': 'no-store' };
  const missingKey = errorBody('NOT_FOUND', 'no media key given');
  routes.get('/', (c) => c.json(missingKey, 404, noStore));
  routes.get('/:key{.*}', async (c) => {
    const key = c.req.param('key');
    if (key === '') return c.json(missingKey, 404, noStore);
    if (!isValidImageKey(key)) {
      return c.json(errorBody('BAD_REQUEST', 'invalid media key'), 400, noStore);
    }
    const file = await store.get(key);
    if (!file) return c.json(errorBody('NOT_FOUND', `no media at ${mediaUrl(key)}`), 404, noStore);
    const etag = etagOf(file.body);
    const headers = {
      'Cache-Control': MEDIA_CACHE_CONTROL,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(new Uint8Array(file.body), 200, { ...headers, 'Content-Type': file.contentType });
  });
  return routes;
}
