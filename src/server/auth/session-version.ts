import type { Kysely } from 'kysely';
import { precompiled } from '../db/precompiled';
import type { Database } from '../db/types';

/** The version of a session that no longer exists (signed out, revoked, account deleted): it matches no cookie. */
export const ENDED_SESSION_VERSION = 'ended';

/** A better-auth timestamp (ISO text on SQLite, a Date on PostgreSQL) as ms since the epoch. */
const msOf = (value: Date | string) => new Date(value).getTime();

/**
 * The version of better-auth's session cookie cache (ADR 002): the session row's and its user's `updatedAt`, read from
 * the database on every request the cache answers, so a cached session ends the moment its row goes (signing out,
 * 'Sign out everywhere', 'Secure your account', account deletion) and a changed user or session (a new name, two-factor
 * turned on, the active venue) is read afresh. One indexed lookup by the session token, compiled once, instead of
 * better-auth's two reads. The session reader's memo (auth/session-reader.ts) checks the same version.
 * @returns `(token) => Promise<string>`: `'<session updatedAt ms>.<user updatedAt ms>'`, or ENDED_SESSION_VERSION
 * @throws the database's error when it does not answer
 */
export function sessionVersionByToken(db: Kysely<Database>): (token: string) => Promise<string> {
  const lookup = precompiled(
    db,
    (q, token) =>
      q
        .selectFrom('session')
        .innerJoin('user', 'user.id', 'session.userId')
        .select(['session.updatedAt as sessionUpdatedAt', 'user.updatedAt as userUpdatedAt'])
        .where('session.token', '=', token as string),
    1,
  );
  return async (token) => {
    const [row] = await lookup(token);
    return row ? `${msOf(row.sessionUpdatedAt)}.${msOf(row.userUpdatedAt)}` : ENDED_SESSION_VERSION;
  };
}
