import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys } from '@/client/lib/query-keys';
import { useSession } from '@/client/lib/session';
import type { AccountPlan, LinkedAccount, MeResponse } from '@/shared/schemas/account';

export type { AccountPlan, LinkedAccount, MeResponse };

/**
 * Fetches the signed-in user's account summary (`GET /api/me`, shape: src/shared/schemas/account.ts).
 * @throws ApiError: 401 UNAUTHORIZED when signed out, NETWORK_ERROR offline.
 */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiFetch<MeResponse>('/api/me', null, { signal });
}

/** Query of one user's account summary (the key carries `userId`). */
export function getMeQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.me(userId),
    queryFn: ({ signal }) => getMe(signal),
  });
}

/** The signed-in user's account summary; idle (no request) while signed out or while the session loads. */
export function useMe() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  return useQuery({ ...getMeQueryOptions(userId ?? 'anonymous'), enabled: userId !== null });
}
