import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
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

/** Rates a cocktail (0.5–5 in halves) or clears the rating (`stars: null`); the ratings list updates from the answer. */
export function useRate(userId: string, cocktailId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (stars: number | null) =>
      stars === null
        ? apiFetch(`/api/me/ratings/${cocktailId}`, ratingSchema, jsonInit('DELETE'))
        : apiFetch(`/api/me/ratings/${cocktailId}`, ratingSchema, jsonInit('PUT', { stars })),
    onSuccess: (rating) =>
      client.setQueryData<RatingList>(collectionKeys.ratings(userId), (list) => {
        const others = (list?.items ?? []).filter((item) => item.cocktailId !== cocktailId);
        return {
          items:
            rating.stars === null
              ? others
              : [...others, { cocktailId, stars: rating.stars, updatedAt: new Date().toISOString() }],
        };
      }),
  });
}
