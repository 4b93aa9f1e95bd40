import type { Context, MiddlewareHandler } from 'hono';
import type { Selectable } from 'kysely';
import type { EntitlementTable } from '../db/types';
import type { SessionUser } from '@/shared/schemas/session';

/**
 * What routes ask of the session: the contract, kept in this lower layer so features need not import auth for it; the
 * reader itself is auth/session-reader.ts `createSessionReader`.
 */

/** The current session: who is signed in, and until when (expiresAt). */
export interface CurrentSession {
  user: SessionUser;
  session: { id: string; expiresAt: Date };
  /**
   * The user's entitlement rows, read from the database with the session in this request (a cookie session); absent
   * when the reader did not read them (a bearer session): then whoever needs them reads the table.
   */
  entitlementRows?: readonly Selectable<EntitlementTable>[];
}

/**
 * Reads the session of a request (once per request) and forwards refreshed session cookies to its response. A request
 * is signed in by its session cookie, or by `Authorization: Bearer <jwt>` (a token from `GET /api/auth/token`, see
 * http/bearer.ts), which wins when both are present: a valid token stands for the session it was minted from, read
 * fresh from the database (it must still exist, belong to the token's `sub` and be unexpired), so every route sees the
 * same CurrentSession either way.
 */
export interface SessionReader {
  /**
   * The request's session, or null when signed out (no cookie, or an expired, revoked or forged one; no bearer token).
   * @throws AppError UNAUTHORIZED for a bearer token that is not valid (bad signature, expired, malformed, wrong claims,
   *   its session ended), with a `WWW-Authenticate: Bearer error="invalid_token"` header: a bearer request is never
   *   served as a signed-out one. AppError SERVICE_UNAVAILABLE when the database does not answer (given `db`); the
   *   database's error when the session store cannot be reached otherwise.
   */
  read(c: Context): Promise<CurrentSession | null>;
  /**
   * The request's session.
   * @throws AppError UNAUTHORIZED when signed out, or as {@link SessionReader.read} does.
   */
  require(c: Context): Promise<CurrentSession>;
  /**
   * Headers for a call of better-auth's in-process API on behalf of the request's session (e.g. the organization
   * plugin's endpoints, which find the session in a cookie): the request's own headers for a cookie session; for a
   * bearer session, the same headers without the Authorization header and with the session cookie of the token's session
   * in place of any cookie (signed as better-auth signs it), so both ways in behave the same. Nothing of it leaves the
   * process.
   */
  authHeaders(c: Context): Promise<Headers>;
  /**
   * Middleware appending any Set-Cookie the session lookup produced (a refreshed expiry) to the response, unless the route
   * set a cookie of the same name itself.
   */
  forwardCookies(): MiddlewareHandler;
}
