// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAnalyticsQueue, resetAnalyticsForTests } from '@/client/lib/analytics';
import { clearLocalAuthState, COUNTED_SIGN_IN_KEY } from './local-auth-state';
import { isNewRegistration, NEW_USER_WINDOW_MS, trackSignIn } from './sign-in-analytics';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const fresh = { createdAt: '2025-06-01T11:58:00.000Z', updatedAt: '2025-06-01T11:58:00.000Z' };
const returning = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-05-01T00:00:00.000Z' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => resetAnalyticsForTests());

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
