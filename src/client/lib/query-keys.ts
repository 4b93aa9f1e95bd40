/**
 * The React Query keys that more than one feature reads or invalidates: who is signed in, and the signed-in user's own
 * account data. Feature-private keys stay in their feature's `api/query-keys.ts`. Account keys carry the user's id, so
 * nothing cached for one user can show for another in the same tab.
 */
export const sessionKeys = {
  /** Every auth query. */
  all: ['auth'] as const,
  /** `GET /api/auth/get-session`: who is signed in (or null). */
  session: () => [...sessionKeys.all, 'session'] as const,
};

export const accountKeys = {
  /** Every account query (all users). */
  all: ['account'] as const,
  /** Everything cached for one user. */
  user: (userId: string) => [...accountKeys.all, userId] as const,
  /** `GET /api/me`: profile, plan, role, counts, linked accounts. */
  me: (userId: string) => [...accountKeys.user(userId), 'me'] as const,
  /** `GET /api/me/sessions`: where the user is signed in. */
  sessions: (userId: string) => [...accountKeys.user(userId), 'sessions'] as const,
  /** `GET /api/me/activity`: recent favorites and searches. */
  activity: (userId: string) => [...accountKeys.user(userId), 'activity'] as const,
  /** `GET /api/cocktails?sort=my-ratings|rated-first&minRating=`: lists in the user's own order (a rating changes them). */
  ratedLists: (userId: string) => [...accountKeys.user(userId), 'rated-lists'] as const,
};
