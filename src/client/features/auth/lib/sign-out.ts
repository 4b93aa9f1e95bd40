import type { QueryClient } from '@tanstack/react-query';
import { setAnalyticsIdentity } from '@/client/lib/analytics';
import { callAuth } from '@/client/lib/auth-client';
import { sessionKeys } from '@/client/lib/query-keys';
import { getAuthRuntime } from './auth-runtime';
import { AUTH_HINT_KEY, clearLocalAuthState } from './local-auth-state';
import { writeItem } from '@/client/lib/storage';
import { paths } from '@/client/config/paths';

/**
 * Forgets everything the app holds about the signed-in user: the session query becomes "signed out", every other cached
 * query except the public catalogue is removed, local auth keys are cleared and analytics stop naming the user.
 * Used by sign-out and by account deletion. Never throws.
 */
export function forgetSignedInUser(queryClient: QueryClient | null): void {
  clearLocalAuthState();
  writeItem(AUTH_HINT_KEY, 'signed-out');
  setAnalyticsIdentity({ userId: null, plan: null });
  if (!queryClient) return;
  queryClient.setQueryData(sessionKeys.session(), null);
  queryClient.removeQueries({
    predicate: (query) => {
      const [scope, kind] = query.queryKey as readonly unknown[];
      if (scope === 'cocktails') return false;
      return !(scope === sessionKeys.all[0] && kind === 'session');
    },
  });
}

/**
 * Signs out (spec section 4 "Sign-out"): leaves for / first, so no page of the user's (profile, settings) is still
 * mounted to ask for its data with the ended session (a 401 in the console), then ends the session on the server
 * (`POST /api/auth/sign-out` through better-auth's client, loaded now), clears the local auth keys and the user's cached
 * data. Local state is cleared even when the server cannot be reached, so the device is signed out either way.
 * @returns once the navigation to / has been asked for. Never throws.
 */
export async function signOut(): Promise<void> {
  const runtime = getAuthRuntime();
  if (runtime) await runtime.navigate(paths.home);
  try {
    await callAuth((client) => client.signOut());
  } catch {
    // Offline or already signed out: the local sign-out below still happens.
  }
  if (!runtime) {
    forgetSignedInUser(null);
    window.location.assign(paths.home);
    return;
  }
  forgetSignedInUser(runtime.queryClient);
}
