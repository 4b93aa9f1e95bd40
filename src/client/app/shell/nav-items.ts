import { CompassIcon, SearchIcon, UserRoundIcon, WineIcon, type LucideIcon } from 'lucide-react';
import { useCallback, type MouseEvent } from 'react';
import { paths } from '@/client/config/paths';
import { useSession } from '@/client/lib/session';
import { openSignInDialog } from '@/client/lib/sign-in-store';

/** One primary destination, shown in the bottom tab bar (phones) and the top bar (desktop). */
export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Match the path exactly (for '/'). */
  end: boolean;
  /** The destination needs an account: a signed-out tap opens the sign-in dialog instead. */
  requiresAccount?: boolean;
  /** Shown in the desktop top bar's links (My Bar has its own button there, shown only when signed in). */
  inTopBar: boolean;
}

/**
 * The primary destinations (docs/product.md, Screens: the tab bar's four columns Discover, My Bar, Search, Profile; My
 * Bar and Profile ask a signed-out visitor to sign in).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Discover', to: paths.discover, icon: CompassIcon, end: false, inTopBar: true },
  { label: 'My Bar', to: paths.myBar, icon: WineIcon, end: false, requiresAccount: true, inTopBar: false },
  { label: 'Search', to: paths.search, icon: SearchIcon, end: false, inTopBar: true },
  { label: 'Profile', to: paths.profile, icon: UserRoundIcon, end: false, requiresAccount: true, inTopBar: true },
];

/** Pages where the bottom tab bar is hidden (docs/product.md, Screens: hidden on /upgrade). */
export const TAB_BAR_HIDDEN_PATHS: readonly string[] = [paths.upgrade];

/**
 * Click handler for nav links: for a destination that needs an account, a signed-out visitor gets the sign-in dialog
 * instead of the page (while the session is still loading the link is followed; the page handles a visitor it cannot
 * serve). Modified clicks (new tab, Ctrl/Cmd) are left to the browser.
 */
export function useNavItemClick(): (event: MouseEvent<HTMLAnchorElement>, to: string) => void {
  const { status } = useSession();
  return useCallback(
    (event, to) => {
      const item = NAV_ITEMS.find((candidate) => candidate.to === to);
      if (!item?.requiresAccount || status !== 'signed-out') return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      openSignInDialog('prompt');
    },
    [status],
  );
}
