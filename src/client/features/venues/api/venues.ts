import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import {
  invitationAcceptedSchema,
  invitationViewSchema,
  venueListSchema,
  venueMembersSchema,
  venueSchema,
  type InvitationCreate,
  type Venue,
  type VenueCreate,
  type VenueMembers,
  type VenueUpdate,
} from '@/shared/schemas/venues';
import { invitationKey, venueKeys } from './query-keys';

/**
 * Enterprise venues (`/api/venues…`, `/api/venue-invitations…`; shapes in src/shared/schemas/venues.ts). Calls may throw
 * ApiError: 401 signed out, 403 ENTITLEMENT_REQUIRED (no plan, or the owner's lapsed) or FORBIDDEN (the role may not),
 * 404 NOT_FOUND (not a member), 409 CONFLICT / SEAT_LIMIT_REACHED, 400 VALIDATION_FAILED naming the field, 502
 * MAIL_FAILED, NETWORK_ERROR offline.
 */

const jsonInit = (method: string, body?: unknown): RequestInit & { signal?: AbortSignal } => ({
  method,
  ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
});

const venuePath = (slug: string) => `/api/venues/${encodeURIComponent(slug)}`;

/** The venues the user belongs to. */
export function useVenues(userId: string | null) {
  return useQuery({
    queryKey: venueKeys.list(userId ?? 'anonymous'),
    queryFn: ({ signal }) => apiFetch('/api/venues', venueListSchema, { signal }),
    enabled: userId !== null,
  });
}

/** One venue the user belongs to. */
export function useVenue(userId: string | null, slug: string) {
  return useQuery({
    queryKey: venueKeys.detail(userId ?? 'anonymous', slug),
    queryFn: ({ signal }) => apiFetch(venuePath(slug), venueSchema, { signal }),
    enabled: userId !== null,
    retry: false,
  });
}

/** The team, waiting invitations and seats of a venue (owner only: `enabled` false for others). */
export function useVenueMembers(userId: string | null, slug: string, enabled: boolean) {
  return useQuery({
    queryKey: venueKeys.members(userId ?? 'anonymous', slug),
    queryFn: ({ signal }) => apiFetch(`${venuePath(slug)}/members`, venueMembersSchema, { signal }),
    enabled: userId !== null && enabled,
  });
}

/** Creates a venue (enterprise); the list is refreshed. */
export function useCreateVenue(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VenueCreate) => apiFetch('/api/venues', venueSchema, jsonInit('POST', body)),
    onSuccess: (venue) => {
      queryClient.setQueryData(venueKeys.detail(userId, venue.slug), venue);
      void queryClient.invalidateQueries({ queryKey: venueKeys.list(userId) });
    },
  });
}

/** Changes a venue's name, brand, address or hours (owner, manager). */
export function useUpdateVenue(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VenueUpdate) => apiFetch(venuePath(slug), venueSchema, jsonInit('PATCH', body)),
    onSuccess: (venue: Venue) => {
      queryClient.setQueryData(venueKeys.detail(userId, slug), venue);
      void queryClient.invalidateQueries({ queryKey: venueKeys.list(userId) });
    },
  });
}

/** A change to the team (owner): invite, withdraw an invitation, remove a member. Each answers the team as it now is. */
export type TeamChange =
  | { kind: 'invite'; body: InvitationCreate }
  | { kind: 'cancel'; invitationId: string }
  | { kind: 'remove'; memberId: string };

/** Runs a {@link TeamChange}; the team in the cache becomes the server's answer. */
export function useChangeTeam(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TeamChange): Promise<VenueMembers> => {
      switch (change.kind) {
        case 'invite':
          return apiFetch(`${venuePath(slug)}/invitations`, venueMembersSchema, jsonInit('POST', change.body));
        case 'cancel':
          return apiFetch(
            `${venuePath(slug)}/invitations/${encodeURIComponent(change.invitationId)}`,
            venueMembersSchema,
            jsonInit('DELETE'),
          );
        case 'remove':
          return apiFetch(
            `${venuePath(slug)}/members/${encodeURIComponent(change.memberId)}`,
            venueMembersSchema,
            jsonInit('DELETE'),
          );
      }
    },
    onSuccess: (members) => {
      queryClient.setQueryData(venueKeys.members(userId, slug), members);
      void queryClient.invalidateQueries({ queryKey: venueKeys.detail(userId, slug) });
    },
  });
}

/** An invitation as its link shows it (no sign-in needed). */
export function useInvitation(invitationId: string) {
  return useQuery({
    queryKey: invitationKey(invitationId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/venue-invitations/${encodeURIComponent(invitationId)}`, invitationViewSchema, { signal }),
    retry: false,
  });
}

/** Accepts an invitation as the signed-in user; the venues list is refreshed. */
export function useAcceptInvitation(userId: string, invitationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(
        `/api/venue-invitations/${encodeURIComponent(invitationId)}/accept`,
        invitationAcceptedSchema,
        jsonInit('POST'),
      ),
    onSuccess: ({ venue }) => {
      queryClient.setQueryData(venueKeys.detail(userId, venue.slug), venue);
      void queryClient.invalidateQueries({ queryKey: venueKeys.list(userId) });
      void queryClient.invalidateQueries({ queryKey: invitationKey(invitationId) });
    },
  });
}
