import type { Query, QueryClient } from '@tanstack/react-query';
import { setAnalyticsIdentity } from '@/client/lib/analytics';
import { callAuth } from '@/client/lib/auth-client';
import { sessionKeys } from '@/client/lib/query-keys';
import { getAuthRuntime } from './auth-runtime';
import { clearLocalAuthState, rememberAuthHint } from './local-auth-state';
import { paths } from '@/client/config/paths';

/**
 * Forgets everything the app holds about the signed-in user: the session query becomes "signed out", every other cached
 * query except the public catalogue is removed, local auth keys are cleared, analytics stop naming the user, and what
 * the device kept for offline use (API answers, photos, waiting writes: lib/offline/offline-data.ts) is deleted.
 * Used by sign-out and by account deletion. Never throws.
 */
export function forgetSignedInUser(queryClient: QueryClient | null): void {
  clearLocalAuthState();
  rememberAuthHint('signed-out');
  setAnalyticsIdentity({ userId: null, plan: null });
  void import('@/client/lib/offline/offline-data').then((module) => module.clearOfflineData());
  if (!queryClient) return;
  const usersOwn = (query: Query) => {
    const [scope, kind] = query.queryKey as readonly unknown[];
    if (scope === 'cocktails') return false;
    return !(scope === sessionKeys.all[0] && kind === 'session');
  };
  // Requests still loading are aborted first, so none reaches the server after the session has ended.
  void queryClient.cancelQueries({ predicate: usersOwn });
  queryClient.setQueryData(sessionKeys.session(), null);
  queryClient.removeQueries({ predicate: usersOwn });
}

/**
 * Signs out (docs/product.md, States, "Sign-out"): leaves for / and forgets the user on this device first (the session
 * query becomes "signed out", the user's cached queries are removed, which also aborts those still loading), so nothing
 * on the page asks for the user's data once the session has ended (a 401 in the console, seen when a favorites or
 * profile request raced the sign-out); then ends the session on the server (`POST /api/auth/sign-out` through
 * better-auth's client, loaded now). The device is signed out even when the server cannot be reached.
 * @returns once the session has been ended (or the server could not be reached). Never throws.
 */
export async function signOut(): Promise<void> {
  const runtime = getAuthRuntime();
  if (runtime) {
    await runtime.navigate(paths.home);
    forgetSignedInUser(runtime.queryClient);
  }
  try {
    await callAuth((client) => client.signOut());
  } catch {
    // Offline or already signed out: the local sign-out above still happened.
  }
  if (!runtime) {
    forgetSignedInUser(null);
    window.location.assign(paths.home);
  }
}
