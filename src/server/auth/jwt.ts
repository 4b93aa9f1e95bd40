import { jwt, type JwtOptions } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { planFromEntitlements } from '@/shared/domain/plans';
import {
  API_TOKEN_ALGORITHM,
  API_TOKEN_CURVE,
  API_TOKEN_EXPIRES_SECONDS,
  type ApiTokenClaims,
} from '@/shared/schemas/token';
import type { Database } from '../db/types';
import { activeEntitlementsOf } from '../payments';

/**
 * Signed tokens for the native wrapper and partners, through better-auth's jwt plugin:
 * - `GET /api/auth/token` (signed in by cookie) -> 200 `{token}`: a JWT signed with the newest key (EdDSA over Ed25519),
 *   claims {@link ApiTokenClaims}: sub, sid, email, plan, entitlements, iss = aud = APP_URL, iat, exp = iat + 15 minutes.
 *   `no-store` (every /api/auth answer is, see auth/routes.ts); 401 without a session.
 * - `GET /api/auth/jwks` and `GET /.well-known/jwks.json` (app.ts) -> 200 `{keys}`: the public keys, each named by `kid`.
 * - the API accepts the token as `Authorization: Bearer <token>` (http/bearer.ts).
 * Keys live in better-auth's `jwks` table (private keys encrypted with BETTER_AUTH_SECRET). A key signs for
 * {@link JWKS_ROTATION_INTERVAL_SECONDS}; the first token asked for after that mints a new key, and the old one stays
 * published for {@link JWKS_GRACE_PERIOD_SECONDS} more, so every token it signed expires while its key is still published.
 * Sources: better-auth's jwt plugin (node_modules/better-auth/dist/plugins/jwt), RFC 7519 (JWT), RFC 7517 (JWK), RFC 8037
 * (EdDSA in JOSE).
 */

/** Lifetime of a token, seconds: 15 minutes. */
export const JWT_EXPIRES_SECONDS = API_TOKEN_EXPIRES_SECONDS;
/** How long one key signs tokens before the next token mints a new one, seconds: 30 days. */
export const JWKS_ROTATION_INTERVAL_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long a retired key stays published after its last signing moment, seconds: 1 day, far longer than a token lives
 * ({@link JWT_EXPIRES_SECONDS}), so a token signed just before a rotation verifies until it expires, and a partner that
 * caches the JWKS for a while still finds the key.
 */
export const JWKS_GRACE_PERIOD_SECONDS = 24 * 60 * 60;
/** The one signing algorithm (JWS `alg`), pinned on both sides (http/bearer.ts verifies with it alone). */
export const JWT_ALGORITHM = API_TOKEN_ALGORITHM;
/** The curve of the signing keys: Ed25519. */
export const JWT_CURVE = API_TOKEN_CURVE;

/**
 * The claims Barback adds to better-auth's (which sets sub, iat, exp, iss, aud): the session id, the email, and the plan
 * and active entitlements read from the entitlement table at signing time.
 */
export async function tokenClaimsOf({
  db,
  user,
  session,
}: {
  db: Kysely<Database>;
  user: { id: string; email: string };
  session: { id: string };
}): Promise<Pick<ApiTokenClaims, 'sid' | 'email' | 'plan' | 'entitlements'>> {
  const entitlements = await activeEntitlementsOf({ db, userId: user.id });
  return { sid: session.id, email: user.email, plan: planFromEntitlements(entitlements), entitlements };
}

/**
 * The jwt plugin's options: 15-minute tokens carrying {@link tokenClaimsOf}, issuer and audience `appUrl`, Ed25519 keys
 * rotated every {@link JWKS_ROTATION_INTERVAL_SECONDS} with a {@link JWKS_GRACE_PERIOD_SECONDS} grace period; no token
 * is signed on every get-session (`disableSettingJwtHeader`): a token is asked for explicitly.
 */
export function jwtPluginOptions({ db, appUrl }: { db: Kysely<Database>; appUrl: string }) {
  return {
    disableSettingJwtHeader: true,
    jwks: {
      keyPairConfig: { alg: JWT_ALGORITHM, crv: JWT_CURVE },
      rotationInterval: JWKS_ROTATION_INTERVAL_SECONDS,
      gracePeriod: JWKS_GRACE_PERIOD_SECONDS,
    },
    jwt: {
      issuer: appUrl,
      audience: appUrl,
      // A string: better-auth takes a number as an absolute `exp`.
      expirationTime: `${JWT_EXPIRES_SECONDS}s`,
      definePayload: ({ user, session }) => tokenClaimsOf({ db, user, session }),
    },
  } satisfies JwtOptions;
}

/** Barback's jwt plugin (see {@link jwtPluginOptions}). */
export function barbackJwtPlugin(options: { db: Kysely<Database>; appUrl: string }) {
  return jwt(jwtPluginOptions(options));
}
