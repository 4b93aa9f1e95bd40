import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { MAX_IMAGE_BYTES } from '@/shared/domain/images';
import { MAX_ACCOUNT_IMPORT_BYTES } from '@/shared/schemas/export';
import { MAX_IMPORT_BYTES } from '@/shared/schemas/recipes';
import { AppError } from '../errors';
import { limitBody } from './body-limit';

/**
 * Guards every API request passes before any route reads it: one body limit per route (413 before the body is read) and
 * no NUL characters in any text (400), which PostgreSQL cannot store and which no legitimate client sends.
 */

/** Body limit of an API write unless its route has its own below, bytes: a few kB of JSON. */
export const DEFAULT_API_BODY_LIMIT_BYTES = 16 * 1024;
/** Largest `POST /api/events` body, bytes (256 kB: 100 events of up to 4 kB props with room to spare). */
export const EVENTS_BODY_LIMIT_BYTES = 256 * 1024;
/** Largest RevenueCat webhook body, bytes (its events are a few kB; 64 kB leaves room for many aliases). */
export const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Largest My Bar body to `/api/me/bar`, bytes: `POST` adds up to MAX_BAR_BATCH (100) ids, about 1 kB of JSON at most;
 * the other bar writes take none.
 */
export const MY_BAR_BODY_LIMIT_BYTES = 4 * 1024;
/**
 * Largest `POST /api/me/made` body, bytes: a cocktail id, a time and a note of up to 500 characters (up to 3 kB when every
 * character arrives as a JSON \u escape).
 */
export const MADE_BODY_LIMIT_BYTES = 4 * 1024;
/** Largest body of the shopping-list and swap writes, bytes: none or two ids. */
export const SMALL_BODY_LIMIT_BYTES = 1024;

/**
 * Largest body of the collection writes to `/api/me/collections`, bytes: a name (80 characters) and a description (500)
 * with up to MAX_COLLECTION_ITEMS (500) cocktail ids is under 10 kB even when every character arrives as a JSON \u escape.
 */
export const COLLECTIONS_BODY_LIMIT_BYTES = 12 * 1024;
/**
 * Largest `PUT /api/me/notes/:cocktailId` body, bytes: a note of MAX_NOTE_LENGTH (5,000) characters is up to 15 kB of
 * UTF-8, and up to 30 kB when every character arrives as a JSON \u escape (6 bytes each), plus the JSON around it.
 */
export const NOTE_BODY_LIMIT_BYTES = 32 * 1024;

/**
 * Largest venue write (`/api/venues`, `/api/venue-invitations`), bytes: a name (80), address (200) and opening hours
 * (300) with two colours, or an email and a role, is under 4 kB even when every character arrives as a JSON \u escape.
 */
export const VENUES_BODY_LIMIT_BYTES = 4 * 1024;
/**
 * Largest `PUT /api/venues/:slug/menu` body, bytes: 20 sections of 100 items, each item
 * `{"cocktailId":999999,"priceCents":1000000,"availability":"auto"},` (about 64 bytes), is under 130 kB.
 */
export const MENU_BODY_LIMIT_BYTES = 160 * 1024;
/**
 * Largest signature recipe write (`POST /api/venues/:slug/signatures`, `PUT .../:cocktailId`), bytes: name (80),
 * description (600), method (1,200), garnish (120) and 20 lines with notes of 120 characters is about 5,000 characters,
 * under 32 kB even when every character arrives as a JSON \u escape (6 bytes each).
 */
export const SIGNATURE_BODY_LIMIT_BYTES = 32 * 1024;
/**
 * Largest photo or logo upload, bytes: 1 MB over the image limit (uploads MAX_IMAGE_BYTES, 10 MB), so an image just over
 * the limit is read and refused with the image's own 400 message; anything larger is refused with 413 unread.
 */
export const IMAGE_UPLOAD_BODY_LIMIT_BYTES = MAX_IMAGE_BYTES + 1024 * 1024;

/** Largest recipe import upload, bytes: the import's own limit (shared/schemas/recipes.ts MAX_IMPORT_BYTES, 5 MB). */
export const IMPORT_BODY_LIMIT_BYTES = MAX_IMPORT_BYTES;

/** Largest account import upload, bytes: the export's zip with its photos (shared/schemas/export.ts, 20 MB). */
export const ACCOUNT_IMPORT_BODY_LIMIT_BYTES = MAX_ACCOUNT_IMPORT_BYTES;

/** Routes with another body limit, by path prefix, bytes. The first matching prefix wins. */
export const API_BODY_LIMITS: readonly { prefix: string; maxBytes: number }[] = [
  { prefix: '/api/events', maxBytes: EVENTS_BODY_LIMIT_BYTES },
  { prefix: '/api/webhooks/revenuecat', maxBytes: WEBHOOK_BODY_LIMIT_BYTES },
  { prefix: '/api/me/bar', maxBytes: MY_BAR_BODY_LIMIT_BYTES },
  { prefix: '/api/me/made', maxBytes: MADE_BODY_LIMIT_BYTES },
  { prefix: '/api/me/shopping-list', maxBytes: SMALL_BODY_LIMIT_BYTES },
  { prefix: '/api/me/swaps', maxBytes: SMALL_BODY_LIMIT_BYTES },
  { prefix: '/api/me/collections', maxBytes: COLLECTIONS_BODY_LIMIT_BYTES },
  { prefix: '/api/me/notes', maxBytes: NOTE_BODY_LIMIT_BYTES },
  { prefix: '/api/me/ratings', maxBytes: SMALL_BODY_LIMIT_BYTES },
  { prefix: '/api/me/recipes/import', maxBytes: IMPORT_BODY_LIMIT_BYTES },
  // An own recipe is written as a signature is (SIGNATURE_BODY_LIMIT_BYTES).
  { prefix: '/api/me/recipes', maxBytes: SIGNATURE_BODY_LIMIT_BYTES },
  { prefix: '/api/me/export', maxBytes: SMALL_BODY_LIMIT_BYTES },
  { prefix: '/api/me/import', maxBytes: ACCOUNT_IMPORT_BODY_LIMIT_BYTES },
  { prefix: '/api/collections', maxBytes: SMALL_BODY_LIMIT_BYTES },
  { prefix: '/api/venues', maxBytes: VENUES_BODY_LIMIT_BYTES },
  { prefix: '/api/venue-invitations', maxBytes: SMALL_BODY_LIMIT_BYTES },
];

/** The paths whose body is an image (a venue's logo, a signature cocktail's or an own recipe's photo): binary. */
const IMAGE_UPLOAD_PATH = /^\/api\/(venues\/[^/]+\/(logo|signatures\/[^/]+\/photo)|me\/recipes\/[^/]+\/photo)$/;

/**
 * The body limit of a request to `path`, bytes: a venue's whole-menu write gets MENU_BODY_LIMIT_BYTES, its photo and logo
 * uploads (`PUT`; their `DELETE` takes no body: SMALL_BODY_LIMIT_BYTES) IMAGE_UPLOAD_BODY_LIMIT_BYTES, its signature recipes SIGNATURE_BODY_LIMIT_BYTES; others by prefix.
 */
export function bodyLimitFor(path: string, method = 'POST'): number {
  if (/^\/api\/venues\/[^/]+\/menu$/.test(path)) return MENU_BODY_LIMIT_BYTES;
  if (IMAGE_UPLOAD_PATH.test(path)) return method === 'PUT' ? IMAGE_UPLOAD_BODY_LIMIT_BYTES : SMALL_BODY_LIMIT_BYTES;
  if (/^\/api\/venues\/[^/]+\/signatures(\/[^/]+)?$/.test(path)) return SIGNATURE_BODY_LIMIT_BYTES;
  return API_BODY_LIMITS.find((entry) => path.startsWith(entry.prefix))?.maxBytes ?? DEFAULT_API_BODY_LIMIT_BYTES;
}

/**
 * True when the request says it has no body: `Content-Length: 0` without Transfer-Encoding (what a browser's bodiless PUT
 * or DELETE sends), or neither header on a GET or HEAD, or on any request read off the socket (RFC 9112 section 6.3: its
 * body is then empty; a Fetch Request built in this process, as tests make, can carry a body without them). The guards
 * below pass such a request untouched, so it never builds the full Fetch Request that looking for a body needs (an
 * AbortSignal, a stream and a clone per request).
 */
function declaresNoBody(c: Context): boolean {
  if (c.req.header('transfer-encoding') !== undefined) return false;
  const length = c.req.header('content-length');
  if (length !== undefined) return length.trim() === '0';
  const method = c.req.method;
  const fromSocket = (c.env as { incoming?: unknown } | undefined)?.incoming instanceof IncomingMessage;
  return method === 'GET' || method === 'HEAD' || fromSocket;
}

/**
 * One body limit for every API route (see {@link bodyLimitFor}): a declared Content-Length over the limit answers 413
 * PAYLOAD_TOO_LARGE without reading the body; a streamed body is cut off at the limit. A request that declares no body
 * passes untouched.
 */
export function apiBodyLimit(): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  return async (c, next) => {
    if (declaresNoBody(c)) return next();
    const maxBytes = bodyLimitFor(c.req.path, c.req.method);
    let limiter = limiters.get(maxBytes);
    if (!limiter) {
      limiter = limitBody(maxBytes);
      limiters.set(maxBytes, limiter);
    }
    return limiter(c, next);
  };
}

/** The message of the 400 answer to text holding a NUL character. */
export const NUL_TEXT_MESSAGE = 'text must not contain NUL characters (\\u0000)';

/** Media types whose bodies are text the server reads (JSON, forms, plain text). Binary uploads are not scanned. */
const TEXT_BODY = /^(application\/([\w.-]+\+)?json|application\/x-www-form-urlencoded|text\/[\w.+-]+)$/i;

/** `text` percent-decoded where it can be (a malformed escape leaves the text as it is). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * True when percent-encoded text holds a NUL: `%00` anywhere (also when another escape in the text is malformed and the
 * whole cannot be decoded), or a NUL once decoded.
 */
function holdsEncodedNul(text: string): boolean {
  return /%00/.test(text) || decoded(text).includes('\u0000');
}

/** The JSON escape \u0000 (any case), not itself escaped: preceded by an even number of backslashes. */
const JSON_NUL_ESCAPE = /(^|[^\\])(\\\\)*\\u0000/i;

/** True when `text` holds a NUL character, raw or as the JSON escape \u0000 (but not the literal text `\\u0000`). */
export function holdsNul(text: string): boolean {
  return text.includes('\u0000') || JSON_NUL_ESCAPE.test(text);
}

/**
 * Refuses, with 400 BAD_REQUEST, any API request with a NUL character in its path, query string, cookies (percent-decoded)
 * or text body (raw, or as the JSON escape \u0000), so no such text ever reaches the database. Bodies are read from a
 * clone after the body limit, so the route still reads its own body.
 */
export function refuseNulText(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const pathAndQuery = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    if (holdsEncodedNul(pathAndQuery)) throw new AppError('BAD_REQUEST', NUL_TEXT_MESSAGE);
    const cookie = c.req.header('cookie');
    if (cookie && holdsEncodedNul(cookie)) throw new AppError('BAD_REQUEST', NUL_TEXT_MESSAGE);
    const mediaType = (c.req.header('content-type') ?? 'text/plain').split(';')[0]?.trim() ?? '';
    // An image upload, and the account import (a zip; account/import checks the JSON in it for NUL itself), are read as
    // bytes whatever their declared type (a missing one included): never scanned as text.
    const bytesUpload = IMAGE_UPLOAD_PATH.test(c.req.path) || c.req.path === '/api/me/import';
    if (
      c.req.method !== 'GET' &&
      c.req.method !== 'HEAD' &&
      !bytesUpload &&
      TEXT_BODY.test(mediaType) &&
      !declaresNoBody(c) &&
      c.req.raw.body
    ) {
      const text = await c.req.raw.clone().text();
      if (holdsNul(text) || (mediaType.endsWith('urlencoded') && decoded(text).includes('\u0000'))) {
        throw new AppError('BAD_REQUEST', NUL_TEXT_MESSAGE);
      }
    }
    await next();
  };
}
