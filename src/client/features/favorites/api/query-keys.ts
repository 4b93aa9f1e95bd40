/**
 * The one factory of React Query keys for favorites. Keys carry the signed-in user's id, so one user's cached favorites
 * can never show for another user in the same tab; `favoriteKeys.all` reaches every favorites query.
 */
export const favoriteKeys = {
  /** Every favorites query (all users). */
  all: ['favorites'] as const,
  /** The favorites of one user (`GET /api/me/favorites`). */
  list: (userId: string) => [...favoriteKeys.all, userId, 'list'] as const,
  /** Key shared by every favorite write (PUT/DELETE), to count writes still in flight. */
  write: () => [...favoriteKeys.all, 'write'] as const,
};
