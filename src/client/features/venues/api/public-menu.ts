import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { apiFetch } from '@/client/lib/api-client';
import { MENU_DATA_ID } from '@/shared/first-paint';
import { publicMenuSchema, type PublicMenu } from '@/shared/schemas/public-menu';
import { publicMenuKey } from './query-keys';

/** How often the guests' menu reads availability again while it is on screen, ms (the inventory changes in service). */
export const PUBLIC_MENU_REFRESH_MS = 15_000;

/**
 * The menu the server renders with (src/client/server-render.tsx provides it): the first render draws it instead of
 * the loading state, and the browser's first render draws the same from the page's data block, so hydration matches.
 */
export const ServerMenuContext = createContext<PublicMenu | null>(null);

/**
 * The menu the server embedded in the page for `slug` (`<script type="application/json" id="bb-menu-data">`), or
 * undefined when there is none, it is for another venue, or it does not have the menu's shape.
 */
export function embeddedMenu(slug: string): PublicMenu | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(MENU_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = publicMenuSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.venue.slug === slug ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A venue's public menu (`GET /api/menus/:slug`, no sign-in), read again every 15 s while the page is visible so an
 * 86'd bottle greys its drinks out within seconds. It starts from the menu the server rendered the page with, when
 * there is one (so the page hydrates without a request). Throws ApiError 404 when there is no menu at this address.
 */
export function usePublicMenu(slug: string) {
  const serverMenu = useContext(ServerMenuContext);
  return useQuery({
    queryKey: publicMenuKey(slug),
    queryFn: ({ signal }) => apiFetch(`/api/menus/${encodeURIComponent(slug)}`, publicMenuSchema, { signal }),
    initialData: () => (serverMenu?.venue.slug === slug ? serverMenu : embeddedMenu(slug)),
    initialDataUpdatedAt: () => {
      const menu = serverMenu?.venue.slug === slug ? serverMenu : embeddedMenu(slug);
      return menu ? Date.parse(menu.asOf) : undefined;
    },
    refetchInterval: PUBLIC_MENU_REFRESH_MS,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}
