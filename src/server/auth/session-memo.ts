import { LRUCache } from 'lru-cache';
import type { CurrentSession } from '../http/current-session';
import { ENDED_SESSION_VERSION, type SessionState } from './session-version';

/** How long the answer better-auth gave for one Cookie header is reused, ms; its version is still checked every time. */
export const SESSION_MEMO_MS = 30_000;
/** Most Cookie headers remembered per process (about 1 kB each). */
export const SESSION_MEMO_MAX = 10_000;

/** better-auth's answer to getSession: the session and user as its routes return them. */
export type SessionAnswer = { session: Record<string, unknown>; user: Record<string, unknown> };

/** What the memo keeps for one Cookie header. */
interface Remembered {
  current: CurrentSession;
  answer: SessionAnswer;
  token: string;
  version: string;
}

/**
 * A per-process memo of verified sessions (ADR 002): better-auth verifies the cookies' signatures and decodes its session
 * cache on every call, which costs more than the rest of a signed-in request; the same Cookie header gets the same
 * answer, so it is kept for SESSION_MEMO_MS. Every use first reads the session's state from the database
 * (auth/session-version.ts), so a session that ended, or whose user changed, is never answered from memory; the
 * entitlement rows read with it travel on the answered CurrentSession (`entitlementRows`), this request's own.
 */
export interface SessionMemo {
  /**
   * The remembered answer for `cookie` when its session's version is unchanged, its CurrentSession carrying the
   * entitlement rows read now; null otherwise (and it is dropped).
   */
  recall(cookie: string): Promise<{ current: CurrentSession; answer: SessionAnswer } | null>;
  /** The state of the session with `token` now: read before asking better-auth, so a change in between is seen. */
  stateOf(token: string): Promise<SessionState>;
  /** Keeps better-auth's answer for `cookie`, given the version read before it answered (an ended session is not kept). */
  remember(cookie: string, entry: Remembered): void;
}

/**
 * Builds the memo over `stateOf` (the database lookup of a session's state by token).
 * @param now the clock, ms (tests)
 */
export function createSessionMemo(stateOf: (token: string) => Promise<SessionState>, now = Date.now): SessionMemo {
  const entries = new LRUCache<string, Remembered>({
    max: SESSION_MEMO_MAX,
    ttl: SESSION_MEMO_MS,
    ttlAutopurge: false,
  });
  return {
    async recall(cookie) {
      const entry = entries.get(cookie);
      if (!entry) return null;
      const state = entry.current.session.expiresAt.getTime() > now() ? await stateOf(entry.token) : null;
      if (state?.version !== entry.version) {
        entries.delete(cookie);
        return null;
      }
      return { current: { ...entry.current, entitlementRows: state.entitlementRows }, answer: entry.answer };
    },
    stateOf,
    remember(cookie, entry) {
      if (entry.version === ENDED_SESSION_VERSION) return;
      entries.set(cookie, entry);
    },
  };
}

/** The session token a Cookie header carries in cookie `name` (better-auth signs it as `<token>.<signature>`), or null. */
export function sessionTokenOf(cookie: string, name: string): string | null {
  for (const part of cookie.split(';')) {
    const pair = part.trim();
    if (!pair.startsWith(`${name}=`)) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(name.length + 1));
    } catch {
      return null;
    }
    const dot = value.indexOf('.');
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}
