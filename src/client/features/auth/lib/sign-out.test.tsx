// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAnalyticsForTests } from '@/client/lib/analytics';
import { onAuthStateChange, type AuthEvent } from '@/client/lib/auth-events';
import { installFakeAuthApi } from '../test/fake-auth-api';
import { renderWithAuth } from '../test/render';
import { getAuthRuntime } from './auth-runtime';
import { COUNTED_SIGN_IN_KEY } from './local-auth-state';
import { signOut } from './sign-out';

let heard: Array<[AuthEvent, string | null]> = [];
let stop: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  heard = [];
  stop = onAuthStateChange((event, session) => heard.push([event, session?.session.id ?? null]));
});
afterEach(() => {
  stop();
  resetAnalyticsForTests();
});

describe('signOut', () => {
  it('is heard as SIGNED_OUT once: the later reads of the ended session add nothing', async () => {
    const api = installFakeAuthApi({ signedIn: true });
    const router = renderWithAuth(<p>terms</p>, { url: '/terms' });
    await waitFor(() => expect(heard).toEqual([['SIGNED_IN', 'session-1']]));
    localStorage.setItem(COUNTED_SIGN_IN_KEY, 'session-1');

    // Signing out loads better-auth's client (a lazy import, slow on a cold test run).
    await act(() => signOut());
    expect(api.calls('POST /api/auth/sign-out')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
    expect(heard).toEqual([
      ['SIGNED_IN', 'session-1'],
      ['SIGNED_OUT', null],
    ]);
    // The counted sign-in goes with the other auth keys, so the next sign-in counts.
    expect(localStorage.getItem(COUNTED_SIGN_IN_KEY)).toBeNull();

    const reads = api.calls('GET /api/auth/get-session').length;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await waitFor(() => expect(api.calls('GET /api/auth/get-session')).toHaveLength(reads + 1));
    await waitFor(() => expect(getAuthRuntime()?.queryClient.isFetching()).toBe(0));
    expect(heard).toEqual([
      ['SIGNED_IN', 'session-1'],
      ['SIGNED_OUT', null],
    ]);
  });
});
