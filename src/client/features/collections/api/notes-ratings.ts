import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys } from '@/client/lib/query-keys';
import { noteSchema, ratingListSchema, ratingSchema, type Note, type RatingList } from '@/shared/schemas/collections';
import { collectionKeys } from './query-keys';

/**
 * Private notes and ratings (`/api/me/notes/:cocktailId`, `/api/me/ratings[/:cocktailId]`). Reads work for any signed-in
 * user (a lapsed plan still reads); writes need pro or enterprise. Every call may throw ApiError: 401 signed out, 403
 * ENTITLEMENT_REQUIRED on a write without the plan, 400 VALIDATION_FAILED, NETWORK_ERROR offline.
 */

const jsonInit = (method: string, body?: unknown): RequestInit & { signal?: AbortSignal } => ({
  method,
  ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
});

/** The user's note on one cocktail (text '' when none). */
export function useNote(userId: string | null, cocktailId: number) {
  return useQuery({
    queryKey: collectionKeys.note(userId ?? 'anonymous', cocktailId),
    queryFn: ({ signal }) => apiFetch(`/api/me/notes/${cocktailId}`, noteSchema, { signal }),
    enabled: userId !== null,
  });
}

/** Saves a note (an empty text deletes it); the cache takes the server's answer. */
export function useSaveNote(userId: string, cocktailId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string): Promise<Note> =>
      apiFetch(`/api/me/notes/${cocktailId}`, noteSchema, jsonInit('PUT', { text })),
    onSuccess: (note) => client.setQueryData(collectionKeys.note(userId, cocktailId), note),
  });
}

/** Every rating of the user (cards, sorts, the 'rated 4+' filter). */
export function useRatings(userId: string | null) {
  return useQuery({
    queryKey: collectionKeys.ratings(userId ?? 'anonymous'),
    queryFn: ({ signal }) => apiFetch('/api/me/ratings', ratingListSchema, { signal }),
    enabled: userId !== null,
  });
}

/**
 * Rates a cocktail (0.5–5 in halves) or clears the rating (`stars: null`). The list shows the new value at once
 * (optimistic), writes for one cocktail run one after another (so quick key presses land in order), and a failed write
 * brings back the server's list.
 */
export function useRate(userId: string, cocktailId: number) {
  const client = useQueryClient();
  const key = collectionKeys.ratings(userId);
  const put = (list: RatingList | undefined, stars: number | null): RatingList => {
    const others = (list?.items ?? []).filter((item) => item.cocktailId !== cocktailId);
    return {
      items: stars === null ? others : [...others, { cocktailId, stars, updatedAt: new Date().toISOString() }],
    };
  };
  return useMutation({
    scope: { id: `rating-${userId}-${cocktailId}` },
    mutationFn: (stars: number | null) =>
      stars === null
        ? apiFetch(`/api/me/ratings/${cocktailId}`, ratingSchema, jsonInit('DELETE'))
        : apiFetch(`/api/me/ratings/${cocktailId}`, ratingSchema, jsonInit('PUT', { stars })),
    onMutate: (stars) => {
      client.setQueryData<RatingList>(key, (list) => put(list, stars));
    },
    onError: () => void client.invalidateQueries({ queryKey: key }),
    // Lists in the user's own order ('My ratings', 'Rated first', 'rated 4+') follow the new rating.
    onSettled: () => void client.invalidateQueries({ queryKey: accountKeys.ratedLists(userId) }),
  });
}
