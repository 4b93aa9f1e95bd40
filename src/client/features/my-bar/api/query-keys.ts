import { accountKeys } from '@/client/lib/query-keys';

/**
 * My Bar's React Query keys; they live under the user's account keys, so sign-out clears them too. Everything derived from
 * the bar (views, marks, suggestions, the shopping list's unlocks) sits under `derived`, so one invalidation refreshes it after any bar or swap change.
 */
export const myBarKeys = {
  /** Everything My Bar caches for one user. */
  all: (userId: string) => [...accountKeys.user(userId), 'my-bar'] as const,
  /** `GET /api/me/bar`: the bottles. */
  bar: (userId: string) => [...myBarKeys.all(userId), 'bar'] as const,
  /** What the bar makes possible: views, ids, recipe marks, suggestions. */
  derived: (userId: string) => [...myBarKeys.all(userId), 'derived'] as const,
  /** `GET /api/me/bar/makeable?view=&page=&q=`. */
  makeable: (userId: string, view: string, page: number, q: string) =>
    [...myBarKeys.derived(userId), 'makeable', view, page, q] as const,
  /** `GET /api/me/bar/makeable-ids`. */
  makeableIds: (userId: string) => [...myBarKeys.derived(userId), 'makeable-ids'] as const,
  /** `GET /api/me/bar/match/:cocktailId`. */
  match: (userId: string, cocktailId: number) => [...myBarKeys.derived(userId), 'match', cocktailId] as const,
  /** `GET /api/me/bar/suggestions`. */
  suggestions: (userId: string) => [...myBarKeys.derived(userId), 'suggestions'] as const,
  /** `GET /api/me/shopping-list`: derived too, since each item says what it would make possible with the bar. */
  shopping: (userId: string) => [...myBarKeys.derived(userId), 'shopping'] as const,
  /** `GET /api/me/made`. */
  made: (userId: string) => [...myBarKeys.all(userId), 'made'] as const,
  /** `GET /api/me/swaps`. */
  swaps: (userId: string) => [...myBarKeys.all(userId), 'swaps'] as const,
};
