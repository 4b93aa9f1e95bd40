import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { myBarResponseSchema, type MyBarResponse } from '@/shared/schemas/payments';
import { myBarKeys } from './query-keys';

/**
 * The signed-in user's My Bar (`GET /api/me/bar`), behind the pro entitlement on the server.
 * @throws ApiError: 401 signed out, 403 ENTITLEMENT_REQUIRED without pro or enterprise, NETWORK_ERROR offline.
 */
export function getMyBar(signal?: AbortSignal): Promise<MyBarResponse> {
  return apiFetch('/api/me/bar', myBarResponseSchema, { signal });
}

/** Query of one user's My Bar (the key carries `userId`). */
export function getMyBarQueryOptions(userId: string) {
  return queryOptions({ queryKey: myBarKeys.bar(userId), queryFn: ({ signal }) => getMyBar(signal) });
}

/** The signed-in user's My Bar; idle while `userId` is null. */
export function useMyBar(userId: string | null) {
  return useQuery({ ...getMyBarQueryOptions(userId ?? 'anonymous'), enabled: userId !== null });
}
