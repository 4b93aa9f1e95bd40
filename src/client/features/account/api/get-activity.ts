import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/client/features/auth/api/get-session';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys, retryUnlessClientError } from './query-keys';

/** `GET /api/me/activity` answer: the latest 10 favorites and the latest 10 distinct searches, newest first (ISO 8601). */
export interface ActivityResponse {
  favorites: { cocktailId: number; name: string; createdAt: string }[];
  searches: { q: string; occurredAt: string }[];
}

/**
 * Fetches the signed-in user's recent activity.
 * @throws ApiError: 401 UNAUTHORIZED when signed out, NETWORK_ERROR offline.
 */
export function getActivity(signal?: AbortSignal): Promise<ActivityResponse> {
  return apiFetch<ActivityResponse>('/api/me/activity', null, { signal });
}

/** Query of one user's recent activity (the key carries `userId`). 4xx answers are not retried. */
export function getActivityQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.activity(userId),
    queryFn: ({ signal }) => getActivity(signal),
    retry: retryUnlessClientError,
  });
}

/** The signed-in user's recent activity; idle while signed out or while the session loads. */
export function useActivity() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  return useQuery({ ...getActivityQueryOptions(userId ?? 'anonymous'), enabled: userId !== null });
}
