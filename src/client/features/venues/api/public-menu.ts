import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { publicMenuSchema } from '@/shared/schemas/venues';
import { publicMenuKey } from './query-keys';

/** How often the guests' menu reads availability again while it is on screen, ms (the inventory changes in service). */
export const PUBLIC_MENU_REFRESH_MS = 15_000;

/**
 * A venue's public menu (`GET /api/menus/:slug`, no sign-in), read again every 15 s while the page is visible so an
 * 86'd bottle greys its drinks out within seconds. Throws ApiError 404 when there is no menu at this address.
 */
export function usePublicMenu(slug: string) {
  return useQuery({
    queryKey: publicMenuKey(slug),
    queryFn: ({ signal }) => apiFetch(`/api/menus/${encodeURIComponent(slug)}`, publicMenuSchema, { signal }),
    refetchInterval: PUBLIC_MENU_REFRESH_MS,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}
