import { describe, expect, it } from 'vitest';
import {
  captureRecoveryUrl,
  leaveRecoveryMode,
  parseRecoveryUrl,
  readRecoveryMode,
  RECOVERY_MODE_KEY,
  RECOVERY_MODE_TTL_MS,
  type RecoveryEnvironment,
} from './recovery-mode';

/** A session storage in memory and a clock the test moves. */
function fakeEnvironment(start = Date.UTC(2026, 10, 27, 12)) {
  const items = new Map<string, string>();
  let now = start;
  const env: RecoveryEnvironment = {
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, String(value)),
      removeItem: (key) => void items.delete(key),
    },
    now: () => now,
  };
  return { env, items, advance: (ms: number) => (now += ms) };
}

/** A history that records what replaced the current entry. */
function fakeHistory() {
  const replaced: string[] = [];
  return {
    replaced,
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, url?: string | URL | null) => void replaced.push(String(url)),
    },
  };
}

describe('parseRecoveryUrl', () => {
  it('reads type=recovery with a token from the fragment or the query, and strips only the recovery parameters', () => {
    expect(parseRecoveryUrl('https://barback.test/auth/callback?type=recovery#token=abc')).toEqual({
      token: 'abc',
      cleaned: '/auth/callback',
    });
    expect(parseRecoveryUrl('https://barback.test/auth/callback?type=recovery&token=abc&method=email')).toEqual({
      token: 'abc',
      cleaned: '/auth/callback?method=email',
    });
    // The shape docs/product.md, States, gives: access and refresh tokens in the fragment, with type there too.
    expect(
      parseRecoveryUrl('https://barback.test/#access_token=a1&refresh_token=r1&expires_in=3600&type=recovery&x=1'),
    ).toEqual({ token: null, cleaned: '/#x=1' });
  });

  it('is null without type=recovery or without any token', () => {
    expect(parseRecoveryUrl('https://barback.test/auth/callback#token=abc')).toBeNull();
    expect(parseRecoveryUrl('https://barback.test/auth/callback?type=signup&token=abc')).toBeNull();
    expect(parseRecoveryUrl('https://barback.test/auth/callback?type=recovery')).toBeNull();
    expect(parseRecoveryUrl('not a url')).toBeNull();
  });
});

describe('recovery mode', () => {
  it('stores the flag with the time and replaces the address with one that holds no token', () => {
    const { env, items } = fakeEnvironment();
    const { history, replaced } = fakeHistory();
    const capture = captureRecoveryUrl(
      { href: 'https://barback.test/auth/callback?type=recovery#token=secret-token' },
      history,
      env,
    );
    expect(capture?.token).toBe('secret-token');
    expect(replaced).toEqual(['/auth/callback']);
    expect(JSON.parse(items.get(RECOVERY_MODE_KEY)!)).toEqual({ enteredAt: env.now() });
    expect(readRecoveryMode(env)).toEqual({
      active: true,
      enteredAt: env.now(),
      expiresAt: env.now() + 60 * 60 * 1000,
    });
  });

  it('leaves an ordinary address alone and enters nothing', () => {
    const { env, items } = fakeEnvironment();
    const { history, replaced } = fakeHistory();
    expect(captureRecoveryUrl({ href: 'https://barback.test/discover?q=gin#top' }, history, env)).toBeNull();
    expect(replaced).toEqual([]);
    expect(items.size).toBe(0);
    expect(readRecoveryMode(env)).toEqual({ active: false });
  });

  it('expires at 60 minutes: active a moment before, cleared from storage at the mark', () => {
    const { env, items, advance } = fakeEnvironment();
    captureRecoveryUrl({ href: 'https://barback.test/?type=recovery&token=t' }, fakeHistory().history, env);
    advance(RECOVERY_MODE_TTL_MS - 1);
    expect(readRecoveryMode(env).active).toBe(true);
    advance(1);
    expect(readRecoveryMode(env)).toEqual({ active: false });
    expect(items.has(RECOVERY_MODE_KEY)).toBe(false);
  });

  it('clears a flag that is unreadable or dated in the future, and ends when the user leaves', () => {
    const { env, items, advance } = fakeEnvironment();
    items.set(RECOVERY_MODE_KEY, 'not json');
    expect(readRecoveryMode(env)).toEqual({ active: false });
    expect(items.has(RECOVERY_MODE_KEY)).toBe(false);
    items.set(RECOVERY_MODE_KEY, JSON.stringify({ enteredAt: env.now() + 60_000 }));
    expect(readRecoveryMode(env)).toEqual({ active: false });

    captureRecoveryUrl({ href: 'https://barback.test/?type=recovery&token=t' }, fakeHistory().history, env);
    advance(5 * 60_000);
    expect(readRecoveryMode(env).active).toBe(true);
    leaveRecoveryMode(env);
    expect(readRecoveryMode(env)).toEqual({ active: false });
  });

  it('works without storage (private mode): the address is still stripped, the mode simply does not start', () => {
    const env: RecoveryEnvironment = { storage: null, now: () => 0 };
    const { history, replaced } = fakeHistory();
    expect(captureRecoveryUrl({ href: 'https://barback.test/?type=recovery#token=t' }, history, env)?.token).toBe('t');
    expect(replaced).toEqual(['/']);
    expect(readRecoveryMode(env)).toEqual({ active: false });
  });
});

describe('captureRecoveryUrl without an environment', () => {
  it("leaves the browser's session storage alone on an ordinary address (its first use is a synchronous call)", () => {
    let reads = 0;
    const original = Object.getOwnPropertyDescriptor(globalThis, 'window');
    Object.defineProperty(globalThis, 'window', {
      configurable: true,
      value: {
        get sessionStorage() {
          reads += 1;
          return fakeEnvironment().env.storage;
        },
      },
    });
    try {
      const { history, replaced } = fakeHistory();
      expect(captureRecoveryUrl({ href: 'https://barback.test/batch-calculator?tab=party' }, history)).toBeNull();
      expect(reads).toBe(0);
      expect(replaced).toEqual([]);
      // A recovery link does use it: the mode is entered.
      expect(
        captureRecoveryUrl({ href: 'https://barback.test/auth/callback?type=recovery#token=abc' }, history),
      ).not.toBeNull();
      expect(reads).toBe(1);
    } finally {
      if (original) Object.defineProperty(globalThis, 'window', original);
      else delete (globalThis as { window?: unknown }).window;
    }
  });
});
