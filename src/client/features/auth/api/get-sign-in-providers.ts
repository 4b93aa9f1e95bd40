import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import type { SignInProviders } from '@/shared/schemas/session';
import { authKeys } from './query-keys';

/**
 * Which provider sign-ins this server offers (`GET /api/session/providers`).
 * @throws ApiError: NETWORK_ERROR offline, 5xx when the server fails.
 */
export function getSignInProviders(signal?: AbortSignal): Promise<SignInProviders> {
  return apiFetch<SignInProviders>('/api/session/providers', null, { signal });
}

/** The providers query: the server's configuration changes only with a restart, so it is read once per page load. */
export function getSignInProvidersQueryOptions() {
  return queryOptions({
    queryKey: authKeys.providers(),
    queryFn: ({ signal }) => getSignInProviders(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Whether Google and Facebook sign-in can work here. While the answer is unknown (loading, or the read failed) both
 * count as available: the press then explains any failure, as before.
 */
export function useSignInProviders(): SignInProviders {
  const query = useQuery(getSignInProvidersQueryOptions());
  return query.data ?? { google: true, facebook: true };
}
