import type { JSONWebKeySet } from 'jose';
import type { Kysely } from 'kysely';
import type { Auth } from './auth';
import { assertDatabaseAnswers } from './store-outage';

/** The JWKS reader: the public keys of better-auth's jwt plugin, read for publishing and for verifying bearer tokens. */

/**
 * The public keys tokens are signed with (better-auth's jwt plugin, `GET /api/auth/jwks`): what
 * `GET /.well-known/jwks.json` publishes and the bearer verifier checks signatures against. Reading them mints the first
 * key when there is none.
 * @throws AppError SERVICE_UNAVAILABLE when the read fails and `db` does not answer; the read's error otherwise.
 */
export async function publishedJwks<DB>(auth: Auth, db?: Kysely<DB>): Promise<JSONWebKeySet> {
  try {
    return (await auth.api.getJwks()) as JSONWebKeySet;
  } catch (error) {
    if (db) await assertDatabaseAnswers(db);
    throw error;
  }
}
