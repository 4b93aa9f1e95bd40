import { accountKeys } from '@/client/lib/query-keys';

/** My Bar's React Query keys; they live under the user's account keys, so sign-out clears them too. */
export const myBarKeys = {
  /** `GET /api/me/bar` of one user (behind the pro entitlement). */
  bar: (userId: string) => [...accountKeys.user(userId), 'my-bar'] as const,
};
