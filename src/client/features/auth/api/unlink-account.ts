import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/client/lib/query-keys';
import { callAuth } from '@/client/lib/auth-client';

/**
 * Removes one way in from the signed-in user (`POST /api/auth/unlink-account` through better-auth's client).
 * @param accountRowId better-auth's account row id (`id` of an entry of `GET /api/me` accounts)
 * @throws ApiError: 400 FAILED_TO_UNLINK_LAST_ACCOUNT (the last way in), 400 EMAIL_SIGN_IN_CANNOT_BE_UNLINKED, 403
 *   SESSION_NOT_FRESH (sign in again first), 401 signed out.
 */
export async function unlinkAccount(accountRowId: string): Promise<void> {
  await callAuth((client) => client.unlinkAccount({ accountId: accountRowId }));
}

/** Mutation: unlink an account, then read the account summary again. */
export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
