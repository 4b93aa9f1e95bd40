import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { sendWrite, wasKept } from '@/client/lib/offline/write-queue';
import { accountKeys } from '@/client/lib/query-keys';
import { noteSchema, ratingListSchema, ratingSchema, type Note, type RatingList } from '@/shared/schemas/collections';
import { collectionKeys } from './query-keys';

/**
 * Private notes and ratings (`/api/me/notes/:cocktailId`, `/api/me/ratings[/:cocktailId]`). Reads work for any signed-in
 * user (a lapsed plan still reads); writes need pro or enterprise. Every call may throw ApiError: 401 signed out, 403
 * ENTITLEMENT_REQUIRED on a write without the plan, 400 VALIDATION_FAILED, NETWORK_ERROR offline. A write made with no
 * network is kept on the device and sent later (lib/offline/write-queue.ts); the screen shows it at once.
 */

/** The user's note on one cocktail (text '' when none). */
export function useNote(userId: string | null, cocktailId: number) {
  return useQuery({
    queryKey: collectionKeys.note(userId ?? 'anonymous', cocktailId),
    queryFn: ({ signal }) => apiFetch(`/api/me/notes/${cocktailId}`, noteSchema, { signal }),
    enabled: userId !== null,
  });
}

/**
 * Saves a note (an empty text deletes it); the cache takes the server's answer (or, kept offline, the note as typed).
 * @param name the cocktail's name, for the messages of a change made offline.
 */
export function useSaveNote(userId: string, cocktailId: number, name = 'a cocktail') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string): Promise<Note> =>
      sendWrite(
        { userId, method: 'PUT', path: `/api/me/notes/${cocktailId}`, body: { text }, label: `Your note on ${name}` },
        noteSchema,
        () => ({ cocktailId, text, updatedAt: new Date().toISOString() }),
      ),
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
 * brings back the server's list. A rating made offline is kept on the device and stays on screen.
 * @param name the cocktail's name, for the messages of a change made offline.
 */
export function useRate(userId: string, cocktailId: number, name = 'a cocktail') {
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
      sendWrite(
        {
          userId,
          method: stars === null ? 'DELETE' : 'PUT',
          path: `/api/me/ratings/${cocktailId}`,
          ...(stars === null ? {} : { body: { stars } }),
          label:
            stars === null ? `Clear your rating of ${name}` : `Rate ${name} ${stars} ${stars === 1 ? 'star' : 'stars'}`,
        },
        ratingSchema,
        () => ({ cocktailId, stars }),
      ),
    onMutate: (stars) => {
      client.setQueryData<RatingList>(key, (list) => put(list, stars));
    },
    onError: () => void client.invalidateQueries({ queryKey: key }),
    // Lists in the user's own order ('My ratings', 'Rated first', 'rated 4+') follow the new rating.
    onSettled: (answer) => {
      if (!wasKept(answer)) void client.invalidateQueries({ queryKey: accountKeys.ratedLists(userId) });
    },
  });
}
