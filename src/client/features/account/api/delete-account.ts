import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';

/** The word the user types to confirm deletion, and the `confirm` value `DELETE /api/me` requires. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/**
 * Deletes the signed-in user's account and everything tied to it (`DELETE /api/me` with `{confirm: 'DELETE'}`); the
 * server also clears the session cookie.
 * @throws ApiError: 401 UNAUTHORIZED signed out, 400 VALIDATION_FAILED bad confirmation, 403 cross-site, 5xx when the
 *   deletion failed (the server then changed nothing), NETWORK_ERROR offline.
 */
export function deleteAccount(): Promise<{ deleted: true }> {
  return apiFetch<{ deleted: true }>('/api/me', null, {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ confirm: DELETE_CONFIRMATION_WORD }),
  });
}

/** Mutation deleting the account (never retried). What happens after success (cache, navigation) is the caller's. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
