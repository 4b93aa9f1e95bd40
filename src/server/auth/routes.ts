import type { Context, Handler } from 'hono';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { clientAddress, type ProxyTrust } from '../http/client-address';
import { validate } from '../http/validate';
import { AppError } from '../errors';
import {
  AUTH_CALLBACK_PATH,
  EMPTY_EMAIL_MESSAGE,
  oauthProviderParamSchema,
  oauthStartSchema,
  recoveryEmailSchema,
  type SignInProviders,
} from '@/shared/schemas/session';
import type { Database } from '../db/types';
import { readJsonBody } from '../http/read-json-body';
import { sendRecoveryEmail } from './recovery';
import { AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER, providerMode, type Auth } from './auth';
import { startOAuth } from './oauth';
import { refusedCallbackOf, type RefusedCallback } from './callback-guard';
import { isServedAuthEndpoint } from './served-routes';
import type { Logger } from '../logger';
import { sameOriginGuard } from '../http/origin-guard';
import { assertDatabaseAnswers } from './store-outage';
import { withAppMetadata } from '../payments';
import type { AuthSessionReader } from './session-reader';
import { tokenlessAnswer } from './sign-in-plugin';
import {
  addressBucket,
  emailBucket,
  RATE_LIMITS,
  rateLimit,
  rateLimitedResponse,
  type RateLimiter,
} from '../http/rate-limit';

/** The better-auth route the server rate-limits itself (better-auth's own limiter skips it, see auth.ts). */
const MAGIC_LINK_PATH = `${AUTH_BASE_PATH}/sign-in/magic-link`;
const MAGIC_LINK_VERIFY_PATH = `${AUTH_BASE_PATH}/magic-link/verify`;
const GET_SESSION_PATH = `${AUTH_BASE_PATH}/get-session`;

/** better-auth's session answer, whose user has an id. */
type SessionAnswerWithUser = { session: Record<string, unknown>; user: { id: string } & Record<string, unknown> };

/** The buckets of a magic-link request: the client address, and the email when the JSON body names one. */
export async function magicLinkBuckets(c: Context, proxy: ProxyTrust | string | null): Promise<string[]> {
  const buckets = [addressBucket(clientAddress(c, proxy))];
  try {
    const body = (await c.req.raw.clone().json()) as { email?: unknown };
    if (typeof body?.email === 'string' && body.email.trim() !== '') buckets.push(emailBucket(body.email));
  } catch {
    // Not JSON: better-auth answers 400 for it; the address bucket still counts the request.
  }
  return buckets;
}

/**
 * The request better-auth sees: the same request with {@link CLIENT_ADDRESS_HEADER} replaced by the address the server
 * itself determined (socket, or TRUST_PROXY_HEADER), so no client can pick its rate-limit bucket; and a magic-link verify
 * that names no callbackURL lands on {@link AUTH_CALLBACK_PATH}, so it always ends in a redirect (better-auth's JSON
 * form answers the session token in its body, where a page script could read it).
 */
function requestForAuth(c: Context, proxy: ProxyTrust): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  const address = clientAddress(c, proxy);
  if (address !== 'unknown') headers.set(CLIENT_ADDRESS_HEADER, address);
  const url = new URL(c.req.raw.url);
  if (c.req.path === MAGIC_LINK_VERIFY_PATH && !url.searchParams.has('callbackURL')) {
    url.searchParams.set('callbackURL', AUTH_CALLBACK_PATH);
    return new Request(url, { method: c.req.raw.method, headers });
  }
  return new Request(c.req.raw, { headers });
}

/** The answer to a callback {@link refusedCallbackOf} refused: 403 in better-auth's shape, with its code for the case. */
function refusedCallbackResponse(refused: RefusedCallback): Response {
  const body = {
    code: 'INVALID_CALLBACK_URL',
    message: `${refused.field} must be a path on this site, starting with /`,
  };
  return Response.json(body, { status: 403, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * better-auth mounted at /api/auth/*, for the endpoints the app uses (auth/served-routes.ts; any other path answers 404
 * NOT_FOUND). Before it: a callback field (callbackURL and its kin, in the query or a JSON body) that is not a path on
 * this site is refused, 403 INVALID_CALLBACK_URL, logged as a warning (auth/callback-guard.ts); the magic-link limit (5
 * per 10 minutes per address and per email); the client address header is set by the server; a magic-link verify
 * without callbackURL lands on /auth/callback. After it: better-auth's own 429 is rewritten to the API's error shape
 * with Retry-After, and its 5xx becomes 503 SERVICE_UNAVAILABLE (with Retry-After) when the database does not answer;
 * answers without a Cache-Control header get `no-store`. A plain `GET /api/auth/get-session` (cookies, no query, no
 * bearer token) is answered by the session reader with the same body better-auth would send (its session answer, with
 * the entitlements and the token removal its plugins' hooks make), without a second pass through better-auth (ADR 002).
 */
export function authHandlerRoutes({
  auth,
  limiter,
  config,
  logger,
  db,
  sessions,
}: {
  auth: Auth;
  limiter: RateLimiter;
  config: Config;
  logger: Logger;
  /** The database better-auth stores in: when better-auth answers 5xx and this does not answer either, the answer is 503. */
  db?: Kysely<Database>;
  /** The server's session reader: with `db`, it answers get-session. */
  sessions?: AuthSessionReader;
}): Hono {
  const routes = new Hono();
  if (sessions && db) {
    routes.get('/get-session', async (c, next) => {
      const plain = c.req.path === GET_SESSION_PATH && !c.req.url.includes('?') && !c.req.header('authorization');
      if (!plain) return next();
      // What better-auth's after-hooks do to this answer: no session token (sign-in-plugin.ts), the entitlements added
      // (payments/session-plugin.ts). auth/routes.test.ts compares the two answers.
      const answer = await sessions.answer(c);
      const rows = answer ? (await sessions.read(c))?.entitlementRows : undefined;
      const body = answer
        ? await withAppMetadata(db, (tokenlessAnswer(answer) ?? answer) as SessionAnswerWithUser, rows)
        : null;
      return c.json(body, 200, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    });
  }
  routes.all('/*', async (c) => {
    // No auth route is longer; a longer path would only reach better-auth's rate-limit key (and PostgreSQL's index limit).
    if (c.req.path.length > MAX_AUTH_PATH_LENGTH) {
      throw new AppError('NOT_FOUND', `no API route ${c.req.method} ${c.req.path.slice(0, 80)}…`);
    }
    // Only the endpoints the app uses are served (auth/served-routes.ts): venues, for one, go through /api/venues, whose
    // rules the organization plugin's own endpoints would bypass.
    if (!isServedAuthEndpoint(c.req.method, c.req.path.slice(AUTH_BASE_PATH.length))) {
      throw new AppError('NOT_FOUND', `no API route ${c.req.method} ${c.req.path.slice(0, 80)}`);
    }
    const refused = await refusedCallbackOf(c.req.raw);
    if (refused) {
      logger.warn(
        { path: c.req.path, field: refused.field, value: refused.value.slice(0, 200) },
        'refused a sign-in callback that leaves the site',
      );
      return refusedCallbackResponse(refused);
    }
    if (c.req.method === 'POST' && c.req.path === MAGIC_LINK_PATH) {
      const decision = await limiter.consume(RATE_LIMITS.magicLink, await magicLinkBuckets(c, config));
      if (!decision.allowed) return rateLimitedResponse(c, decision.retryAfterSeconds);
    }
    const response = await auth.handler(requestForAuth(c, config));
    if (response.status === 429) {
      const seconds = Number(response.headers.get('x-retry-after')) || 60;
      return rateLimitedResponse(c, seconds);
    }
    if (response.status >= 500 && db) await assertDatabaseAnswers(db);
    // Every auth answer is about one person (sessions, linked accounts, a new TOTP secret): no cache may keep it.
    const headers = new Headers(response.headers);
    if (!headers.has('cache-control')) headers.set('Cache-Control', 'no-store');
    const body = response.status >= 400 ? await errorBodyOf(response) : response.body;
    if (typeof body === 'string') headers.set('content-type', 'application/json');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  });
  return routes;
}

/** The email of a recovery request body; an empty one is refused with the exact words of docs/product.md, Error messages (no field prefix). */
async function readRecoveryEmail(c: Context): Promise<string> {
  const body = (await readJsonBody(c.req.raw)) as { email?: unknown } | null;
  const raw = body && typeof body === 'object' ? body.email : undefined;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    throw new AppError('VALIDATION_FAILED', EMPTY_EMAIL_MESSAGE);
  }
  return recoveryEmailSchema.parse(body).email;
}

/**
 * The handler of a recovery request (`{email}` -> 200 RecoveryEmailResponse, see {@link sendRecoveryEmail}), shared by
 * `POST /api/session/recovery` and the reset tool: counted against the magic-link limit (5 per 10 minutes per client
 * address and per email: 429 with Retry-After past it), 400 VALIDATION_FAILED for an empty or invalid email, 502
 * MAIL_FAILED when the mail server refuses. The caller adds the origin guard.
 */
export function recoveryEmailHandler(deps: {
  db: Kysely<Database>;
  auth: Auth;
  limiter: RateLimiter;
  config: Config;
}): Handler {
  return async (c) => {
    const decision = await deps.limiter.consume(RATE_LIMITS.magicLink, await magicLinkBuckets(c, deps.config));
    if (!decision.allowed) return rateLimitedResponse(c, decision.retryAfterSeconds);
    const email = await readRecoveryEmail(c);
    const answer = await sendRecoveryEmail({ db: deps.db, auth: deps.auth, email, headers: c.req.raw.headers });
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  };
}

/** The longest path under /api/auth that reaches better-auth, characters (its longest route is well under 100). */
export const MAX_AUTH_PATH_LENGTH = 300;

/**
 * The body of a better-auth error answer in better-auth's own shape `{code, message}` (what the client reads): kept when it
 * has both, completed with a code from the status when it has only a message, and written when better-auth sent none
 * (an unknown path or method, a bare 401).
 */
async function errorBodyOf(response: Response): Promise<string> {
  const text = await response.text();
  const parsed = parseJsonOrNull(text);
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (typeof record.code === 'string' && typeof record.message === 'string') return text;
  const code = typeof record.code === 'string' ? record.code : codeForAuthStatus(response.status);
  const message =
    typeof record.message === 'string' && record.message !== ''
      ? record.message
      : response.status === 404
        ? 'No such sign-in route.'
        : response.status === 401
          ? 'Sign in to continue.'
          : response.statusText || 'The request was refused.';
  return JSON.stringify({ ...record, code, message });
}

/** `text` parsed as JSON, or null when it is empty or not JSON. */
function parseJsonOrNull(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A code for an auth error answer that came without one, from its status. */
function codeForAuthStatus(status: number): string {
  const codes: Record<number, string> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
  };
  return codes[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/**
 * `GET /api/session/providers` -> 200 SignInProviders `{google, facebook}` (which provider sign-ins this server offers).
 *
 * `POST /api/session/recovery` `{email}` -> 200 `{sent: true, email}` for known and unknown emails alike, after the same
 * time: mails an account-recovery link (see recoveryEmailHandler); 400, 403 cross-site, 429 past the magic-link limit.
 *
 * `POST /api/session/oauth/:provider` (mounted at /api/session): starts a Google or Facebook sign-in, or links one to the
 * signed-in user with `link: true`. Body (JSON, may be empty): see {@link oauthStartSchema}. Answers 200 `{url}` (the
 * provider's authorize URL) and sets the OAuth state cookie; 503 PROVIDER_NOT_CONFIGURED when the provider is off; 400
 * for a bad provider or body; 403 for a cross-site request; 429 past 20 starts a minute from one address.
 */
export function sessionRoutes({
  auth,
  limiter,
  config,
  db,
}: {
  auth: Auth;
  limiter: RateLimiter;
  config: Config;
  db: Kysely<Database>;
}): Hono {
  const routes = new Hono();
  // `POST /recovery`: the sign-in dialog's 'Trouble signing in?' (see recoveryEmailHandler).
  routes.post('/recovery', sameOriginGuard(config.trustedOrigins), recoveryEmailHandler({ db, auth, limiter, config }));
  // `GET /providers`: which provider sign-ins this server offers (public; no secret, no per-user data).
  routes.get('/providers', (c) => {
    const providers: SignInProviders = {
      google: providerMode(config, 'google') !== 'off',
      facebook: providerMode(config, 'facebook') !== 'off',
    };
    return c.json(providers, 200, { 'Cache-Control': 'no-cache' });
  });
  routes.post(
    '/oauth/:provider',
    sameOriginGuard(config.trustedOrigins),
    rateLimit(limiter, RATE_LIMITS.oauthStart, (c) => [addressBucket(clientAddress(c, config))]),
    validate('param', oauthProviderParamSchema),
    async (c) => {
      const { provider } = c.req.valid('param');
      const text = await c.req.text();
      let body: unknown = {};
      if (text.trim() !== '') {
        try {
          body = JSON.parse(text);
        } catch (error) {
          throw new AppError('BAD_REQUEST', `body is not valid JSON: ${(error as Error).message}`);
        }
      }
      const start = oauthStartSchema.parse(body);
      const started = await startOAuth({ auth, config, provider, start, headers: c.req.raw.headers });
      for (const cookie of started.setCookies) c.header('set-cookie', cookie, { append: true });
      return c.json({ url: started.url });
    },
  );
  return routes;
}
