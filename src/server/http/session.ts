import type { Context, MiddlewareHandler } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { SessionUser } from '@/shared/schemas/session';
import { AppError } from '../errors';
import type { Auth } from '../auth';

/** The current session: who is signed in, and until when (expiresAt). */
export interface CurrentSession {
  user: SessionUser;
  session: { id: string; expiresAt: Date };
}

/** Reads the session of a request (once per request) and forwards refreshed session cookies to its response. */
export interface SessionReader {
  /**
   * The request's session, or null when signed out (no cookie, or an expired, revoked or forged one).
   * @throws the database's error when the session store cannot be reached.
   */
  read(c: Context): Promise<CurrentSession | null>;
  /**
   * The request's session.
   * @throws AppError UNAUTHORIZED when signed out.
   */
  require(c: Context): Promise<CurrentSession>;
  /**
   * Middleware appending any Set-Cookie the session lookup produced (a refreshed expiry) to the response, unless the route
   * set a cookie of the same name itself.
   */
  forwardCookies(): MiddlewareHandler;
}

/** The message of the 401 answer for routes that need a session. */
export const SIGN_IN_REQUIRED_MESSAGE = 'Sign in to continue.';

function toSessionUser(user: Record<string, unknown>): SessionUser {
  return {
    id: String(user.id),
    email: String(user.email),
    name: typeof user.name === 'string' ? user.name : '',
    image: typeof user.image === 'string' ? user.image : null,
    emailVerified: Boolean(user.emailVerified),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    createdAt: new Date(user.createdAt as string | Date).toISOString(),
    updatedAt: new Date(user.updatedAt as string | Date).toISOString(),
  };
}

/** The message of the 503 answer when the session store cannot be reached. */
export const SESSION_STORE_UNAVAILABLE_MESSAGE = 'The database is unavailable; please try again shortly.';

/**
 * better-auth answers a storage failure with its own 500 and loses the cause. This asks the database itself: when it does
 * not answer a trivial query, the failure was the database's.
 * @throws AppError SERVICE_UNAVAILABLE (503) when `db` does not answer; returns quietly when it does.
 */
export async function assertDatabaseAnswers<DB>(db: Kysely<DB>): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (cause) {
    throw new AppError('SERVICE_UNAVAILABLE', SESSION_STORE_UNAVAILABLE_MESSAGE, { cause });
  }
}

/** A failed session read becomes 503 when the database does not answer (see {@link assertDatabaseAnswers}). */
async function explainSessionFailure<DB>(error: unknown, db: Kysely<DB> | undefined): Promise<never> {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (db && typeof status === 'number' && status >= 500) await assertDatabaseAnswers(db);
  throw error;
}

/**
 * Builds the session reader over better-auth's `getSession` (which also extends a session used more than a day after its
 * last extension, answering a new cookie: that cookie is forwarded by {@link SessionReader.forwardCookies}).
 * @param db the database the sessions live in: with it, a session read that fails because the database is away answers
 *   503 SERVICE_UNAVAILABLE instead of better-auth's 500.
 */
export function createSessionReader<DB>(auth: Auth, db?: Kysely<DB>): SessionReader {
  const sessions = new WeakMap<Request, Promise<CurrentSession | null>>();
  const cookies = new WeakMap<Request, string[]>();

  const read = (c: Context): Promise<CurrentSession | null> => {
    const request = c.req.raw;
    let pending = sessions.get(request);
    if (!pending) {
      pending = (async () => {
        if (!request.headers.get('cookie')) return null;
        const { headers, response } = await auth.api
          .getSession({ headers: request.headers, returnHeaders: true })
          .catch((error: unknown) => explainSessionFailure(error, db));
        const setCookies = headers?.getSetCookie() ?? [];
        if (setCookies.length > 0) cookies.set(request, setCookies);
        if (!response) return null;
        return {
          user: toSessionUser(response.user as unknown as Record<string, unknown>),
          session: { id: response.session.id, expiresAt: new Date(response.session.expiresAt) },
        };
      })();
      sessions.set(request, pending);
    }
    return pending;
  };

  return {
    read,
    async require(c) {
      const current = await read(c);
      if (!current) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
      return current;
    },
    forwardCookies() {
      return async (c, next) => {
        await next();
        const pending = cookies.get(c.req.raw);
        if (!pending) return;
        // A route that set the same cookie itself (e.g. account deletion expiring it) has the last word.
        const nameOf = (cookie: string) => cookie.slice(0, cookie.indexOf('='));
        const setByRoute = new Set(c.res.headers.getSetCookie().map(nameOf));
        for (const cookie of pending) {
          if (!setByRoute.has(nameOf(cookie))) c.res.headers.append('set-cookie', cookie);
        }
      };
    },
  };
}

/**
 * Set-Cookie values that remove the session cookies (token, cached data, "don't remember"), with the attributes they were
 * set with, so the browser drops them at once (used after account deletion).
 */
export async function expiredSessionCookies(auth: Auth): Promise<string[]> {
  const context = await auth.$context;
  const { sessionToken, sessionData, dontRememberToken } = context.authCookies;
  return [sessionToken, sessionData, dontRememberToken].map(({ name, attributes }) => {
    const parts = [`${name}=`, 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', `Path=${attributes.path ?? '/'}`];
    if (attributes.httpOnly) parts.push('HttpOnly');
    if (attributes.secure) parts.push('Secure');
    parts.push('SameSite=Lax');
    return parts.join('; ');
  });
}
