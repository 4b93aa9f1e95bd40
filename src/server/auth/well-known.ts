import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { publishedJwks } from './jwks';
import type { Auth } from './auth';

/**
 * How long a client or cache may keep the published keys, seconds: 5 minutes. A rotated-in key signs from the moment it is
 * published, so a verifier that meets an unknown `kid` reads the set again (as jose's createRemoteJWKSet does, and as
 * http/bearer.ts does) rather than waiting out this cache.
 */
export const JWKS_MAX_AGE_SECONDS = 300;

/**
 * Routes under `/.well-known` (RFC 8615), mounted there by app.ts:
 * - `GET /jwks.json` -> 200 `{keys}` (src/shared/schemas/token.ts Jwks): the public keys of the tokens that
 *   `GET /api/auth/token` signs, the same set as `GET /api/auth/jwks`; current and recently retired keys (auth/jwt.ts);
 *   public keys only. `Cache-Control: public, max-age=300`. 503 SERVICE_UNAVAILABLE (with Retry-After) while the
 *   database is away.
 */
export function wellKnownRoutes<DB>({ auth, db }: { auth: Auth; db?: Kysely<DB> }): Hono {
  const routes = new Hono();
  routes.get('/jwks.json', async (c) =>
    c.json(await publishedJwks(auth, db), 200, { 'Cache-Control': `public, max-age=${JWKS_MAX_AGE_SECONDS}` }),
  );
  return routes;
}
