/**
 * The one factory of React Query keys for favourites. Keys carry the signed-in user's id, so one user's cached favourites
 * can never show for another user in the same tab; `favoriteKeys.all` reaches every favourites query.
 */
export const favoriteKeys = {
  /** Every favourites query (all users). */
  all: ['favourites'] as const,
  /** The favourites of one user (`GET /api/me/favorites`). */
  list: (userId: string) => [...favoriteKeys.all, userId, 'list'] as const,
  /** Key shared by every favourite write (PUT/DELETE), to count writes still in flight. */
  write: () => [...favoriteKeys.all, 'write'] as const,
};
