import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys } from '@/client/lib/query-keys';
import { useSession } from '@/client/lib/session';
import type { ActivityResponse } from '@/shared/schemas/account';

export type { ActivityResponse };

/**
 * Fetches the signed-in user's recent activity.
 * @throws ApiError: 401 UNAUTHORIZED when signed out, NETWORK_ERROR offline.
 */
export function getActivity(signal?: AbortSignal): Promise<ActivityResponse> {
  return apiFetch<ActivityResponse>('/api/me/activity', null, { signal });
}

/** Query of one user's recent activity (the key carries `userId`). */
export function getActivityQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.activity(userId),
    queryFn: ({ signal }) => getActivity(signal),
  });
}

/** The signed-in user's recent activity; idle while signed out or while the session loads. */
export function useActivity() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  return useQuery({ ...getActivityQueryOptions(userId ?? 'anonymous'), enabled: userId !== null });
}
