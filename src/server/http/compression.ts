import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { LruCache } from '../lib/lru-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this are sent as they are, bytes. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Bodies larger than this are not compressed in memory, bytes (8 MB). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

/** Picks br over gzip among the encodings the client accepts with q > 0; null when neither. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(q) ? q : 0);
  }
  const wildcard = accepted.get('*') ?? 0;
  const q = (name: Encoding) => accepted.get(name) ?? wildcard;
  if (q('br') > 0 && q('br') >= q('gzip')) return 'br';
  if (q('gzip') > 0) return 'gzip';
  return null;
}

async function compress(body: Buffer, encoding: Encoding, thorough: boolean): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: thorough ? 9 : 4,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzipAsync(body, { level: thorough ? 9 : 6 });
}

/**
 * Compresses text responses (HTML, CSS, JS, JSON, SVG...) of 1 kB or more with brotli or gzip, per Accept-Encoding, and
 * marks them `Vary: Accept-Encoding`. Responses carrying an ETag have the same bytes every time, so their compressed form is
 * remembered (bounded LRU, keyed by path, ETag and encoding); static files among them are compressed harder (brotli 9,
 * gzip 9), everything else quickly (brotli 4, gzip 6).
 * Skips HEAD, 204/206/304, responses already encoded and responses marked `Cache-Control: no-transform`.
 */
export function compression(options: { memoBytes?: number } = {}): MiddlewareHandler {
  const memo = new LruCache<string, Buffer>(1000, options.memoBytes ?? 32 * 1024 * 1024, (buffer) => buffer.length);
  return async function compressionMiddleware(c, next) {
    // Decided before the handler runs, so a client that accepts no encoding costs nothing more: its response is left
    // untouched (routes that answer compressible bodies set `Vary: Accept-Encoding` themselves).
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    await next();
    if (!encoding) return;
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('content-encoding') || /no-transform/i.test(res.headers.get('cache-control') ?? '')) return;
    const type = res.headers.get('content-type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const length = res.headers.get('content-length');
    if (length !== null && (Number(length) < COMPRESSION_THRESHOLD_BYTES || Number(length) > MAX_BUFFERED_BYTES))
      return;
    const vary = res.headers.get('vary');
    if (!vary) res.headers.set('Vary', 'Accept-Encoding');
    else if (!/accept-encoding|\*/i.test(vary)) res.headers.set('Vary', `${vary}, Accept-Encoding`);

    const raw = Buffer.from(await res.arrayBuffer());
    const status = res.status;
    if (raw.length < COMPRESSION_THRESHOLD_BYTES) {
      c.res = new Response(new Uint8Array(raw.buffer as ArrayBuffer, raw.byteOffset, raw.length), {
        status,
        headers: res.headers,
      });
      return;
    }
    const etag = res.headers.get('etag');
    const memoKey = etag ? `${c.req.path}|${etag}|${encoding}` : null;
    let body = memoKey ? memo.get(memoKey) : undefined;
    if (!body) {
      // Static files are compressed once for good, so harder; API answers stay quick even on their first request.
      body = await compress(raw, encoding, memoKey !== null && !c.req.path.startsWith('/api/'));
      if (memoKey) memo.set(memoKey, body);
    }
    // Hono copies the old response's headers onto the new one, so the length and encoding are fixed up afterwards.
    c.res = new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
      status,
      headers: res.headers,
    });
    c.res.headers.delete('content-length');
    c.res.headers.set('content-encoding', encoding);
    if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
  };
}
