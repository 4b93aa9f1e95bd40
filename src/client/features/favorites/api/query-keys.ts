/**
 * The one factory of React Query keys for favorites. Keys carry the signed-in user's id, so one user's cached favorites
 * can never show for another user in the same tab; `favoriteKeys.all` reaches every favorites query.
 */
export const favoriteKeys = {
  /** Every favorites query (all users). */
  all: ['favorites'] as const,
  /** Everything cached of one user's favorites (the list and its further pages). */
  user: (userId: string) => [...favoriteKeys.all, userId] as const,
  /** The favorites of one user, page 0 (`GET /api/me/favorites`): every id and the first cards. */
  list: (userId: string) => [...favoriteKeys.user(userId), 'list'] as const,
  /** The cards of one user's favorites past page 0 (`GET /api/me/favorites?page=N`, N from 1), as one infinite query. */
  pages: (userId: string) => [...favoriteKeys.user(userId), 'pages'] as const,
  /** Key shared by every favorite write (PUT/DELETE), to count writes still in flight. */
  write: () => [...favoriteKeys.all, 'write'] as const,
};
