import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { SessionUser } from '@/shared/schemas/session';
import { AppError } from '../errors';
import { bearerChallenge, bearerTokenOf, createBearerVerifier, SESSION_ENDED_MESSAGE } from '../http/bearer';
import type { CurrentSession, SessionReader } from '../http/current-session';
import type { Auth } from './auth';
import { publishedJwks } from './jwks';
import { createSessionMemo, sessionTokenOf, type SessionAnswer } from './session-memo';
import { sessionStateByToken } from './session-version';
import { assertDatabaseAnswers } from './store-outage';

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

/**
 * A failed session read (better-auth's 5xx, or an error with no HTTP status, such as the database driver's) becomes 503
 * when the database does not answer (see {@link assertDatabaseAnswers}); a refusal (4xx) is passed on as it is.
 */
async function explainSessionFailure(error: unknown, db: Kysely<Database> | undefined): Promise<never> {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (db && (typeof status !== 'number' || status >= 500)) await assertDatabaseAnswers(db);
  throw error;
}

/** The value of a session cookie for `token`, signed as better-auth (better-call) signs it: HMAC-SHA-256, base64. */
function signedCookieValue(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

/** The session reader the server builds: also hands the auth routes better-auth's own answer (for get-session). */
export interface AuthSessionReader extends SessionReader {
  /**
   * better-auth's answer for the request's cookie session ({session, user}, as its get-session route returns them), or
   * null when signed out or signed in by a bearer token. Read once per request with {@link SessionReader.read}.
   */
  answer(c: Context): Promise<SessionAnswer | null>;
}

/**
 * Builds the session reader over better-auth's `getSession` (which also extends a session used more than a day after its
 * last extension, answering a new cookie: that cookie is forwarded by {@link SessionReader.forwardCookies}), and over
 * bearer tokens (http/bearer.ts; issuer and audience: better-auth's baseURL, APP_URL).
 * With `db`, better-auth's answer for a Cookie header is remembered for a while and reused after checking the
 * session's version in the database (auth/session-memo.ts, ADR 002).
 * @param db the database the sessions live in: with it, a session read that fails because the database is away answers
 *   503 SERVICE_UNAVAILABLE instead of better-auth's 500.
 */
export function createSessionReader(auth: Auth, db?: Kysely<Database>): AuthSessionReader {
  const sessions = new WeakMap<Request, Promise<CurrentSession | null>>();
  const answers = new WeakMap<Request, SessionAnswer>();
  const memo = db ? createSessionMemo(sessionStateByToken(db)) : null;
  let tokenCookieName: string | undefined;
  const cookies = new WeakMap<Request, string[]>();
  /** The session token of each request signed in by a bearer token (for {@link SessionReader.authHeaders}). */
  const bearerSessionTokens = new WeakMap<Request, string>();
  const appUrl = auth.options.baseURL;
  const verifier = createBearerVerifier({ loadJwks: () => publishedJwks(auth, db), issuer: appUrl, audience: appUrl });

  /** The session a bearer token stands for (see {@link SessionReader}). */
  const readBearer = async (c: Context, token: string): Promise<CurrentSession> => {
    try {
      const claims = await verifier.verify(token);
      const context = await auth.$context;
      const found = await (async () => {
        const session = await context.adapter.findOne<{ id: string; userId: string; token: string; expiresAt: Date }>({
          model: 'session',
          where: [{ field: 'id', value: claims.sid }],
        });
        if (!session || session.userId !== claims.sub) return null;
        const expiresAt = new Date(session.expiresAt);
        if (!(expiresAt.getTime() > Date.now())) return null;
        const user = await context.internalAdapter.findUserById(claims.sub);
        return user ? { session, expiresAt, user } : null;
      })().catch((error: unknown) => explainSessionFailure(error, db));
      if (!found) throw new AppError('UNAUTHORIZED', SESSION_ENDED_MESSAGE);
      bearerSessionTokens.set(c.req.raw, found.session.token);
      return {
        user: toSessionUser(found.user as unknown as Record<string, unknown>),
        session: { id: found.session.id, expiresAt: found.expiresAt },
      };
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
        c.header('WWW-Authenticate', bearerChallenge(error.message));
      }
      throw error;
    }
  };

  const read = (c: Context): Promise<CurrentSession | null> => {
    const request = c.req.raw;
    let pending = sessions.get(request);
    if (!pending) {
      pending = (async () => {
        const bearer = bearerTokenOf(request.headers.get('authorization'));
        if (bearer !== null) return readBearer(c, bearer);
        const cookie = request.headers.get('cookie');
        if (!cookie) return null;
        tokenCookieName ??= (await auth.$context).authCookies.sessionToken.name;
        const token = memo ? sessionTokenOf(cookie, tokenCookieName) : null;
        const recalled =
          memo && token ? await memo.recall(cookie).catch((e: unknown) => explainSessionFailure(e, db)) : null;
        if (recalled) {
          answers.set(request, recalled.answer);
          return recalled.current;
        }
        const stateBefore =
          memo && token ? await memo.stateOf(token).catch((e: unknown) => explainSessionFailure(e, db)) : null;
        const { headers, response } = await auth.api
          .getSession({ headers: request.headers, returnHeaders: true })
          .catch((error: unknown) => explainSessionFailure(error, db));
        const setCookies = headers?.getSetCookie() ?? [];
        if (setCookies.length > 0) cookies.set(request, setCookies);
        if (!response) return null;
        const answer = response as unknown as SessionAnswer;
        answers.set(request, answer);
        const current: CurrentSession = {
          user: toSessionUser(response.user as unknown as Record<string, unknown>),
          session: { id: response.session.id, expiresAt: new Date(response.session.expiresAt) },
        };
        // Kept only when better-auth answered as it is (no refreshed cookie) for the token the cookie carries.
        const asRead = stateBefore !== null && response.session.token === token;
        if (memo && asRead && setCookies.length === 0) {
          memo.remember(cookie, { current, answer, token: token as string, version: stateBefore.version });
        }
        return asRead ? { ...current, entitlementRows: stateBefore.entitlementRows } : current;
      })();
      sessions.set(request, pending);
    }
    return pending;
  };

  return {
    read,
    async answer(c) {
      await read(c);
      return answers.get(c.req.raw) ?? null;
    },
    async require(c) {
      const current = await read(c);
      if (!current) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
      return current;
    },
    async authHeaders(c) {
      await read(c);
      const token = bearerSessionTokens.get(c.req.raw);
      if (token === undefined) return c.req.raw.headers;
      const context = await auth.$context;
      const headers = new Headers(c.req.raw.headers);
      headers.delete('authorization');
      headers.set('cookie', `${context.authCookies.sessionToken.name}=${signedCookieValue(token, context.secret)}`);
      return headers;
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
