/**
 * The one factory of React Query keys for the signed-in user's own account data. Keys carry the user's id, so nothing
 * cached for one user can show for another in the same tab; `accountKeys.all` reaches every account query.
 */
export const accountKeys = {
  /** Every account query (all users). */
  all: ['account'] as const,
  /** Everything cached for one user. */
  user: (userId: string) => [...accountKeys.all, userId] as const,
  /** `GET /api/me`: profile, plan, role, counts, linked accounts. */
  me: (userId: string) => [...accountKeys.user(userId), 'me'] as const,
  /** `GET /api/me/activity`: recent favorites and searches. */
  activity: (userId: string) => [...accountKeys.user(userId), 'activity'] as const,
};

/**
 * Retry rule of the account queries: a 4xx answer (signed out, refused) will not change on a second try, so it is not
 * retried; other failures (network, 5xx) are tried up to 3 times in all (the app-wide query default).
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status ?? 0;
  if (status >= 400 && status < 500) return false;
  return failureCount < 3;
}
