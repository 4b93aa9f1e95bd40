import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { SessionReader } from './current-session';

/**
 * Writes replayed safely: a signed-in user's write under /api/me sent with an `Idempotency-Key` header runs once, and the
 * same key sent again within {@link IDEMPOTENCY_WINDOW_MS} is answered with the first answer (status, body, content type)
 * and `Idempotent-Replayed: true`, without running the route again. The browser's offline write queue sends each queued
 * write with a key of its own, so a write whose answer was lost on the way back is not made twice when it is sent again.
 * The keys and answers live in the `idempotent_write` table (migration 0024), one row per user and key.
 */

/** The request header naming a write: 1 to 128 characters of A-Z, a-z, 0-9, '_' and '-' (a UUID fits). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The response header of an answer replayed from a key's first request (value 'true'). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key's answer is kept and replayed, ms (a day); older rows are pruned and never replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The least time between two prunes of old keys by one process, ms. */
export const IDEMPOTENCY_PRUNE_INTERVAL_MS = 60 * 1000;
/**
 * How long a claimed key may stay unanswered before a request with the same key takes it over, ms: the first request's
 * process ended without answering (a crash or a restart), so the key would otherwise answer 409 for a day.
 */
export const IDEMPOTENCY_ABANDONED_MS = 2 * 60 * 1000;
/** The largest answer body kept for a replay, bytes; a larger answer is not kept (its key is released). */
export const IDEMPOTENCY_MAX_BODY_BYTES = 1024 * 1024;

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Content types whose body is kept as text; any other body is kept as base64. */
const TEXT_CONTENT_TYPE =
  /^(text\/|application\/([\w.-]+\+)?(json|xml)\b|application\/(javascript|x-www-form-urlencoded)\b)/i;
/** Statuses whose answer has no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The message of the 422 answer to a key used again on another write. */
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was used for a different request (another method or path); send a fresh key for each write.';
/** The message of the 409 answer to a key whose first request is still running. */
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still running; try again shortly.';

/**
 * The key of a request's Idempotency-Key header.
 * @param value the header's value (undefined when absent).
 * @returns the key, or null when the header is absent.
 * @throws AppError VALIDATION_FAILED when the header is present but not 1 to 128 characters of [A-Za-z0-9_-].
 */
export function parseIdempotencyKey(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!KEY_PATTERN.test(value)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${IDEMPOTENCY_KEY_HEADER} must be 1 to 128 characters of letters, digits, '_' and '-' (a UUID fits)`,
    );
  }
  return value;
}

/** What {@link idempotentWrites} needs. */
export interface IdempotencyOptions {
  db: Kysely<Database>;
  /** The session reader the routes use (it reads a request's session once, so the routes' own read costs nothing). */
  sessions: SessionReader;
  /** Where a failure to keep an answer is logged (the answer itself still goes out). */
  logger?: Logger;
  /** The clock, ms since the epoch (tests pass their own). */
  now?: () => number;
}

/** A key's row as read back. */
interface StoredWrite {
  method: string;
  path: string;
  status: number | null;
  body: string | null;
  content_type: string | null;
  created_at: Date | string;
}

function isTextual(contentType: string | null): boolean {
  return contentType === null || contentType === '' || TEXT_CONTENT_TYPE.test(contentType);
}

/** The stored answer of a key, as a response marked as replayed. */
function replay(row: StoredWrite & { status: number }): Response {
  const headers = new Headers({ [IDEMPOTENT_REPLAYED_HEADER]: 'true', 'Cache-Control': 'no-store' });
  if (row.content_type) headers.set('Content-Type', row.content_type);
  let body: BodyInit | null = null;
  if (row.body !== null && !NULL_BODY_STATUSES.has(row.status)) {
    body = isTextual(row.content_type) ? row.body : new Uint8Array(Buffer.from(row.body, 'base64'));
  }
  return new Response(body, { status: row.status, headers });
}

/** The path and query string a key is bound to (the query names the resource of some writes, e.g. a swap). */
function targetOf(c: Context): string {
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Middleware for the writes (POST, PUT, PATCH, DELETE) under /api/me: mount it once, after anything that may refuse a
 * request without running it (the origin guard), before the routes. A request without the header, a read, or a
 * signed-out request passes through untouched. For a signed-in user's write with a valid key:
 * - the first request claims the key (an insert that does nothing when the key is taken), runs the route, and keeps
 *   its status, body and content type when the status is below 500; on a 5xx (a thrown error included) the claim is
 *   deleted, so the next try runs the route again;
 * - the same user and key again within {@link IDEMPOTENCY_WINDOW_MS}, same method and path: the kept answer with
 *   `Idempotent-Replayed: true` and `Cache-Control: no-store`; the route does not run;
 * - the same key on another method or path: 422 IDEMPOTENCY_KEY_REUSED; a key claimed but not yet answered: 409
 *   IDEMPOTENCY_IN_PROGRESS (unless unanswered for {@link IDEMPOTENCY_ABANDONED_MS}, when it is taken over);
 * - keys are each user's own: another user's equal key is another row;
 * - rows older than the window are deleted at most once every {@link IDEMPOTENCY_PRUNE_INTERVAL_MS} by each process
 *   (one delete by created_at, on the next keyed write), and are never replayed before then.
 * @throws AppError VALIDATION_FAILED for a malformed key (400); the errors above; the database's error when it is away
 *   (the error handler answers 503).
 */
export function idempotentWrites({ db, sessions, logger, now = Date.now }: IdempotencyOptions): MiddlewareHandler {
  let lastPrune = Number.NEGATIVE_INFINITY;

  const prune = async (at: number) => {
    if (at - lastPrune < IDEMPOTENCY_PRUNE_INTERVAL_MS) return;
    lastPrune = at;
    const cutoff = new Date(at - IDEMPOTENCY_WINDOW_MS).toISOString();
    await db.deleteFrom('idempotent_write').where('created_at', '<', cutoff).execute();
  };

  /** True when this request now holds the key. */
  const claim = async (userId: string, key: string, method: string, path: string, at: number) => {
    const result = await db
      .insertInto('idempotent_write')
      .values({ user_id: userId, key, method, path, created_at: new Date(at).toISOString() })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  };

  const release = (userId: string, key: string) =>
    db.deleteFrom('idempotent_write').where('user_id', '=', userId).where('key', '=', key).execute();

  /** Deletes the key's row when it is older than `before` (and, with `unanswered`, still has no answer). */
  const dropStale = (userId: string, key: string, before: number, unanswered: boolean) => {
    let query = db
      .deleteFrom('idempotent_write')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('created_at', '<', new Date(before).toISOString());
    if (unanswered) query = query.where('status', 'is', null);
    return query.execute();
  };

  /** The kept answer of the key, or null once this request holds the key. @throws the 422 and 409 above. */
  const claimOrReplay = async (userId: string, key: string, method: string, path: string, at: number) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await claim(userId, key, method, path, at)) return null;
      const row = await db
        .selectFrom('idempotent_write')
        .select(['method', 'path', 'status', 'body', 'content_type', 'created_at'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) continue; // released or pruned in between: claim again
      const age = at - new Date(row.created_at).getTime();
      if (age >= IDEMPOTENCY_WINDOW_MS) {
        await dropStale(userId, key, at - IDEMPOTENCY_WINDOW_MS + 1, false);
        continue;
      }
      if (row.method !== method || row.path !== path) throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED_MESSAGE);
      if (row.status !== null) return replay({ ...row, status: row.status });
      if (age < IDEMPOTENCY_ABANDONED_MS) break;
      await dropStale(userId, key, at - IDEMPOTENCY_ABANDONED_MS + 1, true);
    }
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', IN_PROGRESS_MESSAGE);
  };

  /** Keeps the route's answer under the key, or releases the key when the answer is not to be kept. */
  const settle = async (c: Context, userId: string, key: string) => {
    const response = c.res;
    const status = response.status;
    const contentType = response.headers.get('content-type');
    const bytes =
      status < 500 && !NULL_BODY_STATUSES.has(status) ? new Uint8Array(await response.clone().arrayBuffer()) : null;
    if (status >= 500 || (bytes && bytes.byteLength > IDEMPOTENCY_MAX_BODY_BYTES)) {
      await release(userId, key);
      return;
    }
    let body: string | null = null;
    if (bytes && bytes.byteLength > 0) {
      body = isTextual(contentType) ? new TextDecoder().decode(bytes) : Buffer.from(bytes).toString('base64');
    }
    await db
      .updateTable('idempotent_write')
      .set({ status, body, content_type: contentType })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  };

  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_KEY_HEADER));
    if (key === null) return next();
    const session = await sessions.read(c);
    if (!session) return next();
    const userId = session.user.id;
    const at = now();
    await prune(at);
    const replayed = await claimOrReplay(userId, key, c.req.method, targetOf(c), at);
    if (replayed) return replayed;
    try {
      await next();
    } catch (error) {
      await release(userId, key).catch(() => undefined);
      throw error;
    }
    try {
      await settle(c, userId, key);
    } catch (error) {
      // The route ran and its answer goes out; the claim stays unanswered until it is taken over as abandoned.
      logger?.warn({ err: error, method: c.req.method, path: c.req.path }, 'idempotent answer not kept');
    }
  };
}
