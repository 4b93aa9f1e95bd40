import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { venueSchema, type Venue, type VenueList } from '@/shared/schemas/venues';
import { publicMenuKey, venueKeys } from './query-keys';
import { imageUploadInit } from '@/client/lib/image-file';

/**
 * A venue's logo (`PUT|DELETE /api/venues/:slug/logo`, owner and manager): the upload is the image file itself (JPEG, PNG
 * or WebP up to 10 MB; check it with imageFileProblem first). Both answer the venue, which replaces the cached venue and
 * its entry in the venues list. May throw ApiError 400 IMAGE_INVALID (a message for people), 403 FORBIDDEN, 413.
 */

const logoPath = (slug: string) => `/api/venues/${encodeURIComponent(slug)}/logo`;

function putVenue(queryClient: QueryClient, userId: string, venue: Venue) {
  queryClient.setQueryData(venueKeys.detail(userId, venue.slug), venue);
  queryClient.setQueryData(venueKeys.list(userId), (list: VenueList | undefined) =>
    list ? { items: list.items.map((item) => (item.slug === venue.slug ? venue : item)) } : list,
  );
  void queryClient.invalidateQueries({ queryKey: publicMenuKey(venue.slug) });
}

/** Uploads or replaces the venue's logo. */
export function useUploadVenueLogo(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiFetch(logoPath(slug), venueSchema, imageUploadInit(file)),
    onSuccess: (venue) => putVenue(queryClient, userId, venue),
  });
}

/** Removes the venue's logo (removing none is no error). */
export function useRemoveVenueLogo(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(logoPath(slug), venueSchema, { method: 'DELETE' }),
    onSuccess: (venue) => putVenue(queryClient, userId, venue),
  });
}
