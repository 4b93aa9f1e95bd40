// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_ENV_STORAGE_KEY,
  environmentFor,
  getAppEnvironment,
  listenForAppEnvironmentMessages,
  platformFromMessage,
  readStoredAppEnvironment,
  resetAppEnvironmentForTests,
  resolveAppEnvironment,
  subscribeAppEnvironment,
} from './app-environment';

beforeEach(() => {
  localStorage.clear();
  resetAppEnvironmentForTests();
  window.history.replaceState(null, '', '/');
  delete window.__BB_APP_ENV__;
});
afterEach(() => {
  delete window.__BB_APP_ENV__;
});

describe('resolveAppEnvironment', () => {
  it('defaults to the web layout', () => {
    expect(resolveAppEnvironment({})).toEqual({
      platform: 'web',
      wrapper: 'browser',
      isNativeApp: false,
      isToast: false,
    });
  });

  it('takes ?app= first, whatever was stored or hinted', () => {
    const stored = environmentFor('toast');
    expect(resolveAppEnvironment({ search: '?app=ios', stored, userAgent: 'ToastPOS' }).platform).toBe('ios');
    expect(resolveAppEnvironment({ search: '?app=WEB', stored }).platform).toBe('web');
  });

  it('ignores an unknown ?app= value', () => {
    expect(resolveAppEnvironment({ search: '?app=android', stored: environmentFor('ios') }).platform).toBe('ios');
  });

  it("recognises a user agent or global hint containing 'toast'", () => {
    expect(resolveAppEnvironment({ userAgent: 'Mozilla/5.0 (Linux; Android 10) ToastTablet/4.2' })).toMatchObject({
      platform: 'toast',
      isToast: true,
      isNativeApp: false,
    });
    expect(resolveAppEnvironment({ globalHint: { device: 'Toast Flex' } }).platform).toBe('toast');
    expect(resolveAppEnvironment({ globalHint: 'ios' }).platform).toBe('ios');
  });

  it('falls back to a well-formed stored record and ignores a malformed one', () => {
    expect(resolveAppEnvironment({ stored: environmentFor('ios') }).isNativeApp).toBe(true);
    expect(
      resolveAppEnvironment({ stored: { platform: 'ios', wrapper: 'browser', isNativeApp: false, isToast: false } })
        .platform,
    ).toBe('web');
  });
});

describe('platformFromMessage', () => {
  it('reads env, app or platform from an APP_ENV message', () => {
    expect(platformFromMessage({ type: 'APP_ENV', env: 'ios' })).toBe('ios');
    expect(platformFromMessage({ type: 'APP_ENV', app: 'toast' })).toBe('toast');
    expect(platformFromMessage({ type: 'APP_ENV', platform: 'web' })).toBe('web');
  });

  it('ignores other messages', () => {
    expect(platformFromMessage({ type: 'RC_EVENT', env: 'ios' })).toBeNull();
    expect(platformFromMessage({ type: 'APP_ENV', env: 'mac' })).toBeNull();
    expect(platformFromMessage('APP_ENV')).toBeNull();
  });
});

describe('the live environment', () => {
  it('resolves from the page and persists the record to localStorage', () => {
    window.history.replaceState(null, '', '/discover?app=ios');
    expect(getAppEnvironment().platform).toBe('ios');
    expect(JSON.parse(localStorage.getItem(APP_ENV_STORAGE_KEY) ?? 'null')).toEqual({
      platform: 'ios',
      wrapper: 'ios-webview',
      isNativeApp: true,
      isToast: false,
    });
  });

  it('remembers the environment on the next visit without ?app=', () => {
    window.history.replaceState(null, '', '/?app=toast');
    getAppEnvironment();
    resetAppEnvironmentForTests();
    window.history.replaceState(null, '', '/');
    expect(getAppEnvironment().platform).toBe('toast');
  });

  it('uses the window.__BB_APP_ENV__ hint', () => {
    window.__BB_APP_ENV__ = 'toast-kiosk';
    expect(getAppEnvironment().isToast).toBe(true);
  });

  it('switches on an APP_ENV window message, persists it and notifies subscribers', async () => {
    expect(getAppEnvironment().platform).toBe('web');
    let notified = 0;
    const unsubscribe = subscribeAppEnvironment(() => (notified += 1));
    const stop = listenForAppEnvironmentMessages(window);
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'APP_ENV', env: 'ios' } }));
    stop();
    unsubscribe();
    expect(getAppEnvironment().platform).toBe('ios');
    expect(readStoredAppEnvironment()?.platform).toBe('ios');
    expect(notified).toBe(1);
  });
});
