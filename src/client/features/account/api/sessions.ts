import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys } from '@/client/lib/query-keys';
import { useSession } from '@/client/lib/session';
import type { AccountSession, AccountSessionList, RevokeSessionsResponse } from '@/shared/schemas/account';

export type { AccountSession };

/**
 * Lists where the signed-in user is signed in (`GET /api/me/sessions`: each session's device, address and last use, the
 * current one first; never a token).
 * @throws ApiError: 401 UNAUTHORIZED when signed out, 503 when the database is away, NETWORK_ERROR offline.
 */
export function getSessions(signal?: AbortSignal): Promise<AccountSessionList> {
  return apiFetch<AccountSessionList>('/api/me/sessions', null, { signal });
}

/** Query of one user's sessions (the key carries `userId`); refetched whenever the page comes back into view. */
export function getSessionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.sessions(userId),
    queryFn: ({ signal }) => getSessions(signal),
    refetchOnWindowFocus: 'always',
  });
}

/** The signed-in user's sessions; idle while signed out or while the session loads. */
export function useSessions() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  return useQuery({ ...getSessionsQueryOptions(userId ?? 'anonymous'), enabled: userId !== null });
}

/**
 * Ends one of the user's other sessions (`DELETE /api/me/sessions/:id`): that browser is signed out on its next request.
 * @throws ApiError: 404 NOT_FOUND when it is gone already, 400 for the current session, 401 signed out, NETWORK_ERROR.
 */
export function revokeSession(id: string): Promise<RevokeSessionsResponse> {
  return apiFetch<RevokeSessionsResponse>(`/api/me/sessions/${encodeURIComponent(id)}`, null, { method: 'DELETE' });
}

/**
 * Ends every session but this one (`POST /api/me/sessions/revoke-others`, 'Sign out everywhere else').
 * @throws ApiError: 401 signed out, 503 database away, NETWORK_ERROR offline.
 */
export function revokeOtherSessions(): Promise<RevokeSessionsResponse> {
  return apiFetch<RevokeSessionsResponse>('/api/me/sessions/revoke-others', null, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
}

/** The two session mutations; each reads the list again when it settles (a session already gone disappears too). */
export function useSessionMutations() {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.user?.id ?? 'anonymous';
  const onSettled = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions(userId) });
  return {
    revoke: useMutation({ mutationFn: revokeSession, onSettled }),
    revokeOthers: useMutation({ mutationFn: revokeOtherSessions, onSettled }),
  };
}
