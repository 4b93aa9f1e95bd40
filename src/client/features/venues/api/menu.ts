import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { cocktailPageSchema } from '@/shared/schemas/cocktail';
import { teamMenuSchema, type MenuAvailability, type MenuWrite, type TeamMenu } from '@/shared/schemas/venues';
import { venueKeys } from './query-keys';

/**
 * A venue's menu as the team edits it (`/api/venues/:slug/menu…`). Calls may throw ApiError: 403 FORBIDDEN (staff
 * writing the menu), 404 NOT_FOUND (an unknown cocktail or item), 400 VALIDATION_FAILED naming the field, NETWORK_ERROR.
 */

const menuPath = (slug: string) => `/api/venues/${encodeURIComponent(slug)}/menu`;

/** The menu with each item's availability now (read again every 30 s: the inventory changes during service). */
export function useTeamMenu(userId: string, slug: string) {
  return useQuery({
    queryKey: venueKeys.menu(userId, slug),
    queryFn: ({ signal }) => apiFetch(menuPath(slug), teamMenuSchema, { signal }),
    refetchInterval: 30_000,
  });
}

/** The write form of a menu as it is now (ids and computed availability dropped). */
export function toMenuWrite(menu: TeamMenu): MenuWrite {
  return {
    sections: menu.sections.map((section) => ({
      title: section.title,
      items: section.items.map((item) => ({
        cocktailId: item.cocktail.id,
        priceCents: item.priceCents,
        availability: item.availability,
      })),
    })),
  };
}

/** Writes the whole menu (owner, manager); the cache becomes the server's answer. */
export function useWriteMenu(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MenuWrite) =>
      apiFetch(menuPath(slug), teamMenuSchema, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    onSuccess: (menu) => queryClient.setQueryData(venueKeys.menu(userId, slug), menu),
  });
}

/** Sets one item's availability by hand, or back to the inventory (any member). */
export function useSetAvailability(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, availability }: { itemId: number; availability: MenuAvailability }) =>
      apiFetch(`${menuPath(slug)}/items/${itemId}/availability`, teamMenuSchema, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ availability }),
      }),
    onSuccess: (menu) => queryClient.setQueryData(venueKeys.menu(userId, slug), menu),
  });
}

/** Catalogue cocktails whose name matches `text` (the menu editor's picker; at most 8; nothing for empty text). */
export function useCocktailSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['catalogue', 'picker', q],
    queryFn: ({ signal }) =>
      apiFetch(`/api/cocktails?q=${encodeURIComponent(q)}&pageSize=8`, cocktailPageSchema, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
