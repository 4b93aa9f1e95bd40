import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { venueBarActivitySchema, venueBarSchema, type VenueBar } from '@/shared/schemas/venues';
import { venueKeys } from './query-keys';

/**
 * A venue's team inventory (`/api/venues/:slug/bar…`), kept by every member. Calls may throw ApiError: 404 NOT_FOUND
 * (not a member any more, unknown ingredient, a bottle the venue does not have), 409 CONFLICT (inventory full), 403
 * ENTITLEMENT_REQUIRED (the owner's plan lapsed), NETWORK_ERROR offline.
 */

const barPath = (slug: string) => `/api/venues/${encodeURIComponent(slug)}/bar`;

/** The venue's bottles and how many cocktails it can make now. */
export function useVenueBar(userId: string, slug: string) {
  return useQuery({
    queryKey: venueKeys.bar(userId, slug),
    queryFn: ({ signal }) => apiFetch(barPath(slug), venueBarSchema, { signal }),
  });
}

/** Who changed what, newest first. */
export function useVenueBarActivity(userId: string, slug: string) {
  return useQuery({
    queryKey: venueKeys.activity(userId, slug),
    queryFn: ({ signal }) => apiFetch(`${barPath(slug)}/activity`, venueBarActivitySchema, { signal }),
  });
}

/** A change to the inventory. */
export type BarChange =
  | { kind: 'add'; ingredientId: number }
  | { kind: 'remove'; ingredientId: number }
  | { kind: 'eighty-six'; ingredientId: number; eightySixed: boolean };

/** Runs a {@link BarChange}; the inventory in the cache becomes the server's answer and the activity is read again. */
export function useChangeVenueBar(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BarChange): Promise<VenueBar> => {
      const item = `${barPath(slug)}/${change.ingredientId}`;
      if (change.kind === 'add') return apiFetch(item, venueBarSchema, { method: 'PUT' });
      if (change.kind === 'remove') return apiFetch(item, venueBarSchema, { method: 'DELETE' });
      return apiFetch(`${item}/86`, venueBarSchema, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ eightySixed: change.eightySixed }),
      });
    },
    onSuccess: (bar) => {
      queryClient.setQueryData(venueKeys.bar(userId, slug), bar);
      void queryClient.invalidateQueries({ queryKey: venueKeys.activity(userId, slug) });
      // What the menu can offer follows the inventory: the team's menu shows it at once, not at its next 30 s read.
      void queryClient.invalidateQueries({ queryKey: venueKeys.menu(userId, slug) });
    },
  });
}
