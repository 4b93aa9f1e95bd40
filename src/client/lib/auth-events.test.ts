import { afterEach, describe, expect, it } from 'vitest';
import { allowConsoleError } from '@/client/test/console-error';
import type { SessionData } from '@/shared/schemas/session';
import { authTransition, emitAuthEvent, onAuthStateChange, type AuthEvent } from './auth-events';
import { clearDiagnosticLog, getDiagnosticEntries } from './diagnostic-log';
import { testSessionData } from '@/client/test/session-data';

function sessionOf(id: string, expiresAt = '2099-01-01T00:00:00.000Z'): SessionData {
  return testSessionData(id, { session: { expiresAt } });
}

const stops: Array<() => void> = [];
function listen(listener: (event: AuthEvent, session: SessionData | null) => void) {
  stops.push(onAuthStateChange(listener));
}
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  clearDiagnosticLog();
});

describe('authTransition', () => {
  const a = sessionOf('s-a', '2099-01-01T00:00:00.000Z');

  it('a session after nothing known or after signed out is SIGNED_IN', () => {
    expect(authTransition(undefined, a)).toBe('SIGNED_IN');
    expect(authTransition(null, a)).toBe('SIGNED_IN');
  });

  it('signed out after a session is SIGNED_OUT; a first answer or a repeat that is signed out is nothing', () => {
    expect(authTransition(a, null)).toBe('SIGNED_OUT');
    expect(authTransition(undefined, null)).toBeNull();
    expect(authTransition(null, null)).toBeNull();
  });

  it('another session id is SIGNED_IN (a different sign-in)', () => {
    expect(authTransition(a, sessionOf('s-b'))).toBe('SIGNED_IN');
  });

  it('the same session with a later expiry is TOKEN_REFRESHED; the same or an earlier expiry is nothing', () => {
    expect(authTransition(a, sessionOf('s-a', '2099-01-08T00:00:00.000Z'))).toBe('TOKEN_REFRESHED');
    expect(authTransition(a, sessionOf('s-a', '2099-01-01T00:00:00.000Z'))).toBeNull();
    expect(authTransition(a, sessionOf('s-a', '2098-12-31T00:00:00.000Z'))).toBeNull();
    expect(authTransition(a, sessionOf('s-a', ''))).toBeNull();
  });

  it('a change to the user alone is nothing', () => {
    const upgraded = sessionOf('s-a');
    upgraded.user = { ...upgraded.user, twoFactorEnabled: true, appMetadata: { entitlements: ['pro'], plan: 'pro' } };
    expect(authTransition(a, upgraded)).toBeNull();
  });
});

describe('onAuthStateChange / emitAuthEvent', () => {
  it('tells every listener, in the order they subscribed, with the session', () => {
    const heard: string[] = [];
    const session = sessionOf('s-1');
    listen((event, data) => heard.push(`first ${event} ${data?.session.id ?? 'none'}`));
    listen((event, data) => heard.push(`second ${event} ${data?.session.id ?? 'none'}`));
    emitAuthEvent('SIGNED_IN', session);
    emitAuthEvent('SIGNED_OUT', null);
    expect(heard).toEqual([
      'first SIGNED_IN s-1',
      'second SIGNED_IN s-1',
      'first SIGNED_OUT none',
      'second SIGNED_OUT none',
    ]);
  });

  it('stops telling a listener once it unsubscribed (unsubscribing twice is harmless)', () => {
    const heard: AuthEvent[] = [];
    const stop = onAuthStateChange((event) => heard.push(event));
    emitAuthEvent('SIGNED_IN', sessionOf('s-1'));
    stop();
    stop();
    emitAuthEvent('SIGNED_OUT', null);
    expect(heard).toEqual(['SIGNED_IN']);
  });

  it('a listener that throws is reported and the others still hear the event', () => {
    const consoleError = allowConsoleError();
    const heard: AuthEvent[] = [];
    listen(() => {
      throw new Error('listener broke');
    });
    listen((event) => heard.push(event));
    expect(() => emitAuthEvent('TOKEN_REFRESHED', sessionOf('s-1'))).not.toThrow();
    expect(heard).toEqual(['TOKEN_REFRESHED']);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(getDiagnosticEntries().map((entry) => [entry.level, entry.message, entry.data])).toEqual([
      ['error', 'Auth event listener failed', { event: 'TOKEN_REFRESHED', message: 'listener broke' }],
    ]);
  });

  it('the same function subscribed twice hears each event once', () => {
    const heard: AuthEvent[] = [];
    const listener = (event: AuthEvent) => heard.push(event);
    listen(listener);
    listen(listener);
    emitAuthEvent('MFA_CHALLENGE_VERIFIED', null);
    expect(heard).toEqual(['MFA_CHALLENGE_VERIFIED']);
  });
});
