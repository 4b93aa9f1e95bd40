import type { SessionData } from '@/shared/schemas/session';
import { logDiagnostic } from './diagnostic-log';

/**
 * Auth state events (docs/product.md, States, "Auth"): what changed about who is signed in, told to every listener. The
 * session layer (session.tsx) derives SIGNED_IN, SIGNED_OUT and TOKEN_REFRESHED from the session query's answers
 * through {@link authTransition}, in one place; the two-factor form emits MFA_CHALLENGE_VERIFIED itself. Kept tiny and
 * free of dependencies: it loads with the shell on every first page.
 */

/**
 * - SIGNED_IN: a session appeared (the first answer is signed in, a sign-in finished, or another session replaced it);
 * - SIGNED_OUT: the session ended (sign-out here, or noticed on a later read);
 * - TOKEN_REFRESHED: the same session, extended by the server (its expiry moved later);
 * - MFA_CHALLENGE_VERIFIED: the second factor (TOTP or backup code) was accepted; the session follows as SIGNED_IN.
 */
export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'MFA_CHALLENGE_VERIFIED';

/**
 * Hears every auth event. `session` is the session after the change: the new one for SIGNED_IN and TOKEN_REFRESHED,
 * null for SIGNED_OUT and for MFA_CHALLENGE_VERIFIED (the session has not been read yet).
 */
export type AuthEventListener = (event: AuthEvent, session: SessionData | null) => void;

const listeners = new Set<AuthEventListener>();

/**
 * Subscribes to auth events. Listeners are called synchronously, in the order they subscribed; the same function
 * subscribed twice is called once.
 * @returns the function that unsubscribes `listener` (safe to call more than once).
 */
export function onAuthStateChange(listener: AuthEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Tells every listener about `event`. A listener that throws is reported (console.error and the diagnostic log) and the
 * others are still called. Never throws.
 */
export function emitAuthEvent(event: AuthEvent, session: SessionData | null): void {
  for (const listener of [...listeners]) {
    try {
      listener(event, session);
    } catch (error) {
      console.error(`[Barback] An auth event listener failed on ${event}`, error);
      logDiagnostic('error', 'Auth event listener failed', {
        event,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

/**
 * The event one session answer means, given the one before it (the only place events are derived from answers):
 * - nothing known or signed out -> signed in: SIGNED_IN;
 * - signed in -> signed out: SIGNED_OUT;
 * - signed in -> signed in with another session id: SIGNED_IN (a different sign-in);
 * - the same session with a later `expiresAt` (the server extended it): TOKEN_REFRESHED;
 * - anything else (the same answer again, a first answer that is signed out, a change to the user only): null.
 * @param previous the last answer: a session, null (signed out) or undefined (no answer yet)
 * @param next the new answer: a session or null (signed out)
 */
export function authTransition(previous: SessionData | null | undefined, next: SessionData | null): AuthEvent | null {
  if (!next) return previous ? 'SIGNED_OUT' : null;
  if (!previous || previous.session.id !== next.session.id) return 'SIGNED_IN';
  return Date.parse(next.session.expiresAt) > Date.parse(previous.session.expiresAt) ? 'TOKEN_REFRESHED' : null;
}
