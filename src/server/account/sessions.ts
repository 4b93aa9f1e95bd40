import Bowser from 'bowser';
import type { Kysely } from 'kysely';
import type { AccountSession, SessionDevice } from '@/shared/schemas/account';
import type { Auth } from '../auth';
import type { Database } from '../db/types';
import { AppError } from '../errors';

/**
 * The signed-in sessions of an account, for 'Secure your account' (recovery mode): list them with their device
 * and last use, end one, or end every other. Sessions are ended through better-auth's own adapter, so a copy cached in
 * Redis (secondary storage) goes with the database row and the ended session answers 401 on its very next request.
 */

/** The message of the 404 answer for a session that is not the caller's (or no longer exists). */
export const SESSION_NOT_FOUND_MESSAGE = 'No such session on your account.';
/** The message of the 400 answer to ending the current session here (that is what Sign out is for). */
export const CURRENT_SESSION_MESSAGE = 'This is the session you are using: sign out instead.';

const DEVICE_TYPES = new Set<SessionDevice['type']>(['mobile', 'tablet', 'desktop']);

/**
 * The device of a User-Agent string (browser, operating system, form factor) as Bowser reads it; null fields when the
 * agent is missing or says nothing recognisable.
 */
export function describeDevice(userAgent: string | null): SessionDevice {
  if (!userAgent) return { browser: null, os: null, type: null };
  const parsed = Bowser.parse(userAgent);
  const type = (parsed.platform.type ?? null) as SessionDevice['type'];
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    type: DEVICE_TYPES.has(type) ? type : null,
  };
}

/** A database timestamp (Date, ISO text or epoch number, by dialect) in ms since the epoch. */
function msOf(value: Date | string | number): number {
  return new Date(value).getTime();
}

/** The unexpired session rows of `userId`, with their tokens (never sent out). */
async function liveSessionRows(db: Kysely<Database>, userId: string, now: number) {
  const rows = await db
    .selectFrom('session')
    .select(['id', 'token', 'userAgent', 'ipAddress', 'createdAt', 'updatedAt', 'expiresAt'])
    .where('userId', '=', userId)
    .execute();
  return rows.filter((row) => msOf(row.expiresAt) > now);
}

/**
 * The unexpired sessions of `userId`: the current one first, then the most recently active. Never a token.
 * @param currentSessionId the id of the session asking (marked `current`)
 * @param now the time, ms since the epoch (tests pass a fixed one)
 */
export async function listSessions({
  db,
  userId,
  currentSessionId,
  now = Date.now(),
}: {
  db: Kysely<Database>;
  userId: string;
  currentSessionId: string;
  now?: number;
}): Promise<AccountSession[]> {
  const rows = await liveSessionRows(db, userId, now);
  const sessions = rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ipAddress: row.ipAddress || null,
    createdAt: new Date(row.createdAt).toISOString(),
    lastActiveAt: new Date(row.updatedAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    current: row.id === currentSessionId,
  }));
  return sessions.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt) || (a.id < b.id ? -1 : 1),
  );
}

/** Ends the sessions whose tokens are given, through better-auth (database row and any Redis copy). */
async function endSessions(auth: Auth, tokens: readonly string[]): Promise<void> {
  const { internalAdapter } = await auth.$context;
  for (const token of tokens) await internalAdapter.deleteSession(token);
}

/**
 * Ends one of the user's other sessions.
 * @returns how many were ended (1)
 * @throws AppError NOT_FOUND when no unexpired session of `userId` has that id (another user's session included: it is
 *   not told apart); BAD_REQUEST when it is the current session.
 */
export async function revokeSession({
  db,
  auth,
  userId,
  sessionId,
  currentSessionId,
}: {
  db: Kysely<Database>;
  auth: Auth;
  userId: string;
  sessionId: string;
  currentSessionId: string;
}): Promise<{ revoked: number }> {
  if (sessionId === currentSessionId) throw new AppError('BAD_REQUEST', CURRENT_SESSION_MESSAGE);
  const row = (await liveSessionRows(db, userId, Date.now())).find((candidate) => candidate.id === sessionId);
  if (!row) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND_MESSAGE);
  await endSessions(auth, [row.token]);
  return { revoked: 1 };
}

/**
 * Ends every session of the user except the current one ('Sign out everywhere else').
 * @returns how many were ended (0 when this was the only one)
 */
export async function revokeOtherSessions({
  db,
  auth,
  userId,
  currentSessionId,
}: {
  db: Kysely<Database>;
  auth: Auth;
  userId: string;
  currentSessionId: string;
}): Promise<{ revoked: number }> {
  const others = (await liveSessionRows(db, userId, Date.now())).filter((row) => row.id !== currentSessionId);
  await endSessions(
    auth,
    others.map((row) => row.token),
  );
  return { revoked: others.length };
}
