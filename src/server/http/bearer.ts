import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { API_TOKEN_ALGORITHM, apiTokenClaimsSchema, type ApiTokenClaims } from '@/shared/schemas/token';
import { AppError, describeZodError } from '../errors';

/**
 * Bearer tokens on the API: `Authorization: Bearer <jwt>`, the JWT from `GET /api/auth/token` (auth/jwt.ts),
 * verified here against the public keys the server publishes (`GET /.well-known/jwks.json`). The session reader
 * (auth/session-reader.ts) then checks the token's session and reads the user, as for a cookie.
 * Standards: RFC 6750 (bearer tokens), RFC 7519 (JWT), RFC 7517 (JWK sets). Library: jose (jwtVerify, createLocalJWKSet).
 */

/** The 401 message for a token whose signature does not verify, or whose `kid` names no published key. */
export const INVALID_SIGNATURE_MESSAGE = 'Invalid JWT signature';
/** The 401 message for a token past its `exp`. */
export const EXPIRED_TOKEN_MESSAGE = 'JWT has expired: ask GET /api/auth/token for a new one';
/** The 401 message for something that is not a compact JWS at all (or has no `kid`). */
export const MALFORMED_TOKEN_MESSAGE = 'Malformed JWT: expected a signed token from GET /api/auth/token';
/** The 401 message for an Authorization header of the Bearer scheme without a token. */
export const MISSING_TOKEN_MESSAGE = 'Malformed Authorization header: no token after "Bearer"';
/** The 401 message for a token signed with another algorithm than {@link API_TOKEN_ALGORITHM}. */
export const ALGORITHM_MESSAGE = `Invalid JWT: only ${API_TOKEN_ALGORITHM} signatures are accepted`;
/** The 401 message for a well-signed token whose session has ended (signed out, revoked, expired) or whose user is gone. */
export const SESSION_ENDED_MESSAGE = 'The session this JWT was issued for has ended: sign in again';

/** How long the verifier keeps the published keys before it reads them again, ms (an unknown `kid` reads them at once). */
export const JWKS_CACHE_MS = 60_000;

/**
 * The token of an `Authorization` header value of the Bearer scheme (RFC 6750 section 2.1; the scheme name in any case):
 * `'Bearer abc'` -> `'abc'`; `'Bearer'` or `'Bearer   '` -> `''` (a bearer request without a token). Null for no header or
 * another scheme (`Basic ...`): those are not bearer requests.
 */
export function bearerTokenOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^\s*bearer(?:\s+(.*))?$/is.exec(header);
  if (!match) return null;
  return (match[1] ?? '').trim();
}

/**
 * The `WWW-Authenticate` value of a 401 to a bearer request (RFC 6750 section 3): `error="invalid_token"` and the reason.
 * Quotes and backslashes in the reason are dropped (a quoted-string may not carry them unescaped).
 */
export function bearerChallenge(message: string): string {
  return `Bearer realm="api", error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"`;
}

/** What the verifier needs: where the published keys come from, and whom tokens must name. */
export interface BearerVerifierOptions {
  /**
   * Reads the published key set (the same one `GET /.well-known/jwks.json` answers).
   * @throws whatever reading it throws (e.g. AppError SERVICE_UNAVAILABLE while the database is away); not cached.
   */
  loadJwks: () => Promise<JSONWebKeySet>;
  /** The `iss` every token must carry: APP_URL. */
  issuer: string;
  /** The `aud` every token must name: APP_URL. */
  audience: string;
  /** A monotonic clock for the key cache, ms (default `performance.now`). Token times are judged on the system clock. */
  monotonicNow?: () => number;
}

/** Verifies Barback tokens. */
export interface BearerVerifier {
  /**
   * The claims of `token` when it is a JWT signed by a published key with {@link API_TOKEN_ALGORITHM}, unexpired, issued
   * by and for this server, and carrying every claim of apiTokenClaimsSchema.
   * @throws AppError UNAUTHORIZED with {@link INVALID_SIGNATURE_MESSAGE} (bad signature, or no published key has its
   *   `kid`), {@link EXPIRED_TOKEN_MESSAGE}, {@link MALFORMED_TOKEN_MESSAGE}, {@link MISSING_TOKEN_MESSAGE},
   *   {@link ALGORITHM_MESSAGE}, or `Invalid JWT claims: ...` naming the claim; the key reader's error when the keys
   *   cannot be read.
   */
  verify(token: string): Promise<ApiTokenClaims>;
}

const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);

/** The code of a jose error (jose's errors carry a stable `code`), or null for anything else. */
function joseCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_J') ? code : null;
}

/** The 401 a jose verification error stands for. */
function refusalOf(error: unknown): AppError {
  switch (joseCode(error)) {
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return unauthorized(INVALID_SIGNATURE_MESSAGE);
    case 'ERR_JWT_EXPIRED':
      return unauthorized(EXPIRED_TOKEN_MESSAGE);
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return unauthorized(ALGORITHM_MESSAGE);
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return unauthorized(`Invalid JWT claims: ${(error as Error).message}`);
    default:
      return unauthorized(MALFORMED_TOKEN_MESSAGE);
  }
}

/**
 * Builds a verifier that keeps the published keys in memory for {@link JWKS_CACHE_MS} and reads them again at once when a
 * token names a `kid` it does not know (a key minted by another process, or a rotation): concurrent readers share one
 * read, and a token is judged against keys read after it arrived, so a key created before that is always seen.
 */
export function createBearerVerifier(options: BearerVerifierOptions): BearerVerifier {
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  type KeySet = { jwks: JSONWebKeySet; keys: ReturnType<typeof createLocalJWKSet>; readAt: number };
  let cached: KeySet | null = null;
  let reading: { startedAt: number; promise: Promise<KeySet> } | null = null;

  /** Keys read at or after `since` (monotonic ms): the cached set when it is that recent, else a read. */
  async function keysReadSince(since: number): Promise<KeySet> {
    for (;;) {
      if (cached && cached.readAt >= since) return cached;
      if (reading) {
        if (reading.startedAt >= since) return reading.promise;
        // A read that started too early: let it finish (it may fail), then look again.
        await reading.promise.catch(() => undefined);
        continue;
      }
      const startedAt = monotonicNow();
      const promise = options.loadJwks().then((jwks) => {
        const set: KeySet = { jwks, keys: createLocalJWKSet(jwks), readAt: startedAt };
        if (!cached || cached.readAt <= startedAt) cached = set;
        return set;
      });
      const current = { startedAt, promise };
      reading = current;
      void promise.then(
        () => (reading === current ? (reading = null) : undefined),
        () => (reading === current ? (reading = null) : undefined),
      );
      return promise;
    }
  }

  return {
    async verify(token) {
      const arrived = monotonicNow();
      if (token === '') throw unauthorized(MISSING_TOKEN_MESSAGE);
      let kid: unknown;
      try {
        kid = decodeProtectedHeader(token).kid;
      } catch {
        throw unauthorized(MALFORMED_TOKEN_MESSAGE);
      }
      if (typeof kid !== 'string' || kid === '' || token.split('.').length !== 3) {
        throw unauthorized(MALFORMED_TOKEN_MESSAGE);
      }
      let set = await keysReadSince(arrived - JWKS_CACHE_MS);
      if (!set.jwks.keys.some((key) => key.kid === kid)) set = await keysReadSince(arrived);
      if (!set.jwks.keys.some((key) => key.kid === kid)) throw unauthorized(INVALID_SIGNATURE_MESSAGE);

      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, set.keys, {
          algorithms: [API_TOKEN_ALGORITHM],
          issuer: options.issuer,
          audience: options.audience,
          requiredClaims: ['iat', 'exp', 'sub'],
        }));
      } catch (error) {
        throw refusalOf(error);
      }
      const claims = apiTokenClaimsSchema.safeParse(payload);
      if (!claims.success) throw unauthorized(`Invalid JWT claims: ${describeZodError(claims.error)}`);
      return claims.data;
    },
  };
}
