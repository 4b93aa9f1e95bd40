// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAnalyticsQueue, resetAnalyticsForTests } from '@/client/lib/analytics';
import { emitAuthEvent } from '@/client/lib/auth-events';
import { testSessionData } from '@/client/test/session-data';
import { clearLocalAuthState, COUNTED_SIGN_IN_KEY } from './local-auth-state';
import {
  isNewRegistration,
  NEW_USER_WINDOW_MS,
  noteSignInContext,
  startSignInAnalytics,
  trackSignIn,
} from './sign-in-analytics';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const fresh = { createdAt: '2025-06-01T11:58:00.000Z', updatedAt: '2025-06-01T11:58:00.000Z' };
const returning = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-05-01T00:00:00.000Z' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => resetAnalyticsForTests());

/** The sign-ins analytics counted, as [type, props]. */
const signIns = () =>
  readAnalyticsQueue()
    .filter((event) => event.type === 'registration' || event.type === 'login')
    .map((event) => [event.type, event.props]);

describe('registration or login', () => {
  it('counts a user created just now and never updated as newly registered', () => {
    expect(isNewRegistration(fresh, { now: NOW })).toBe(true);
  });

  it('counts a user whose record changed after creation as a login', () => {
    expect(isNewRegistration(returning, { now: NOW })).toBe(false);
  });

  it('does not count an old, never-updated user as new', () => {
    const old = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
    expect(isNewRegistration(old, { now: NOW })).toBe(false);
    const edge = new Date(NOW - NEW_USER_WINDOW_MS - 1).toISOString();
    expect(isNewRegistration({ createdAt: edge, updatedAt: edge }, { now: NOW })).toBe(false);
  });

  it("believes the callback's new=1", () => {
    expect(isNewRegistration(returning, { newUserHint: true, now: NOW })).toBe(true);
  });

  it('tracks the sign-in once per session, with the method', () => {
    expect(trackSignIn('s-1', fresh, { method: 'magic-link', now: NOW })).toBe('registration');
    expect(trackSignIn('s-1', fresh, { method: 'magic-link', now: NOW })).toBeNull();
    expect(trackSignIn('s-2', returning, { method: 'google', now: NOW })).toBe('login');
    const events = readAnalyticsQueue().map((event) => [event.type, event.props]);
    expect(events).toEqual([
      ['registration', { method: 'magic-link', source: 'client' }],
      ['login', { method: 'google', source: 'client' }],
    ]);
  });
});

describe('counting sign-ins from the auth events', () => {
  /** A session `id` for a user created `createdAgoMs` ago and last updated `updatedAgoMs` ago. */
  function sessionOf(id: string, { createdAgoMs, updatedAgoMs }: { createdAgoMs: number; updatedAgoMs: number }) {
    const now = Date.now();
    return testSessionData(id, {
      user: {
        createdAt: new Date(now - createdAgoMs).toISOString(),
        updatedAt: new Date(now - updatedAgoMs).toISOString(),
      },
      session: { createdAt: new Date(now).toISOString() },
    });
  }
  const newUser = (id: string) => sessionOf(id, { createdAgoMs: 60_000, updatedAgoMs: 60_000 });
  const returningUser = (id: string) => sessionOf(id, { createdAgoMs: 90 * 86_400_000, updatedAgoMs: 86_400_000 });
  const elsewhere = { pathname: '/', search: '' };

  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    noteSignInContext(null);
  });

  it('a SIGNED_IN on the callback page counts a user created just now and never updated as a registration', () => {
    stop = startSignInAnalytics(elsewhere);
    noteSignInContext({ method: 'magic-link', newUserHint: false, secondFactor: false });
    emitAuthEvent('SIGNED_IN', newUser('s-1'));
    expect(signIns()).toEqual([['registration', { method: 'magic-link', source: 'client' }]]);
  });

  it('any other user signing in counts as a login, with the method', () => {
    stop = startSignInAnalytics(elsewhere);
    noteSignInContext({ method: 'google', newUserHint: false, secondFactor: false });
    emitAuthEvent('SIGNED_IN', returningUser('s-1'));
    expect(signIns()).toEqual([['login', { method: 'google', source: 'client' }]]);
  });

  it('counts each session once: not on the refresh and sign-out events, a reload or in another tab', () => {
    stop = startSignInAnalytics(elsewhere);
    noteSignInContext({ method: 'magic-link', newUserHint: true, secondFactor: false });
    emitAuthEvent('SIGNED_IN', returningUser('s-1'));
    emitAuthEvent('TOKEN_REFRESHED', returningUser('s-1'));
    emitAuthEvent('SIGNED_IN', returningUser('s-1'));
    // The callback page loaded again (a reload, or the same link in another tab, sharing localStorage).
    stop();
    sessionStorage.clear();
    stop = startSignInAnalytics({ pathname: '/auth/callback', search: '?method=magic-link&new=1' });
    emitAuthEvent('SIGNED_IN', returningUser('s-1'));
    expect(signIns()).toEqual([['registration', { method: 'magic-link', source: 'client' }]]);
    expect(localStorage.getItem(COUNTED_SIGN_IN_KEY)).toBe('s-1');
    // A later sign-in is another session: it counts.
    emitAuthEvent('SIGNED_OUT', null);
    noteSignInContext({ method: 'facebook', newUserHint: false, secondFactor: false });
    emitAuthEvent('SIGNED_IN', returningUser('s-2'));
    expect(signIns()).toEqual([
      ['registration', { method: 'magic-link', source: 'client' }],
      ['login', { method: 'facebook', source: 'client' }],
    ]);
  });

  it('a SIGNED_IN away from the callback page (a page load, another tab, a replaced session) is not a sign-in', () => {
    stop = startSignInAnalytics(elsewhere);
    emitAuthEvent('SIGNED_IN', newUser('s-1'));
    emitAuthEvent('SIGNED_IN', returningUser('s-2'));
    expect(signIns()).toEqual([]);
    // The callback page went away: its context with it.
    noteSignInContext({ method: 'google', newUserHint: false, secondFactor: false });
    noteSignInContext(null);
    emitAuthEvent('SIGNED_IN', returningUser('s-3'));
    expect(signIns()).toEqual([]);
  });

  it('loaded at /auth/callback, the URL is noted at start, so a session answer before the page code counts right', () => {
    stop = startSignInAnalytics({ pathname: '/auth/callback', search: '?method=magic-link&new=1' });
    emitAuthEvent('SIGNED_IN', returningUser('s-1'));
    expect(signIns()).toEqual([['registration', { method: 'magic-link', source: 'client' }]]);
  });

  it('a callback URL with ?error= notes no sign-in (an existing session is not counted)', () => {
    stop = startSignInAnalytics({ pathname: '/auth/callback', search: '?method=google&error=access_denied' });
    emitAuthEvent('SIGNED_IN', returningUser('s-1'));
    expect(signIns()).toEqual([]);
  });

  it('with the second factor owed, only the SIGNED_IN after MFA_CHALLENGE_VERIFIED counts (as two-factor)', () => {
    stop = startSignInAnalytics({ pathname: '/auth/callback', search: '?twoFactor=1' });
    // A session still on the device from before is not this sign-in.
    emitAuthEvent('SIGNED_IN', returningUser('s-old'));
    expect(signIns()).toEqual([]);
    emitAuthEvent('MFA_CHALLENGE_VERIFIED', null);
    emitAuthEvent('SIGNED_IN', returningUser('s-new'));
    expect(signIns()).toEqual([['login', { method: 'two-factor', source: 'client' }]]);
  });

  it('stops counting once stopped', () => {
    stop = startSignInAnalytics(elsewhere);
    stop();
    noteSignInContext({ method: 'google', newUserHint: false, secondFactor: false });
    emitAuthEvent('SIGNED_IN', returningUser('s-1'));
    expect(signIns()).toEqual([]);
  });
});

describe('clearLocalAuthState', () => {
  it("removes every 'bb:auth' and better-auth key from both storages and nothing else", () => {
    localStorage.setItem('bb:auth:thing', '1');
    localStorage.setItem('better-auth.session', 'x');
    localStorage.setItem('bb:age-verified', 'v1');
    sessionStorage.setItem(COUNTED_SIGN_IN_KEY, 's-1');
    sessionStorage.setItem('bb:debug', '1');
    const removed = clearLocalAuthState();
    expect(removed.sort()).toEqual(['bb:auth:counted-session', 'bb:auth:thing', 'better-auth.session']);
    expect(localStorage.getItem('bb:age-verified')).toBe('v1');
    expect(sessionStorage.getItem('bb:debug')).toBe('1');
    expect(localStorage.length + sessionStorage.length).toBe(2);
  });
});
