import { CompassIcon, HouseIcon, SearchIcon, UserRoundIcon, type LucideIcon } from 'lucide-react';
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
}

/**
 * The primary destinations (spec section 2: the tab bar's Discover, My Bar, Search, Profile; My Bar arrives with the
 * paywall issue, so Home takes its column until then).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: paths.home, icon: HouseIcon, end: true },
  { label: 'Discover', to: paths.discover, icon: CompassIcon, end: false },
  { label: 'Search', to: paths.search, icon: SearchIcon, end: false },
  { label: 'Profile', to: paths.profile, icon: UserRoundIcon, end: false, requiresAccount: true },
];

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
