import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { LruCache } from '../lib/lru-cache';
import { SeenBefore } from '../lib/seen-before';

/** Cache-Control of a public read that clients may keep but must revalidate (cheap 304s). */
export const PUBLIC_REVALIDATE = 'public, no-cache';
/** Cache-Control of a read for one signed-in caller: shared caches must not keep it, and neither does this cache. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

/** What the cache middleware gives the routes behind it: the content version it read once for this request. */
export interface ResponseCacheVariables {
  /** The version of the content (e.g. the catalogue version) read once per request. */
  contentVersion: string;
  /** The answer's body as {@link cacheableJson} encoded it, so the cache keeps these bytes without reading them back. */
  responseBytes?: Uint8Array<ArrayBuffer>;
}

/** Options of {@link responseCache}. */
export interface ResponseCacheOptions {
  /** Reads the current content version (an opaque token that changes with every write); called once per request. */
  version: (c: Context) => Promise<string>;
  /** Most answers kept. */
  maxEntries: number;
  /** Most bytes of answers kept. */
  maxBytes: number;
}

/**
 * Slots of the admission table per kept answer: an answer is kept from its second request on, when that request comes
 * before about this many times `maxEntries` other new URLs (at 3,500 new searches a second and 500 entries, within a
 * second or so; at a quiet moment, much longer).
 */
const ADMISSION_SLOTS_PER_ENTRY = 16;

/** A kept answer: its ETag, its Cache-Control and its UTF-8 bytes (kept encoded: a hit costs no serialisation). */
interface CachedAnswer {
  etag: string;
  cacheControl: string;
  body: Uint8Array<ArrayBuffer>;
}

/** A weak ETag naming the content version and the body's digest, so equal answers share it whatever the URL's spelling. */
function etagFor(version: string, body: Uint8Array): string {
  return `W/"${version}-${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
}

/** True when an If-None-Match header names `etag` (weak comparison, lists and `*` allowed: RFC 9110 section 13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';
const ENCODER = new TextEncoder();

/**
 * Answers 200 with `value` as JSON, encoded once to UTF-8 bytes that {@link responseCache} then keeps and digests as they
 * are (a route answering with `c.json` works too, but its body must be read back from the Response first).
 * @param cacheControl PUBLIC_REVALIDATE (kept by the cache) or PRIVATE_REVALIDATE (never kept).
 */
export function cacheableJson(
  c: Context<{ Variables: ResponseCacheVariables }>,
  value: unknown,
  cacheControl: string,
): Response {
  return cacheableJsonText(c, JSON.stringify(value), cacheControl);
}

/** {@link cacheableJson} for a body already serialised: `json` must be JSON text. */
export function cacheableJsonText(
  c: Context<{ Variables: ResponseCacheVariables }>,
  json: string,
  cacheControl: string,
): Response {
  const body = ENCODER.encode(json);
  c.set('responseBytes', body);
  return c.body(body, 200, { 'Content-Type': JSON_TYPE, 'Cache-Control': cacheControl });
}

/**
 * Conditional GETs and an in-memory answer cache for read endpoints whose content changes only with a version token.
 *
 * Per GET request it reads the version once (routes find it in `c.var.contentVersion`), answers a cached URL at once
 * (304 when If-None-Match matches), and otherwise lets the route answer; a 200 JSON answer then gets an ETag from the
 * version and the body's digest, a 304 when the client already has it, and is kept when its Cache-Control is public.
 * Private answers (pages only members may read) are never kept here, so a kept answer can never reach a caller the route
 * would have refused. The whole cache is dropped when the version changes. Bounded by entries and bytes (LRU).
 *
 * An answer is kept only from its URL's second request on ({@link SeenBefore}): under a stream of searches nobody repeats,
 * keeping each first answer evicted the answers people do repeat and, as each kept body outlived two young-generation
 * collections, filled the old generation with garbage (p99 at 200 connections and 100,000 cocktails 159-166 ms with it,
 * 88-106 ms without it, on the two-core development machine).
 */
export function responseCache(options: ResponseCacheOptions) {
  const cache = new LruCache<string, CachedAnswer>(
    options.maxEntries,
    options.maxBytes,
    (entry) => entry.body.byteLength + 200,
  );
  const seen = new SeenBefore(options.maxEntries * ADMISSION_SLOTS_PER_ENTRY);
  let cacheVersion = '';

  const answer = (c: Context, entry: CachedAnswer): Response => {
    const headers = { ETag: entry.etag, 'Cache-Control': entry.cacheControl, Vary: 'Accept-Encoding' };
    if (matchesEtag(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304, headers);
    return c.body(entry.body, 200, { ...headers, 'Content-Type': JSON_TYPE });
  };

  return createMiddleware<{ Variables: ResponseCacheVariables }>(async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const version = await options.version(c);
    if (version !== cacheVersion) {
      cache.clear(); // `seen` stays: a URL asked for before the change is as likely to be asked for again
      cacheVersion = version;
    }
    c.set('contentVersion', version);
    const key = c.req.url;
    const hit = cache.get(key);
    if (hit) return answer(c, hit);

    await next();
    if (c.res.status !== 200 || !(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
    const cacheControl = c.res.headers.get('cache-control') ?? PUBLIC_REVALIDATE;
    const produced = c.res;
    const body = c.var.responseBytes ?? new Uint8Array(await produced.arrayBuffer());
    const entry: CachedAnswer = { etag: etagFor(version, body), cacheControl, body };
    if (cacheControl.startsWith('public') && version === cacheVersion && seen.check(key)) cache.set(key, entry);
    const headers = new Headers(produced.headers);
    headers.set('ETag', entry.etag);
    headers.set('Vary', 'Accept-Encoding');
    headers.delete('content-length');
    const notModified = matchesEtag(c.req.header('if-none-match'), entry.etag);
    if (notModified) headers.delete('content-type');
    c.res = undefined;
    c.res = new Response(notModified ? null : entry.body, { status: notModified ? 304 : 200, headers });
  });
}
