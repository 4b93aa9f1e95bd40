import { z } from 'zod';
import { ENTITLEMENT_NAMES, PLAN_NAMES } from '../domain/plans';

/**
 * Signed tokens for the native wrapper and partners: `GET /api/auth/token` gives the signed-in user a short-lived
 * JWT (EdDSA, Ed25519), verifiable against the public keys at `GET /.well-known/jwks.json`, and accepted by the API as
 * `Authorization: Bearer <token>`.
 */

/** The one signing algorithm of Barback tokens (JWS `alg`), pinned by signer and verifier: EdDSA (RFC 8037). */
export const API_TOKEN_ALGORITHM = 'EdDSA';
/** The curve of the signing keys. */
export const API_TOKEN_CURVE = 'Ed25519';
/** Lifetime of a token, seconds: 15 minutes (`exp - iat`). */
export const API_TOKEN_EXPIRES_SECONDS = 15 * 60;

/** `GET /api/auth/token` -> 200 `{token}`: the compact JWS. */
export const apiTokenResponseSchema = z.object({ token: z.string().min(1) });
export type ApiTokenResponse = z.infer<typeof apiTokenResponseSchema>;

/**
 * The claims of a Barback token: `sub` the user id, `sid` the session it was minted from (the token stops working when
 * that session ends), `email`, `plan` and the active `entitlements` as they were when it was signed (informative: the API
 * reads the entitlement table itself on every request); `iss` and `aud` are the app's origin (APP_URL); `iat` and `exp`
 * are seconds since the epoch, 15 minutes apart. Extra claims are allowed (a later version may add some).
 */
export const apiTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  email: z.string(),
  plan: z.enum(PLAN_NAMES),
  entitlements: z.array(z.enum(ENTITLEMENT_NAMES)),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type ApiTokenClaims = z.infer<typeof apiTokenClaimsSchema>;

/** One public key of the JWKS (RFC 7517): an Ed25519 key (`kty: 'OKP'`, `crv: 'Ed25519'`, `x`) named by `kid`. */
export const publicJwkSchema = z.looseObject({
  kid: z.string().min(1),
  kty: z.string(),
  alg: z.string(),
  crv: z.string().optional(),
  x: z.string().optional(),
});

/** `GET /.well-known/jwks.json` (and `/api/auth/jwks`) -> 200 `{keys}`: the keys tokens may be signed with. */
export const jwksSchema = z.object({ keys: z.array(publicJwkSchema) });
export type Jwks = z.infer<typeof jwksSchema>;
