import type { Kysely, Selectable } from 'kysely';
import { precompiled } from '../db/precompiled';
import type { Database, EntitlementTable } from '../db/types';

/** The version of a session that no longer exists (signed out, revoked, account deleted): it matches no cookie. */
export const ENDED_SESSION_VERSION = 'ended';

/** A better-auth timestamp (ISO text on SQLite, a Date on PostgreSQL) as ms since the epoch. */
const msOf = (value: Date | string) => new Date(value).getTime();

/** What one lookup of a session token reads: the session's version and its user's entitlement rows. */
export interface SessionState {
  /** `'<session updatedAt ms>.<user updatedAt ms>'`, or {@link ENDED_SESSION_VERSION} when the session is gone. */
  version: string;
  /** Every entitlement row of the session's user (active and lapsed), 'enterprise' before 'pro'; empty when ended. */
  entitlementRows: Selectable<EntitlementTable>[];
}

/**
 * The state of a session by its token, read on every signed-in request (ADR 002): its version for better-auth's session
 * cookie cache and the reader's memo, the session row's and its user's `updatedAt`, so a cached session ends the moment
 * its row goes (signing out, 'Sign out everywhere', 'Secure your account', account deletion) and a changed user or
 * session (a new name, two-factor turned on, the active venue) is read afresh; and in the same statement the user's
 * entitlement rows, which the entitlement gate, get-session and `/api/me` judge, so a paid request reads the database
 * once for both. One indexed lookup by the token, compiled once.
 * @returns `(token) => Promise<SessionState>`
 * @throws the database's error when it does not answer
 */
export function sessionStateByToken(db: Kysely<Database>): (token: string) => Promise<SessionState> {
  const lookup = precompiled(
    db,
    (q, token) =>
      q
        .selectFrom('session')
        .innerJoin('user', 'user.id', 'session.userId')
        .leftJoin('entitlement', 'entitlement.user_id', 'user.id')
        .selectAll('entitlement')
        .select(['session.updatedAt as sessionUpdatedAt', 'user.updatedAt as userUpdatedAt'])
        .where('session.token', '=', token as string)
        .orderBy('entitlement.name', 'asc')
        .orderBy('entitlement.id', 'asc'),
    1,
  );
  return async (token) => {
    const rows = await lookup(token);
    const first = rows[0];
    if (!first) return { version: ENDED_SESSION_VERSION, entitlementRows: [] };
    const entitlementRows: Selectable<EntitlementTable>[] = [];
    for (const { sessionUpdatedAt: _s, userUpdatedAt: _u, ...entitlement } of rows) {
      // A user without entitlements joins one row of nulls.
      if (entitlement.id !== null) entitlementRows.push(entitlement as Selectable<EntitlementTable>);
    }
    return { version: `${msOf(first.sessionUpdatedAt)}.${msOf(first.userUpdatedAt)}`, entitlementRows };
  };
}

/** The version part of {@link sessionStateByToken}, for better-auth's cookie cache. */
export function sessionVersionByToken(db: Kysely<Database>): (token: string) => Promise<string> {
  const state = sessionStateByToken(db);
  return async (token) => (await state(token)).version;
}
